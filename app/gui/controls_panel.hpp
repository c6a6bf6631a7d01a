#pragma once
// The controls panel: the scenario (any change re-plans), stepping, the views, the display.
// Drawn into the current window, docked at the left or as a drawer (gui/panel_layout.hpp).
#include "gui/app_state.hpp"

namespace ss::gui {

void controls_panel(App& app);

}  // namespace ss::gui
