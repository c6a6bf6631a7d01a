#pragma once
// The app's window: the controls and step panels, docked or as drawers, the toolbar, the central
// view or the full-speed panel (gui/panel_layout.hpp says where each goes).
#include "gui/app_state.hpp"
#include "render/frame_renderer.hpp"

namespace ss::gui {

void draw_panels(App& app, render::FrameRenderer& renderer);

}  // namespace ss::gui
