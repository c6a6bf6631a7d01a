#pragma once
// Race view: two sorts of the same input one above the other, each with its heading (step,
// algorithm, the GPU's counts) and its bars, stepped in lockstep: one step each, or the same
// fraction of each plan, so a lecturer can show where each algorithm stands at the same moment.
#include <cstddef>
#include <string_view>

#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/step_state.hpp"
#include "render/views/bars_view.hpp"
#include "render/views/views_panel.hpp"

namespace ss::render {

enum class RaceSync {
  steps,     // the second sort applies as many steps as the first (until its last)
  fraction,  // the second sort is as far through its plan as the first is through its own
};
// "steps", "fraction"; parse_race_sync throws UsageError naming the choices.
std::string_view race_sync_name(RaceSync sync);
RaceSync parse_race_sync(std::string_view text);

// Steps the second sort has applied when the first has applied `position` of `steps`.
std::size_t race_position(std::size_t position, std::size_t steps, std::size_t other_steps,
                          RaceSync sync);

// The two rectangles of a race in [min, max]: the first above the second.
struct RaceRects {
  ImVec2 first_min, first_max, second_min, second_max;
};
RaceRects race_rects(ImVec2 min, ImVec2 max, float scale, bool result_line = false);

// Draws both sorts' headings and bars (each queued on its own BarsView) into [min, max], and
// `result` (the full-speed race's times, when there are some) on a line between them, and under
// each sort its network facts (network_facts_text) when it is a network.
void draw_race(BarsView& first_bars, BarsView& second_bars, ImGuiLayer& ui, const StepState& first,
               const StepState& second, const ViewsOptions& options, ImVec2 min, ImVec2 max,
               std::string_view result = {}, std::string_view first_facts = {},
               std::string_view second_facts = {});

}  // namespace ss::render
