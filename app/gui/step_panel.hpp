#pragma once
// The step panel: what the step shown dispatched (kernel, groups, subgroup size, GPU counts,
// bytes), its push constants and the kernel's GLSL. Drawn into the current window, docked at the
// right or as a drawer (gui/panel_layout.hpp).
#include "gui/app_state.hpp"
#include "render/frame_renderer.hpp"

namespace ss::gui {

void step_panel(App& app, render::FrameRenderer& renderer);

}  // namespace ss::gui
