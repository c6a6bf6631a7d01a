#pragma once
// A legend of swatches and captions laid out left to right, wrapping to a new line where an item
// would run past the edge (an item wider than a whole line is cut short with "...").
#include <string>
#include <vector>

#include <imgui.h>

namespace ss::render {

struct LegendItem {
  ImU32 swatch = 0;  // 0: text only
  std::string text;
  ImU32 color = 0;  // of the text
};

// Draws the items from `pos` in lines no wider than `width` (only measures when `list` is null);
// returns the height they take.
float flow_legend(ImDrawList* list, ImVec2 pos, float width, const std::vector<LegendItem>& items,
                  float scale);

}  // namespace ss::render
