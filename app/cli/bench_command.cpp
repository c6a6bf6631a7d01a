// sortscope-cli bench: times the full-speed plans beside std::sort, for every combination of
// algorithms, sizes and key types asked for; writes a text table, JSON Lines, CSV and a plot.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <numeric>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "algorithms/algorithm.hpp"
#include "baseline/cpu_sort.hpp"
#include "baseline/cpu_timing.hpp"
#include "cli/commands.hpp"
#include "cli/kept_rows.hpp"
#include "cli/sample_sort_bench.hpp"
#include "cli/stepping_cost.hpp"
#include "common/bench_model.hpp"
#include "common/bench_plot.hpp"
#include "common/bench_rows.hpp"
#include "common/copy_bandwidth.hpp"
#include "common/scenario.hpp"
#include "core/atomic_file.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "plan/runner.hpp"
#include "platform/terminal.hpp"
#include "platform/utf8_paths.hpp"

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
  std::string json;         // "": none, "-": stdout
  bool append = false;      // keep the rows the --json/--csv files hold
  std::string csv;
  std::string plot;
  std::vector<std::string> overlays;
  bool steps = false;
  bool stepping = false;
  std::uint32_t plot_width = 1280;
  std::uint32_t plot_height = 720;
  bool plot_log_y = false;
  std::string copy_gbps = "auto";
  std::uint32_t tile_keys = 0;  // 0: each device's tuned tiles
  SampleSortOptions sample_sort;
};

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream stream(list);
  for (std::string item; std::getline(stream, item, ',');) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

std::string duration_text(double seconds) {
  char text[32];
  if (seconds < 90) {
    std::snprintf(text, sizeof text, "%.0f s", std::ceil(seconds));
  } else if (seconds < 5400) {
    std::snprintf(text, sizeof text, "%.0f min", std::ceil(seconds / 60));
  } else {
    std::snprintf(text, sizeof text, "%.1f h", seconds / 3600);
  }
  return text;
}

// One GPU configuration, planned (and checked against the device) before anything runs.
struct GpuJob {
  const Algorithm* algorithm;
  Plan plan;
  std::uint64_t bytes_moved = 0;
  double weight = 0;  // estimated cost, for the time-left estimate
};

// One (key type, n): the GPU configurations, then the CPU baselines, on the same input.
struct Group {
  KeyType type;
  std::uint32_t n;
  std::vector<GpuJob> jobs;
  std::vector<CpuSort> cpu;
  int cpu_reps = 0;
  double cpu_weight = 0;  // per CPU sort
};

// Where one output goes: stdout for "-", row by row; or a file, written whole by commit() once
// the bench is complete (atomically: an error or an interruption leaves any earlier file as it
// was), after the rows it already held when `append`. The file is opened at once, so a bad path
// fails before anything runs, and a file about to lose its rows says so before the run.
class Sink {
 public:
  Sink(const std::string& path, bool append) : path_(path) {
    if (path.empty() || path == "-") return;
    const std::string earlier = rows_already_in(path);
    if (append) {
      kept_ = earlier;
    } else if (!earlier.empty()) {
      std::cerr << "bench: " << path << " holds " << line_count(earlier)
                << " lines; this run's rows will replace them (--append adds to them)\n";
    }
    file_ = std::make_unique<AtomicFile>(platform::path_from_utf8(path));
  }
  bool on() const { return !path_.empty(); }
  const std::string& kept() const { return kept_; }
  std::ostream& out() { return file_ ? static_cast<std::ostream&>(buffer_) : std::cout; }
  void commit() {
    if (!file_) return;
    file_->write(kept_);
    file_->write(buffer_.str());
    file_->commit();
  }

 private:
  std::string path_;
  std::string kept_;
  std::unique_ptr<AtomicFile> file_;
  std::ostringstream buffer_;
};

