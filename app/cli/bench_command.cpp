#include <algorithm>
#include <chrono>
#include <ctime>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "algorithms/algorithm.hpp"
#include "baseline/cpu_sort.hpp"
#include "baseline/cpu_timing.hpp"
#include "cli/commands.hpp"
#include "common/scenario.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "plan/runner.hpp"

namespace ss::cli {

namespace {

struct BenchOptions {
  std::string algorithms = "batcher";
  std::string sizes = "2^20";
  std::string types = "u32";
  std::string distribution = "random";
  std::uint64_t seed = 1;
  bool pairs = false;
  bool descending = false;
  std::string device;
  int reps = 20;
  int warmup = 3;
  std::string cpu = "std";  // none | std | all
  bool json = false;
};

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream stream(list);
  for (std::string item; std::getline(stream, item, ',');) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

// The type names of the JSON Lines schema shared with bench/cub_baseline.cu.
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
  const std::time_t now = std::time(nullptr);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", std::gmtime(&now));
  return text;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values.empty() ? 0 : values[values.size() / 2];
}

struct Row {
  std::string impl;
  KeyType type;
  std::uint32_t n;
  double ms;
  double ms_min;
  int reps;
  bool verified;
  std::size_t steps;
};

int bench(const BenchOptions& o, const std::string& command_line) {
  const auto algorithm_names_list = split(o.algorithms);
  std::vector<std::uint32_t> sizes;
  for (const auto& s : split(o.sizes)) sizes.push_back(parse_count(s, "--n"));
  std::vector<KeyType> types;
  for (const auto& t : split(o.types)) {
    const auto type = parse_key_type(t);
    if (!type) throw UsageError("unknown key type '" + t + "'; choose from: u32, i32, f32, u64");
    types.push_back(*type);
  }
  for (const auto& a : algorithm_names_list) {
    if (find_algorithm(a) == nullptr) {
      throw UsageError("unknown algorithm '" + a + "'; choose from: " + algorithm_names());
    }
  }
  const auto distribution = parse_distribution(o.distribution);
  if (!distribution) {
    throw UsageError("unknown distribution '" + o.distribution +
                     "'; choose one of: " + distribution_names());
  }
  if (o.reps < 1 || o.warmup < 0) throw UsageError("--reps must be >= 1 and --warmup >= 0");
  if (o.cpu != "none" && o.cpu != "std" && o.cpu != "all") {
    throw UsageError("--cpu '" + o.cpu + "' is not one of: none, std, all");
  }

  ContextOptions context_options;
  context_options.device_selector = o.device;
  Context context(context_options);
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  const std::string date = today();

  auto emit = [&](const Row& row) {
    const double gkeys = row.ms > 0 ? row.n / (row.ms * 1e6) : 0;
    if (o.json) {
      nlohmann::json line = {
          {"impl", row.impl},
          {"type", schema_type(row.type)},
          {"pairs", o.pairs},
          {"n", row.n},
          {"ms", row.ms},
          {"gkeys_per_s", gkeys},
          {"device", row.impl.rfind("std::sort", 0) == 0 ? std::string("host CPU")
                                                         : context.properties().name},
          {"driver", context.properties().driver},
          {"date", date},
          {"command", command_line},
          {"ms_min", row.ms_min},
          {"reps", row.reps},
          {"descending", o.descending},
          {"verified", row.verified},
      };
      if (row.steps != 0) line["steps"] = row.steps;
      std::cout << line.dump() << std::endl;
    } else {
      std::printf("%-22s %-7s n=%-10u median %10.3f ms  min %10.3f ms  %8.3f Gkeys/s%s\n",
                  row.impl.c_str(), schema_type(row.type).c_str(), row.n, row.ms, row.ms_min, gkeys,
                  row.verified ? "" : "  NOT VERIFIED");
      std::fflush(stdout);
    }
  };

  bool all_verified = true;
  for (KeyType type : types) {
    for (std::uint32_t n : sizes) {
      const SortSpec spec{n, type, o.pairs, o.descending};
      std::optional<KeyArray> input;
      std::optional<KeyArray> expected;  // std::stable_sort of input, shared by the algorithms
      for (const auto& name : algorithm_names_list) {
        const Algorithm& algorithm = *find_algorithm(name);
        const Plan plan = make_plan(name, spec, limits);
        check_plan_fits(plan, limits, context.properties().name);
        if (!input) input = generate_keys(*distribution, n, type, o.seed, o.pairs);
        std::cerr << "bench: " << name << " " << to_string(type) << " n=" << n << " (" << o.warmup
                  << " warm-up + " << o.reps << " timed runs)\n";
        Runner runner(context, plan);
        runner.set_input(*input);
        for (int i = 0; i < o.warmup; ++i) runner.run();
        std::vector<double> times;
        for (int i = 0; i < o.reps; ++i) times.push_back(runner.run().total_ms);
        const bool verified =
            verify_sorted(*input, runner.result(), o.descending, algorithm.stable).ok;
        all_verified = all_verified && verified;
        emit({"sortscope-" + std::string(name), type, n, median(times),
              *std::min_element(times.begin(), times.end()), o.reps, verified, plan.steps.size()});
      }
      if (o.cpu == "none") continue;
      if (!input) input = generate_keys(*distribution, n, type, o.seed, o.pairs);
      // CPU sorts of large n take seconds each: fewer repetitions, still a median.
      const int cpu_reps = std::max(1, std::min(o.reps, n >= (1u << 24) ? 3 : 7));
      std::vector<CpuSort> kinds{CpuSort::std_sort};
      if (o.cpu == "all") kinds.push_back(CpuSort::std_sort_parallel);
      for (CpuSort kind : kinds) {
        std::cerr << "bench: " << (kind == CpuSort::std_sort ? "std::sort " : "std::sort-par ")
                  << to_string(type) << " n=" << n << " (" << cpu_reps << " runs)\n";
        std::vector<double> times;
        for (int i = 0; i < cpu_reps; ++i)
          times.push_back(time_cpu_sort(*input, o.descending, kind));
        emit({kind == CpuSort::std_sort ? "std::sort" : "std::sort-par", type, n, median(times),
              *std::min_element(times.begin(), times.end()), cpu_reps, true, 0});
      }
    }
  }
  if (context.validation_log().count() != 0) return k_exit_validation;
  return all_verified ? k_exit_ok : k_exit_unverified;
}

}  // namespace

