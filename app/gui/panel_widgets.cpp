#include "gui/panel_widgets.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "render/text_fit.hpp"

namespace ss::gui {

namespace {

void wrapped(std::string_view text, bool disabled) {
  const float width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
  if (disabled)
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  // One text item, so the lines keep the font's spacing.
  std::string lines;
  for (const std::string& line : render::wrap_words(text, width)) {
    if (!lines.empty()) lines += '\n';
    lines += line;
  }
  ImGui::TextUnformatted(lines.c_str(), lines.c_str() + lines.size());
  if (disabled) ImGui::PopStyleColor();
}

}  // namespace

void wrapped_text(std::string_view text) {
  wrapped(text, false);
}

void wrapped_text_disabled(std::string_view text) {
  wrapped(text, true);
}

void same_line_if_fits(float width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  if (ImGui::GetItemRectMax().x + spacing + width <= right) ImGui::SameLine();
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
}

float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
         ImGui::CalcTextSize(label, nullptr, true).x;
}

float labelled_width(float field, const char* label) {
  return field + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

float field_width(std::initializer_list<const char*> labels) {
  float label = 0;
  for (const char* text : labels)
    label = std::max(label, ImGui::CalcTextSize(text, nullptr, true).x);
  return std::max(ImGui::GetContentRegionAvail().x - label - ImGui::GetStyle().ItemInnerSpacing.x,
                  ImGui::GetFrameHeight());
}

bool checkbox(const char* label, bool* value) {
  if (checkbox_width(label) <= ImGui::GetContentRegionAvail().x)
    return ImGui::Checkbox(label, value);
  // The box alone, then the label's lines beside it; a click on them toggles it too.
  ImGui::PushID(label);
  bool changed = ImGui::Checkbox("##box", value);
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  wrapped_text(label);
  if (ImGui::IsItemClicked()) {
    *value = !*value;
    changed = true;
  }
  ImGui::PopID();
  return changed;
}

}  // namespace ss::gui