// The progress line: on a terminal only, rewritten in place with \r.
class Progress {
 public:
  explicit Progress(double total_weight)
      : tty_(platform::stderr_is_terminal()),
        total_(total_weight),
        start_(std::chrono::steady_clock::now()) {}
  bool tty() const { return tty_; }
  void show(const std::string& what, double done_weight) {
    if (!tty_) return;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::string left = "estimating time left";
    if (done_weight > 0 && elapsed > 0.5) {
      left = "about " + duration_text(elapsed / done_weight * (total_ - done_weight)) + " left";
    }
    std::cerr << "\r\033[Kbench: " << what << " (" << left << ")" << std::flush;
  }
  void clear() {
    if (tty_) std::cerr << "\r\033[K" << std::flush;
  }

 private:
  bool tty_;
  double total_;
  std::chrono::steady_clock::time_point start_;
};

std::string speedup_text(const std::optional<double>& speedup) {
  return speedup ? figure(*speedup) + "x" : "-";
}

void print_table_header(std::ostream& out) {
  char line[256];
  std::snprintf(line, sizeof line, "%-22s %-18s %10s %11s %11s %9s %8s %8s %8s %s\n", "impl",
                "keys", "n", "median ms", "min ms", "Gkeys/s", "GB/s", "vs std", "vs par",
                "verified");
  out << line;
}

void print_table_row(std::ostream& out, const BenchRow& row) {
  char line[512];
  std::snprintf(line, sizeof line, "%-22s %-18s %10s %11.3f %11s %9s %8s %8s %8s %s\n",
                row.impl.c_str(), keys_text(row).c_str(), pow2_text(row.n).c_str(), row.ms,
                row.ms_min ? fixed("%.3f", *row.ms_min).c_str() : "-",
                figure(row.gkeys_per_s).c_str(), row.gb_per_s ? figure(*row.gb_per_s).c_str() : "-",
                speedup_text(row.speedup_vs_std_sort).c_str(),
                speedup_text(row.speedup_vs_std_sort_par).c_str(),
                !row.verified   ? "-"
                : *row.verified ? "yes"
                                : "NOT VERIFIED");
  out << line;
  for (const StepKindTime& k : row.step_kinds) {
    std::snprintf(line, sizeof line, "    %-26s %5zu %s %11.3f ms %6.1f%% %8s GB/s\n",
                  k.kind.c_str(), k.steps, k.steps == 1 ? "step " : "steps", k.ms, k.share * 100,
                  figure(k.gb_per_s).c_str());
    out << line;
  }
}

// SORTSCOPE_TEST_CORRUPT_RESULT=1 alters every GPU result before it is verified, so the tests
// can check that a wrong result is reported (verified false, exit 1) through the bench's own
// verification path. Not for anything else.
void corrupt_for_test(KeyArray& result) {
  const char* flag = std::getenv("SORTSCOPE_TEST_CORRUPT_RESULT");
  if (flag == nullptr || std::string(flag) != "1" || result.words.empty()) return;
  result.words[0] ^= 1u;
}

std::string command_line(const BenchOptions& o) {
  std::string c =
      "sortscope-cli bench --algo " + o.algorithms + " --n " + o.sizes + " --type " + o.types;
  if (o.distribution != "random") c += " --dist " + o.distribution;
  if (o.seed != 1) c += " --seed " + std::to_string(o.seed);
  if (o.pairs) c += " --pairs";
  if (o.descending) c += " --descending";
  c += " --reps " + std::to_string(o.reps) + " --warmup " + std::to_string(o.warmup) + " --cpu " +
       o.cpu;
  if (o.tile_keys != 0) c += " --tile-keys " + std::to_string(o.tile_keys);
  if (o.steps) c += " --steps";
  return c;
}

