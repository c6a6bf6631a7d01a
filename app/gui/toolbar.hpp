#pragma once
// The row of buttons above the view when a panel is a drawer: open the controls (C) and the step
// panel (S), step and play, the next detail view (V).
#include "gui/app_state.hpp"
#include "gui/panel_layout.hpp"

namespace ss::gui {

// Height of the toolbar at the current font size.
float toolbar_height(float scale);
// Draws the toolbar; returns whether the mouse is over it.
bool toolbar(App& app, const PanelLayout& layout);

}  // namespace ss::gui
