#include "render/views/scatter_view.hpp"

#include <algorithm>
#include <string>

#include "render/color_map.hpp"
#include "render/text_fit.hpp"
#include "render/views/radix_legend.hpp"

namespace ss::render {

namespace {

constexpr std::size_t k_caption_lines = 2;

std::string caption(const ScatterModel& m) {
  return std::string("where each key went: ") +
         (m.matched_by_value ? "matched by value (original index)"
                             : "equal keys matched in order") +
         "; lines of one digit never cross, so the scatter is stable";
}

float caption_height(const RadixState& radix, float width, float line) {
  if (!radix.scatter) return line;
  return float(wrap_words(caption(*radix.scatter), width, k_caption_lines).size()) * line;
}

}  // namespace

float scatter_min_height(const RadixState& radix, float width, float line) {
  // The caption, both rows of boxes and three lines' height for the lines between them.
  return caption_height(radix, width, line) + 0.3f * line + 2 * 1.2f * line + 3 * line;
}

ScatterGeometry scatter_geometry(ImVec2 min, ImVec2 max, std::uint32_t n, float line,
                                 float caption_h) {
  ScatterGeometry g;
  g.n = std::max<std::uint32_t>(n, 1);
  g.left = min.x + ImGui::CalcTextSize("before").x + 0.8f * line;
  g.right = max.x;
  const float box_h = std::min(1.6f * line, (max.y - min.y - caption_h) * 0.2f);
  g.before_top = min.y + caption_h + line * 0.3f;
  g.before_bottom = g.before_top + box_h;
  g.after_bottom = max.y;
  g.after_top = g.after_bottom - box_h;
  return g;
}

ScatterGeometry draw_scatter(ImDrawList* list, ImVec2 min, ImVec2 max, const RadixState& radix,
                             const Palette& colors, float scale) {
  const float line = ImGui::GetFontSize();
  if (!radix.scatter) {
    const std::string why = std::string("scatter: shown after a ") +
                            (radix.digits.onesweep ? "pass" : "scatter") +
                            " step, for n <= " + std::to_string(k_max_scatter_n);
    draw_text(list, min, colors.dim, elide(why, max.x - min.x));
    return {};
  }
  const ScatterModel& m = *radix.scatter;
  const std::uint32_t n = std::uint32_t(m.digit.size());
  const std::uint32_t buckets = radix.digits.buckets();
  const float caption_h =
      draw_wrapped(list, min, colors.dim, caption(m), max.x - min.x, k_caption_lines);
  const ScatterGeometry g = scatter_geometry(min, max, n, line, caption_h);

  const float cell = (g.right - g.left) / float(n);
  const float gap = cell >= 6 * scale ? std::max(1.0f, cell * 0.12f) : 0.0f;
  const bool labels = ImGui::CalcTextSize(radix.digits.bits <= 4 ? "F" : "FF").x <= cell - gap;
  // Lines first, boxes on top, so line ends tuck under the boxes.
  const float thickness = std::clamp(cell * 0.18f, 1.0f, 3.0f * scale);
  for (std::uint32_t i = 0; i < n; ++i) {
    const ImU32 color = digit_color(m.digit[i], buckets);
    const ImVec2 from{g.box_center(i), g.before_bottom},
        to{g.box_center(m.destination[i]), g.after_top};
    const float bend = (g.after_top - g.before_bottom) * 0.45f;
    list->AddBezierCubic(from, {from.x, from.y + bend}, {to.x, to.y - bend}, to, color, thickness);
  }
  auto row = [&](float top, float bottom, bool after) {
    // Key i sits at slot i before the step and at its destination after it.
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t slot = after ? m.destination[i] : i;
      const ImU32 fill = digit_color(m.digit[i], buckets);
      const ImVec2 a{g.left + float(slot) * cell + gap * 0.5f, top},
          z{g.left + float(slot + 1) * cell - gap * 0.5f, bottom};
      list->AddRectFilled(a, z, fill);
      if (labels) {
        const std::string text = digit_label(m.digit[i], radix.digits.bits);
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        draw_text(list, {(a.x + z.x - size.x) * 0.5f, (a.y + z.y - size.y) * 0.5f},
                  text_color_on(fill), text);
      }
    }
  };
  row(g.before_top, g.before_bottom, false);
  row(g.after_top, g.after_bottom, true);
  draw_text(list, {min.x, (g.before_top + g.before_bottom - line) * 0.5f}, colors.text, "before");
  draw_text(list, {min.x, (g.after_top + g.after_bottom - line) * 0.5f}, colors.text, "after");
  return g;
}

}  // namespace ss::render
