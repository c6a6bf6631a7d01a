// Windows side of console.hpp.
#include "platform/console.hpp"

#include <cstdio>

#include "platform/win32_windows.hpp"

namespace ss::platform {

namespace {

// A standard handle that leads somewhere: a console, or a file or pipe the starter redirected it
// to (cmd's "2> log.txt" hands a GUI program its handles too). A GUI program started from a
// console without redirection has none.
bool leads_somewhere(DWORD which) {
  const HANDLE handle = ::GetStdHandle(which);
  return handle != nullptr && handle != INVALID_HANDLE_VALUE &&
         ::GetFileType(handle) != FILE_TYPE_UNKNOWN;
}

// The stream and the process's standard handle (which terminal.hpp asks and child processes
// inherit) on the console.
void write_to_console(std::FILE* stream, DWORD which) {
  if (std::freopen("CONOUT$", "w", stream) == nullptr) return;
  const HANDLE console =
      ::CreateFileW(L"CONOUT$", GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                    nullptr, OPEN_EXISTING, 0, nullptr);
  if (console != INVALID_HANDLE_VALUE) ::SetStdHandle(which, console);
}

}  // namespace

void attach_to_parent_console() {
  const bool output = leads_somewhere(STD_OUTPUT_HANDLE);
  const bool errors = leads_somewhere(STD_ERROR_HANDLE);
  if (output && errors) return;
  // Fails when the starter has no console (Explorer, a double-click): there is nowhere to write.
  if (::AttachConsole(ATTACH_PARENT_PROCESS) == 0) return;
  if (!output) write_to_console(stdout, STD_OUTPUT_HANDLE);
  if (!errors) {
    write_to_console(stderr, STD_ERROR_HANDLE);
    std::setvbuf(stderr, nullptr, _IONBF, 0);  // errors appear at once, as stderr's always do
  }
}

}  // namespace ss::platform
