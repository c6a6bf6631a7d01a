#include "core/interrupt.hpp"

#include <csignal>

#include "core/errors.hpp"

namespace ss {

namespace {
// Lock-free, so the signal handler may set them.
std::atomic<bool> g_requested{false};
std::atomic<int> g_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free);
static_assert(std::atomic<int>::is_always_lock_free);

thread_local const std::atomic<bool>* t_cancel = nullptr;

extern "C" void on_signal(int signal) {
  g_signal.store(signal);
  g_requested.store(true);
}
}  // namespace

void install_interrupt_handlers() {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
}

bool interrupt_requested() {
  return g_requested.load() || (t_cancel != nullptr && t_cancel->load());
}

void throw_if_interrupted() {
  if (interrupt_requested()) throw Interrupted();
}

void clear_interrupt() {
  g_requested.store(false);
  g_signal.store(0);
}

void request_interrupt() {
  g_requested.store(true);
}

int interrupt_exit_code() {
  return 128 + (g_signal.load() == SIGTERM ? SIGTERM : SIGINT);
}

CancelScope::CancelScope(const std::atomic<bool>& cancel) : previous_(t_cancel) {
  t_cancel = &cancel;
}

CancelScope::~CancelScope() {
  t_cancel = previous_;
}

}  // namespace ss
