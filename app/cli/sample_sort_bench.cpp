#include "cli/sample_sort_bench.hpp"

#include <algorithm>
#include <iostream>
#include <sstream>

#include "algorithms/algorithm.hpp"
#include "cli/commands.hpp"
#include "cli/kept_rows.hpp"
#include "cli/sample_sort_ranks.hpp"
#include "common/bench_model.hpp"
#include "common/bench_rows.hpp"
#include "core/atomic_file.hpp"
#include "core/context.hpp"
#include "distributed/distributed_verify.hpp"
#include "distributed/mpi_world.hpp"
#include "distributed/rank_watchdog.hpp"
#include "plan/device_limits.hpp"
#include "platform/utf8_paths.hpp"

namespace ss::cli {

namespace {

std::vector<std::uint64_t> parse_sizes(const std::string& text) {
  std::vector<std::uint64_t> sizes;
  std::stringstream stream(text);
  for (std::string item; std::getline(stream, item, ',');) {
    if (!item.empty()) sizes.push_back(parse_count64(item, "--n", 1ull << 40));
  }
  if (sizes.empty()) throw UsageError("--n is empty: give one or more sizes, e.g. 2^24,2^28");
  return sizes;
}

// The phases of one sort as step kinds: each phase's time on the slowest rank.
std::vector<StepKindTime> phase_kinds(const SamplePhaseTimes& t, double total_ms) {
  const std::pair<const char*, double> phases[] = {
      {"local sort (GPU)", t.local_sort_gpu},
      {"local sort (submission)", std::max(0.0, t.local_sort - t.local_sort_gpu)},
      {"samples (GPU reads, MPI)", t.samples},
      {"splitters (GPU search)", t.splitters},
      {"exchange: GPU to host", t.exchange_staging},
      {"exchange: receive buffers", t.exchange_buffers},
      {"exchange (MPI)", t.exchange},
      {"merge: host to GPU", t.merge_staging},
      {"merge (GPU)", t.merge},
  };
  std::vector<StepKindTime> kinds;
  for (const auto& [name, ms] : phases) {
    StepKindTime kind;
    kind.kind = name;
    kind.steps = 1;
    kind.ms = ms;
    kind.share = total_ms > 0 ? ms / total_ms : 0;
    kinds.push_back(kind);
  }
  return kinds;
}

// The local sort of all n keys on rank 0's GPU alone, where one GPU holds them.
std::optional<BenchRow> one_gpu_row(const Context& context, const RankScenario& rs, std::uint64_t n,
                                    int warmup, int reps) {
  const Algorithm* local = find_algorithm(rs.scenario.algorithm);
  if (n > local->max_n || n > 0xffffffffull) return std::nullopt;
  const SortSpec spec = local_sort_spec(static_cast<std::uint32_t>(n), rs.scenario.type,
                                        rs.scenario.pairs, rs.scenario.descending);
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  const Plan plan = make_plan(rs.scenario.algorithm, spec, limits);
  if (!plan_fits(plan, limits)) return std::nullopt;
  const KeyArray input = input_of_rank(rs.scenario, n, {0, n});
  const TimedPlan timed = time_plan(context, plan, input, warmup, reps);
  return gpu_row(plan, timed, false);
}

int bench_on_ranks(const MpiWorld& world, RankWatchdog& watchdog,
                   const SampleSortBenchOptions& bench, const SampleSortOptions& options) {
  watchdog.phase("arguments");
  agree_on_arguments(world, bench.command + "|" + bench.json);
  std::vector<std::uint64_t> sizes;
  std::string problem;
  try {
    sizes = parse_sizes(bench.sizes);
    if (bench.reps < 1 || bench.warmup < 0) {
      throw UsageError("--reps must be >= 1 and --warmup >= 0");
    }
  } catch (const UsageError& e) {
    problem = e.what();
  }
  refuse_together(world, problem);
  const RankScenario rs = resolve_on_ranks(world, bench.scenario, options, sizes);
  watchdog.phase("device");
  const std::unique_ptr<Context> context = open_rank_device(world, rs, sizes);
  const std::vector<std::string> devices = gather_text(world, context->properties().name);
  const bool same_device = std::all_of(devices.begin(), devices.end(),
                                       [&](const std::string& d) { return d == devices[0]; });

  std::string rows_text;
  bool all_verified = true;
  for (std::uint64_t n : sizes) {
    watchdog.phase("input");
    const KeyArray input = input_of_rank(rs.scenario, n, rank_slice(n, world.size(), world.rank()));
    // Buffers, the plan and the input on the GPU are made once per size, outside the timing, as
    // one-GPU bench rows time a plan made beforehand.
    SampleSortRank sorter(world, *context, sort_setup(rs, options, n), input);
    // Warm-up as one-GPU rows have it: at least k_min_warmup_ms of GPU work on the slowest
    // rank when there is any, else a GPU that idled through the host phases keeps low clocks (on
    // an H200 the local sort of 2^28 keys took 22 ms after one warm-up sort, 5.8 after eight).
    double warm_ms = 0;
    for (int w = 0, extra = 0; w < bench.warmup;) {
      const RankRun run = sort_once(world, sorter, watchdog);
      warm_ms += run.slowest.local_sort_gpu + run.slowest.merge;
      if (w == bench.warmup - 1 && warm_ms < k_min_warmup_ms && extra < k_max_extra_warmup_runs) {
        ++extra;
      } else {
        ++w;
      }
    }
    std::vector<RankRun> runs;
    for (int r = 0; r < bench.reps; ++r) runs.push_back(sort_once(world, sorter, watchdog));
    watchdog.phase("verify");
    const DistributedVerdict verdict =
        verify_distributed(world, sorter.input_summary(), sorter.part_summary(), rs.scenario.pairs);
    all_verified &= verdict.verified();

    std::vector<std::size_t> order(runs.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return runs[a].ms < runs[b].ms; });
    const RankRun& median = runs[order[order.size() / 2]];

    BenchRow row;
    row.impl = "sortscope-sample-sort";
    row.type = schema_type(rs.scenario.type);
    row.pairs = rs.scenario.pairs;
    row.n = n;
    row.ms = median.ms;
    row.gkeys_per_s = double(n) / (median.ms * 1e6);
    row.device = same_device ? devices[0] : devices[0] + " and others";
    row.driver = context->properties().driver;
    row.date = today();
    row.command = "mpirun -np " + std::to_string(world.size()) + " " + bench.command;
    row.ms_min = runs[order.front()].ms;
    row.reps = bench.reps;
    row.descending = rs.scenario.descending;
    row.verified = verdict.verified();
    row.ranks = static_cast<int>(world.size());
    row.step_kinds = phase_kinds(median.slowest, median.ms);

    watchdog.phase("one GPU");
    std::optional<BenchRow> alone;
    if (world.rank() == 0)
      alone = one_gpu_row(*context, rs, n, std::max(bench.warmup, 1), bench.reps);
    world.check(MPI_Barrier(world.comm()), "MPI_Barrier");
    if (world.rank() != 0) continue;
    for (BenchRow* r : {&row, alone ? &*alone : nullptr}) {
      if (r == nullptr) continue;
      r->date = row.date;
      r->command = row.command;
      rows_text += to_json(*r).dump() + "\n";
      std::cout << impl_label(*r) << " " << keys_text(*r) << " n " << pow2_text(r->n) << ": "
                << fixed("%.3f", r->ms) << " ms, " << figure(r->gkeys_per_s) << " Gkeys/s"
                << (r->verified.value_or(true) ? "" : " (VERIFICATION FAILED)") << "\n";
      for (const StepKindTime& k : r->step_kinds) {
        std::cout << "    " << k.kind << ": " << fixed("%.3f", k.ms) << " ms\n";
      }
    }
    std::cout << std::flush;
  }
  if (world.rank() == 0 && !bench.json.empty()) {
    if (bench.json == "-") {
      std::cout << rows_text;
    } else {
      write_file_atomically(platform::path_from_utf8(bench.json),
                            (bench.append ? rows_already_in(bench.json) : "") + rows_text);
      std::cerr << "bench: wrote " << bench.json << "\n";
    }
  }
  return exit_code_after_validation(*context, all_verified ? k_exit_ok : k_exit_unverified);
}

}  // namespace

int bench_sample_sort(const SampleSortBenchOptions& bench, const SampleSortOptions& options) {
  return on_every_rank(options, [&](const MpiWorld& world, RankWatchdog& watchdog) {
    return bench_on_ranks(world, watchdog, bench, options);
  });
}

}  // namespace ss::cli
