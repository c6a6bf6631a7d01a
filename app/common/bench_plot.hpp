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
  bool copy_ceilings = true;  // plot_series below
  double copy_gb_per_s = 0;   // > 0: instead of the rows' own
  std::string title;
};

// --copy-gbps: "auto" (bench: this device's measured copy bandwidth; bench-report: the one the
// rows carry), "none", or a bandwidth in GB/s. Throws UsageError for anything else.
struct CopyBoundOption {
  bool automatic = true;
  double gb_per_s = 0;  // when not automatic; 0 = no bound
};
CopyBoundOption parse_copy_bound(const std::string& text);

// One line per impl + keys (series_name), in order of first appearance, points sorted by n. A
// row with bytes_moved gets a ceiling point: the Gkeys/s its plan would reach if every byte it
// moves went at the copy bandwidth, `copy_gb_per_s` when > 0, else the row's own
// copy_gb_per_s; none when `ceilings` is false.
std::vector<render::PlotSeries> plot_series(const std::vector<BenchRow>& rows, bool ceilings = true,
                                            double copy_gb_per_s = 0);

// The legend's line for the ceilings, naming the copy bandwidth(s) they use.
std::string ceiling_note(const std::vector<BenchRow>& rows, double copy_gb_per_s = 0);

// Throws UsageError unless the size is 320x200 to 8192x8192 and the bandwidth >= 0.
void check_plot_settings(const PlotSettings& settings);

// One line per impl + keys (series_name), in order of first appearance. Throws UsageError when
// the file cannot be written.
void write_plot(const Context& context, const std::vector<BenchRow>& rows,
                const PlotSettings& settings, const std::string& path);

}  // namespace ss
