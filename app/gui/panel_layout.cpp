#include "gui/panel_layout.hpp"

#include <algorithm>

namespace ss::gui {

float controls_width(float font_size) {
  return 19.0f * font_size;
}

float step_width(float font_size) {
  return 22.0f * font_size;
}

PanelLayout panel_layout(const PanelInput& in) {
  PanelLayout l;
  const float w = in.display.x, h = in.display.y;
  const float controls_w = std::min(controls_width(in.font_size), w);
  const float step_w = std::min(step_width(in.font_size), w);
  const float keep = k_min_view_share * w;
  if (in.panels) {
    l.step_docked = in.step_panel && w - step_w >= keep;
    l.controls_docked = w - controls_w - (l.step_docked ? step_w : 0.0f) >= keep;
  }
  const float left = l.controls_docked ? controls_w : 0.0f;
  const float right = l.step_docked ? step_w : 0.0f;
  const bool drawers = !l.controls_docked || (in.step_panel && !l.step_docked);
  float top = 0;
  if (in.panels && drawers) {
    l.toolbar = {{left, 0}, {w - right, std::min(in.toolbar_height, h)}};
    top = l.toolbar.max.y;
  }
  l.view = {{left, top}, {w - right, h}};
  if (l.controls_docked)
    l.controls = {{0, 0}, {controls_w, h}};
  else if (in.controls_open)
    l.controls = {{0, top}, {controls_w, h}};
  if (l.step_docked)
    l.step = {{w - step_w, 0}, {w, h}};
  else if (in.step_panel && in.step_open)
    l.step = {{w - step_w, top}, {w, h}};
  return l;
}

}  // namespace ss::gui
