#pragma once
// A recorded sample sort, one step of its replay (render/narration/sample_sort_narration.hpp): the
// ranks as lanes one above the other, each the keys that rank holds after the step as bars
// (height: the key; lane length: how many keys the rank holds), the samples marked, the splitters
// as lines across the lanes and the cuts they make, the exchange as lines from every rank to every
// rank beside an R x R matrix of the counts, and the merged parts. Drawn with ImGui's draw lists
// from the keys the GPUs wrote and the run recorded; nothing is sorted again here.
#include <cstddef>
#include <cstdint>

#include <imgui.h>

#include "distributed/sample_sort_record.hpp"
#include "render/imgui_layer.hpp"
#include "render/views/views_panel.hpp"

namespace ss::render {

// The least height the lanes need, for the layout audit and the windows' sizes.
float replay_lanes_min_height(std::uint32_t ranks, float line);

// Draws `step` of `replay` (its heading and caption as options say, then the lanes) into the
// current ImGui window's draw list inside [min, max].
void draw_sample_sort_replay(ImGuiLayer& ui, const SampleSortReplay& replay, std::size_t step,
                             const ViewsOptions& options, ImVec2 min, ImVec2 max);

}  // namespace ss::render
