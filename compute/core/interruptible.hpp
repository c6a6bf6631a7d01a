#pragma once
// CPU work that cannot stop midway (std::sort timed as the bench's baseline) run so that Ctrl-C,
// SIGTERM and the app's Cancel still stop the caller within a fraction of a second.
#include <chrono>
#include <future>
#include <memory>
#include <thread>
#include <utility>

#include "core/interrupt.hpp"

namespace ss {

// Runs `work` on a thread of its own and waits for its result, checking for an interrupt (and
// the calling thread's CancelScope) every 20 ms. On an interrupt it throws Interrupted at once and
// leaves the thread to finish alone, so `work` must own everything it touches (move it in).
template <class Work>
auto run_interruptibly(Work work) -> decltype(work()) {
  using Result = decltype(work());
  auto task = std::make_shared<std::packaged_task<Result()>>(std::move(work));
  std::future<Result> result = task->get_future();
  std::thread([task] { (*task)(); }).detach();
  while (result.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
    throw_if_interrupted();
  }
  return result.get();
}

}  // namespace ss
