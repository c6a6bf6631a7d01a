#include "gui/zoom_room.hpp"

#include <algorithm>
#include <cmath>

#include <imgui.h>

namespace ss::gui {

namespace {

// Wheel notches and keys zoom by these factors.
constexpr double k_wheel_factor = 1.25;
constexpr double k_key_factor = 2.0;
// A drag shorter than this (pixels, squared) is a click.
constexpr float k_click_slop_sq = 16.0f;

// The bars' width in framebuffer pixels in the last frame (a script's actions may come before
// the first: a 1920-pixel view is assumed then).
std::uint32_t bars_pixels() {
  const render::ViewRects& rects = render::last_view_rects();
  const float width =
      (rects.bars_max.x - rects.bars_min.x) * ImGui::GetIO().DisplayFramebufferScale.x;
  return width >= 1.0f ? std::uint32_t(width) : 1920u;
}

std::uint32_t min_keys() {
  return render::min_window_keys(bars_pixels());
}

}  // namespace

void zoom_step(App& app, bool closer) {
  const std::uint32_t n = app.state().n();
  app.views.window = render::zoom_window(
      app.views.window, n, closer ? k_key_factor : 1.0 / k_key_factor, 0.5, min_keys());
}

void pan_step(App& app, int direction) {
  const std::uint32_t n = app.state().n();
  const std::int64_t quarter = std::max<std::int64_t>(app.views.window.size(n) / 4, 1);
  app.views.window = render::pan_window(app.views.window, n, direction < 0 ? -quarter : quarter);
}

void zoom_fit(App& app) {
  app.views.window = {};
}

bool zoom_with_mouse(App& app, const render::ViewRects& rects, std::uint32_t& clicked_key) {
  const std::uint32_t n = app.state().n();
  // Nothing planned yet (the first frames): a window asked for at start (--window) waits for n.
  if (n == 0) return false;
  render::KeyWindow& window = app.views.window;
  window = render::fit_window(window, n, min_keys());
  const ImGuiIO& io = ImGui::GetIO();
  bool clicked = false;

  // The whole array's strip: a click or a drag puts the window's centre under the mouse.
  const ImVec2 strip{rects.minimap_max.x - rects.minimap_min.x,
                     rects.minimap_max.y - rects.minimap_min.y};
  if (strip.x > 1 && strip.y > 1) {
    ImGui::SetCursorScreenPos(rects.minimap_min);
    ImGui::InvisibleButton("minimap", strip);
    if (ImGui::IsItemActive()) {
      const std::uint32_t key =
          render::key_at({}, n, rects.minimap_min.x, rects.minimap_max.x, io.MousePos.x);
      window = render::centre_window(window, n, key);
    }
  }

  const ImVec2 area{rects.bars_max.x - rects.bars_min.x, rects.bars_max.y - rects.bars_min.y};
  if (area.x <= 1 || area.y <= 1 || n == 0) return false;
  ImGui::SetCursorScreenPos(rects.bars_min);
  ImGui::InvisibleButton("bars", area);
  if (ImGui::IsItemHovered() && io.MouseWheel != 0) {
    const double anchor = (io.MousePos.x - rects.bars_min.x) / area.x;
    window =
        render::zoom_window(window, n, std::pow(k_wheel_factor, io.MouseWheel), anchor, min_keys());
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left) && !window.whole(n)) {
    // The keys under the mouse follow it.
    const double keys_per_pixel = double(window.size(n)) / double(area.x);
    window = render::pan_window(window, n, -std::llround(io.MouseDelta.x * keys_per_pixel));
  }
  if (ImGui::IsItemDeactivated() && io.MouseDragMaxDistanceSqr[0] < k_click_slop_sq) {
    clicked = true;
    clicked_key = render::key_at(rects.window, n, rects.bars_min.x, rects.bars_max.x,
                                 io.MouseClickedPos[0].x);
  }
  return clicked;
}

}  // namespace ss::gui
