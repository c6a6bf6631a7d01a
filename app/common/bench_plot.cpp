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

double rows_copy_gb_per_s(const std::vector<BenchRow>& rows) {
  double best = 0;
  for (const BenchRow& row : rows) best = std::max(best, row.copy_gb_per_s.value_or(0));
  return best;
}

std::vector<render::PlotBound> copy_bounds(const std::vector<BenchRow>& rows,
                                           double copy_gb_per_s) {
  std::vector<render::PlotBound> bounds;
  if (!(copy_gb_per_s > 0)) return bounds;
  std::vector<std::pair<double, std::vector<std::string>>> sizes;  // bytes per element, layouts
  for (const BenchRow& row : rows) {
    const std::string layout = short_type(row.type) + (row.pairs ? " + u32 values" : "");
    const double bytes = (row.type == "uint64" ? 8.0 : 4.0) + (row.pairs ? 4.0 : 0.0);
    auto found = std::find_if(sizes.begin(), sizes.end(),
                              [&](const auto& size) { return size.first == bytes; });
    if (found == sizes.end()) found = sizes.insert(sizes.end(), {bytes, {}});
    if (std::find(found->second.begin(), found->second.end(), layout) == found->second.end())
      found->second.push_back(layout);
  }
  for (const auto& [bytes, layouts] : sizes) {
    std::string names;
    for (const std::string& layout : layouts) names += (names.empty() ? "" : ", ") + layout;
    char label[200];
    std::snprintf(label, sizeof label, "copy ceiling (%s): %s GB/s / (2 x %g B)", names.c_str(),
                  figure(copy_gb_per_s).c_str(), bytes);
    bounds.push_back({label, copy_gb_per_s / (2 * bytes)});
  }
  return bounds;
}

std::vector<render::PlotSeries> plot_series(const std::vector<BenchRow>& rows) {
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
  }
  for (auto& s : series) {
    std::stable_sort(
        s.points.begin(), s.points.end(),
        [](const render::PlotPoint& a, const render::PlotPoint& b) { return a.n < b.n; });
  }
  return series;
}

void write_plot(const Context& context, const std::vector<BenchRow>& rows,
                const PlotSettings& settings, const std::string& path) {
  const std::vector<render::PlotSeries> series = plot_series(rows);
  render::ThroughputPlotOptions options;
  options.title = settings.title;
  options.log_y = settings.log_y;
  options.bounds = copy_bounds(rows, settings.copy_gb_per_s);
  const render::UiStyle style;
  const render::Image image = render::render_imgui_offscreen(
      context, settings.width, settings.height, style,
      [&](ImDrawList* list, ImVec2 min, ImVec2 max, const render::Palette& colors) {
        render::draw_throughput_plot(list, min, max, series, options, colors);
      });
  render::write_png(image, path);
}

}  // namespace ss
