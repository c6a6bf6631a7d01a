#include "render/views/tile_status_view.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "render/text_fit.hpp"
#include "render/views/flow_legend.hpp"
#include "shaders/common/onesweep_step.h"

namespace ss::render {

namespace {

// Okabe-Ito vermillion: the fallback marker.
ImU32 fallback_color() {
  return ImGui::ColorConvertFloat4ToU32({0.835f, 0.369f, 0.0f, 1.0f});
}

std::vector<LegendItem> legend_items(const Palette& colors) {
  return {{tile_kind_color(TileKind::prefix), "published inclusive prefix", colors.text},
          {tile_kind_color(TileKind::aggregate), "only its aggregate", colors.text},
          {fallback_color(), "used the fallback", colors.text},
          {0, "bars: lookback depth (status: buffer 5, records: 6)", colors.dim}};
}

}  // namespace

TileKind tile_kind(const TileStatus& tile) {
  if (tile.aggregate_buckets > 0) return TileKind::aggregate;
  if (tile.prefix_buckets > 0) return TileKind::prefix;
  return TileKind::empty;
}

// Okabe-Ito blue / orange, grey for nothing published.
ImU32 tile_kind_color(TileKind kind) {
  switch (kind) {
    case TileKind::prefix:
      return IM_COL32(0, 114, 178, 255);
    case TileKind::aggregate:
      return IM_COL32(230, 159, 0, 255);
    case TileKind::empty:
      break;
  }
  return IM_COL32(110, 110, 110, 255);
}

float tile_status_min_height(float width, float line, float scale) {
  // The legend, a line of depth numbers, the depth bars, the status cells, the tile numbers.
  return flow_legend(nullptr, {}, width, legend_items({}), scale) + 5.0f * line + 4 * scale;
}

void draw_tile_status(ImDrawList* list, ImVec2 min, ImVec2 max, const RadixState& radix,
                      GroupRange tiles, const Palette& colors, float scale) {
  const float line = ImGui::GetFontSize();
  if (!radix.digits.onesweep) {
    draw_text(list, min, colors.dim,
              elide("tile status: onesweep only (radix4 has no lookback)", max.x - min.x));
    return;
  }
  const auto& all = radix.tile_status;
  if (all.empty()) {
    draw_text(
        list, min, colors.dim,
        elide("tile status: shown after a pass step (rank, look back, scatter)", max.x - min.x));
    return;
  }
  const float y = min.y + flow_legend(list, min, max.x - min.x, legend_items(colors), scale) - line;
  const float label_w = ImGui::CalcTextSize("depth 0").x;
  const float left = min.x + label_w, width = max.x - left;
  tiles = tiles.within(std::uint32_t(all.size()));
  const std::uint32_t count = tiles.size();
  // Very many tiles: group them into pixel columns and show the worst of each group.
  const std::uint32_t columns =
      std::min<std::uint32_t>(count, std::uint32_t(std::max(1.0f, width / 2)));
  // Columns no wider than a few labels, so one tile reads as a tile, not a banner.
  const float column = std::min(width / float(columns), 5.0f * line);
  const float gap = column >= 6 * scale ? std::max(1.0f, column * 0.1f) : 0.0f;
  const float status_h = std::min(2.0f * line, (max.y - min.y) * 0.25f);
  const float labels_h = column >= ImGui::CalcTextSize("000").x ? line : 0.0f;
  // Top down: legend, a line for the depth numbers, the depth bars (whatever height is left),
  // the status cells, the tile numbers. Short views lose the bars, never the numbers.
  const float legend_bottom = y + line + 4 * scale;
  const float status_top = std::max(max.y - status_h - labels_h, legend_bottom + line + 4 * scale);
  const float bars_bottom = status_top - 4 * scale;
  const float bars_top = std::min(legend_bottom + line, bars_bottom);
  std::uint32_t max_depth = 0;
  for (std::uint32_t t = tiles.first; t < tiles.end; ++t)
    max_depth = std::max(max_depth, all[t].depth);
  const float depth_scale = 1.0f / float(std::max(max_depth, 1u));
  // Every column's depth or none: a number left out where it did not fit would read as 0.
  const bool depth_numbers =
      ImGui::CalcTextSize(std::to_string(max_depth).c_str()).x <= column - gap;
  draw_text(list, {min.x, (status_top + status_top + status_h - line) * 0.5f}, colors.text, "tile");
  draw_text(list, {min.x, bars_bottom - line}, colors.text, "depth");
  if (!depth_numbers && max_depth > 0 && bars_bottom - bars_top >= 2.0f * line) {
    // The bars' scale instead: a line at the deepest walk, its depth beside it.
    std::string top = "max ";
    top += std::to_string(max_depth);
    draw_text(list, {min.x, bars_top}, colors.dim, elide(top, label_w));
    list->AddLine({left, bars_top}, {max.x, bars_top}, colors.dim, 1.0f);
  }
  for (std::uint32_t c = 0; c < columns; ++c) {
    const auto [begin, end] = tiles.part(c, columns);
    TileKind kind = TileKind::prefix;
    std::uint32_t depth = 0, fallbacks = 0;
    for (std::uint32_t t = begin; t < end; ++t) {
      const TileKind k = tile_kind(all[t]);
      if (k != TileKind::prefix) kind = k;
      depth = std::max(depth, all[t].depth);
      fallbacks += all[t].fallbacks;
    }
    const float x0 = left + column * float(c) + gap * 0.5f,
                x1 = left + column * float(c + 1) - gap * 0.5f;
    list->AddRectFilled({x0, status_top}, {x1, status_top + status_h}, tile_kind_color(kind));
    const float h = (bars_bottom - bars_top) * float(depth) * depth_scale;
    list->AddRectFilled({x0, bars_bottom - h}, {x1, bars_bottom},
                        fallbacks > 0 ? fallback_color() : colors.dim);
    if (depth_numbers) {
      const std::string depth_text = std::to_string(depth);
      draw_text(
          list,
          {(x0 + x1 - ImGui::CalcTextSize(depth_text.c_str()).x) * 0.5f, bars_bottom - h - line},
          colors.text, depth_text.c_str());
    }
    if (labels_h > 0) {
      const std::string label = std::to_string(begin + 1);  // counted from 1, as narrated
      draw_text(list,
                {(x0 + x1 - ImGui::CalcTextSize(label.c_str()).x) * 0.5f, status_top + status_h},
                colors.dim, label.c_str());
    }
  }
}

}  // namespace ss::render
