// POSIX side of this_process.hpp.
#include "platform/this_process.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "core/errors.hpp"

namespace ss::platform {

std::uint64_t process_id() {
  return static_cast<std::uint64_t>(::getpid());
}

void set_environment_variable(const std::string& name, const std::string& value) {
  if (::setenv(name.c_str(), value.c_str(), 1) != 0)
    throw SetupError("cannot set the environment variable " + name + ": " + std::strerror(errno));
}

void unset_environment_variable(const std::string& name) {
  ::unsetenv(name.c_str());
}

std::vector<std::string> utf8_arguments(int argc, char** argv) {
  return std::vector<std::string>(argv, argv + argc);
}

}  // namespace ss::platform
