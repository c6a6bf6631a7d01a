#pragma once
// The keyboard: GLFW key presses (gui/key_queue.hpp) -> App::perform. Kept apart from the panels,
// which know no window system, so the layout test can draw them offscreen.
#include "gui/app_state.hpp"

namespace ss::gui {

// Right, Left, Space, R, N, F11, H, P, O, F, [, ], V, C, S and Escape.
void handle_keys(App& app);

}  // namespace ss::gui
