// POSIX side of console.hpp: the standard streams are the starter's already.
#include "platform/console.hpp"

#include <iostream>

namespace ss::platform {

void attach_to_parent_console() {}

void report_fatal_error(const std::string& program, const std::string& message) {
  std::cerr << program << ": error: " << message << "\n";
}

}  // namespace ss::platform
