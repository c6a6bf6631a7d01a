#include "common/bench_model.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>
#include <optional>

#include "core/context.hpp"

namespace ss {

std::string schema_type(KeyType type) {
  switch (type) {
    case KeyType::u32:
      return "uint32";
    case KeyType::i32:
      return "int32";
    case KeyType::f32:
      return "float32";
    case KeyType::u64:
      return "uint64";
  }
  return "?";
}

std::string today() {
  // The UTC date from <chrono> alone (gmtime_r is POSIX, gmtime not thread-safe).
  const std::chrono::year_month_day date{
      std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now())};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", int(date.year()), unsigned(date.month()),
                unsigned(date.day()));
  return text;
}

std::uint64_t bytes_moved(const Plan& plan) {
  std::uint64_t bytes = 0;
  for (const Step& step : plan.steps) bytes += step.bytes_read + step.bytes_written;
  return bytes;
}

std::vector<StepKindTime> step_kinds(const Plan& plan, const RunTiming& run) {
  std::vector<StepKindTime> kinds;
  for (std::size_t i = 0; i < plan.steps.size() && i < run.step_ms.size(); ++i) {
    const Step& step = plan.steps[i];
    const std::string& kind = step.kind.empty() ? step.label : step.kind;
    auto found = std::find_if(kinds.begin(), kinds.end(),
                              [&](const StepKindTime& k) { return k.kind == kind; });
    if (found == kinds.end()) {
      kinds.push_back({kind, 0, 0, 0, 0, 0});
      found = kinds.end() - 1;
    }
    found->steps += 1;
    found->ms += run.step_ms[i];
    found->bytes += step.bytes_read + step.bytes_written;
  }
  for (StepKindTime& k : kinds) {
    k.share = run.total_ms > 0 ? k.ms / run.total_ms : 0;
    k.gb_per_s = k.ms > 0 ? double(k.bytes) / (k.ms * 1e6) : 0;
  }
  return kinds;
}

TimedPlan time_plan(const Context& context, const Plan& plan, const KeyArray& input, int warmup,
                    int reps, const std::function<void(int)>& before_run) {
  Runner runner(context, plan);
  runner.set_input(input);
  TimedPlan timed;
  // Warm-up is at least `warmup` runs and, when there is any, at least k_min_warmup_ms of GPU
  // work: after a long host-only phase (a std::sort of 2^28 keys) a GPU has lowered its clocks,
  // and a few short runs do not bring them back, which showed as medians 2-4x the minimum.
  double warm_ms = 0;
  for (int i = 0, extra = 0; i < warmup;) {
    if (before_run) before_run(i);  // extra runs report as the last warm-up run
    warm_ms += runner.run().total_ms;
    const bool more =
        i == warmup - 1 && warm_ms < k_min_warmup_ms && extra < k_max_extra_warmup_runs;
    if (more) {
      ++extra;
    } else {
      ++i;
    }
  }
  for (int i = warmup; i < warmup + reps; ++i) {
    if (before_run) before_run(i);
    timed.runs.push_back(runner.run());
  }
  if (timed.runs.empty()) return timed;
  std::vector<std::size_t> order(timed.runs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return timed.runs[a].total_ms < timed.runs[b].total_ms;
  });
  timed.median = order[order.size() / 2];
  timed.fastest = order.front();
  timed.result = runner.result();
  return timed;
}

BenchRow gpu_row(const Plan& plan, const TimedPlan& timed, bool with_steps) {
  BenchRow row;
  row.impl = "sortscope-" + plan.algorithm;
  row.type = schema_type(plan.spec.key_type);
  row.pairs = plan.spec.pairs;
  row.n = plan.spec.n;
  row.descending = plan.spec.descending;
  row.reps = int(timed.runs.size());
  row.steps = plan.steps.size();
  row.bytes_moved = bytes_moved(plan);
  if (timed.runs.empty()) return row;
  const RunTiming& median = timed.runs[timed.median];
  row.ms = median.total_ms;
  row.ms_min = timed.runs[timed.fastest].total_ms;
  if (median.submissions > 1) row.submissions = median.submissions;
  row.gkeys_per_s = row.ms > 0 ? double(row.n) / (row.ms * 1e6) : 0;
  if (row.ms > 0) row.gb_per_s = double(*row.bytes_moved) / (row.ms * 1e6);
  if (with_steps) row.step_kinds = step_kinds(plan, median);
  return row;
}

BenchRow cpu_row(const std::string& impl, std::vector<double> times_ms) {
  std::sort(times_ms.begin(), times_ms.end());
  BenchRow row;
  row.impl = impl;
  row.device = "host CPU";
  if (!times_ms.empty()) {
    row.ms = times_ms[times_ms.size() / 2];
    row.ms_min = times_ms.front();
  }
  row.reps = int(times_ms.size());
  row.verified = true;
  return row;
}

std::string disturbed_timing_note(const BenchRow& row) {
  if (!row.ms_min || *row.ms_min <= 0 || row.ms <= k_disturbed_median_ratio * *row.ms_min)
    return {};
  return "its median run took " + fixed("%.1f", row.ms / *row.ms_min) + " times its fastest (" +
         fixed("%.3f", row.ms) + " against " + fixed("%.3f", *row.ms_min) +
         " ms): the GPU's clocks or other work on it disturbed the runs; time it again";
}

void derive_speedups(std::vector<BenchRow>& rows) {
  std::optional<double> std_ms, par_ms;
  for (const BenchRow& row : rows) {
    if (row.impl == "std::sort") std_ms = row.ms;
    if (row.impl == "std::sort-par") par_ms = row.ms;
  }
  for (BenchRow& row : rows) {
    row.gkeys_per_s = row.ms > 0 ? double(row.n) / (row.ms * 1e6) : 0;
    if (std_ms && row.impl != "std::sort" && row.ms > 0) row.speedup_vs_std_sort = *std_ms / row.ms;
    if (par_ms && row.impl != "std::sort-par" && row.ms > 0)
      row.speedup_vs_std_sort_par = *par_ms / row.ms;
  }
}

}  // namespace ss
