#pragma once
// Timing one configuration the way `sortscope-cli bench` does, shared by the CLI and the app's
// full-speed panel and sweep: warm-up runs, then timed runs of the Runner (each from the pristine
// input), the median run (an actual run: the upper median for an even count), its per-kernel
// breakdown by Step::kind, and the row of the bench schema (common/bench_rows.hpp).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/bench_rows.hpp"
#include "plan/key_array.hpp"
#include "plan/plan.hpp"
#include "plan/runner.hpp"

namespace ss {

class Context;

// The type names of the JSON Lines schema shared with bench/cub_baseline.cu: uint32, int32, ...
std::string schema_type(KeyType type);
std::string today();  // UTC, YYYY-MM-DD

// Sum of the plan's Step::bytes_read + bytes_written.
std::uint64_t bytes_moved(const Plan& plan);

// The per-kind breakdown of one run, in the order the kinds first appear in the plan (a step
// without a kind counts under its label). The kinds' ms add up to the sum of run.step_ms.
std::vector<StepKindTime> step_kinds(const Plan& plan, const RunTiming& run);

struct TimedPlan {
  std::vector<RunTiming> runs;  // the timed runs, in order
  std::size_t median = 0;       // index into runs
  std::size_t fastest = 0;
  KeyArray result;  // the sorted keys (and values) of the last run
};

// Warm-up of at least this much GPU time (bounded by a number of extra runs), when any is asked.
inline constexpr double k_min_warmup_ms = 250;
inline constexpr int k_max_extra_warmup_runs = 500;

// Warm-up then timed runs of `plan` on `input`. `before_run(i)` is called before run i
// (0-based over warm-up and timed runs together): progress and cancellation (throw to stop).
TimedPlan time_plan(const Context& context, const Plan& plan, const KeyArray& input, int warmup,
                    int reps, const std::function<void(int)>& before_run = {});

// The bench row of a timed GPU plan (impl "sortscope-<algorithm>"): ms = the median run's total,
// ms_min, Gkeys/s, GB/s over bytes_moved, steps, reps; with `with_steps` the kinds of the median.
BenchRow gpu_row(const Plan& plan, const TimedPlan& timed, bool with_steps);

// The median of CPU sort times as a bench row ("std::sort" or "std::sort-par", host CPU).
BenchRow cpu_row(const std::string& impl, std::vector<double> times_ms);

// A row whose median run took more than this times its fastest was disturbed (seen on the H100:
// one bench ran every kernel 3.4x slower, init and scan too, and took its usual time when run
// again), so its median is not the kernels' speed.
inline constexpr double k_disturbed_median_ratio = 1.5;
// Why the row's timing should not be trusted, for a warning; empty when median and fastest agree.
std::string disturbed_timing_note(const BenchRow& row);

// Fills gkeys_per_s and the speed-ups of every row over the std::sort and std::sort-par rows
// among them (rows of one type and n).
void derive_speedups(std::vector<BenchRow>& rows);

}  // namespace ss
