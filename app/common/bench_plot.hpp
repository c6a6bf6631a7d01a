#pragma once
// The throughput plot of bench rows (render/views/throughput_plot), rendered headless to PNG;
// shared by `bench --plot` and `bench-report --plot`.
#include <cstdint>
#include <string>
#include <vector>

#include "common/bench_rows.hpp"

namespace ss {

class Context;

struct PlotSettings {
  std::uint32_t width = 1280;
  std::uint32_t height = 720;
  bool log_y = false;
  double copy_gb_per_s = 0;  // > 0: a bound line per key layout, GB/s / (2 x bytes per key)
  std::string title;
};

// Throws UsageError unless the size is 320x200 to 8192x8192 and the bandwidth >= 0.
void check_plot_settings(const PlotSettings& settings);

// One line per impl + keys (series_name), in order of first appearance. Throws UsageError when
// the file cannot be written.
void write_plot(const Context& context, const std::vector<BenchRow>& rows,
                const PlotSettings& settings, const std::string& path);

}  // namespace ss
