#include "render/views/radix_legend.hpp"

#include <algorithm>
#include <cstdio>

#include "render/color_map.hpp"
#include "render/text_fit.hpp"

namespace ss::render {

std::string digit_caption(const DigitPass& d) {
  const std::uint32_t first = d.pass * d.bits;
  return "digit of pass " + std::to_string(d.pass + 1) + " (bits " + std::to_string(first) + ".." +
         std::to_string(first + d.bits - 1) +
         (d.descending ? ", key inverted for descending)" : ")");
}

std::string digit_label(std::uint32_t digit, std::uint32_t bits) {
  char text[8];
  std::snprintf(text, sizeof text, bits <= 4 ? "%X" : "%02X", digit);
  return text;
}

float draw_digit_legend(ImDrawList* list, ImVec2 pos, float width, const DigitPass& d,
                        const Palette& colors, float scale) {
  const float line = ImGui::GetFontSize();
  const std::string caption = elide("colour: " + digit_caption(d), width);
  const std::uint32_t buckets = d.buckets();
  // The swatches (or the ramp) beside the caption when they get room enough for their labels
  // there, else on a line of their own.
  const float label_w = ImGui::CalcTextSize(buckets <= 16 ? "F" : "FF").x;
  const float need = buckets <= 16 ? float(buckets) * (label_w + 8 * scale) : 8 * line;
  float x = pos.x + ImGui::CalcTextSize(caption.c_str()).x + 16 * scale;
  float y = pos.y;
  const float right = pos.x + width;
  if (right - x < need) {
    x = pos.x;
    y += line + 2 * scale;
  }
  const float height = y + line - pos.y;
  if (list == nullptr) return height;
  draw_text(list, pos, colors.text, caption);
  if (buckets <= 16) {
    // One swatch per digit, labelled inside when the label fits, else only the ends outside.
    const bool inside = (right - x) / float(buckets) >= label_w + 8 * scale;
    if (!inside) {
      draw_text(list, {x, y}, colors.text, "0");
      x += label_w + 4 * scale;
    }
    const float end_w = inside ? 0.0f : label_w + 4 * scale;
    const float box = std::min(line * 1.6f, (right - x - end_w) / float(buckets));
    if (box < 2) return height;
    for (std::uint32_t b = 0; b < buckets; ++b) {
      const ImVec2 a{x + float(b) * box, y};
      const ImVec2 z{x + float(b + 1) * box - (box > 6 * scale ? 2 * scale : 0.0f), y + line};
      const ImU32 fill = digit_color(b, buckets);
      list->AddRectFilled(a, z, fill);
      if (!inside) continue;
      const std::string label = digit_label(b, d.bits);
      const float tw = ImGui::CalcTextSize(label.c_str()).x;
      draw_text(list, {(a.x + z.x - tw) * 0.5f, y}, text_color_on(fill), label);
    }
    if (!inside) draw_text(list, {x + float(buckets) * box + 4 * scale, y}, colors.text, "F");
    return height;
  }
  // A ramp over all buckets, labelled at its ends and quarters.
  const float ramp = std::min(right - x, 24 * line);
  if (ramp < 3 * line) return height;
  const bool quarters = ramp >= 8 * line;  // else only the ends are labelled
  for (std::uint32_t b = 0; b < buckets; ++b) {
    const float x0 = x + ramp * float(b) / float(buckets),
                x1 = x + ramp * float(b + 1) / float(buckets);
    list->AddRectFilled({x0, y}, {x1 + 0.5f, y + line}, digit_color(b, buckets));
  }
  for (std::uint32_t b : {0u, buckets / 4, buckets / 2, 3 * buckets / 4, buckets - 1}) {
    if (!quarters && b != 0 && b != buckets - 1) continue;
    const std::string label = digit_label(b, d.bits);
    const float cx = x + ramp * (float(b) + 0.5f) / float(buckets);
    const float tw = ImGui::CalcTextSize(label.c_str()).x;
    const float lx = std::clamp(cx - tw * 0.5f, x, x + ramp - tw);
    draw_text(list, {lx, y}, text_color_on(digit_color(b, buckets)), label);
  }
  return height;
}

}  // namespace ss::render
