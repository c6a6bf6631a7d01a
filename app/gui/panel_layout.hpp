#pragma once
// Where the panels go in a window of a given size. The central view keeps at least
// k_min_view_share of the width: the step panel docks at the right while it does, then the
// controls at the left. A panel that does not dock becomes a drawer over the view, opened from
// the toolbar above the view or with its key (C, S) and closed the same way or with Escape.
// H hides the panels and the toolbar; C and S still open them as drawers.
#include <imgui.h>

namespace ss::gui {

inline constexpr float k_min_view_share = 0.55f;

struct Rect {
  ImVec2 min{0, 0}, max{0, 0};
  bool empty() const { return max.x <= min.x || max.y <= min.y; }
  ImVec2 size() const { return {max.x - min.x, max.y - min.y}; }
};

struct PanelInput {
  ImVec2 display;
  float font_size = 17;        // of the UI font, which the panels' widths follow
  float toolbar_height = 0;    // one row of buttons
  bool panels = true;          // H
  bool step_panel = true;      // false in full-speed mode, whose window takes the step's room
  bool controls_open = false;  // drawers
  bool step_open = false;
};

struct PanelLayout {
  bool controls_docked = false, step_docked = false;
  Rect controls, step;  // docked or open drawer; empty when not drawn
  Rect toolbar;         // empty unless some panel is a drawer and the panels are shown
  Rect view;            // the central view, or the full-speed window
};

// Widths in units of the UI font, wide enough for the panels' longest labels and values.
float controls_width(float font_size);
float step_width(float font_size);

PanelLayout panel_layout(const PanelInput& in);

}  // namespace ss::gui
