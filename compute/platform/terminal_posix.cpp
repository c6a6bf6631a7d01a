// POSIX side of terminal.hpp.
#include "platform/terminal.hpp"

#include <unistd.h>

namespace ss::platform {

bool stderr_is_terminal() {
  return ::isatty(STDERR_FILENO) != 0;
}

bool stdout_is_terminal() {
  return ::isatty(STDOUT_FILENO) != 0;
}

}  // namespace ss::platform
