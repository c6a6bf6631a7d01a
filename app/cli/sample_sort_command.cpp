#include "cli/sample_sort_command.hpp"

#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "algorithms/algorithm.hpp"
#include "cli/commands.hpp"
#include "cli/phase_progress.hpp"
#include "cli/sample_sort_ranks.hpp"
#include "common/bench_model.hpp"
#include "common/sample_sort_replay.hpp"
#include "core/atomic_file.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/ms_since.hpp"
#include "distributed/distributed_output.hpp"
#include "distributed/distributed_verify.hpp"
#include "distributed/mpi_world.hpp"
#include "distributed/rank_watchdog.hpp"
#include "distributed/sample_sort.hpp"
#include "input/distributions.hpp"
#include "input/key_file.hpp"
#include "plan/device_limits.hpp"
#include "platform/terminal.hpp"
#include "platform/utf8_paths.hpp"

namespace ss::cli {

namespace {

// What every rank must agree on, as one string.
std::string arguments_text(const ScenarioOptions& s, const SampleSortOptions& o,
                           const std::string& output) {
  std::ostringstream out;
  out << s.n << '|' << s.type << '|' << s.distribution << '|' << s.seed << '|' << s.pairs << '|'
      << s.descending << '|' << s.input << '|' << o.local << '|' << o.samples << '|' << o.chunk_keys
      << '|' << output << '|' << o.record << '|' << o.record_keys;
  return out.str();
}

struct Report {
  std::vector<std::string> devices;
  std::vector<std::uint64_t> keys_in, keys_out;
  SamplePhaseTimes slowest;  // each phase's longest time over the ranks
  double verify_ms = 0;
  double total_ms = 0;  // the sort, first phase to last, on the slowest rank
  // A cold run's time outside the sort, slowest rank each: opening the device, making this
  // rank's input, and the plan (pipelines, buffers and staging, made before the sort starts).
  double device_ms = 0, input_ms = 0, plan_ms = 0;
};

nlohmann::json phases_json(const SamplePhaseTimes& t, double verify_ms) {
  return {{"local_sort", t.local_sort},
          {"local_sort_gpu", t.local_sort_gpu},
          {"samples", t.samples},
          {"splitters", t.splitters},
          {"exchange_staging", t.exchange_staging},
          {"exchange_buffers", t.exchange_buffers},
          {"exchange", t.exchange},
          {"merge_staging", t.merge_staging},
          {"merge", t.merge},
          {"verify", verify_ms}};
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
        {"phases_ms", phases_json(t, report.verify_ms)},
        {"setup_ms",
         {{"device", report.device_ms}, {"input", report.input_ms}, {"plan", report.plan_ms}}},
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
            << ", exchange " << t.exchange_staging + t.exchange_buffers + t.exchange
            << " (GPU to host " << t.exchange_staging << ", receive buffers " << t.exchange_buffers
            << ", MPI " << t.exchange << "), merge " << t.merge_staging + t.merge
            << " (host to GPU " << t.merge_staging << ", GPU " << t.merge << "), verify "
            << report.verify_ms << "\n"
            << "  set-up before the sort, slowest rank (ms): device " << report.device_ms
            << ", input " << report.input_ms << ", plan " << report.plan_ms << "\n"
            << "  sort " << report.total_ms << " ms, " << gkeys << " Gkeys/s\n"
            << "  "
            << (verdict.verified()
                    ? "verified: sorted across ranks, stable, the same keys as the input"
                    : "VERIFICATION FAILED: " + verdict.problem)
            << "\n";
}

// The command line a replay names (what recorded it), from the options every rank agreed on.
std::string command_text(const MpiWorld& world, const ScenarioOptions& s,
                         const SampleSortOptions& o) {
  std::string c = "mpirun -np " + std::to_string(world.size()) +
                  " sortscope-cli run --algo sample-sort" +
                  (s.input.empty() || s.n_given ? " --n " + s.n : "") + " --type " + s.type;
  c += s.input.empty() ? " --dist " + s.distribution + " --seed " + s.seed : " --input " + s.input;
  if (s.pairs) c += " --pairs";
  if (s.descending) c += " --descending";
  c += " --local " + o.local + " --samples " + std::to_string(o.samples) + " --record " + o.record;
  if (o.record_keys != SampleSortOptions{}.record_keys) {
    c += " --record-keys " + std::to_string(o.record_keys);
  }
  return c;
}

// Rank 0 makes the replay's directory before the sort, so a bad path is refused by every rank.
void prepare_record_directory(const MpiWorld& world, const std::string& dir) {
  std::string problem;
  if (world.rank() == 0) {
    std::error_code error;
    const std::filesystem::path folder = platform::path_from_utf8(dir);
    std::filesystem::create_directories(folder, error);
    if (error || !std::filesystem::is_directory(folder)) {
      problem = "--record " + dir + ": cannot make that directory (" + error.message() + ")";
    }
  }
  refuse_together(world, problem);
}

// Every rank's record gathered on rank 0, which writes DIR/replay.json.
void write_replay(const MpiWorld& world, const Context& context, const Scenario& scenario,
                  const ScenarioOptions& so, const SampleSortOptions& options, std::uint64_t n,
                  const RankRun& run, double verify_ms, const DistributedVerdict& verdict) {
  ReplayRank mine;
  mine.device = context.properties().name;
  mine.slice = run.outcome.slice;
  mine.part_first = run.outcome.part_first;
  mine.record = *run.outcome.record;
  const std::vector<std::string> records = gather_text(world, rank_record_text(mine));
  if (world.rank() != 0) return;
  SampleSortReplay replay;
  replay.n = n;
  replay.type = scenario.type;
  replay.pairs = scenario.pairs;
  replay.descending = scenario.descending;
  replay.input =
      scenario.input.empty() ? std::string(to_string(scenario.distribution)) : scenario.input;
  replay.seed = scenario.seed;
  replay.local = options.local;
  replay.samples_per_rank = options.samples;
  replay.record_limit = options.record_keys;
  replay.command = command_text(world, so, options);
  replay.date = today();
  replay.splitters = run.outcome.splitters;
  for (const Sample& s : replay.splitters) {
    replay.splitter_bits.push_back(decoded_key_bits(s.key, scenario.type, scenario.descending));
  }
  replay.counts = run.outcome.counts;
  replay.verified = verdict.verified();
  replay.verification = verdict.verified()
                            ? "sorted across ranks, stable, the same keys as the input"
                            : verdict.problem;
  const nlohmann::json phases = phases_json(run.slowest, verify_ms);
  for (const auto& [name, ms] : phases.items()) replay.phases_ms[name] = ms.get<double>();
  for (const std::string& text : records) {
    replay.ranks.push_back(parse_rank_record(text, scenario.type, scenario.pairs));
  }
  const std::filesystem::path file = platform::path_from_utf8(options.record) / k_replay_file;
  write_file_atomically(file, replay_text(replay));
  std::cerr << "run: wrote the replay " << platform::utf8_from_path(file) << "\n";
}

int sort_on_ranks(const MpiWorld& world, RankWatchdog& watchdog, const ScenarioOptions& so,
                  const SampleSortOptions& options, const std::string& output, bool json) {
  PhaseProgress progress(watchdog, world.rank() == 0 && !json && platform::stdout_is_terminal(),
                         std::string(k_sample_sort));
  watchdog.phase("arguments");
  agree_on_arguments(world, arguments_text(so, options, output));
  std::uint64_t n = 0;
  std::string problem;
  try {
    const ScenarioOptions& s = so;
    if (options.record.empty() && options.record_keys != SampleSortOptions{}.record_keys) {
      throw UsageError("--record-keys says how much --record DIR keeps; give --record DIR too");
    }
    n = s.input.empty() ? parse_count64(s.n, "--n", 1ull << 40)
                        : key_file_count(platform::path_from_utf8(s.input),
                                         parse_key_type(s.type).value_or(KeyType::u32));
    if (!s.input.empty() && s.n_given && parse_count64(s.n, "--n", 1ull << 40) != n) {
      throw UsageError("--n " + s.n + " disagrees with " + s.input + ", which holds " +
                       std::to_string(n) + " keys; leave --n out to sort the whole file");
    }
  } catch (const UsageError& e) {
    problem = e.what();
  }
  refuse_together(world, problem);
  const RankScenario rs = resolve_on_ranks(world, so, options, {n});
  watchdog.phase("device");
  auto start = std::chrono::steady_clock::now();
  const std::unique_ptr<Context> context = open_rank_device(world, rs, {n});
  const double device_ms = ms_since(start);

  if (!options.record.empty()) prepare_record_directory(world, options.record);

  watchdog.phase("input");
  const RankSlice slice = rank_slice(n, world.size(), world.rank());
  start = std::chrono::steady_clock::now();
  const KeyArray input = input_of_rank(rs.scenario, n, slice);
  const double input_ms = ms_since(start);
  SampleSortSetup setup = sort_setup(rs, options, n);
  if (!options.record.empty()) setup.record_keys = options.record_keys;
  watchdog.phase("plan");
  start = std::chrono::steady_clock::now();
  SampleSortRank sorter(world, *context, setup, input);
  const double plan_ms = ms_since(start);
  const RankRun run = sort_once(world, sorter, watchdog);

  watchdog.phase("verify");
  start = std::chrono::steady_clock::now();
  const PartSummary part_summary = sorter.part_summary();
  const DistributedVerdict verdict =
      verify_distributed(world, sorter.input_summary(), part_summary, rs.scenario.pairs);
  const double verify_ms = world.max(ms_since(start));
  Report report;
  report.devices = gather_text(world, context->properties().name);
  report.keys_in = world.all_gather(input.size());
  report.keys_out = world.all_gather(part_summary.count);
  report.slowest = run.slowest;
  report.verify_ms = verify_ms;
  report.total_ms = run.ms;
  report.device_ms = world.max(device_ms);
  report.input_ms = world.max(input_ms);
  report.plan_ms = world.max(plan_ms);

  throw_if_interrupted();
  if (!output.empty() && verdict.verified()) {
    watchdog.phase("output");
    write_distributed_key_file(world, platform::path_from_utf8(output), sorter.part());
  }
  if (!options.record.empty()) {
    watchdog.phase("record");
    write_replay(world, *context, rs.scenario, so, options, n, run, verify_ms, verdict);
  }
  progress.stop();
  if (world.rank() == 0) {
    print_report(rs.scenario, n, options, run.outcome, report, verdict, json);
  }
  return exit_code_after_validation(*context, verdict.verified() ? k_exit_ok : k_exit_unverified);
}

}  // namespace

bool sample_sort_built() {
  return true;
}

int run_sample_sort(const ScenarioOptions& scenario, const SampleSortOptions& options,
                    const std::string& output, bool json) {
  return on_every_rank(options, [&](const MpiWorld& world, RankWatchdog& watchdog) {
    return sort_on_ranks(world, watchdog, scenario, options, output, json);
  });
}

}  // namespace ss::cli
