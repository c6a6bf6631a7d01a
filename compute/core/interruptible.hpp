#pragma once
// CPU work that cannot stop midway (std::sort timed as the bench's baseline) run so that Ctrl-C,
// SIGTERM and the app's Cancel still stop the caller within a fraction of a second.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <exception>
#include <memory>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>

#include "core/interrupt.hpp"

namespace ss {

namespace interruptible_detail {
// Keeps the thread of work whose caller was interrupted until `done` is set, then joins it (at the
// next run_interruptibly). Its threads are never detached: mingw-w64's winpthreads, under wine,
// lost detached std::threads before they ran their function, and the caller waited for them
// without end (docs/windows-build.md, "Threads").
void keep_until_done(std::thread thread, std::shared_ptr<const std::atomic<bool>> done);
void join_finished_kept_threads();
}  // namespace interruptible_detail

// Threads of interrupted work still running (tests).
std::size_t interrupted_work_still_running();

// Runs `work` on a thread of its own and waits for its result, checking for an interrupt (and
// the calling thread's CancelScope) every 5 ms. On an interrupt it throws Interrupted at once and
// leaves the thread to finish alone, so `work` must own everything it touches (move it in).
template <class Work>
auto run_interruptibly(Work work) -> decltype(work()) {
  using Result = decltype(work());
  interruptible_detail::join_finished_kept_threads();
  struct Shared {
    std::atomic<bool> done = false;
    std::conditional_t<std::is_void_v<Result>, bool, std::optional<Result>> value;
    std::exception_ptr error;
  };
  auto shared = std::make_shared<Shared>();
  std::thread thread([shared, work = std::move(work)]() mutable {
    try {
      if constexpr (std::is_void_v<Result>)
        work();
      else
        shared->value.emplace(work());
    } catch (...) {
      shared->error = std::current_exception();
    }
    shared->done.store(true, std::memory_order_release);
  });
  try {
    while (!shared->done.load(std::memory_order_acquire)) {
      throw_if_interrupted();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  } catch (...) {
    interruptible_detail::keep_until_done(
        std::move(thread), std::shared_ptr<const std::atomic<bool>>(shared, &shared->done));
    throw;
  }
  thread.join();
  if (shared->error) std::rethrow_exception(shared->error);
  if constexpr (!std::is_void_v<Result>) return std::move(*shared->value);
}

}  // namespace ss
