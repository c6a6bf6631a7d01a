#include "core/interrupt.hpp"

#include <atomic>
#include <csignal>

#include "core/errors.hpp"

namespace ss {

namespace {
// Lock-free, so the signal handler may set it.
std::atomic<bool> g_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_signal(int) {
  g_requested.store(true);
}
}  // namespace

void install_interrupt_handlers() {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
}

bool interrupt_requested() {
  return g_requested.load();
}

void throw_if_interrupted() {
  if (g_requested.load()) throw Interrupted();
}

void clear_interrupt() {
  g_requested.store(false);
}

void request_interrupt() {
  g_requested.store(true);
}

}  // namespace ss
