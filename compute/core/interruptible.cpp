#include "core/interruptible.hpp"

#include <mutex>
#include <vector>

namespace ss {

namespace {

struct KeptThread {
  std::thread thread;
  std::shared_ptr<const std::atomic<bool>> done;
};

// Never destroyed: a thread still sorting when the program ends is neither waited for nor
// destroyed while joinable (which would call std::terminate).
struct KeptThreads {
  std::mutex mutex;
  std::vector<KeptThread> threads;
};
KeptThreads& kept_threads() {
  static KeptThreads* kept = new KeptThreads;
  return *kept;
}

}  // namespace

namespace interruptible_detail {

void keep_until_done(std::thread thread, std::shared_ptr<const std::atomic<bool>> done) {
  KeptThreads& kept = kept_threads();
  const std::lock_guard lock(kept.mutex);
  kept.threads.push_back({std::move(thread), std::move(done)});
}

void join_finished_kept_threads() {
  KeptThreads& kept = kept_threads();
  const std::lock_guard lock(kept.mutex);
  std::erase_if(kept.threads, [](KeptThread& k) {
    if (!k.done->load(std::memory_order_acquire)) return false;
    k.thread.join();  // past its last statement: returns at once
    return true;
  });
}

}  // namespace interruptible_detail

std::size_t interrupted_work_still_running() {
  interruptible_detail::join_finished_kept_threads();
  KeptThreads& kept = kept_threads();
  const std::lock_guard lock(kept.mutex);
  return kept.threads.size();
}

}  // namespace ss
