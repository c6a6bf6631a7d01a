#include "render/views/scatter_view.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "render/color_map.hpp"
#include "render/move_matching.hpp"
#include "render/text_fit.hpp"
#include "render/views/radix_legend.hpp"

namespace ss::render {

namespace {

constexpr std::size_t k_scatter_caption_lines = 2;

std::string caption(const ScatterModel& m, std::uint32_t bits) {
  const std::string match =
      m.matched_by_value ? "matched by value (original index)" : "equal keys matched in order";
  const std::string stable = "lines of one digit never cross, so the scatter is stable";
  if (m.windowed()) {
    const std::string keys = "the window's keys " + grouped_number(m.first) + ".." +
                             grouped_number(m.first + m.count - 1);
    const std::string which = m.sampled() ? " (up to " + std::to_string(k_scatter_lines_per_digit) +
                                                " of each of " + std::to_string(m.followed.size()) +
                                                " digits)"
                                          : "";
    return "where " + keys + which + " went in the whole output, " + match + "; " + stable;
  }
  if (!m.sampled()) return "where each key went: " + match + "; " + stable;
  std::string digits;
  for (std::size_t f = 0; f < m.followed.size(); ++f) {
    if (f > 0) digits += f + 1 == m.followed.size() ? " and " : ", ";
    digits += digit_label(m.followed[f], bits);
  }
  return "where keys of digit" + std::string(m.followed.size() > 1 ? "s " : " ") + digits +
         " went (up to " + std::to_string(k_scatter_lines_per_digit) + " each, " + match + "); " +
         stable;
}

// The strips show every digit; those not followed with lines are dimmed.
ImU32 strip_color(const ScatterModel& m, std::uint32_t digit, std::uint32_t buckets) {
  const ImU32 color = digit_color(digit, buckets);
  const bool followed = std::find(m.followed.begin(), m.followed.end(), digit) != m.followed.end();
  return followed ? color : (color & ~IM_COL32_A_MASK) | (ImU32(0x48) << IM_COL32_A_SHIFT);
}

// A row of a sampled scatter: per pixel column the digit of the nearest sampled key, runs of one
// digit drawn as one rectangle.
void draw_strip(ImDrawList* list, const ScatterGeometry& g, float top, float bottom,
                const ScatterModel& m, const std::vector<std::uint32_t>& digits,
                std::uint32_t buckets) {
  const float width = g.right - g.left;
  const auto columns = std::uint32_t(std::ceil(width));
  const auto sample = [&](std::uint32_t c) {
    const auto i = std::size_t((float(c) + 0.5f) / width * float(digits.size()));
    return digits[std::min(i, digits.size() - 1)];
  };
  std::uint32_t start = 0;
  for (std::uint32_t c = 1; c <= columns; ++c) {
    if (c < columns && sample(c) == sample(start)) continue;
    list->AddRectFilled({g.left + float(start), top},
                        {std::min(g.left + float(c), g.right), bottom},
                        strip_color(m, sample(start), buckets));
    start = c;
  }
}

float caption_height(const RadixState& radix, float width, float line) {
  if (!radix.scatter) return line;
  return float(
             wrap_words(caption(*radix.scatter, radix.digits.bits), width, k_scatter_caption_lines)
                 .size()) *
         line;
}

}  // namespace

float scatter_min_height(const RadixState& radix, float width, float line) {
  // The caption, both rows of boxes and three lines' height for the lines between them.
  return caption_height(radix, width, line) + 0.3f * line + 2 * 1.2f * line + 3 * line;
}

ScatterGeometry scatter_geometry(ImVec2 min, ImVec2 max, const ScatterModel& m, float line,
                                 float caption_h) {
  ScatterGeometry g;
  g.n = std::max<std::uint32_t>(m.n, 1);
  g.first = m.first;
  g.count = std::max<std::uint32_t>(m.count, 1);
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
                            " step, for n <= " + std::to_string(k_max_scatter_read_n);
    draw_text(list, min, colors.dim, elide(why, max.x - min.x));
    return {};
  }
  const ScatterModel& m = *radix.scatter;
  const std::uint32_t buckets = radix.digits.buckets();
  const float caption_h = draw_wrapped(list, min, colors.dim, caption(m, radix.digits.bits),
                                       max.x - min.x, k_scatter_caption_lines);
  const ScatterGeometry g = scatter_geometry(min, max, m, line, caption_h);

  const float cell = (g.right - g.left) / float(g.count);
  const float gap = cell >= 6 * scale ? std::max(1.0f, cell * 0.12f) : 0.0f;
  const bool labels =
      !m.sampled() && ImGui::CalcTextSize(radix.digits.bits <= 4 ? "F" : "FF").x <= cell - gap;
  // Lines first, boxes on top, so line ends tuck under the boxes.
  const float thickness = m.sampled() ? 2.0f * scale : std::clamp(cell * 0.18f, 1.0f, 3.0f * scale);
  for (std::size_t k = 0; k < m.source.size(); ++k) {
    if (m.destination[k] == k_unmatched) continue;
    const ImU32 color = digit_color(m.digit[k], buckets);
    const ImVec2 from{g.before_center(m.source[k]), g.before_bottom},
        to{g.box_center(m.destination[k]), g.after_top};
    const float bend = (g.after_top - g.before_bottom) * 0.45f;
    list->AddBezierCubic(from, {from.x, from.y + bend}, {to.x, to.y - bend}, to, color, thickness);
  }
  auto row = [&](float top, float bottom, bool after) {
    // Key k sits at its old position before the step and at its destination after it.
    for (std::size_t k = 0; k < m.source.size(); ++k) {
      const std::uint32_t slot = after ? m.destination[k] : m.source[k] - g.first;
      if (slot == k_unmatched) continue;
      const ImU32 fill = digit_color(m.digit[k], buckets);
      const ImVec2 a{g.left + float(slot) * cell + gap * 0.5f, top},
          z{g.left + float(slot + 1) * cell - gap * 0.5f, bottom};
      list->AddRectFilled(a, z, fill);
      if (labels) {
        const std::string text = digit_label(m.digit[k], radix.digits.bits);
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        draw_text(list, {(a.x + z.x - size.x) * 0.5f, (a.y + z.y - size.y) * 0.5f},
                  text_color_on(fill), text);
      }
    }
  };
  if (m.sampled())
    draw_strip(list, g, g.before_top, g.before_bottom, m, m.strip_before, buckets);
  else
    row(g.before_top, g.before_bottom, false);
  // A window's keys land anywhere in the whole output: its strip, their digits bright.
  if (m.sampled() || m.windowed())
    draw_strip(list, g, g.after_top, g.after_bottom, m, m.strip_after, buckets);
  else
    row(g.after_top, g.after_bottom, true);
  draw_text(list, {min.x, (g.before_top + g.before_bottom - line) * 0.5f}, colors.text, "before");
  draw_text(list, {min.x, (g.after_top + g.after_bottom - line) * 0.5f}, colors.text, "after");
  return g;
}

}  // namespace ss::render
