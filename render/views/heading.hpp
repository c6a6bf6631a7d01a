#pragma once
// The central view's heading: the step (in the large font, one or two lines, cut short with
// "..."; the step panel has all of it), the scenario and the GPU's counts on one line or two,
// which detail view shows when they take turns (at the right of the last line when it fits
// there, else on a line of its own), and the step's caption whole (caption_block.hpp). Measured
// first, so the views under it get the rest.
#include <cstddef>
#include <string>
#include <vector>

#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/narration/narration.hpp"
#include "render/step_state.hpp"
#include "render/views/caption_block.hpp"

namespace ss::render {

// What a heading says, before it is laid out.
struct HeadingText {
  std::string title, scenario, counts, hint;
};
// A step's: its label, the scenario and the GPU's counts.
HeadingText step_heading_text(const StepState& state, std::string hint);

struct Heading {
  std::vector<std::string> title, lines;
  // The pixel sizes of the title (the large font's) and the other lines (the default font's), both
  // scaled down with the caption where the views cannot give up more room.
  float title_size = 0, line_size = 0;
  CaptionLines caption;  // none: no lines
  std::string hint;
  bool hint_own_line = false;
  float height = 0;  // including the gap under it
};

// The heading in `width`, its title in at most `title_lines` lines; `caption`, when given, whole
// under the scenario line. Everything is set at `scale` times its font's size.
Heading measure_heading(ImGuiLayer& ui, const HeadingText& text, float width,
                        std::size_t title_lines, const Caption* caption = nullptr,
                        float scale = 1.0f);
// The heading over views that need `need` of `height` pixels: the title in two lines and the
// caption in the default font when that leaves the views what they need, else the title in one
// line, else the whole heading a step smaller at a time (caption_scales). The caption is
// never cut: at the smallest scale the views get what is left, unless `caption_may_go` (a race's
// halves), which then leaves it out whole.
Heading fit_heading(ImGuiLayer& ui, const HeadingText& text, const Caption* caption, float width,
                    float height, float need, bool caption_may_go = false);
void draw_heading(ImDrawList* list, ImGuiLayer& ui, const Heading& heading, const Palette& colors,
                  ImVec2 min, ImVec2 max);

}  // namespace ss::render
