#include "gui/toolbar.hpp"

#include <imgui.h>

#include "gui/panel_widgets.hpp"

namespace ss::gui {

namespace {

// A button drawn pressed while its drawer is open.
void toggle(const char* label, bool open, App& app, Action action) {
  if (open) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  if (ImGui::Button(label)) app.perform(action);
  if (open) ImGui::PopStyleColor();
}

float padding(float scale) {
  return 4.0f * scale;
}

}  // namespace

float toolbar_height(float scale) {
  return ImGui::GetFrameHeight() + 2 * padding(scale);
}

bool toolbar(App& app, const PanelLayout& layout) {
  const float s = app.style.scale;
  ImGui::SetNextWindowPos(layout.toolbar.min);
  ImGui::SetNextWindowSize(layout.toolbar.size());
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {8.0f * s, padding(s)});
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize,
                      {1.0f, 1.0f});  // one row, lower than the default
  ImGui::Begin("toolbar", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::PopStyleVar(3);
  bool first = true;
  // The next button on this row when it fits; the row never wraps (it is one line high).
  auto fits = [&](const char* label) {
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    const float x = first ? ImGui::GetCursorScreenPos().x
                          : ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
    if (x + button_width(label) > right) return false;
    if (!first) ImGui::SameLine();
    first = false;
    return true;
  };
  if (fits("start") && ImGui::Button("start")) app.perform(Action::show_start);
  if (!layout.controls_docked && fits("controls (C)"))
    toggle("controls (C)", app.controls_open, app, Action::toggle_controls);
  if (app.mode == Mode::stepping && !layout.step_docked && fits("step (S)"))
    toggle("step (S)", app.step_open, app, Action::toggle_step_panel);
  if (app.mode == Mode::stepping) {
    if (fits("|<") && ImGui::Button("|<")) app.perform(Action::reset);
    if (fits("<") && ImGui::Button("<")) app.perform(Action::step_back);
    const char* play = app.playing ? "pause" : "play";
    if (fits(play) && ImGui::Button(play)) app.perform(Action::toggle_play);
    if (fits(">") && ImGui::Button(">")) app.perform(Action::step_forward);
    if (fits("next view (V)") && ImGui::Button("next view (V)")) app.perform(Action::next_view);
  }
  const bool hovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows);
  ImGui::End();
  return hovered;
}

}  // namespace ss::gui
