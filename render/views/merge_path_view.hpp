#pragma once
// Merge-path grid of one output list of a mergesort pass: A's keys along x, B's along y, each
// cell coloured by the kernels' comparison (A[i] <= B[j]: A goes first; ties take A), the merge
// path through it (merge steps: from the GPU's merge sources, a step right per output from A,
// down per output from B), every tile's cross-diagonal and the partition the partition kernel
// found on it, and each tile's name outside the grid where its band meets the edge. Lists longer
// than the pixels are drawn in blocks of keys: a block is A-first, B-first or mixed (the path
// crosses it), decided from its first and last keys.
#include <cstdint>

#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/merge_state.hpp"

namespace ss::render {

// The merge path's colour (tests look for it), and the cells' (muted A and B colours).
inline constexpr ImU32 k_merge_path_color = IM_COL32(255, 255, 255, 255);

// Where the grid landed in the last draw (x: A, y: B), for tests and mouse hit tests.
struct MergePathGeometry {
  ImVec2 grid_min, grid_max;
  std::uint32_t a_count = 0, b_count = 0;  // 0: no grid drawn
  ImVec2 point(float a, float b) const {
    return {grid_min.x + (grid_max.x - grid_min.x) * (a_count > 0 ? a / float(a_count) : 0.0f),
            grid_min.y + (grid_max.y - grid_min.y) * (b_count > 0 ? b / float(b_count) : 0.0f)};
  }
};

// The height the grid needs: its caption and a grid a lecturer can follow the path in, beside
// its key.
float merge_path_min_height(float line);
MergePathGeometry draw_merge_path(ImDrawList* list, ImVec2 min, ImVec2 max, const MergeState& merge,
                                  const Palette& colors, float scale);

}  // namespace ss::render
