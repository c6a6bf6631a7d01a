#pragma once
// CPU work that cannot stop midway (std::sort timed as the bench's baseline) run so that Ctrl-C,
// SIGTERM and the app's Cancel still stop the caller within a fraction of a second.
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>

#include "core/interrupt.hpp"

namespace ss {

// Runs `work` on a thread of its own and waits for its result, checking for an interrupt (and
// the calling thread's CancelScope) every 5 ms. On an interrupt it throws Interrupted at once and
// leaves the thread to finish alone, so `work` must own everything it touches (move it in).
template <class Work>
auto run_interruptibly(Work work) -> decltype(work()) {
  using Result = decltype(work());
  // A flag polled between naps rather than std::future: the Windows build's future (its timed
  // wait and the call_once behind set_value, on winpthreads) once never became ready under wine,
  // the result's thread gone, and the caller waited without end.
  struct Shared {
    std::atomic<bool> done = false;
    std::conditional_t<std::is_void_v<Result>, bool, std::optional<Result>> value;
    std::exception_ptr error;
  };
  auto shared = std::make_shared<Shared>();
  std::thread([shared, work = std::move(work)]() mutable {
    try {
      if constexpr (std::is_void_v<Result>)
        work();
      else
        shared->value.emplace(work());
    } catch (...) {
      shared->error = std::current_exception();
    }
    shared->done.store(true, std::memory_order_release);
  }).detach();
  while (!shared->done.load(std::memory_order_acquire)) {
    throw_if_interrupted();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (shared->error) std::rethrow_exception(shared->error);
  if constexpr (!std::is_void_v<Result>) return std::move(*shared->value);
}

}  // namespace ss
