#pragma once
// Scatter view: the keys before the step (top row) and after it (bottom row), each a box in its
// digit's colour, with a line from every key's old position to its new one. Lines of one digit
// never cross: the scatter is stable. Positions come from the step's input and output buffers
// (RadixState::scatter). Above k_max_scatter_n keys the rows are strips of the digits' colours
// (the key nearest each pixel column), digits not followed dimmed, and up to
// k_scatter_lines_per_digit keys of each of the k_scatter_followed digits get a line.
#include <cstdint>

#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/radix_state.hpp"

namespace ss::render {

// Where the rows land inside the view's rectangle, so tests can find the boxes and lines.
struct ScatterGeometry {
  float left = 0, right = 0;  // x range of the boxes
  float before_top = 0, before_bottom = 0;
  float after_top = 0, after_bottom = 0;
  std::uint32_t n = 0;  // keys: box_center takes a position of n (the after row)
  // The before row's keys [first, first + count): the window followed (the whole array: 0, n).
  std::uint32_t first = 0, count = 0;
  float box_center(std::uint32_t i) const {
    return left + (float(i) + 0.5f) * (right - left) / float(n);
  }
  float before_center(std::uint32_t i) const {
    return left + (float(i - first) + 0.5f) * (right - left) / float(count);
  }
};
// The height the view needs in a view `width` wide to be read: its caption, both rows of boxes
// and room for the lines between them.
float scatter_min_height(const RadixState& radix, float width, float line);
// The rows under a caption `caption_h` high, of the model's window above its whole output.
ScatterGeometry scatter_geometry(ImVec2 min, ImVec2 max, const ScatterModel& m, float line,
                                 float caption_h);

// Returns where it drew the rows (n = 0 when there was nothing to draw).
ScatterGeometry draw_scatter(ImDrawList* list, ImVec2 min, ImVec2 max, const RadixState& radix,
                             const Palette& colors, float scale);

}  // namespace ss::render
