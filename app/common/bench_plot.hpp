#pragma once
// The throughput plot of bench rows (render/views/throughput_plot), rendered headless to PNG;
// shared by `bench --plot` and `bench-report --plot`.
#include <cstdint>
#include <string>
#include <vector>

#include "common/bench_rows.hpp"
#include "render/views/throughput_plot.hpp"

namespace ss {

class Context;

struct PlotSettings {
  std::uint32_t width = 1280;
  std::uint32_t height = 720;
  bool log_y = false;
  double copy_gb_per_s = 0;  // > 0: the copy bounds (copy_bounds below)
  std::string title;
};

// --copy-gbps: "auto" (bench: this device's measured copy bandwidth; bench-report: the one the
// rows carry), "none", or a bandwidth in GB/s. Throws UsageError for anything else.
struct CopyBoundOption {
  bool automatic = true;
  double gb_per_s = 0;  // when not automatic; 0 = no bound
};
CopyBoundOption parse_copy_bound(const std::string& text);

// The largest copy_gb_per_s among the rows; 0 when none carries one.
double rows_copy_gb_per_s(const std::vector<BenchRow>& rows);

// One line per impl + keys (series_name), in order of first appearance, points sorted by n.
std::vector<render::PlotSeries> plot_series(const std::vector<BenchRow>& rows);

// The bound lines a copy at `copy_gb_per_s` puts on sorts of the rows' key layouts: a sort that
// reads and writes every key (and value) once at that bandwidth. One line per element size,
// naming the layouts that share it; none when the bandwidth is 0.
std::vector<render::PlotBound> copy_bounds(const std::vector<BenchRow>& rows, double copy_gb_per_s);

// Throws UsageError unless the size is 320x200 to 8192x8192 and the bandwidth >= 0.
void check_plot_settings(const PlotSettings& settings);

// One line per impl + keys (series_name), in order of first appearance. Throws UsageError when
// the file cannot be written.
void write_plot(const Context& context, const std::vector<BenchRow>& rows,
                const PlotSettings& settings, const std::string& path);

}  // namespace ss
