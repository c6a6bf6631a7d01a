#pragma once
// A step's caption (narration.hpp: the narration, a lecturer's words, the verdict of what holds)
// laid out whole: wrapped at spaces to as many lines as it needs, never cut short. Where the
// views under it cannot give up the room, it is set a step smaller (caption_sizes) rather than
// lose a word. What it drew is reported to the layout audit (render/layout_audit.hpp), so the
// layout test can check that every word was placed.
#include <string>
#include <vector>

#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/narration/narration.hpp"

namespace ss::render {

struct CaptionLines {
  std::vector<std::string> narration, invariant;
  bool invariant_fails = false;
  float size = 0;     // the font's pixel size the lines were measured in
  std::string asked;  // the caption's whole text, for the audit
  float height() const { return float(narration.size() + invariant.size()) * size; }
};

// `caption` wrapped whole into `width` in the default font at `size` pixels.
CaptionLines wrap_caption(const Caption& caption, float width, float size);
// Whether the lines hold every word of the caption (a word wider than a line is cut short).
bool caption_whole(const CaptionLines& lines);
// The scales a caption (and the heading's title with it) tries, largest first: 1, then steps of
// a twentieth down to one half (the presenter mode's text at the default mode's size), but never
// so small that the default font falls below 11 pixels (what stays legible in the default mode).
std::vector<float> caption_scales();

// Draws the lines from `pos` down; returns their height.
float draw_caption(ImDrawList* list, const CaptionLines& lines, const Palette& colors, ImVec2 pos);

}  // namespace ss::render
