#pragma once
// The central picture, shared by the app and the headless renderer: a heading (scenario, step,
// GPU counts), the bars, and the wire diagram for network plans, laid out in one rectangle.
#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/step_state.hpp"
#include "render/views/bars_view.hpp"
#include "render/views/network_view.hpp"

namespace ss::render {

enum class ViewSelection { bars, network, both };

struct ViewsOptions {
  ViewSelection selection = ViewSelection::both;
  NetworkStyle network;
};

// Draws into the current ImGui window's draw list inside [min, max]; the bars are queued on
// `bars` and drawn by the frame's render pass. The window must have no background (ImGui draws
// after the bars). `layout` may be null when the plan is not a network or n is too large.
void draw_views(BarsView& bars, ImGuiLayer& ui, const StepState& state, const NetworkLayout* layout,
                const ViewsOptions& options, ImVec2 min, ImVec2 max);

// The rectangle the wire diagram got in the last draw_views call (for zoom and pan input).
struct ViewRects {
  ImVec2 bars_min, bars_max, network_min, network_max;
};
const ViewRects& last_view_rects();

}  // namespace ss::render