int bench(const BenchOptions& o) {
  if (o.algorithms == k_sample_sort) {
    SampleSortBenchOptions b;
    b.sizes = o.sizes;
    b.scenario.type = o.types;
    b.scenario.distribution = o.distribution;
    b.scenario.seed = std::to_string(o.seed);
    b.scenario.pairs = o.pairs;
    b.scenario.descending = o.descending;
    b.scenario.device = o.device;
    b.reps = o.reps;
    b.warmup = o.warmup;
    b.json = o.json;
    b.append = o.append;
    b.command = command_line(o) + " --local " + o.sample_sort.local;
    return bench_sample_sort(b, o.sample_sort);
  }
  refuse_sample_sort_options(o.sample_sort, o.algorithms);
  // Everything the options say is checked before a device is opened.
  std::vector<const Algorithm*> chosen;
  const bool all = o.algorithms == "all";
  if (all) {
    for (const Algorithm& a : algorithms()) chosen.push_back(&a);
  } else {
    for (const auto& name : split(o.algorithms)) {
      const Algorithm* a = find_algorithm(name);
      if (a == nullptr) {
        throw UsageError("unknown algorithm '" + name + "'; choose from: all, " +
                         algorithm_names());
      }
      chosen.push_back(a);
    }
    if (chosen.empty()) throw UsageError("--algo is empty; choose from: all, " + algorithm_names());
  }
  const std::vector<std::uint32_t> sizes = parse_count_list(o.sizes, "--n");
  std::vector<KeyType> types;
  for (const auto& t : split(o.types)) {
    const auto type = parse_key_type(t);
    if (!type) throw UsageError("unknown key type '" + t + "'; choose from: u32, i32, f32, u64");
    types.push_back(*type);
  }
  if (types.empty()) throw UsageError("--type is empty; choose from: u32, i32, f32, u64");
  const auto distribution = parse_distribution(o.distribution);
  if (!distribution) {
    throw UsageError("unknown distribution '" + o.distribution +
                     "'; choose one of: " + distribution_names());
  }
  if (o.reps < 1 || o.warmup < 0) throw UsageError("--reps must be >= 1 and --warmup >= 0");
  if (o.cpu != "none" && o.cpu != "std" && o.cpu != "all") {
    throw UsageError("--cpu '" + o.cpu + "' is not one of: none, std, all");
  }
  if (o.json == "-" && o.csv == "-") {
    throw UsageError("--json - and --csv - both ask for stdout; send one of them to a file");
  }
  if (o.append && (o.json.empty() || o.json == "-") && (o.csv.empty() || o.csv == "-")) {
    throw UsageError("--append adds rows to a --json or --csv FILE; name one");
  }
  if (!o.plot.empty()) {
    const auto dir = platform::path_from_utf8(o.plot).parent_path();
    if (!dir.empty() && !std::filesystem::is_directory(dir))
      throw UsageError("--plot: the folder of '" + o.plot + "' does not exist");
  }
  PlotSettings plot_settings;
  plot_settings.width = o.plot_width;
  plot_settings.height = o.plot_height;
  plot_settings.log_y = o.plot_log_y;
  const CopyBoundOption copy_bound = parse_copy_bound(o.copy_gbps);
  plot_settings.copy_ceilings = copy_bound.automatic || copy_bound.gb_per_s > 0;
  plot_settings.copy_gb_per_s = copy_bound.gb_per_s;
  check_plot_settings(plot_settings);
  std::vector<BenchRow> overlay;
  for (const std::string& path : o.overlays) {
    for (BenchRow& row : read_rows(path)) overlay.push_back(std::move(row));
  }

  ContextOptions context_options;
  context_options.device_selector = o.device;
  Context context(context_options);
  if (o.stepping) {
    print_stepping_cost(context, chosen, sizes, types,
                        {*distribution, o.seed, o.pairs, o.descending});
    return exit_code_after_validation(context, k_exit_ok);
  }
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  const std::string device_name = context.properties().name;

  // The configurations: with --algo all, the sizes an algorithm itself refuses are skipped
  // (saying so); then every one is planned and checked against the device before any runs.
  std::vector<Group> groups;
  for (KeyType type : types) {
    for (std::uint32_t n : sizes) {
      Group group{type, n, {}, {}, 0, 0};
      for (const Algorithm* algorithm : chosen) {
        if (all && n > algorithm->max_n) {
          std::cerr << "bench: skipping " << algorithm->name << " for n = " << n
                    << ": it takes n <= " << algorithm->max_n << "\n";
          continue;
        }
        group.jobs.push_back({algorithm, Plan{}, 0, 0});
      }
      if (o.cpu != "none") {
        group.cpu.push_back(CpuSort::std_sort);
        if (o.cpu == "all") group.cpu.push_back(CpuSort::std_sort_parallel);
        // CPU sorts of large n take seconds each: fewer repetitions, still a median.
        group.cpu_reps = std::max(1, std::min(o.reps, n >= (1u << 24) ? 3 : 7));
        group.cpu_weight = double(n) * std::max(1.0, std::log2(double(n))) * 5e-9;
      }
      if (!group.jobs.empty() || !group.cpu.empty()) groups.push_back(std::move(group));
    }
  }
  double total_weight = 0;
  for (Group& group : groups) {
    SortSpec spec{group.n, group.type, o.pairs, o.descending};
    // Full speed: the device's tuned tiles at every n, unless tiles are being tuned.
    spec.tile_keys = o.tile_keys != 0 ? o.tile_keys : k_tile_keys_tuned;
    for (GpuJob& job : group.jobs) {
      job.plan = make_plan(job.algorithm->name, spec, limits);
      check_plan_fits(job.plan, limits, device_name);
      for (const Step& step : job.plan.steps)
        job.bytes_moved += step.bytes_read + step.bytes_written;
      // Rough relative cost: traffic plus a per-dispatch overhead, per run.
      job.weight = (o.warmup + o.reps) *
                       (double(job.bytes_moved) * 1e-9 + double(job.plan.steps.size()) * 2e-5) +
                   1e-2;
      total_weight += job.weight;
    }
    total_weight += group.cpu_weight * group.cpu_reps * double(group.cpu.size());
  }

  std::optional<CopyBandwidth> copy;
  const bool any_gpu =
      std::any_of(groups.begin(), groups.end(), [](const Group& g) { return !g.jobs.empty(); });
  if (copy_bound.automatic && any_gpu) {
    bool told = false;
    copy = device_copy_bandwidth(context, [&](int) {
      if (!told) std::cerr << "bench: measuring the device's copy bandwidth (once per device)\n";
      told = true;
    });
    std::cerr << "bench: copy bandwidth " << figure(copy->gb_per_s) << " GB/s ("
              << (copy->bytes >> 20) << " MiB copied one uvec4 per thread, "
              << (copy->from_cache ? "measured " + copy->date + ", cached" : "measured now")
              << ")\n";
  }

  Sink json(o.json, o.append);
  Sink csv(o.csv, o.append);
  const bool table_on_stdout = o.json != "-" && o.csv != "-";
  if (!csv.kept().empty() && first_line(csv.kept()) != first_line(csv_header())) {
    throw UsageError("--append: the first line of " + o.csv +
                     " is not this bench's CSV header, so its rows would not line up; name "
                     "another file");
  }
  if (csv.on() && csv.kept().empty()) csv.out() << csv_header() << std::flush;
  if (table_on_stdout) print_table_header(std::cout);

  const std::string date = today();
  const std::string command = command_line(o);
  const std::string driver = context.properties().driver;
  Progress progress(total_weight);
  double done_weight = 0;
  std::vector<BenchRow> all_rows;
  bool all_verified = true;
  std::size_t config = 0;
  std::size_t config_count = 0;
  for (const Group& g : groups) config_count += g.jobs.size() + g.cpu.size();

  for (Group& group : groups) {
    const KeyArray input = generate_keys(*distribution, group.n, group.type, o.seed, o.pairs);
    std::optional<KeyArray> expected;  // std::stable_sort of input, shared by the algorithms
    std::vector<BenchRow> rows;
    auto base_row = [&](std::string impl) {
      BenchRow row;
      row.impl = std::move(impl);
      row.type = schema_type(group.type);
      row.pairs = o.pairs;
      row.n = group.n;
      row.driver = driver;
      row.date = date;
      row.command = command;
      row.descending = o.descending;
      return row;
    };
    for (GpuJob& job : group.jobs) {
      ++config;
      const std::string what = "[" + std::to_string(config) + "/" + std::to_string(config_count) +
                               "] " + std::string(job.algorithm->name) + " " +
                               std::string(to_string(group.type)) + " n=" + pow2_text(group.n);
      if (!progress.tty()) {
        std::cerr << "bench: " << job.algorithm->name << " " << to_string(group.type)
                  << " n=" << group.n << " (" << o.warmup << " warm-up + " << o.reps
                  << " timed runs)\n";
      }
      progress.show(what + ": setting up", done_weight);
      const double per_run = (job.weight - 1e-2) / (o.warmup + o.reps);
      TimedPlan timed = time_plan(context, job.plan, input, o.warmup, o.reps, [&](int i) {
        if (i > 0) done_weight += per_run;
        progress.show(
            i < o.warmup
                ? what + ": warm-up " + std::to_string(i + 1) + "/" + std::to_string(o.warmup)
                : what + ": run " + std::to_string(i - o.warmup + 1) + "/" + std::to_string(o.reps),
            done_weight);
      });
      done_weight += per_run + 1e-2;
      KeyArray& result = timed.result;
      corrupt_for_test(result);
      if (!expected) expected = cpu_sort(input, o.descending);
      const bool verified =
          verify_sorted_against(input, *expected, result, job.algorithm->stable).ok;
      all_verified = all_verified && verified;

      BenchRow row = gpu_row(job.plan, timed, o.steps);
      row.driver = driver;
      row.date = date;
      row.command = command;
      row.device = device_name;
      row.verified = verified;
      if (copy) row.copy_gb_per_s = copy->gb_per_s;
      if (const std::string note = disturbed_timing_note(row); !note.empty()) {
        progress.clear();
        std::cerr << "bench: warning: " << job.algorithm->name << " " << to_string(group.type)
                  << " n=" << pow2_text(group.n) << ": " << note << "\n";
      }
      if (row.submissions) {
        progress.clear();
        std::cerr << "bench: note: " << job.algorithm->name << " " << to_string(group.type)
                  << " n=" << pow2_text(group.n) << ": each run took longer than one submission "
                  << "may (so that Ctrl-C stops it within a second): timed in " << *row.submissions
                  << " submissions, without the gaps between them\n";
      }
      rows.push_back(std::move(row));
      job.plan = Plan{};  // done with it (transposition plans hold n steps)
    }
    for (CpuSort kind : group.cpu) {
      ++config;
      const std::string name = kind == CpuSort::std_sort ? "std::sort" : "std::sort-par";
      if (!progress.tty()) {
        std::cerr << "bench: " << name << " " << to_string(group.type) << " n=" << group.n << " ("
                  << group.cpu_reps << " runs)\n";
      }
      std::vector<double> times;
      for (int i = 0; i < group.cpu_reps; ++i) {
        progress.show("[" + std::to_string(config) + "/" + std::to_string(config_count) + "] " +
                          name + " " + std::string(to_string(group.type)) +
                          " n=" + pow2_text(group.n) + ": run " + std::to_string(i + 1) + "/" +
                          std::to_string(group.cpu_reps),
                      done_weight);
        times.push_back(time_cpu_sort(input, o.descending, kind));
        done_weight += group.cpu_weight;
      }
      BenchRow row = cpu_row(name, times);
      BenchRow base = base_row(name);
      row.type = base.type;
      row.pairs = base.pairs;
      row.n = base.n;
      row.driver = base.driver;
      row.date = base.date;
      row.command = base.command;
      row.descending = base.descending;
      rows.push_back(std::move(row));
    }
    // Derived fields, once the group's baselines are known.
    derive_speedups(rows);
    progress.clear();
    for (BenchRow& row : rows) {
      if (json.on()) json.out() << to_json(row).dump() << "\n" << std::flush;
      if (csv.on()) csv.out() << csv_lines(row) << std::flush;
      if (table_on_stdout) print_table_row(std::cout, row);
      all_rows.push_back(row);
    }
    std::cout << std::flush;
  }
  progress.clear();
  json.commit();
  csv.commit();

  if (table_on_stdout && !overlay.empty()) {
    std::cout << "overlay (" << overlay.size() << " rows from "
              << std::accumulate(std::next(o.overlays.begin()), o.overlays.end(), o.overlays[0],
                                 [](std::string a, const std::string& b) { return a + ", " + b; })
              << "):\n";
    for (const BenchRow& row : overlay) print_table_row(std::cout, row);
  }
  if (!o.plot.empty()) {
    std::vector<BenchRow> plotted = all_rows;
    plotted.insert(plotted.end(), overlay.begin(), overlay.end());
    PlotSettings settings = plot_settings;
    settings.title = "sorting throughput on " + device_name + ", " + date;
    write_plot(context, plotted, settings, o.plot);
    std::cerr << "bench: wrote " << o.plot << " (" << o.plot_width << "x" << o.plot_height << ")\n";
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
  sub->add_option("--algo,-a", options->algorithms,
                  "comma-separated algorithms, or all (sizes an algorithm refuses are skipped); or "
                  "sample-sort alone, under mpirun (one key type)")
      ->capture_default_str();
  sub->add_option("--n,-n", options->sizes,
                  "comma-separated sizes (decimal or 2^K) and ranges A..B (doubling) or A..B:xK")
      ->capture_default_str();
  sub->add_option("--type,-t", options->types, "comma-separated key types")->capture_default_str();
  sub->add_option("--dist,-d", options->distribution, "input distribution")->capture_default_str();
  sub->add_option("--seed,-s", options->seed, "seed of the input generator")->capture_default_str();
  sub->add_flag("--pairs", options->pairs, "key-value pairs");
  sub->add_flag("--descending", options->descending, "sort from largest to smallest");
  sub->add_option("--device", options->device, "Vulkan device index or name substring");
  sub->add_option("--reps", options->reps, "timed repetitions")->capture_default_str();
  sub->add_option("--tile-keys", options->tile_keys,
                  "tiled algorithms (radix4, onesweep, mergesort): K keys per tile instead of the "
                  "device's tuned tile, to tune it (the rows' command records it)")
      ->check(CLI::Range(1u, 1u << 20));
  sub->add_option("--warmup", options->warmup, "untimed warm-up runs")->capture_default_str();
  sub->add_option("--cpu", options->cpu, "CPU baselines: none, std (one core), all (also parallel)")
      ->capture_default_str();
  add_sample_sort_options(*sub, options->sample_sort);
  auto* json = sub->add_option("--json", options->json,
                               "JSON Lines (schema of bench/cub_baseline.cu, README) to FILE, or "
                               "stdout for - or no FILE")
                   ->expected(0, 1);
  auto* csv = sub->add_option("--csv", options->csv, "CSV with a header row to FILE (- = stdout)")
                  ->expected(0, 1);
  sub->add_flag("--append", options->append,
                "keep the rows the --json or --csv FILE holds and add this run's after them "
                "(without it the FILE is replaced; either way only once the run is complete)");
  sub->add_flag(
      "--steps", options->steps,
      "per step kind (histogram, scan, pass 0, ...): ms, share and GB/s of the median run");
  sub->add_flag("--stepping", options->stepping,
                "instead of timing full-speed runs: the wall time per step of stepping each plan "
                "(as the app does), without and with the GPU's invariant check after every step");
  sub->add_option("--plot", options->plot, "PNG of Gkeys/s against n, one line per impl and keys");
  sub->add_option("--overlay", options->overlays,
                  "JSON Lines file whose rows (e.g. CUB's) join the table and the plot");
  sub->add_option("--plot-width", options->plot_width, "plot width in pixels")
      ->capture_default_str();
  sub->add_option("--plot-height", options->plot_height, "plot height in pixels")
      ->capture_default_str();
  sub->add_flag("--plot-log-y", options->plot_log_y, "log10 Gkeys/s axis");
  sub->add_option("--copy-gbps", options->copy_gbps,
                  "the device's copy bandwidth, carried by the rows as copy_gb_per_s and drawn as "
                  "each line's ceiling in the plot: auto (measured once per device, then cached), "
                  "none, or GB/s (the plot only)")
      ->capture_default_str();
  return [options, json, csv] {
    if (json->count() > 0 && options->json.empty()) options->json = "-";
    if (csv->count() > 0 && options->csv.empty()) options->csv = "-";
    return bench(*options);
  };
}

}  // namespace ss::cli
