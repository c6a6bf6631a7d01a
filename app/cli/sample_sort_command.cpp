#include "cli/sample_sort_command.hpp"

#include <chrono>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "algorithms/algorithm.hpp"
#include "cli/commands.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "distributed/distributed_output.hpp"
#include "distributed/distributed_verify.hpp"
#include "distributed/mpi_world.hpp"
#include "distributed/rank_watchdog.hpp"
#include "distributed/sample_sort.hpp"
#include "input/distributions.hpp"
#include "input/key_file.hpp"
#include "plan/device_limits.hpp"

namespace ss::cli {

namespace {

// A problem every rank found together (first_problem): rank 0 says it, every rank exits 2.
class AgreedUsageError : public UsageError {
 public:
  using UsageError::UsageError;
};

void refuse_together(const MpiWorld& world, const std::string& problem) {
  const std::string first = world.first_problem(problem);
  if (!first.empty()) throw AgreedUsageError(first);
}

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

// What every rank must agree on, as one string.
std::string arguments_text(const ScenarioOptions& s, const SampleSortOptions& o,
                           const std::string& output) {
  std::ostringstream out;
  out << s.n << '|' << s.type << '|' << s.distribution << '|' << s.seed << '|' << s.pairs << '|'
      << s.descending << '|' << s.input << '|' << o.local << '|' << o.samples << '|' << o.chunk_keys
      << '|' << output;
  return out.str();
}

// Options of one-GPU runs that mean nothing to the sample sort.
std::string unsupported_option(const ScenarioOptions& s) {
  if (s.phases) return "--phases";
  if (s.tile_keys != "auto") return "--tile-keys";
  if (!s.delay_tile.empty()) return "--delay-tile";
  if (!s.disable.empty()) return "--disable";
  return {};
}

// The device of this rank: --device (or SORTSCOPE_DEVICE) when given, else among the usable
// devices of the best kind the one at this rank's index on its host (ranks beyond the devices
// share them).
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

KeyArray input_of_rank(const Scenario& scenario, std::uint64_t n, const RankSlice& slice) {
  if (scenario.input.empty()) {
    return generate_key_slice(scenario.distribution, n, slice.first, slice.count, scenario.type,
                              scenario.seed, scenario.pairs);
  }
  const KeyArray whole = read_key_file(scenario.input, scenario.type, scenario.pairs);
  KeyArray part;
  part.type = whole.type;
  part.has_values = whole.has_values;
  const std::uint32_t words = key_words(whole.type);
  part.words.assign(whole.words.begin() + slice.first * words,
                    whole.words.begin() + (slice.first + slice.count) * words);
  if (whole.has_values) {
    part.values.assign(whole.values.begin() + slice.first,
                       whole.values.begin() + slice.first + slice.count);
  }
  return part;
}

struct Report {
  std::vector<std::string> devices;
  std::vector<std::uint64_t> keys_in, keys_out;
  SamplePhaseTimes slowest;  // each phase's longest time over the ranks
  double verify_ms = 0;
  double total_ms = 0;  // the sort, first phase to last, on the slowest rank
};

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
  for (std::size_t r = 0; r < lengths.size(); ++r) out.push_back(all.substr(offsets[r], counts[r]));
  return out;
}

SamplePhaseTimes slowest(const MpiWorld& world, const SamplePhaseTimes& t) {
  return {world.max(t.local_sort), world.max(t.local_sort_gpu), world.max(t.samples),
          world.max(t.splitters),  world.max(t.exchange),       world.max(t.merge),
          world.max(t.merge_gpu)};
}

void print_report(const Scenario& scenario, std::uint64_t n, const SampleSortOptions& options,
                  const SampleSortOutcome& outcome, const Report& report,
                  const DistributedVerdict& verdict, bool json) {
  const std::size_t ranks = report.devices.size();
  std::uint64_t moved = 0;
  for (std::size_t s = 0; s < ranks; ++s) {
    for (std::size_t d = 0; d < ranks; ++d) moved += s == d ? 0 : outcome.counts[s * ranks + d];
  }
  const double gkeys = report.total_ms > 0 ? double(n) / (report.total_ms * 1e6) : 0;
  const SamplePhaseTimes& t = report.slowest;
  const std::string input =
      scenario.input.empty() ? std::string(to_string(scenario.distribution)) : scenario.input;
  if (json) {
    nlohmann::json out = {
        {"algorithm", k_sample_sort},
        {"local", options.local},
        {"ranks", ranks},
        {"n", n},
        {"type", to_string(scenario.type)},
        {"pairs", scenario.pairs},
        {"descending", scenario.descending},
        {"input", input},
        {"seed", scenario.seed},
        {"devices", report.devices},
        {"keys_in", report.keys_in},
        {"keys_out", report.keys_out},
        {"counts", outcome.counts},
        {"exchange_rounds", outcome.exchange_rounds},
        {"merge_rounds", outcome.merge_rounds},
        {"keys_moved", moved},
        {"phases_ms",
         {{"local_sort", t.local_sort},
          {"local_sort_gpu", t.local_sort_gpu},
          {"samples", t.samples},
          {"splitters", t.splitters},
          {"exchange", t.exchange},
          {"merge", t.merge},
          {"merge_gpu", t.merge_gpu},
          {"verify", report.verify_ms}}},
        {"total_ms", report.total_ms},
        {"gkeys_per_s", gkeys},
        {"verified", verdict.verified()},
        {"verification", verdict.verified() ? "sorted across ranks, stable, same keys as the input"
                                            : verdict.problem},
    };
    std::cout << out.dump() << "\n";
    return;
  }
  std::cout << k_sample_sort << ": " << n << " " << to_string(scenario.type)
            << (scenario.pairs ? " key-value pairs" : " keys") << " over " << ranks
            << (ranks == 1 ? " rank" : " ranks") << " (local sort " << options.local << "), "
            << (scenario.descending ? "descending" : "ascending") << ", input " << input
            << (scenario.input.empty() ? " (seed " + std::to_string(scenario.seed) + ")" : "")
            << "\n";
  for (std::size_t r = 0; r < ranks; ++r) {
    const double share = double(report.keys_out[r]) * double(ranks) / double(n);
    std::cout << "  rank " << r << " on " << report.devices[r] << ": " << report.keys_in[r]
              << " keys in, " << report.keys_out[r] << " out (" << std::fixed
              << std::setprecision(2) << share << "x an even share)\n";
  }
  std::cout << std::defaultfloat << std::setprecision(4) << "  exchange: " << moved
            << " keys moved between ranks in " << outcome.exchange_rounds
            << (outcome.exchange_rounds == 1 ? " round" : " rounds")
            << "; merge: " << outcome.merge_rounds
            << (outcome.merge_rounds == 1 ? " round" : " rounds") << " of pairwise GPU merges\n"
            << "  phases, slowest rank (ms): local sort " << t.local_sort << " (GPU "
            << t.local_sort_gpu << "), samples " << t.samples << ", splitters " << t.splitters
            << ", exchange " << t.exchange << ", merge " << t.merge << " (GPU " << t.merge_gpu
            << "), verify " << report.verify_ms << "\n"
            << "  sort " << report.total_ms << " ms, " << gkeys << " Gkeys/s\n"
            << "  "
            << (verdict.verified()
                    ? "verified: sorted across ranks, stable, the same keys as the input"
                    : "VERIFICATION FAILED: " + verdict.problem)
            << "\n";
}

int sort_on_ranks(const MpiWorld& world, RankWatchdog& watchdog, const ScenarioOptions& so,
                  const SampleSortOptions& options, const std::string& output, bool json) {
  watchdog.phase("arguments");
  {
    const std::vector<std::uint64_t> hashes =
        world.all_gather(fnv1a(arguments_text(so, options, output)));
    for (std::uint32_t r = 1; r < world.size(); ++r) {
      if (hashes[r] != hashes[0]) {
        throw AgreedUsageError("the ranks were started with different arguments (rank " +
                               std::to_string(r) +
                               "'s differ from rank 0's); start every rank with the same command");
      }
    }
  }
  std::string problem;
  Scenario scenario;
  std::uint64_t n = 0;
  std::uint64_t chunk_keys = 0;
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
    scenario = resolve_scenario(one);
    n = so.input.empty() ? parse_count64(so.n, "--n", 1ull << 40)
                         : read_key_file(so.input, scenario.type, false).size();
    if (!so.input.empty() && so.n_given && parse_count64(so.n, "--n", 1ull << 40) != n) {
      throw UsageError("--n " + so.n + " disagrees with " + so.input + ", which holds " +
                       std::to_string(n) + " keys; leave --n out to sort the whole file");
    }
    chunk_keys = parse_count64(options.chunk_keys, "--chunk-keys", 1ull << 30);
    if (chunk_keys == 0) throw UsageError("--chunk-keys must be at least 1");
    if (n < world.size()) {
      throw UsageError("n = " + std::to_string(n) + " keys cannot be split over " +
                       std::to_string(world.size()) + " ranks: every rank needs a key at least");
    }
    if (scenario.pairs && n > (1ull << 32)) {
      throw UsageError("--pairs numbers the keys with 32-bit values: n <= 2^32 with pairs");
    }
  } catch (const UsageError& e) {
    problem = e.what();
  }
  refuse_together(world, problem);

