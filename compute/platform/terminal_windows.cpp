// Windows side of terminal.hpp: a console, with its ANSI sequence handling turned on.
#include "platform/terminal.hpp"

#include "platform/win32_windows.hpp"

namespace ss::platform {

bool stderr_is_terminal() {
  const HANDLE error = ::GetStdHandle(STD_ERROR_HANDLE);
  DWORD mode = 0;
  // A file or a pipe (also a terminal emulator such as mintty, which talks through pipes) has no
  // console mode.
  if (error == nullptr || error == INVALID_HANDLE_VALUE || ::GetConsoleMode(error, &mode) == 0)
    return false;
  // Windows 10 and later understand "\033[K" once asked; an older console prints it, which only
  // makes a progress line untidy.
  if ((mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING) == 0)
    ::SetConsoleMode(error, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING);
  return true;
}

}  // namespace ss::platform
