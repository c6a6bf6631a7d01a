#include "common/bench_plot.hpp"

#include <algorithm>
#include <cstdio>

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

void write_plot(const Context& context, const std::vector<BenchRow>& rows,
                const PlotSettings& settings, const std::string& path) {
  std::vector<render::PlotSeries> series;
  std::vector<std::string> layouts;  // key layouts seen, for the bounds
  for (const BenchRow& row : rows) {
    const std::string name = series_name(row);
    auto found = std::find_if(series.begin(), series.end(),
                              [&](const render::PlotSeries& s) { return s.name == name; });
    if (found == series.end()) {
      series.push_back(render::plot_style(series.size(), name));
      found = series.end() - 1;
    }
    found->points.push_back({double(row.n), row.gkeys_per_s});
    const std::string layout = short_type(row.type) + (row.pairs ? " + u32 values" : "");
    if (std::find(layouts.begin(), layouts.end(), layout) == layouts.end())
      layouts.push_back(layout);
  }
  render::ThroughputPlotOptions options;
  options.title = settings.title;
  options.log_y = settings.log_y;
  if (settings.copy_gb_per_s > 0) {
    // One line per element size, naming the layouts that share it.
    std::vector<std::pair<double, std::string>> sizes;
    for (const std::string& layout : layouts) {
      const double bytes = (layout.rfind("u64", 0) == 0 ? 8.0 : 4.0) +
                           (layout.find("values") != std::string::npos ? 4.0 : 0.0);
      auto found = std::find_if(sizes.begin(), sizes.end(),
                                [&](const auto& size) { return size.first == bytes; });
      if (found == sizes.end()) {
        sizes.push_back({bytes, layout});
      } else {
        found->second += ", " + layout;
      }
    }
    for (const auto& [bytes, names] : sizes) {
      char label[200];
      std::snprintf(label, sizeof label, "copy bound (%s): %g GB/s / (2 x %g B)", names.c_str(),
                    settings.copy_gb_per_s, bytes);
      options.bounds.push_back({label, settings.copy_gb_per_s / (2 * bytes)});
    }
  }
  const render::UiStyle style;
  const render::Image image = render::render_imgui_offscreen(
      context, settings.width, settings.height, style,
      [&](ImDrawList* list, ImVec2 min, ImVec2 max, const render::Palette& colors) {
        render::draw_throughput_plot(list, min, max, series, options, colors);
      });
  render::write_png(image, path);
}

}  // namespace ss