  const RankSlice slice = rank_slice(n, world.size(), world.rank());
  watchdog.phase("device");
  ContextOptions context_options;
  context_options.device_selector = device_for_rank(world, scenario.device);
  std::unique_ptr<Context> context;
  try {
    const Algorithm& local = *find_algorithm(options.local);
    if (slice.count > local.max_n || slice.count > 0xffffffffull) {
      throw UsageError("n = " + std::to_string(n) + " over " + std::to_string(world.size()) +
                       " ranks is " + std::to_string(slice.count) + " keys a rank, more than " +
                       options.local + " sorts on one GPU; run on more ranks");
    }
    context = std::make_unique<Context>(context_options);
    SortSpec spec;
    spec.n = static_cast<std::uint32_t>(slice.count);
    spec.key_type = scenario.type;
    spec.pairs = scenario.pairs;
    spec.descending = scenario.descending;
    spec.tile_keys = k_tile_keys_tuned;
    const DeviceLimits limits = DeviceLimits::from(context->properties());
    check_plan_fits(make_plan(options.local, spec, limits), limits, context->properties().name);
  } catch (const UsageError& e) {
    problem = e.what();
  } catch (const SetupError& e) {
    problem = e.what();
  }
  refuse_together(world, problem);

  watchdog.phase("input");
  const KeyArray input = input_of_rank(scenario, n, slice);
  SampleSortSetup setup;
  setup.n = n;
  setup.descending = scenario.descending;
  setup.local_algorithm = options.local;
  setup.samples = options.samples;
  setup.chunk_keys = chunk_keys;
  world.check(MPI_Barrier(world.comm()), "MPI_Barrier");
  const auto start = std::chrono::steady_clock::now();
  SampleSortOutcome outcome = sample_sort(world, *context, setup, input, watchdog);
  const double sort_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  watchdog.phase("verify");
  const auto verify_start = std::chrono::steady_clock::now();
  const DistributedVerdict verdict =
      verify_distributed(world, input, outcome.part, scenario.descending);
  const double verify_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - verify_start)
          .count();
  Report report;
  report.devices = gather_text(world, context->properties().name);
  report.keys_in = world.all_gather(input.size());
  report.keys_out = world.all_gather(outcome.part.size());
  report.slowest = slowest(world, outcome.times);
  report.verify_ms = world.max(verify_ms);
  report.total_ms = world.max(sort_ms);

  throw_if_interrupted();
  if (!output.empty() && verdict.verified()) {
    watchdog.phase("output");
    write_distributed_key_file(world, output, outcome.part);
  }
  if (world.rank() == 0) print_report(scenario, n, options, outcome, report, verdict, json);
  return exit_code_after_validation(*context, verdict.verified() ? k_exit_ok : k_exit_unverified);
}

}  // namespace

