// POSIX side of stop_requests.hpp: SIGINT and SIGTERM.
//
// A process-directed signal goes to any thread that does not block it, a GPU driver's own
// threads included, whose calls it then interrupts. So the thread that installs the handler
// blocks both signals before the program starts any other (the Vulkan driver's, oneTBB's, MPI's
// inherit the mask), and one thread of ours takes them with sigwait. Threads started before the
// install (a test process's) keep them unblocked and run the handler instead.
#include "platform/stop_requests.hpp"

#include <pthread.h>

#include <atomic>
#include <csignal>
#include <mutex>
#include <thread>

namespace ss::platform {

namespace {

std::atomic<StopHandler> g_posix_stop_handler{nullptr};
static_assert(std::atomic<StopHandler>::is_always_lock_free);  // read in the signal handler

// The signal handler, and what the signal thread calls for each signal it takes.
extern "C" void posix_stop_on_signal(int signal) {
  if (const StopHandler handler = g_posix_stop_handler.load())
    handler(signal == SIGTERM ? StopRequest::terminate : StopRequest::interrupt);
}

sigset_t posix_stop_signals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  return signals;
}

// Lives until the process ends (detached: it waits in sigwait, which exit does not disturb).
void posix_start_signal_thread() {
  const sigset_t signals = posix_stop_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::thread([signals] {
    for (;;) {
      int signal = 0;
      if (sigwait(&signals, &signal) == 0) posix_stop_on_signal(signal);
    }
  }).detach();
}

}  // namespace

void install_stop_handler(StopHandler handler) {
  g_posix_stop_handler.store(handler);
  // glibc's signal() keeps the handler installed and restarts interrupted calls (BSD semantics).
  std::signal(SIGINT, posix_stop_on_signal);
  std::signal(SIGTERM, posix_stop_on_signal);
  static std::once_flag started;
  std::call_once(started, posix_start_signal_thread);
}

}  // namespace ss::platform
