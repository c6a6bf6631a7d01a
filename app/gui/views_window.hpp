#pragma once
// The central view (render/views/views_panel.hpp) in its window, with the mouse: over the bars the
// wheel zooms and a drag pans along the array (gui/zoom_room.hpp), a click on the mergesort bars
// picks the list or tile; the wheel zooms and a drag pans the wire diagram.
#include <imgui.h>

#include "gui/app_state.hpp"
#include "render/frame_renderer.hpp"

namespace ss::gui {

void views_window(App& app, render::FrameRenderer& renderer, ImVec2 pos, ImVec2 size);

}  // namespace ss::gui
