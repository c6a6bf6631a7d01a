#include "render/views/heading.hpp"

#include "render/step_text.hpp"
#include "render/text_fit.hpp"

namespace ss::render {

Heading measure_heading(ImGuiLayer& ui, const StepState& state, float width,
                        std::size_t title_lines, const std::string& hint, const Caption* caption,
                        std::size_t caption_lines) {
  std::string counts = step_counts(state);
  if (!counts.empty()) counts += " (counted on the GPU)";
  return measure_heading(ui, step_heading(state), scenario_text(*state.plan), counts, width,
                         title_lines, hint, caption, caption_lines);
}

Heading measure_heading(ImGuiLayer& ui, const std::string& title, const std::string& scenario,
                        const std::string& counts, float width, std::size_t title_lines,
                        const std::string& hint, const Caption* caption,
                        std::size_t caption_lines) {
  const float s = ui.style().scale, line = ImGui::GetFontSize();
  Heading h;
  h.title = wrap_words(ui.large(), ui.large()->FontSize, title, width, title_lines);
  const std::string one_line = counts.empty() ? scenario : scenario + "  |  " + counts;
  if (ImGui::CalcTextSize(one_line.c_str()).x <= width)
    h.lines = {one_line};
  else
    h.lines = {elide(scenario, width), elide(counts, width)};
  h.hint = hint;
  const float gap = 2 * line;
  h.hint_own_line = !hint.empty() && ImGui::CalcTextSize(h.lines.back().c_str()).x + gap +
                                             ImGui::CalcTextSize(hint.c_str()).x >
                                         width;
  if (h.hint_own_line) h.hint = elide(hint, width);
  if (caption != nullptr && caption_lines > 0) {
    h.narration = wrap_words(caption->narration, width, caption_lines);
    if (!caption->invariant.empty()) h.invariant = wrap_words(caption->invariant, width, 2);
    h.invariant_fails = caption->invariant_fails;
  }
  const float caption_h =
      float(h.narration.size() + h.invariant.size()) * line + (h.narration.empty() ? 0.0f : 4 * s);
  const float lines = float(h.lines.size() + (h.hint_own_line ? 1 : 0));
  h.height =
      float(h.title.size()) * ui.large()->FontSize + 2 * s + lines * line + caption_h + 8 * s;
  return h;
}

void draw_heading(ImDrawList* list, ImGuiLayer& ui, const Heading& h, const Palette& colors,
                  ImVec2 min, ImVec2 max) {
  const float s = ui.style().scale, line = ImGui::GetFontSize();
  ImFont* large = ui.large();
  float y = min.y;
  for (const std::string& title : h.title) {
    draw_text(list, large, large->FontSize, {min.x, y}, colors.accent, title);
    y += large->FontSize;
  }
  y += 2 * s;
  for (const std::string& text : h.lines) {
    draw_text(list, {min.x, y}, colors.text, text);
    y += line;
  }
  if (!h.hint.empty()) {
    const float hint_w = ImGui::CalcTextSize(h.hint.c_str()).x;
    if (h.hint_own_line) {
      draw_text(list, {min.x, y}, colors.accent, h.hint);
      y += line;
    } else {
      draw_text(list, {max.x - hint_w, y - line}, colors.accent, h.hint);
    }
  }
  if (h.narration.empty()) return;
  y += 4 * s;
  for (const std::string& text : h.narration) {
    draw_text(list, {min.x, y}, colors.text, text);
    y += line;
  }
  for (const std::string& text : h.invariant) {
    draw_text(list, {min.x, y}, h.invariant_fails ? colors.warning : colors.holds, text);
    y += line;
  }
}

}  // namespace ss::render
