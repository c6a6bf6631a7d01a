#pragma once
// Full-speed timing on a worker thread, for the app: one configuration (the "Full speed" panel)
// or a sweep over algorithms x key types x n, in the bench schema (common/bench_rows.hpp).
//
// Threading: the worker opens its OWN Context (a second VkDevice on the same physical device,
// same validation setting) and keeps it across jobs. Nothing Vulkan is shared with the thread
// that draws the window, so no queue, fence or command pool is used from two threads and no
// lock is needed; the window keeps drawing while the worker's fence waits. The price is a second
// set of compiled pipelines (the Runner's uninstrumented ones are separate anyway).
// Cancel: an atomic flag checked before every repetition (GPU or CPU) and, through CancelScope,
// between a run's submissions and inside CPU sorts, so a sweep stops within a fraction of a second.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "common/bench_rows.hpp"
#include "common/copy_bandwidth.hpp"
#include "input/distributions.hpp"
#include "plan/key_array.hpp"

namespace ss {

class Context;

inline constexpr const char* k_std_sort = "std::sort";
inline constexpr const char* k_std_sort_par = "std::sort-par";

struct SweepRequest {
  // Algorithm names of the catalogue, and/or k_std_sort, k_std_sort_par.
  std::vector<std::string> impls;
  std::vector<std::uint32_t> sizes;
  std::vector<KeyType> types;
  bool pairs = false;
  bool descending = false;
  Distribution distribution = Distribution::random;
  std::uint64_t seed = 1;
  int warmup = 2;
  int reps = 10;
  bool steps = false;  // per-kernel breakdown (step_kinds) of GPU rows
  // The device's copy bandwidth (common/copy_bandwidth: cached, else measured first) in the
  // result and in every GPU row's copy_gb_per_s, when there is a GPU row.
  bool copy_bandwidth = true;
  std::string command;  // the rows' `command` field
};

struct SweepProgress {
  bool running = false;
  std::string what;            // the configuration being timed, e.g. "[2/9] onesweep u32 n=2^12"
  double fraction = 0;         // of the estimated work
  double seconds_left = -1;    // < 0: not known yet
  std::vector<BenchRow> rows;  // finished so far, for a plot that grows while the sweep runs
};

struct SweepResult {
  std::vector<BenchRow> rows;      // in the order timed; speed-ups filled per (type, n)
  std::vector<std::string> notes;  // configurations skipped, and why
  std::optional<CopyBandwidth> copy;
  bool cancelled = false;
  bool complete = false;
  std::string error;  // a GpuError, SetupError or UsageError's message; empty when none
};

// Runs a request on the calling thread; `context` is the device it times on. Checks `cancel`
// before every repetition and between the submissions of a run (CancelScope); then stops,
// returning the rows finished so far with cancelled set.
// `progress->rows` gets each (type, n)'s rows as soon as they are done (under progress_mutex).
SweepResult run_sweep(const Context& context, const SweepRequest& request,
                      const std::atomic<bool>& cancel, SweepProgress* progress = nullptr,
                      std::mutex* progress_mutex = nullptr);

// One job at a time on a worker thread with its own Context (see above).
class SweepWorker {
 public:
  explicit SweepWorker(std::string device_selector);
  ~SweepWorker();  // cancels and joins
  SweepWorker(const SweepWorker&) = delete;
  SweepWorker& operator=(const SweepWorker&) = delete;

  // Starts a job; false when one is still running.
  bool start(SweepRequest request);
  void cancel() { cancel_ = true; }
  bool running() const { return running_; }
  SweepProgress progress() const;
  // The finished job's result, once (nullopt while running or when already taken).
  std::optional<SweepResult> take_result();
  // Waits for the job to end (tests, shutdown).
  void wait();
  // Messages the worker's validation layer reported (after wait()).
  std::size_t validation_count() const;

 private:
  std::string device_;
  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> running_{false};
  mutable std::mutex mutex_;
  SweepProgress progress_;
  std::optional<SweepResult> result_;
  std::unique_ptr<Context> context_;  // touched by the worker thread only, while a job runs
  std::atomic<std::size_t> validation_count_{0};
};

// "onesweep,radix4,std::sort" and the like for the rows' command field.
std::string sweep_command(const SweepRequest& request);

}  // namespace ss
