#include "render/views/caption_block.hpp"

#include <algorithm>

#include "render/layout_audit.hpp"
#include "render/text_fit.hpp"

namespace ss::render {

namespace {

// Half: the presenter mode's 34 px text goes no smaller than the default mode's 17 px.
constexpr float k_least_caption_scale = 0.5f;
// The default mode's floor, where half its 17 px font would be 8.5 px.
constexpr float k_least_caption_pixels = 11.0f;

std::vector<std::string_view> caption_words(std::string_view text) {
  std::vector<std::string_view> words;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find_first_of(" \n", at), text.size());
    if (end > at) words.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return words;
}

}  // namespace

CaptionLines wrap_caption(const Caption& caption, float width, float size) {
  CaptionLines lines;
  ImFont* font = ImGui::GetFont();
  lines.size = size;
  lines.narration = wrap_words(font, size, caption.narration, width);
  if (!caption.invariant.empty())
    lines.invariant = wrap_words(font, size, caption.invariant, width);
  lines.invariant_fails = caption.invariant_fails;
  lines.asked = caption.narration + "\n" + caption.invariant;
  return lines;
}

bool caption_whole(const CaptionLines& lines) {
  std::string drawn;
  for (const auto* text : {&lines.narration, &lines.invariant})
    for (const std::string& line : *text) drawn += line + " ";
  return caption_words(drawn) == caption_words(lines.asked);
}

std::vector<float> caption_scales() {
  const float line = ImGui::GetFontSize();
  std::vector<float> scales{1.0f};
  // Steps of a twentieth: the smallest step down that lets the views keep what they need.
  for (int twentieths = 19; twentieths >= int(k_least_caption_scale * 20 + 0.5f); --twentieths) {
    const float scale = float(twentieths) / 20.0f;
    if (line * scale < k_least_caption_pixels) break;
    scales.push_back(scale);
  }
  return scales;
}

float draw_caption(ImDrawList* list, const CaptionLines& lines, const Palette& colors, ImVec2 pos) {
  ImFont* font = ImGui::GetFont();
  std::vector<PlacedText> placed;
  float y = pos.y;
  auto place = [&](const std::vector<std::string>& text, ImU32 color) {
    for (const std::string& line : text) {
      draw_text(list, font, lines.size, {pos.x, y}, color, line);
      const ImVec2 size = text_size(font, lines.size, line);
      placed.push_back({line, {pos.x, y}, {pos.x + size.x, y + size.y}});
      y += lines.size;
    }
  };
  place(lines.narration, colors.text);
  place(lines.invariant, lines.invariant_fails ? colors.warning : colors.holds);
  audit_caption(lines.asked, placed);
  return y - pos.y;
}

}  // namespace ss::render
