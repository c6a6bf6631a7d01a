#include "render/views/flow_legend.hpp"

#include "render/text_fit.hpp"

namespace ss::render {

float flow_legend(ImDrawList* list, ImVec2 pos, float width, const std::vector<LegendItem>& items,
                  float scale) {
  const float line = ImGui::GetFontSize();
  const float box = line * 0.8f, gap = 20 * scale;
  float x = pos.x, y = pos.y;
  for (const LegendItem& item : items) {
    const float swatch = item.swatch != 0 ? box + 6 * scale : 0.0f;
    const float w = swatch + ImGui::CalcTextSize(item.text.c_str()).x;
    if (x > pos.x && x + w > pos.x + width) {
      x = pos.x;
      y += line + 2 * scale;
    }
    if (list != nullptr) {
      if (item.swatch != 0)
        list->AddRectFilled({x, y + 0.15f * box}, {x + box, y + 1.15f * box}, item.swatch);
      draw_text(list, {x + swatch, y}, item.color, elide(item.text, pos.x + width - x - swatch));
    }
    x += w + gap;
  }
  return y + line - pos.y;
}

}  // namespace ss::render
