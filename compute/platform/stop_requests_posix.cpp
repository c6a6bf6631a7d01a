// POSIX side of stop_requests.hpp: SIGINT and SIGTERM.
#include "platform/stop_requests.hpp"

#include <atomic>
#include <csignal>

namespace ss::platform {

namespace {

std::atomic<StopHandler> g_posix_stop_handler{nullptr};
static_assert(std::atomic<StopHandler>::is_always_lock_free);  // read in the signal handler

extern "C" void posix_stop_on_signal(int signal) {
  if (const StopHandler handler = g_posix_stop_handler.load())
    handler(signal == SIGTERM ? StopRequest::terminate : StopRequest::interrupt);
}

}  // namespace

void install_stop_handler(StopHandler handler) {
  g_posix_stop_handler.store(handler);
  // glibc's signal() keeps the handler installed and restarts interrupted calls (BSD semantics).
  std::signal(SIGINT, posix_stop_on_signal);
  std::signal(SIGTERM, posix_stop_on_signal);
}

}  // namespace ss::platform
