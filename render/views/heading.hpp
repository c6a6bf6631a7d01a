#pragma once
// The central view's heading: the step (in the large font, at most `title_lines` lines, cut short
// with "..."; the step panel has all of it), the scenario and the GPU's counts on one line or
// two, and which detail view shows when they take turns (at the right of the last line when it
// fits there, else on a line of its own). Measured first, so the views under it get the rest.
#include <cstddef>
#include <string>
#include <vector>

#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/narration/narration.hpp"
#include "render/step_state.hpp"

namespace ss::render {

struct Heading {
  std::vector<std::string> title, lines;
  // The step's caption (narration.hpp) under the scenario line, when shown.
  std::vector<std::string> narration, invariant;
  bool invariant_fails = false;
  std::string hint;
  bool hint_own_line = false;
  float height = 0;  // including the gap under it
};

// `caption`, when given, is wrapped under the scenario line in at most `caption_lines` lines
// (the last cut short with "...") and its invariant in at most two.
Heading measure_heading(ImGuiLayer& ui, const StepState& state, float width,
                        std::size_t title_lines, const std::string& hint,
                        const Caption* caption = nullptr, std::size_t caption_lines = 0);
// The same for any view: its title, scenario line and counts (on one line when they fit).
Heading measure_heading(ImGuiLayer& ui, const std::string& title, const std::string& scenario,
                        const std::string& counts, float width, std::size_t title_lines,
                        const std::string& hint, const Caption* caption = nullptr,
                        std::size_t caption_lines = 0);
void draw_heading(ImDrawList* list, ImGuiLayer& ui, const Heading& heading, const Palette& colors,
                  ImVec2 min, ImVec2 max);

}  // namespace ss::render
