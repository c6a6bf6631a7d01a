// sortscope-cli bench-report: BENCHMARKS.md's tables and plots, generated from the raw JSON
// Lines rows (bench's and CUB's), so the two can never disagree.
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "common/bench_plot.hpp"
#include "common/bench_rows.hpp"
#include "core/atomic_file.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "platform/utf8_paths.hpp"

namespace ss::cli {

namespace {

struct ReportOptions {
  std::vector<std::string> inputs;
  std::string markdown;
  std::string plot;
  std::uint32_t plot_width = 1280;
  std::uint32_t plot_height = 720;
  bool plot_log_y = false;
  std::string copy_gbps = "auto";
  std::string title;
  std::string device;
};

int report(const ReportOptions& o) {
  if (o.markdown.empty() && o.plot.empty())
    throw UsageError("bench-report needs --markdown FILE (- = stdout) and/or --plot FILE.png");
  PlotSettings settings;
  settings.width = o.plot_width;
  settings.height = o.plot_height;
  settings.log_y = o.plot_log_y;
  const CopyBoundOption copy_bound = parse_copy_bound(o.copy_gbps);
  settings.copy_ceilings = copy_bound.automatic || copy_bound.gb_per_s > 0;
  settings.copy_gb_per_s = copy_bound.gb_per_s;
  settings.title = o.title;
  check_plot_settings(settings);
  std::vector<BenchRow> rows;
  for (const std::string& path : o.inputs) {
    for (BenchRow& row : read_rows(path)) rows.push_back(std::move(row));
  }
  if (rows.empty()) throw UsageError("bench-report: no rows in the input files");
  if (!o.markdown.empty()) {
    const std::string table = markdown_report(rows);
    if (o.markdown == "-") {
      std::cout << table << std::flush;
    } else {
      write_file_atomically(platform::path_from_utf8(o.markdown), table);
    }
  }
  if (!o.plot.empty()) {
    ContextOptions context_options;
    context_options.device_selector = o.device;
    Context context(context_options);
    if (settings.title.empty()) {
      settings.title = "sorting throughput";
      if (!rows.front().device.empty()) settings.title += " on " + rows.front().device;
      if (!rows.front().date.empty()) settings.title += ", " + rows.front().date;
    }
    write_plot(context, rows, settings, o.plot);
    std::cerr << "bench-report: wrote " << o.plot << " (" << o.plot_width << "x" << o.plot_height
              << ")\n";
    if (context.validation_log().count() != 0) return k_exit_validation;
  }
  return k_exit_ok;
}

}  // namespace

Command add_bench_report_command(CLI::App& app) {
  auto options = std::make_shared<ReportOptions>();
  auto* sub = app.add_subcommand(
      "bench-report",
      "BENCHMARKS.md's table (impl x keys rows, n columns, Gkeys/s, median ms, ratio to CUB) "
      "and plot from JSON Lines rows of bench and bench/cub_baseline.cu");
  sub->add_option("files", options->inputs, "JSON Lines files (rows are taken in order)")
      ->required();
  sub->add_option("--markdown", options->markdown, "write the Markdown table to FILE (- = stdout)");
  sub->add_option("--plot", options->plot, "PNG of Gkeys/s against n, one line per impl and keys");
  sub->add_option("--plot-width", options->plot_width, "plot width in pixels")
      ->capture_default_str();
  sub->add_option("--plot-height", options->plot_height, "plot height in pixels")
      ->capture_default_str();
  sub->add_flag("--plot-log-y", options->plot_log_y, "log10 Gkeys/s axis");
  sub->add_option("--copy-gbps", options->copy_gbps,
                  "the plot's ceilings (each line's plan at the copy bandwidth): auto (the "
                  "copy_gb_per_s the rows carry), none, or GB/s")
      ->capture_default_str();
  sub->add_option("--title", options->title, "plot title (default: device and date of row 1)");
  sub->add_option("--device", options->device, "Vulkan device that renders the plot");
  return [options] { return report(*options); };
}

}  // namespace ss::cli
