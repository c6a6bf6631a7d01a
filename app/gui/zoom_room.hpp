#pragma once
// Zoom and pan along the array: the bars, density view and marker strip show a window of the keys
// (render/key_window.hpp), down to one key per eight pixels, and a minimap strip above them the
// whole array with the window framed. The wheel over the bars zooms about the mouse, a drag pans,
// a click on the strip centres the window there; + and - zoom, Shift (or Ctrl) + Left/Right pan,
// 0 and the controls' "fit" show the whole array again. The window lives in App::views, so
// records, lessons and a lost GPU keep it; everything that moves it is here.
#include "gui/app_state.hpp"
#include "render/views/views_panel.hpp"

namespace ss::gui {

// + and -: twice or half as close, about the window's centre.
void zoom_step(App& app, bool closer);
// A quarter of the window towards the first key (direction < 0) or the last.
void pan_step(App& app, int direction);
// The whole array.
void zoom_fit(App& app);
// Each frame, after the views are drawn into `rects`: the wheel, drags and clicks over the bars
// and the minimap, and the window kept inside the array (n may have changed). A click on the bars
// that did not drag is handed back (true, with the key under it) for the bars' own picks.
bool zoom_with_mouse(App& app, const render::ViewRects& rects, std::uint32_t& clicked_key);

}  // namespace ss::gui
