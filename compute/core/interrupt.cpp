#include "core/interrupt.hpp"

#include "core/errors.hpp"
#include "platform/stop_requests.hpp"

namespace ss {

namespace {
// Lock-free, so the stop handler may set them from a signal handler.
std::atomic<bool> g_requested{false};
std::atomic<bool> g_terminate{false};  // the request was to terminate, not Ctrl-C
static_assert(std::atomic<bool>::is_always_lock_free);

thread_local const std::atomic<bool>* t_cancel = nullptr;

// What a shell reports for a program its signal ended: 128 + SIGINT's number (2) or SIGTERM's
// (15). The Windows side maps its console events to the same two, so scripts see one set of codes.
constexpr int k_exit_interrupted = 130;
constexpr int k_exit_terminated = 143;

void on_stop_request(platform::StopRequest request) noexcept {
  g_terminate.store(request == platform::StopRequest::terminate);
  g_requested.store(true);
}
}  // namespace

void install_interrupt_handlers() {
  platform::install_stop_handler(on_stop_request);
}

bool interrupt_requested() {
  return g_requested.load() || (t_cancel != nullptr && t_cancel->load());
}

void throw_if_interrupted() {
  if (interrupt_requested()) throw Interrupted();
}

void clear_interrupt() {
  g_requested.store(false);
  g_terminate.store(false);
}

void request_interrupt() {
  g_requested.store(true);
}

int interrupt_exit_code() {
  return g_terminate.load() ? k_exit_terminated : k_exit_interrupted;
}

CancelScope::CancelScope(const std::atomic<bool>& cancel) : previous_(t_cancel) {
  t_cancel = &cancel;
}

CancelScope::~CancelScope() {
  t_cancel = previous_;
}

}  // namespace ss
