#include "gui/views_window.hpp"

#include <algorithm>
#include <cmath>

#include "gui/zoom_room.hpp"
#include "render/views/merge_views.hpp"
#include "render/views/race_view.hpp"
#include "render/views/sample_sort_view.hpp"
#include "render/views/views_panel.hpp"

namespace ss::gui {

void views_window(App& app, render::FrameRenderer& renderer, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("views", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoDecoration |
                   ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoBringToFrontOnFocus);
  const float pad = 12.0f * app.style.scale;
  const ImVec2 min{pos.x + pad, pos.y + pad}, max{pos.x + size.x - pad, pos.y + size.y - pad};
  app.views.network.ui_scale = app.style.scale;
  app.views.network.wires = app.views.window;  // clicks on comparators see what draw_views drew
  app.views.network_note = app.verifying() ? "checking all 2^" + std::to_string(app.state().n()) +
                                                 " inputs of 0s and 1s on the GPU ..."
                                           : app.verify_result;
  if (app.replay.active()) {
    render::draw_sample_sort_replay(renderer.imgui(), app.replay.replay(), app.replay.step(),
                                    app.views, min, max);
    ImGui::End();
    return;
  }
  if (app.racing()) {
    render::draw_race(renderer.bars(), renderer.race_bars(), renderer.imgui(), app.state(),
                      app.race_state(), app.views, min, max, app.race_result,
                      app.race_first_facts(), app.race_facts());
    ImGui::End();
    return;
  }
  // The followed key at the step shown; when zoomed in, the window keeps it in view.
  app.views.follow = app.follow.mark(app.state().position);
  if (app.follow.keep_in_window && app.views.follow.shown()) {
    const std::uint32_t n = app.state().n(), at = app.views.follow.at();
    if (at < app.views.window.begin(n) || at >= app.views.window.end(n))
      app.views.window = render::centre_window(app.views.window, n, at);
  }
  render::draw_views(renderer.bars(), renderer.imgui(), app.state(), app.layout(), app.views, min,
                     max);
  const auto& rects = render::last_view_rects();
  // Zoom and pan along the array; mergesort: a click on the bars picks the output list (or tile)
  // holding the key clicked.
  std::uint32_t clicked_key = 0;
  if (zoom_with_mouse(app, rects, clicked_key)) {
    if (app.state().merge) app.pick(render::merge_pick_at(app.state().merge->info, clicked_key));
    app.follow_key(clicked_key);
  }
  // Zoom (wheel, about the mouse) and pan (drag) on the wire diagram.
  ImGui::SetCursorScreenPos(rects.network_min);
  const ImVec2 area{rects.network_max.x - rects.network_min.x,
                    rects.network_max.y - rects.network_min.y};
  if (area.x > 1 && area.y > 1) {
    ImGui::InvisibleButton("network", area);
    auto& style = app.views.network;
    if (ImGui::IsItemHovered() && ImGui::GetIO().MouseWheel != 0) {
      const float old_zoom = style.zoom;
      style.zoom = std::clamp(style.zoom * std::pow(1.2f, ImGui::GetIO().MouseWheel), 1.0f, 64.0f);
      const ImVec2 mouse{ImGui::GetIO().MousePos.x - rects.network_min.x,
                         ImGui::GetIO().MousePos.y - rects.network_min.y};
      style.pan.x = (style.pan.x + mouse.x) * style.zoom / old_zoom - mouse.x;
      style.pan.y = (style.pan.y + mouse.y) * style.zoom / old_zoom - mouse.y;
    }
    // A click (no drag) on a comparator switches it off or on again (the network lab).
    const ImGuiIO& io = ImGui::GetIO();
    if (ImGui::IsItemDeactivated() && io.MouseDragMaxDistanceSqr[0] < 16.0f && app.layout()) {
      if (const auto pick = render::network_comparator_at(rects.network_min, rects.network_max,
                                                          *app.layout(), app.state(), style,
                                                          renderer.imgui().mono(), io.MousePos))
        app.toggle_comparator(pick->layer, pick->index);
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
      style.pan.x -= ImGui::GetIO().MouseDelta.x;
      style.pan.y -= ImGui::GetIO().MouseDelta.y;
    }
    style.pan.x = std::clamp(style.pan.x, 0.0f, area.x * (style.zoom - 1));
    style.pan.y = std::clamp(style.pan.y, 0.0f, area.y * (style.zoom - 1));
  }
  ImGui::End();
}

}  // namespace ss::gui
