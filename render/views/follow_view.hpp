#pragma once
// A followed key (render/follow/key_follow.hpp) in the central view: a marker over the bars where
// it stands at the step shown (in the bars' window), and beside them a plot of its index against
// the step, from where following began up to the step shown; the sentence saying where it went
// and why joins the step's narration.
#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "render/follow/key_follow.hpp"
#include "render/imgui_layer.hpp"
#include "render/key_window.hpp"

namespace ss::render {

struct FollowMark {
  std::uint32_t index = 0;          // the key's index where following began
  std::size_t first_position = 0;   // the stepper position following began at
  std::vector<std::uint32_t> path;  // its index at first_position, +1, ..., the step shown
  std::string why;                  // the step shown's move, as a sentence
  bool shown() const { return !path.empty(); }
  std::uint32_t at() const { return path.back(); }
};
// The mark at stepper position `position` (not shown where the follower has no entry).
FollowMark follow_mark(const KeyFollower& follower, std::size_t position);
// "Key 17 (followed from the input) is at 9,203,114: compared with ... and swapped."
std::string follow_sentence(const FollowMark& mark);

// The followed key's colour (Okabe-Ito reddish purple): apart from the bars' viridis, the swaps'
// orange and the accent's yellow.
ImU32 follow_color();

// Width of the path plot beside views `width` wide (0: too narrow for one).
float follow_plot_width(float width, float scale);
// Plot of the path in [min, max]: x the step (0 .. steps), y the key's index, over the range of
// indices it held (the lowest at the top).
void draw_follow_plot(ImDrawList* list, const FollowMark& mark, std::size_t steps, std::uint32_t n,
                      const Palette& colors, float scale, ImVec2 min, ImVec2 max);
// A line through the bars at the key's column and a tag over them, when the window shows it.
void draw_follow_marker(ImDrawList* list, const FollowMark& mark, KeyWindow window, std::uint32_t n,
                        float scale, ImVec2 bars_min, ImVec2 bars_max);

}  // namespace ss::render
