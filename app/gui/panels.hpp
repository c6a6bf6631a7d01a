#pragma once
// The app's panels, each a plain function of the current state (Dear ImGui demo style).
#include "gui/app_state.hpp"
#include "render/frame_renderer.hpp"

namespace ss::gui {

// The whole window: controls at the left, the step panel at the right, the views between.
void draw_panels(App& app, render::FrameRenderer& renderer);

}  // namespace ss::gui
