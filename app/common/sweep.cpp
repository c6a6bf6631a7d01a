#include "common/sweep.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "algorithms/algorithm.hpp"
#include "baseline/cpu_sort.hpp"
#include "baseline/cpu_timing.hpp"
#include "common/bench_model.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"

namespace ss {

namespace {

struct Cancelled {};

struct Job {
  std::string impl;  // algorithm name, k_std_sort or k_std_sort_par
  const Algorithm* algorithm = nullptr;
  std::optional<Plan> plan;
  double weight = 0;
  int reps = 0;
};

struct Group {
  KeyType type;
  std::uint32_t n;
  std::vector<Job> jobs;
};

}  // namespace

std::string sweep_command(const SweepRequest& r) {
  auto join = [](std::string& list, std::string_view item) {
    if (!list.empty()) list += ',';
    list += item;
  };
  std::string impls, sizes, types;
  for (const auto& i : r.impls) join(impls, i);
  for (auto n : r.sizes) join(sizes, pow2_text(n));
  for (auto t : r.types) join(types, to_string(t));
  std::string c = "sortscope (app) --algo " + impls + " --n " + sizes + " --type " + types;
  if (r.distribution != Distribution::random)
    c += " --dist " + std::string(to_string(r.distribution));
  if (r.seed != 1) c += " --seed " + std::to_string(r.seed);
  if (r.pairs) c += " --pairs";
  if (r.descending) c += " --descending";
  c += " --reps " + std::to_string(r.reps) + " --warmup " + std::to_string(r.warmup);
  if (r.steps) c += " --steps";
  return c;
}

SweepResult run_sweep(const Context& context, const SweepRequest& request,
                      const std::atomic<bool>& cancel, SweepProgress* progress,
                      std::mutex* progress_mutex) {
  // Cancel stops a run midway too: between its submissions, and in CPU sorts.
  const CancelScope cancel_scope(cancel);
  SweepResult result;
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  const std::string device_name = context.properties().name;
  const std::string date = today();
  const std::string command = request.command.empty() ? sweep_command(request) : request.command;
  const int reps = std::max(1, request.reps);
  const int warmup = std::max(0, request.warmup);

  // Plan every configuration first: what does not fit is a note, not an error.
  std::vector<Group> groups;
  double total = 0;
  for (KeyType type : request.types) {
    for (std::uint32_t n : request.sizes) {
      Group group{type, n, {}};
      SortSpec spec{n, type, request.pairs, request.descending};
      spec.tile_keys = k_tile_keys_tuned;  // full speed: the device's tuned tiles at every n
      for (const std::string& impl : request.impls) {
        Job job;
        job.impl = impl;
        if (impl == k_std_sort || impl == k_std_sort_par) {
          job.reps = std::max(1, std::min(reps, n >= (1u << 24) ? 3 : 7));
          job.weight = job.reps * double(n) * std::max(1.0, std::log2(double(n))) * 5e-9;
        } else {
          job.algorithm = find_algorithm(impl);
          if (job.algorithm == nullptr) {
            result.notes.push_back("unknown algorithm " + impl);
            continue;
          }
          if (n > job.algorithm->max_n) {
            result.notes.push_back("skipped " + impl + " at n = " + pow2_text(n) +
                                   ": it takes n <= " + std::to_string(job.algorithm->max_n));
            continue;
          }
          try {
            job.plan = make_plan(impl, spec, limits);
            check_plan_fits(*job.plan, limits, device_name);
          } catch (const UsageError& e) {
            result.notes.push_back("skipped " + impl + " at n = " + pow2_text(n) + ": " + e.what());
            continue;
          } catch (const SetupError& e) {
            result.notes.push_back("skipped " + impl + " at n = " + pow2_text(n) + ": " + e.what());
            continue;
          }
          job.reps = reps;
          job.weight = (warmup + reps) * (double(bytes_moved(*job.plan)) * 1e-9 +
                                          double(job.plan->steps.size()) * 2e-5) +
                       1e-2;
        }
        total += job.weight;
        group.jobs.push_back(std::move(job));
      }
      if (!group.jobs.empty()) groups.push_back(std::move(group));
    }
  }
  std::size_t config_count = 0;
  for (const Group& g : groups) config_count += g.jobs.size();

  const auto start = std::chrono::steady_clock::now();
  double done = 0;
  std::size_t config = 0;
  auto report = [&](const std::string& what) {
    if (cancel) throw Cancelled{};
    if (progress == nullptr) return;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::unique_lock<std::mutex> lock;
    if (progress_mutex != nullptr) lock = std::unique_lock<std::mutex>(*progress_mutex);
    progress->running = true;
    progress->what = what;
    progress->fraction = total > 0 ? std::clamp(done / total, 0.0, 1.0) : 0;
    progress->seconds_left = done > 0 && elapsed > 0.5 ? elapsed / done * (total - done) : -1;
  };

  try {
    const bool any_gpu = std::any_of(groups.begin(), groups.end(), [](const Group& g) {
      return std::any_of(g.jobs.begin(), g.jobs.end(), [](const Job& j) { return j.plan; });
    });
    if (request.copy_bandwidth && any_gpu) {
      const std::string what = "measuring the device's copy bandwidth (once per device)";
      report(what);
      result.copy = device_copy_bandwidth(context, [&](int) { report(what); });
    }
    for (Group& group : groups) {
      const KeyArray input =
          generate_keys(request.distribution, group.n, group.type, request.seed, request.pairs);
      std::optional<KeyArray> expected;
      std::vector<BenchRow> rows;
      for (Job& job : group.jobs) {
        ++config;
        const std::string what = "[" + std::to_string(config) + "/" + std::to_string(config_count) +
                                 "] " + job.impl + " " + std::string(to_string(group.type)) +
                                 (request.pairs ? " pairs" : "") + " n=" + pow2_text(group.n);
        if (job.plan) {
          const double per_run = (job.weight - 1e-2) / (warmup + reps);
          report(what + ": setting up");
          TimedPlan timed = time_plan(context, *job.plan, input, warmup, reps, [&](int i) {
            if (i > 0) done += per_run;
            report(what +
                   (i < warmup
                        ? ": warm-up " + std::to_string(i + 1) + "/" + std::to_string(warmup)
                        : ": run " + std::to_string(i - warmup + 1) + "/" + std::to_string(reps)));
          });
          done += per_run + 1e-2;
          if (!expected) expected = cpu_sort(input, request.descending);
          BenchRow row = gpu_row(*job.plan, timed, request.steps);
          row.verified =
              verify_sorted_against(input, *expected, timed.result, job.algorithm->stable).ok;
          row.device = device_name;
          if (result.copy) row.copy_gb_per_s = result.copy->gb_per_s;
          row.driver = context.properties().driver;
          row.date = date;
          row.command = command;
          rows.push_back(std::move(row));
          job.plan.reset();
        } else {
          const CpuSort kind =
              job.impl == k_std_sort ? CpuSort::std_sort : CpuSort::std_sort_parallel;
          std::vector<double> times;
          for (int i = 0; i < job.reps; ++i) {
            report(what + ": run " + std::to_string(i + 1) + "/" + std::to_string(job.reps));
            times.push_back(time_cpu_sort(input, request.descending, kind));
            done += job.weight / job.reps;
          }
          BenchRow row = cpu_row(job.impl, times);
          row.type = schema_type(group.type);
          row.pairs = request.pairs;
          row.n = group.n;
          row.descending = request.descending;
          row.driver = context.properties().driver;
          row.date = date;
          row.command = command;
          rows.push_back(std::move(row));
        }
      }
      derive_speedups(rows);
      result.rows.insert(result.rows.end(), rows.begin(), rows.end());
      if (progress != nullptr) {
        std::unique_lock<std::mutex> lock;
        if (progress_mutex != nullptr) lock = std::unique_lock<std::mutex>(*progress_mutex);
        progress->rows = result.rows;
      }
    }
    result.complete = true;
  } catch (const Cancelled&) {
    result.cancelled = true;
  } catch (const Interrupted&) {  // mid-run: the plan's submissions and CPU sorts check `cancel`
    result.cancelled = true;
  }
  if (progress != nullptr) {
    std::unique_lock<std::mutex> lock;
    if (progress_mutex != nullptr) lock = std::unique_lock<std::mutex>(*progress_mutex);
    progress->running = false;
    progress->fraction = 1;
    progress->seconds_left = 0;
  }
  return result;
}

SweepWorker::SweepWorker(std::string device_selector) : device_(std::move(device_selector)) {}

SweepWorker::~SweepWorker() {
  cancel();
  wait();
}

bool SweepWorker::start(SweepRequest request) {
  if (running_) return false;
  if (thread_.joinable()) thread_.join();
  cancel_ = false;
  running_ = true;
  {
    std::lock_guard lock(mutex_);
    result_.reset();
    progress_ = SweepProgress{};
    progress_.running = true;
    progress_.what = "starting the worker's GPU connection";
  }
  thread_ = std::thread([this, request = std::move(request)] {
    SweepResult result;
    try {
      if (!context_ || context_->lost()) {
        context_.reset();
        ContextOptions options;
        options.device_selector = device_;
        context_ = std::make_unique<Context>(options);
      }
      result = run_sweep(*context_, request, cancel_, &progress_, &mutex_);
    } catch (const Interrupted&) {
      // Ctrl-C reached the Runner before the app turned it into a cancel.
      result.cancelled = true;
    } catch (const std::exception& e) {
      // GpuError, SetupError, UsageError, Interrupted (Ctrl-C), Vulkan errors: the job ends
      // with the message; a lost context is replaced by the next job.
      result.error = e.what();
    }
    if (context_) validation_count_ = context_->validation_log().count();
    {
      std::lock_guard lock(mutex_);
      progress_.running = false;
      result_ = std::move(result);
    }
    running_ = false;
  });
  return true;
}

SweepProgress SweepWorker::progress() const {
  std::lock_guard lock(mutex_);
  return progress_;
}

std::optional<SweepResult> SweepWorker::take_result() {
  if (running_) return std::nullopt;
  std::lock_guard lock(mutex_);
  std::optional<SweepResult> out = std::move(result_);
  result_.reset();
  return out;
}

void SweepWorker::wait() {
  if (thread_.joinable()) thread_.join();
}

std::size_t SweepWorker::validation_count() const {
  return validation_count_;
}

}  // namespace ss
