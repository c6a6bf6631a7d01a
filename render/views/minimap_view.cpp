#include "render/views/minimap_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "render/text_fit.hpp"

namespace ss::render {

namespace {

// The strip's height in lines: tall enough to see sorted runs and buckets, small beside the bars.
constexpr float k_strip_lines = 1.6f;

std::string zoom_text(KeyWindow window, std::uint32_t n) {
  const double zoom = double(n) / double(std::max<std::uint32_t>(window.size(n), 1));
  char text[32];
  std::snprintf(text, sizeof text, zoom < 10 ? "%.1fx" : "%.0fx", zoom);
  return text;
}

}  // namespace

float minimap_height(KeyWindow window, std::uint32_t n, float line, float scale) {
  if (window.whole(n)) return 0.0f;
  return line + 2 * scale + k_strip_lines * line + 6 * scale;
}

std::uint32_t key_at(KeyWindow window, std::uint32_t n, float min_x, float max_x, float x) {
  if (n == 0 || max_x <= min_x) return 0;
  const double f = std::clamp(double(x - min_x) / double(max_x - min_x), 0.0, 1.0);
  const auto offset = std::uint32_t(f * double(window.size(n)));
  return std::min(window.begin(n) + offset, window.end(n) - 1);
}

float key_x(KeyWindow window, std::uint32_t n, float min_x, float max_x, double i) {
  const double size = std::max<std::uint32_t>(window.size(n), 1);
  return min_x + float((i - double(window.begin(n))) / size * double(max_x - min_x));
}

WindowBarsRects queue_window_bars(ImDrawList* list, BarsView& bars, const StepState& state,
                                  KeyWindow window, bool plan_colors, BarsStyle style,
                                  const Palette& colors, float scale, ImVec2 min, ImVec2 max) {
  const std::uint32_t n = state.n();
  WindowBarsRects r;
  r.bars_min = min;
  r.bars_max = max;
  r.minimap_min = r.minimap_max = min;
  if (window.whole(n)) {
    bars.queue(min, max, plan_colors, style);
    return r;
  }
  const float line = ImGui::GetFontSize();
  const float width = max.x - min.x;
  const std::string where = window_text(window, n) + "  (" + zoom_text(window, n) + ")";
  draw_text(list, min, colors.text, elide(where, width));
  r.minimap_min = {min.x, min.y + line + 2 * scale};
  r.minimap_max = {max.x, r.minimap_min.y + k_strip_lines * line};
  bars.queue(r.minimap_min, r.minimap_max, plan_colors, BarsStyle::automatic);
  // The window framed; the rest of the array behind a veil (ImGui draws over the bars).
  const float x0 = key_x({}, n, min.x, max.x, window.begin(n));
  const float x1 = std::max(key_x({}, n, min.x, max.x, window.end(n)), x0 + 2 * scale);
  const ImU32 veil = ImGui::ColorConvertFloat4ToU32(
      {colors.background.x, colors.background.y, colors.background.z, 0.6f});
  list->AddRectFilled(r.minimap_min, {x0, r.minimap_max.y}, veil);
  list->AddRectFilled({x1, r.minimap_min.y}, r.minimap_max, veil);
  list->AddRect({x0 - scale, r.minimap_min.y - scale}, {x1 + scale, r.minimap_max.y + scale},
                colors.accent, 0.0f, 0, 2 * scale);
  r.bars_min = {min.x, r.minimap_max.y + 6 * scale};
  // Lines from the frame to the bars' corners: the window opens out into the bars below.
  list->AddLine({x0, r.minimap_max.y + scale}, {min.x, r.bars_min.y}, colors.accent, scale);
  list->AddLine({x1, r.minimap_max.y + scale}, {max.x, r.bars_min.y}, colors.accent, scale);
  bars.queue(r.bars_min, r.bars_max, plan_colors, style, window);
  return r;
}

}  // namespace ss::render
