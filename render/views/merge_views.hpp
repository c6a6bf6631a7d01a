#pragma once
// The mergesort views laid out under the step heading: bars coloured by list A and B (partition
// steps: by index math; merge steps: by the GPU's merge sources) with the sorted runs outlined
// and the picked list or tile marked, their legend, and the view that matches the step (the
// blocksort tile for blocksort steps and phases, the merge-path grid for partition and merge
// steps). views_panel.cpp hands mergesort states here.
#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/merge_state.hpp"
#include "render/step_state.hpp"
#include "render/views/bars_view.hpp"
#include "render/views/blocksort_view.hpp"
#include "render/views/merge_path_view.hpp"

namespace ss::render {

class BarsView;

// The A and B colours of the bars shader (bars_params.h), for legends and the grid.
ImU32 merge_a_color();
ImU32 merge_b_color();

// Which mergesort pictures a view selection shows.
struct MergeViewChoice {
  bool bars = true;
  bool path = false;       // merge-path grid
  bool blocksort = false;  // blocksort tile
  BarsStyle bars_style = BarsStyle::automatic;
  KeyWindow window;  // the keys the bars show
};

struct MergeViewRects {
  ImVec2 bars_min, bars_max;        // bars (empty when not drawn)
  ImVec2 minimap_min, minimap_max;  // the whole array above a window's bars (empty: none)
  bool bars_plan_colors = false;
  ImVec2 detail_min, detail_max;  // the grid or the tile
  MergePathGeometry path;
  BlocksortGeometry blocksort;
};

// The height the choice needs at least in a view `width` wide: the bars, their legend and the
// detail view.
float merge_views_min_height(const StepState& state, const MergeViewChoice& choice, float width,
                             float scale);

// Draws into `list` within [min, max] (under the heading) and queues the bars.
MergeViewRects draw_merge_views(ImDrawList* list, BarsView& bars, const StepState& state,
                                const MergeViewChoice& choice, const Palette& colors, float scale,
                                ImVec2 min, ImVec2 max);

// The output list (partition, merge steps) or tile (blocksort) holding the key at `index`.
std::uint32_t merge_pick_at(const MergeStepInfo& info, std::uint32_t index);

}  // namespace ss::render