void add_sample_sort_options(CLI::App& sub, SampleSortOptions& o) {
  sub.add_option("--local", o.local,
                 "sample-sort: the GPU sort of each rank's part (onesweep, radix4, mergesort)")
      ->capture_default_str();
  sub.add_option("--samples", o.samples,
                 "sample-sort: regular samples each rank offers for choosing the splitters")
      ->check(CLI::Range(1u, 1u << 20))
      ->capture_default_str();
  sub.add_option("--chunk-keys", o.chunk_keys,
                 "sample-sort: most keys one rank sends another in one MPI_Alltoallv round")
      ->capture_default_str();
  sub.add_option("--rank-timeout", o.rank_timeout_s,
                 "sample-sort: seconds a rank may spend in one phase before every rank is ended "
                 "(exit 3); 0: no limit")
      ->check(CLI::Range(0.0, 1e6))
      ->capture_default_str();
}

int run_sample_sort(const ScenarioOptions& scenario, const SampleSortOptions& options,
                    const std::string& output, bool json) {
  MpiWorld world;
  RankWatchdog watchdog(world, options.rank_timeout_s);
  try {
    return sort_on_ranks(world, watchdog, scenario, options, output, json);
  } catch (const AgreedUsageError& e) {
    if (world.rank() == 0) std::cerr << "sortscope-cli: error: " << e.what() << "\n";
    return k_exit_usage;
  } catch (const std::exception& e) {
    std::cerr << "sortscope-cli: rank " << world.rank() << " failed in phase \""
              << watchdog.current_phase() << "\": " << e.what() << "; ending every rank\n";
    std::cerr.flush();
    world.abort(k_exit_gpu_failed);
  }
}

}  // namespace ss::cli
