#include "common/bench_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/errors.hpp"
#include "render/headless.hpp"
#include "render/views/throughput_plot.hpp"

namespace ss {

void check_plot_settings(const PlotSettings& settings) {
  if (settings.width < 320 || settings.width > 8192 || settings.height < 200 ||
      settings.height > 8192) {
    throw UsageError("--plot-width " + std::to_string(settings.width) + " --plot-height " +
                     std::to_string(settings.height) +
                     " is out of range (320x200 to 8192x8192 pixels)");
  }
  if (!(settings.copy_gb_per_s >= 0)) throw UsageError("--copy-gbps must be >= 0");
}

CopyBoundOption parse_copy_bound(const std::string& text) {
  if (text == "auto") return {true, 0};
  if (text == "none") return {false, 0};
  try {
    std::size_t used = 0;
    const double value = std::stod(text, &used);
    if (used == text.size() && value >= 0 && std::isfinite(value)) return {false, value};
  } catch (const std::exception&) {
  }
  throw UsageError("--copy-gbps '" + text + "' is not auto, none or a bandwidth in GB/s");
}

std::vector<render::PlotSeries> plot_series(const std::vector<BenchRow>& rows, bool ceilings,
                                            double copy_gb_per_s) {
  std::vector<render::PlotSeries> series;
  for (const BenchRow& row : rows) {
    const std::string name = series_name(row);
    auto found = std::find_if(series.begin(), series.end(),
                              [&](const render::PlotSeries& s) { return s.name == name; });
    if (found == series.end()) {
      series.push_back(render::plot_style(series.size(), name));
      found = series.end() - 1;
    }
    found->points.push_back({double(row.n), row.gkeys_per_s});
    const double copy = copy_gb_per_s > 0 ? copy_gb_per_s : row.copy_gb_per_s.value_or(0);
    if (ceilings && copy > 0 && row.bytes_moved.value_or(0) > 0) {
      found->ceiling.push_back({double(row.n), copy * double(row.n) / double(*row.bytes_moved)});
    }
  }
  auto by_n = [](const render::PlotPoint& a, const render::PlotPoint& b) { return a.n < b.n; };
  for (auto& s : series) {
    std::stable_sort(s.points.begin(), s.points.end(), by_n);
    std::stable_sort(s.ceiling.begin(), s.ceiling.end(), by_n);
  }
  return series;
}

std::string ceiling_note(const std::vector<BenchRow>& rows, double copy_gb_per_s) {
  std::vector<double> copies;
  if (copy_gb_per_s > 0) copies.push_back(copy_gb_per_s);
  for (const BenchRow& row : rows) {
    if (copy_gb_per_s > 0 || !row.copy_gb_per_s) continue;
    if (std::find(copies.begin(), copies.end(), *row.copy_gb_per_s) == copies.end())
      copies.push_back(*row.copy_gb_per_s);
  }
  std::string list;
  for (double c : copies) list += (list.empty() ? "" : ", ") + figure(c);
  return "thin dashed: each line's ceiling, its plan's bytes at the copy bandwidth (" + list +
         " GB/s)";
}

void write_plot(const Context& context, const std::vector<BenchRow>& rows,
                const PlotSettings& settings, const std::string& path) {
  const std::vector<render::PlotSeries> series =
      plot_series(rows, settings.copy_ceilings, settings.copy_gb_per_s);
  render::ThroughputPlotOptions options;
  options.title = settings.title;
  options.log_y = settings.log_y;
  options.ceiling_note = ceiling_note(rows, settings.copy_gb_per_s);
  const render::UiStyle style;
  const render::Image image = render::render_imgui_offscreen(
      context, settings.width, settings.height, style,
      [&](ImDrawList* list, ImVec2 min, ImVec2 max, const render::Palette& colors) {
        render::draw_throughput_plot(list, min, max, series, options, colors);
      });
  render::write_png(image, path);
}

}  // namespace ss
