// Windows side of terminal.hpp: a console, with its ANSI sequence handling turned on.
#include "platform/terminal.hpp"

#include "platform/win32_windows.hpp"

namespace ss::platform {

namespace {

bool console_with_ansi(DWORD which) {
  const HANDLE handle = ::GetStdHandle(which);
  DWORD mode = 0;
  // A file or a pipe (also a terminal emulator such as mintty, which talks through pipes) has no
  // console mode.
  if (handle == nullptr || handle == INVALID_HANDLE_VALUE || ::GetConsoleMode(handle, &mode) == 0)
    return false;
  // Windows 10 and later understand "\033[K" once asked; an older console prints it, which only
  // makes a progress line untidy.
  if ((mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING) == 0)
    ::SetConsoleMode(handle, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING);
  return true;
}

}  // namespace

bool stderr_is_terminal() {
  return console_with_ansi(STD_ERROR_HANDLE);
}

bool stdout_is_terminal() {
  return console_with_ansi(STD_OUTPUT_HANDLE);
}

}  // namespace ss::platform
