#pragma once
// The app's "verify network": the 0-1 check (compute/verify/zero_one.hpp) of the network shown,
// on a thread with its own GPU connection (as the full-speed worker), so the window keeps drawing
// a progress bar and Cancel stops it between chunks.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "core/context.hpp"
#include "plan/plan.hpp"
#include "verify/zero_one.hpp"

namespace ss::gui {

struct VerifyOutcome {
  std::optional<ZeroOneResult> result;
  std::string error;  // a GpuError, SetupError or UsageError's message; empty when none
};

class VerifyJob {
 public:
  explicit VerifyJob(std::string device_selector);
  ~VerifyJob();  // cancels and joins
  VerifyJob(const VerifyJob&) = delete;
  VerifyJob& operator=(const VerifyJob&) = delete;

  // Checks `plan`'s network (on a CPU device above k_zero_one_cpu_max_n only with `allow_slow`);
  // false when a check is still running.
  bool start(Plan plan, bool allow_slow);
  void cancel() { cancel_ = true; }
  bool running() const { return running_; }
  // Inputs checked so far and 2^n (0 and 0 before the first chunk).
  std::uint64_t done() const { return done_; }
  std::uint64_t total() const { return total_; }
  // The finished check's outcome, once.
  std::optional<VerifyOutcome> take_result();

 private:
  std::string device_;
  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> running_{false};
  std::atomic<std::uint64_t> done_{0}, total_{0};
  std::mutex mutex_;
  std::optional<VerifyOutcome> result_;
  std::unique_ptr<Context> context_;  // the thread's, kept across checks
};

}  // namespace ss::gui
