#include "render/views/heading.hpp"

#include "render/step_text.hpp"
#include "render/text_fit.hpp"

namespace ss::render {

namespace {

// Lines the step's title may take; the step panel has the full text.
constexpr std::size_t k_heading_title_lines = 2;

}  // namespace

HeadingText step_heading_text(const StepState& state, std::string hint) {
  std::string counts = step_counts(state);
  if (!counts.empty()) counts += " (counted on the GPU)";
  return {step_heading(state), scenario_text(*state.plan), std::move(counts), std::move(hint)};
}

Heading measure_heading(ImGuiLayer& ui, const HeadingText& text, float width,
                        std::size_t title_lines, const Caption* caption, float scale) {
  const float s = ui.style().scale;
  ImFont* font = ImGui::GetFont();
  Heading h;
  h.title_size = ui.large()->FontSize * scale;
  h.line_size = ImGui::GetFontSize() * scale;
  const float line = h.line_size;
  auto text_w = [&](const std::string& t) { return text_size(font, line, t).x; };
  h.title = wrap_words(ui.large(), h.title_size, text.title, width, title_lines);
  const std::string one_line =
      text.counts.empty() ? text.scenario : text.scenario + "  |  " + text.counts;
  if (text_w(one_line) <= width)
    h.lines = {one_line};
  else
    h.lines = {elide(font, line, text.scenario, width), elide(font, line, text.counts, width)};
  h.hint = text.hint;
  const float gap = 2 * line;
  h.hint_own_line = !text.hint.empty() && text_w(h.lines.back()) + gap + text_w(text.hint) > width;
  if (h.hint_own_line) h.hint = elide(font, line, text.hint, width);
  if (caption != nullptr) h.caption = wrap_caption(*caption, width, line);
  const float caption_h = h.caption.height() > 0 ? h.caption.height() + 4 * s : 0.0f;
  const float lines = float(h.lines.size() + (h.hint_own_line ? 1 : 0));
  h.height = float(h.title.size()) * h.title_size + 2 * s + lines * line + caption_h + 8 * s;
  return h;
}

Heading fit_heading(ImGuiLayer& ui, const HeadingText& text, const Caption* caption, float width,
                    float height, float need, bool caption_may_go) {
  const std::vector<float> scales = caption_scales();
  // A word wider than the line would be cut short: a smaller size, as for too little height.
  auto fits = [&](const Heading& h) {
    return height - h.height >= need && (caption == nullptr || caption_whole(h.caption));
  };
  Heading h = measure_heading(ui, text, width, k_heading_title_lines, caption);
  if (fits(h)) return h;
  for (float scale : scales) {
    h = measure_heading(ui, text, width, 1, caption, scale);
    if (fits(h)) return h;
  }
  if (caption_may_go && caption != nullptr) return measure_heading(ui, text, width, 1);
  return h;
}

void draw_heading(ImDrawList* list, ImGuiLayer& ui, const Heading& h, const Palette& colors,
                  ImVec2 min, ImVec2 max) {
  const float s = ui.style().scale;
  ImFont* large = ui.large();
  float y = min.y;
  for (const std::string& title : h.title) {
    draw_text(list, large, h.title_size, {min.x, y}, colors.accent, title);
    y += h.title_size;
  }
  y += 2 * s;
  ImFont* font = ImGui::GetFont();
  const float line = h.line_size;
  for (const std::string& text : h.lines) {
    draw_text(list, font, line, {min.x, y}, colors.text, text);
    y += line;
  }
  if (!h.hint.empty()) {
    const float hint_w = text_size(font, line, h.hint).x;
    if (h.hint_own_line) {
      draw_text(list, font, line, {min.x, y}, colors.accent, h.hint);
      y += line;
    } else {
      draw_text(list, font, line, {max.x - hint_w, y - line}, colors.accent, h.hint);
    }
  }
  if (h.caption.height() > 0) draw_caption(list, h.caption, colors, {min.x, y + 4 * s});
}

}  // namespace ss::render
