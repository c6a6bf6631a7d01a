#include "cli/sample_sort_ranks.hpp"

#include <chrono>
#include <iostream>

#include "algorithms/algorithm.hpp"
#include "cli/commands.hpp"
#include "core/context.hpp"
#include "core/interrupt.hpp"
#include "core/ms_since.hpp"
#include "distributed/mpi_world.hpp"
#include "distributed/rank_watchdog.hpp"
#include "input/distributions.hpp"
#include "input/key_file.hpp"
#include "plan/device_limits.hpp"
#include "platform/utf8_paths.hpp"

namespace ss::cli {

namespace {

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

// Options of one-GPU runs that mean nothing to the sample sort.
std::string unsupported_option(const ScenarioOptions& s) {
  if (s.phases) return "--phases";
  if (s.tile_keys != "auto") return "--tile-keys";
  if (!s.delay_tile.empty()) return "--delay-tile";
  if (!s.disable.empty()) return "--disable";
  return {};
}

// --device (or SORTSCOPE_DEVICE) when given, else among the usable devices of the best kind the
// one at this rank's index on its host (ranks beyond the devices share them).
std::string device_for_rank(const MpiWorld& world, const std::string& asked) {
  if (!asked.empty() || std::getenv("SORTSCOPE_DEVICE") != nullptr) return asked;
  const std::vector<DeviceReport> reports = Context::enumerate_devices();
  std::vector<std::size_t> usable;
  for (DeviceKind kind : {DeviceKind::discrete, DeviceKind::integrated, DeviceKind::virtual_gpu,
                          DeviceKind::cpu, DeviceKind::other}) {
    for (std::size_t i = 0; i < reports.size(); ++i) {
      if (reports[i].rejection.empty() && reports[i].properties.kind == kind) usable.push_back(i);
    }
    if (!usable.empty()) break;
  }
  if (usable.empty()) return asked;  // the Context says why no device is usable
  return std::to_string(usable[world.local_rank() % usable.size()]);
}

}  // namespace

void refuse_together(const MpiWorld& world, const std::string& problem) {
  const std::string first = world.first_problem(problem);
  if (!first.empty()) throw AgreedUsageError(first);
}

int on_every_rank(const SampleSortOptions& options,
                  const std::function<int(const MpiWorld&, RankWatchdog&)>& body) {
  MpiWorld world;
  RankWatchdog watchdog(world, options.rank_timeout_s);
  try {
    return body(world, watchdog);
  } catch (const AgreedUsageError& e) {
    if (world.rank() == 0) std::cerr << "sortscope-cli: error: " << e.what() << "\n";
    return k_exit_usage;
  } catch (const Interrupted&) {
    std::cerr << "sortscope-cli: rank " << world.rank() << " interrupted in phase \""
              << watchdog.current_phase() << "\"; ending every rank, no output written\n";
    std::cerr.flush();
    world.abort(interrupt_exit_code());
  } catch (const std::exception& e) {
    std::cerr << "sortscope-cli: rank " << world.rank() << " failed in phase \""
              << watchdog.current_phase() << "\": " << e.what() << "; ending every rank\n";
    std::cerr.flush();
    world.abort(k_exit_gpu_failed);
  }
}

void agree_on_arguments(const MpiWorld& world, const std::string& arguments) {
  const std::vector<std::uint64_t> hashes = world.all_gather(fnv1a(arguments));
  for (std::uint32_t r = 1; r < world.size(); ++r) {
    if (hashes[r] != hashes[0]) {
      throw AgreedUsageError("the ranks were started with different arguments (rank " +
                             std::to_string(r) +
                             "'s differ from rank 0's); start every rank with the same command");
    }
  }
}

RankScenario resolve_on_ranks(const MpiWorld& world, const ScenarioOptions& so,
                              const SampleSortOptions& options,
                              const std::vector<std::uint64_t>& sizes) {
  RankScenario rs;
  std::string problem;
  try {
    if (const std::string bad = unsupported_option(so); !bad.empty()) {
      throw UsageError(bad + " does not apply to --algo sample-sort");
    }
    const Algorithm* local = find_algorithm(options.local);
    if (local == nullptr || !local->stable) {
      throw UsageError("--local '" + options.local +
                       "' is not a stable sortscope sort; choose onesweep, radix4 or mergesort");
    }
    ScenarioOptions one = so;
    one.algorithm = options.local;
    one.n = "1";
    rs.scenario = resolve_scenario(one);
    rs.chunk_keys = parse_count64(options.chunk_keys, "--chunk-keys", 1ull << 30);
    if (rs.chunk_keys == 0) throw UsageError("--chunk-keys must be at least 1");
    for (std::uint64_t n : sizes) {
      if (n < world.size()) {
        throw UsageError("n = " + std::to_string(n) + " keys cannot be split over " +
                         std::to_string(world.size()) + " ranks: every rank needs a key at least");
      }
      if (rs.scenario.pairs && n > (1ull << 32)) {
        throw UsageError("--pairs numbers the keys with 32-bit values: n <= 2^32 with pairs");
      }
    }
  } catch (const UsageError& e) {
    problem = e.what();
  }
  refuse_together(world, problem);
  return rs;
}

std::unique_ptr<Context> open_rank_device(const MpiWorld& world, const RankScenario& rs,
                                          const std::vector<std::uint64_t>& sizes) {
  std::string problem;
  std::unique_ptr<Context> context;
  try {
    const std::string& local_name = rs.scenario.algorithm;
    const Algorithm& local = *find_algorithm(local_name);
    ContextOptions context_options;
    context_options.device_selector = device_for_rank(world, rs.scenario.device);
    context = std::make_unique<Context>(context_options);
    const DeviceLimits limits = DeviceLimits::from(context->properties());
    for (std::uint64_t n : sizes) {
      const RankSlice slice = rank_slice(n, world.size(), world.rank());
      if (slice.count > local.max_n || slice.count > 0xffffffffull) {
        throw UsageError("n = " + std::to_string(n) + " over " + std::to_string(world.size()) +
                         " ranks is " + std::to_string(slice.count) + " keys a rank, more than " +
                         local_name + " sorts on one GPU; run on more ranks");
      }
      const SortSpec spec =
          local_sort_spec(static_cast<std::uint32_t>(slice.count), rs.scenario.type,
                          rs.scenario.pairs, rs.scenario.descending);
      check_plan_fits(make_plan(local_name, spec, limits), limits, context->properties().name);
    }
  } catch (const UsageError& e) {
    problem = e.what();
  } catch (const SetupError& e) {
    problem = e.what();
  }
  refuse_together(world, problem);
  return context;
}

KeyArray input_of_rank(const Scenario& scenario, std::uint64_t n, const RankSlice& slice) {
  if (scenario.input.empty()) {
    return generate_key_slice(scenario.distribution, n, slice.first, slice.count, scenario.type,
                              scenario.seed, scenario.pairs);
  }
  return read_key_file_slice(platform::path_from_utf8(scenario.input), scenario.type,
                             scenario.pairs, slice.first, slice.count);
}

SampleSortSetup sort_setup(const RankScenario& rs, const SampleSortOptions& options,
                           std::uint64_t n) {
  SampleSortSetup setup;
  setup.n = n;
  setup.descending = rs.scenario.descending;
  setup.local_algorithm = rs.scenario.algorithm;
  setup.samples = options.samples;
  setup.chunk_keys = rs.chunk_keys;
  return setup;
}

RankRun sort_once(const MpiWorld& world, SampleSortRank& sorter, RankWatchdog& watchdog) {
  watchdog.phase("start");
  world.check(MPI_Barrier(world.comm()), "MPI_Barrier");
  const auto start = std::chrono::steady_clock::now();
  RankRun run;
  run.outcome = sorter.sort(watchdog);
  const SamplePhaseTimes& t = run.outcome.times;
  // A recorded sort's reads of its keys are not the sort's: the phases alone count then.
  const double ms = run.outcome.record ? t.total() : ms_since(start);
  double phases[] = {
      t.local_sort,       t.local_sort_gpu, t.samples,       t.splitters, t.exchange_staging,
      t.exchange_buffers, t.exchange,       t.merge_staging, t.merge,     ms};
  world.check(
      MPI_Allreduce(MPI_IN_PLACE, phases, std::size(phases), MPI_DOUBLE, MPI_MAX, world.comm()),
      "MPI_Allreduce");
  run.slowest = {phases[0], phases[1], phases[2], phases[3], phases[4],
                 phases[5], phases[6], phases[7], phases[8]};
  run.ms = phases[9];
  return run;
}

std::vector<std::string> gather_text(const MpiWorld& world, const std::string& text) {
  const std::vector<std::uint64_t> lengths = world.all_gather(text.size());
  std::vector<int> counts, offsets;
  int total = 0;
  for (std::uint64_t length : lengths) {
    counts.push_back(static_cast<int>(length));
    offsets.push_back(total);
    total += static_cast<int>(length);
  }
  std::string all(static_cast<std::size_t>(total), '\0');
  world.check(MPI_Allgatherv(text.data(), static_cast<int>(text.size()), MPI_CHAR, all.data(),
                             counts.data(), offsets.data(), MPI_CHAR, world.comm()),
              "MPI_Allgatherv");
  std::vector<std::string> out;
  for (std::size_t r = 0; r < lengths.size(); ++r) {
    out.push_back(
        all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(counts[r])));
  }
  return out;
}

}  // namespace ss::cli
