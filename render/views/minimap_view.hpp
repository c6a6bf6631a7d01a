#pragma once
// Minimap: while the bars show a window of the array (render/key_window.hpp), a line says which
// keys show and how close, and a strip above the bars draws the whole array small (the same
// pre-pass over all keys, cached while only the window moves) with the window framed and the rest
// dimmed, so a class never loses where in the array it is looking.
#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/key_window.hpp"
#include "render/step_state.hpp"
#include "render/views/bars_view.hpp"

namespace ss::render {

// Where the bars of a window went, and the minimap above them (minimap_min == minimap_max when
// the window is the whole array and none is drawn).
struct WindowBarsRects {
  ImVec2 bars_min, bars_max;
  ImVec2 minimap_min, minimap_max;  // the strip of the whole array (clicks centre the window)
};

// Height the minimap takes above the bars of a window (0 for the whole array).
float minimap_height(KeyWindow window, std::uint32_t n, float line, float scale);

// Queues the bars of `window` in [min, max], under the minimap when the window is not the whole
// array. The caller keeps at least minimap_height() + the bars' own least height for it.
WindowBarsRects queue_window_bars(ImDrawList* list, BarsView& bars, const StepState& state,
                                  KeyWindow window, bool plan_colors, BarsStyle style,
                                  const Palette& colors, float scale, ImVec2 min, ImVec2 max);

// The key under x in bars drawn over [min_x, max_x) for `window` of n keys.
std::uint32_t key_at(KeyWindow window, std::uint32_t n, float min_x, float max_x, float x);
// The x of key boundary i (the left edge of key i) in such bars; may lie outside them.
float key_x(KeyWindow window, std::uint32_t n, float min_x, float max_x, double i);

}  // namespace ss::render
