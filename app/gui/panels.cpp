#include "gui/panels.hpp"

#include <algorithm>
#include <string>

#include <imgui.h>

#include "gui/controls_panel.hpp"
#include "gui/full_speed_panel.hpp"
#include "gui/panel_layout.hpp"
#include "gui/step_panel.hpp"
#include "gui/toolbar.hpp"
#include "gui/views_window.hpp"
#include "render/text_fit.hpp"

namespace ss::gui {

namespace {

constexpr ImGuiWindowFlags k_fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;

// A panel's window at `rect`; returns whether the mouse is over it (or its popups' parents).
template <class Draw>
bool panel_window(const char* name, const Rect& rect, Draw draw) {
  ImGui::SetNextWindowPos(rect.min);
  ImGui::SetNextWindowSize(rect.size());
  ImGui::Begin(name, nullptr, k_fixed);
  draw();
  const bool hovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows);
  ImGui::End();
  return hovered;
}

void busy_overlay(App& app, ImVec2 center) {
  if (!app.busy()) return;
  ImGui::SetNextWindowPos(center, ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::Begin("busy", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::TextUnformatted(app.busy_text().c_str());
  ImGui::ProgressBar(app.busy_fraction(), {ImGui::GetFontSize() * 20, 0});
  // A long jump or a recording stops at the next bounded submission (a frame's time).
  if (!app.replanning() && ImGui::Button("Cancel")) app.perform(Action::cancel);
  ImGui::End();
}

void error_dialog(App& app) {
  if (app.error.empty()) return;
  ImGui::OpenPopup("Cannot do that");
  if (ImGui::BeginPopupModal("Cannot do that", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    const float width = std::min(ImGui::GetFontSize() * 30, ImGui::GetIO().DisplaySize.x * 0.8f);
    for (const std::string& line : render::wrap_words(app.error, width))
      ImGui::TextUnformatted(line.c_str());
    if (ImGui::Button("OK") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
      app.error.clear();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
}

}  // namespace

void draw_panels(App& app, render::FrameRenderer& renderer) {
  PanelInput in;
  in.display = ImGui::GetIO().DisplaySize;
  in.font_size = ImGui::GetFontSize();
  in.toolbar_height = toolbar_height(app.style.scale);
  in.panels = app.panels;
  in.step_panel = app.mode == Mode::stepping;
  in.controls_open = app.controls_open;
  in.step_open = app.step_open;
  const PanelLayout layout = panel_layout(in);

  bool on_toolbar = false;
  if (!layout.toolbar.empty()) on_toolbar = toolbar(app, layout);
  const Rect& view = layout.view;
  if (app.mode == Mode::full_speed) {
    full_speed_window(app, renderer, view.min, view.size());
  } else {
    views_window(app, renderer, view.min, view.size());
    busy_overlay(app, {(view.min.x + view.max.x) * 0.5f, (view.min.y + view.max.y) * 0.5f});
  }
  // Drawers come after the view, so they lie over it.
  bool on_drawer = false;
  if (!layout.controls.empty()) {
    const bool hovered = panel_window("Sort", layout.controls, [&] { controls_panel(app); });
    on_drawer |= hovered && !layout.controls_docked;
  }
  if (!layout.step.empty()) {
    const bool hovered = panel_window("Step", layout.step, [&] { step_panel(app, renderer); });
    on_drawer |= hovered && !layout.step_docked;
  }
  // A click anywhere else closes an open drawer (not while one of its popups, a combo's list,
  // takes the click).
  if ((app.controls_open || app.step_open) && ImGui::IsMouseClicked(ImGuiMouseButton_Left) &&
      !on_drawer && !on_toolbar && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
    app.perform(Action::close_drawers);
  error_dialog(app);
}

}  // namespace ss::gui