Command add_bench_command(CLI::App& app) {
  auto options = std::make_shared<BenchOptions>();
  auto* sub = app.add_subcommand("bench",
                                 "time the full-speed plans (GPU timestamps, median of --reps "
                                 "after --warmup, each run from the "
                                 "same pristine input, result verified) beside std::sort");
  sub->add_option("--algo,-a", options->algorithms, "comma-separated algorithms")
      ->capture_default_str();
  sub->add_option("--n,-n", options->sizes, "comma-separated sizes, decimal or 2^K")
      ->capture_default_str();
  sub->add_option("--type,-t", options->types, "comma-separated key types")->capture_default_str();
  sub->add_option("--dist,-d", options->distribution, "input distribution")->capture_default_str();
  sub->add_option("--seed,-s", options->seed, "seed of the input generator")->capture_default_str();
  sub->add_flag("--pairs", options->pairs, "key-value pairs");
  sub->add_flag("--descending", options->descending, "sort from largest to smallest");
  sub->add_option("--device", options->device, "Vulkan device index or name substring");
  sub->add_option("--reps", options->reps, "timed repetitions")->capture_default_str();
  sub->add_option("--warmup", options->warmup, "untimed warm-up runs")->capture_default_str();
  sub->add_option("--cpu", options->cpu, "CPU baselines: none, std (one core), all (also parallel)")
      ->capture_default_str();
  sub->add_flag("--json", options->json,
                "JSON Lines in the schema of bench/cub_baseline.cu (impl, type, pairs, n, ms, "
                "gkeys_per_s, ...)");
  return [options] {
    std::string command = "sortscope-cli bench --algo " + options->algorithms + " --n " +
                          options->sizes + " --type " + options->types +
                          (options->pairs ? " --pairs" : "") + " --reps " +
                          std::to_string(options->reps);
    return bench(*options, command);
  };
}

}  // namespace ss::cli
