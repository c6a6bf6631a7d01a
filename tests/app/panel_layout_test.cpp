// Where the panels go: docked while the view keeps 55% of the width, else drawers under a
// toolbar; at the sizes the layout test draws and a few more.
#include <catch2/catch.hpp>

#include "gui/panel_layout.hpp"

namespace {

using namespace ss::gui;

PanelInput input(float width, float height, float font) {
  PanelInput in;
  in.display = {width, height};
  in.font_size = font;
  in.toolbar_height = font * 1.9f;
  return in;
}

}  // namespace

TEST_CASE("panel layout: presenter 1280x720 puts both panels in drawers under a toolbar",
          "[gui][layout]") {
  PanelInput in = input(1280, 720, 34);
  PanelLayout l = panel_layout(in);
  CHECK_FALSE(l.controls_docked);
  CHECK_FALSE(l.step_docked);
  CHECK(l.controls.empty());
  CHECK(l.step.empty());
  CHECK(l.toolbar.min.y == 0);
  CHECK(l.toolbar.max.x == 1280);
  CHECK(l.view.min.x == 0);
  CHECK(l.view.max.x == 1280);
  CHECK(l.view.min.y == l.toolbar.max.y);
  in.controls_open = true;
  l = panel_layout(in);
  CHECK(l.controls.min.x == 0);
  CHECK(l.controls.min.y == l.toolbar.max.y);
  CHECK(l.controls.max.x == controls_width(34));
  CHECK(l.view.max.x == 1280);  // the drawer lies over the view
}

TEST_CASE("panel layout: the step panel docks first, the controls when the view keeps 55%",
          "[gui][layout]") {
  const PanelLayout presenter = panel_layout(input(1920, 1080, 34));
  CHECK(presenter.step_docked);
  CHECK_FALSE(presenter.controls_docked);
  CHECK(presenter.view.max.x == 1920 - step_width(34));
  CHECK(presenter.view.size().x >= 0.55f * 1920);
  const PanelLayout small = panel_layout(input(1280, 720, 17));
  CHECK(small.step_docked);
  CHECK_FALSE(small.controls_docked);
  const PanelLayout wide = panel_layout(input(1600, 900, 17));
  CHECK(wide.step_docked);
  CHECK(wide.controls_docked);
  CHECK(wide.toolbar.empty());
  CHECK(wide.view.min.x == controls_width(17));
  CHECK(wide.view.min.y == 0);
  CHECK(wide.view.size().x >= 0.55f * 1600);
}

TEST_CASE("panel layout: hidden panels leave the view the window, drawers still open",
          "[gui][layout]") {
  PanelInput in = input(1920, 1080, 17);
  in.panels = false;
  PanelLayout l = panel_layout(in);
  CHECK(l.toolbar.empty());
  CHECK(l.controls.empty());
  CHECK(l.step.empty());
  CHECK(l.view.size().x == 1920);
  CHECK(l.view.size().y == 1080);
  in.step_open = true;
  l = panel_layout(in);
  CHECK(l.step.max.x == 1920);
  CHECK(l.step.min.y == 0);
  // Full speed: no step panel at all; its window takes the view's room.
  in = input(1920, 1080, 17);
  in.step_panel = false;
  in.step_open = true;
  l = panel_layout(in);
  CHECK(l.step.empty());
  CHECK(l.controls_docked);
  CHECK(l.view.max.x == 1920);
}
