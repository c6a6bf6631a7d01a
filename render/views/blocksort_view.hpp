#pragma once
// Blocksort view: one tile of NT threads x VT keys as the blocksort phase shown left it, one row
// per thread (its VT keys, coloured and printed as read from the buffer the phase wrote), and at
// the coop levels which threads cooperate on one output list, with each thread's A range,
// B range and diagonal (blocksort_thread_lists in mergesort_step.h).
#include <cstdint>

#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/merge_state.hpp"

namespace ss::render {

// Rows the last draw used (one per thread), for tests and clicks.
struct BlocksortGeometry {
  ImVec2 rows_min, rows_max;  // the key cells of all rows
  std::uint32_t rows = 0;     // threads drawn (0: nothing drawn)
  std::uint32_t columns = 0;  // VT
};

// The height the view needs: its caption (two lines), the gap under it and a line for each of
// the first four threads.
float blocksort_min_height(float line, float scale);
BlocksortGeometry draw_blocksort(ImDrawList* list, ImVec2 min, ImVec2 max, const MergeState& merge,
                                 const Palette& colors, float scale);

}  // namespace ss::render
