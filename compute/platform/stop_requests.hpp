#pragma once
// The operating system's requests to stop, as one callback. Ctrl-C asks to interrupt (POSIX:
// SIGINT; Windows: CTRL_C_EVENT); a request to end the program asks to terminate (POSIX: SIGTERM;
// Windows: CTRL_BREAK_EVENT, and CTRL_CLOSE_EVENT when the console window is closed).
// core/interrupt.cpp turns them into the interrupt flag the long work polls and into the
// documented exit codes (130, 143), the same on every OS.
namespace ss::platform {

enum class StopRequest { interrupt, terminate };

// Runs inside a signal handler (POSIX) or on the console's control thread (Windows), so it may
// only store lock-free atomics.
using StopHandler = void (*)(StopRequest) noexcept;

// From now on the requests call `handler` instead of ending the program at once.
void install_stop_handler(StopHandler handler);

}  // namespace ss::platform
