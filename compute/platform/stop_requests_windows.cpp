// Windows side of stop_requests.hpp: the console's control events.
#include "platform/stop_requests.hpp"

#include <atomic>

#include "platform/win32_windows.hpp"

namespace ss::platform {

namespace {

std::atomic<StopHandler> g_windows_stop_handler{nullptr};

// Windows runs this on a thread of its own, while the main thread goes on.
BOOL WINAPI windows_stop_on_console_event(DWORD event) {
  const StopHandler handler = g_windows_stop_handler.load();
  if (handler == nullptr) return FALSE;
  switch (event) {
    case CTRL_C_EVENT:
      handler(StopRequest::interrupt);
      return TRUE;
    case CTRL_BREAK_EVENT:  // what a parent sends to end a console program
                            // (GenerateConsoleCtrlEvent)
      handler(StopRequest::terminate);
      return TRUE;
    case CTRL_CLOSE_EVENT:
      handler(StopRequest::terminate);
      // Windows ends the process as soon as this returns. Waiting here gives the main thread the
      // time it needs to stop at its next boundary and remove its temporaries: the program's exit,
      // or the system's timeout for closing (about 5 s), ends the wait.
      ::Sleep(INFINITE);
      return TRUE;
    default:  // logoff and shutdown: only services receive them
      return FALSE;
  }
}

}  // namespace

void install_stop_handler(StopHandler handler) {
  g_windows_stop_handler.store(handler);
  // A program started in a new process group begins with Ctrl-C ignored; it asks to receive it.
  ::SetConsoleCtrlHandler(nullptr, FALSE);
  ::SetConsoleCtrlHandler(windows_stop_on_console_event, TRUE);
}

}  // namespace ss::platform
