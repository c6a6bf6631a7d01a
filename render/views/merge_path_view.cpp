#include "render/views/merge_path_view.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "render/text_fit.hpp"
#include "render/views/merge_views.hpp"
#include "shaders/common/mergesort_step.h"

namespace ss::render {

namespace {

ImU32 mix(ImU32 a, ImU32 b, float t) {
  const ImVec4 x = ImGui::ColorConvertU32ToFloat4(a), y = ImGui::ColorConvertU32ToFloat4(b);
  return ImGui::ColorConvertFloat4ToU32(
      {x.x + (y.x - x.x) * t, x.y + (y.y - x.y) * t, x.z + (y.z - x.z) * t, 1.0f});
}

std::string range_text(std::uint32_t begin, std::uint32_t end) {
  if (end <= begin) return "none";
  return std::to_string(begin) + ".." + std::to_string(end - 1);
}

// Appended, not "t" + to_string(): GCC 12 misreads that operator+ as an overrun
// (-Wstringop-overflow).
// Tiles counted from 1, as the narration counts them.
std::string tile_name(std::uint32_t tile) {
  std::string name = "t";
  name += std::to_string(tile + 1);
  return name;
}

}  // namespace

float merge_path_min_height(float line) {
  return 2.0f * line + 6.0f * line;
}

MergePathGeometry draw_merge_path(ImDrawList* list, ImVec2 min, ImVec2 max, const MergeState& merge,
                                  const Palette& colors, float scale) {
  MergePathGeometry g;
  const float line = ImGui::GetFontSize();
  if (!merge.path) {
    draw_text(list, {min.x, min.y}, colors.dim,
              elide("merge-path grid: for partition and merge steps (this is the blocksort; "
                    "see --view blocksort)",
                    max.x - min.x));
    return g;
  }
  const MergePathModel& m = *merge.path;
  const MergeStepInfo& d = merge.info;
  const bool merge_step = d.stage == gpu::MERGESORT_STAGE_MERGE;
  const std::string caption =
      "list " + std::to_string(m.pair + 1) + " of " + std::to_string(m.pairs) + ": A = keys " +
      range_text(m.a_begin, m.a_begin + m.a_count) +
      " (across), B = " + range_text(m.b_begin, m.b_begin + m.b_count) +
      " (down), as this pass read them (buffer " + std::to_string(m.input_buffer) + ")" +
      (m.a_count != m.b_count ? ", each axis its list's length" : "");
  float y = min.y;
  if (m.a_count == 0 || m.b_count == 0) {
    y += draw_wrapped(list, {min.x, y}, colors.text, caption, max.x - min.x, 2) + 4 * scale;
    draw_text(list, {min.x, y}, colors.dim,
              elide("this list has no partner (n ends inside it): the merge copies its keys",
                    max.x - min.x));
    return g;
  }

  // Each tile is named outside the grid, above its top edge or right of its right edge, in the
  // middle of the band between its diagonals: names by the partition dots sat on the path.
  const std::size_t tiles = m.partitions.empty() ? 0 : m.partitions.size() - 1;
  const float name_w =
      tiles > 0 ? ImGui::CalcTextSize(tile_name(m.partitions[tiles - 1].tile).c_str()).x : 0.0f;
  const float name_row = tiles > 0 ? line + 2 * scale : 0.0f;    // above the grid
  const float name_col = tiles > 0 ? name_w + 4 * scale : 0.0f;  // right of it
  // Room for the side panel (the key, then each tile's ranges) right of the grid.
  const float side_w = std::min(ImGui::CalcTextSize("tile 000: out 0000..0000").x + 2 * line,
                                (max.x - min.x) * 0.42f);
  const float pad = 8 * scale;  // the partition dots stick out of the grid by up to this
  const float side_gap = std::max(24 * scale, name_col + 8 * scale);  // grid to side panel
  const float avail_w = max.x - min.x - side_w - 2 * pad - side_gap;
  // The caption goes above the grid, or beside it when the grid is held by the height and the
  // side has room to read it (a projector's wide view): the grid then gets its lines.
  const std::vector<std::string> caption_lines = wrap_words(caption, max.x - min.x, 2);
  const float caption_h = float(caption_lines.size()) * line + 4 * scale;
  const float beside_w =
      max.x - (min.x + 2 * pad + std::min(avail_w, max.y - y - 2 * pad) + side_gap);
  const bool caption_beside =
      max.y - y - caption_h - 2 * pad - name_row < avail_w && beside_w >= 16 * line;
  if (!caption_beside) {
    for (std::size_t i = 0; i < caption_lines.size(); ++i)
      draw_text(list, {min.x, y + float(i) * line}, colors.text, caption_lines[i]);
    y += caption_h;
  }
  const float avail_h = max.y - y - 2 * pad - name_row;
  // Keys along the axes when they fit their cells.
  float label_w = 0;
  for (const std::string& text : m.a_labels)
    label_w = std::max(label_w, ImGui::CalcTextSize(text.c_str()).x);
  for (const std::string& text : m.b_labels)
    label_w = std::max(label_w, ImGui::CalcTextSize(text.c_str()).x);
  bool labels = !m.a_labels.empty() && !m.b_labels.empty();
  const float longest = float(std::max(m.a_count, m.b_count));
  float side = std::min(avail_w - label_w - pad, avail_h - line - pad);
  if (labels && (side / longest < label_w + 4 * scale || side / longest < line)) labels = false;
  if (!labels) side = std::min(avail_w, avail_h);
  side = std::max(side, 8.0f);
  const float key_row = labels ? line + 2 * scale : 0.0f;
  const float left = min.x + pad + (labels ? label_w + pad : 0.0f);
  const float top = y + pad + name_row + key_row;
  // A square: each axis spans its own list (a short B still gets rows a lecturer can see).
  const float grid_w = side, grid_h = side;
  g.grid_min = {left, top};
  g.grid_max = {left + grid_w, top + grid_h};
  g.a_count = m.a_count;
  g.b_count = m.b_count;

  // Cells, aggregated to at most one per 2 pixels; each row is at most three runs of one kind.
  const auto gx = std::max<std::uint32_t>(
      1, std::min<std::uint32_t>(m.a_cells, std::uint32_t(grid_w / (2 * scale))));
  const auto gy = std::max<std::uint32_t>(
      1, std::min<std::uint32_t>(m.b_cells, std::uint32_t(grid_h / (2 * scale))));
  const ImU32 background = ImGui::ColorConvertFloat4ToU32(colors.background);
  const ImU32 kind_color[3] = {mix(merge_a_color(), background, 0.45f),
                               mix(merge_b_color(), background, 0.45f), IM_COL32(95, 95, 105, 255)};
  const float cw = grid_w / float(gx), ch = grid_h / float(gy);
  const float cell_gap = std::min(cw, ch) >= 10 * scale ? 1.5f * scale : 0.0f;
  std::vector<std::uint64_t> a_first(gx), a_last(gx);
  for (std::uint32_t x = 0; x < gx; ++x) {
    const std::uint32_t c0 = std::uint32_t(std::uint64_t(x) * m.a_cells / gx);
    const std::uint32_t c1 = std::uint32_t(std::uint64_t(x + 1) * m.a_cells / gx);
    a_first[x] = m.a_first[c0];
    a_last[x] = m.a_last[c1 - 1];
  }
  for (std::uint32_t yy = 0; yy < gy; ++yy) {
    const std::uint32_t r0 = std::uint32_t(std::uint64_t(yy) * m.b_cells / gy);
    const std::uint32_t r1 = std::uint32_t(std::uint64_t(yy + 1) * m.b_cells / gy);
    const std::uint64_t b_first = m.b_first[r0], b_last = m.b_last[r1 - 1];
    std::uint32_t x = 0;
    while (x < gx) {
      auto kind = [&](std::uint32_t c) {
        return a_last[c] <= b_first ? 0 : b_last < a_first[c] ? 1 : 2;
      };
      const int k = kind(x);
      std::uint32_t end = x + 1;
      if (cell_gap == 0)
        while (end < gx && kind(end) == k) ++end;
      list->AddRectFilled({left + cw * float(x), top + ch * float(yy)},
                          {left + cw * float(end) - cell_gap, top + ch * float(yy + 1) - cell_gap},
                          kind_color[k]);
      x = end;
    }
  }
  list->AddRect(g.grid_min, g.grid_max, colors.dim, 0.0f, 0, 1.0f);

  // Keys along the axes when each fits its cell.
  if (labels) {
    for (std::uint32_t i = 0; i < m.a_count && i < m.a_labels.size(); ++i) {
      const float w = ImGui::CalcTextSize(m.a_labels[i].c_str()).x;
      if (w > cw + 1) break;
      draw_text(list, {left + cw * (float(i) + 0.5f) - w * 0.5f, top - line - 2 * scale},
                merge_a_color(), m.a_labels[i]);
    }
    for (std::uint32_t j = 0; j < m.b_count && j < m.b_labels.size(); ++j) {
      if (line > ch + 1) break;
      const float w = ImGui::CalcTextSize(m.b_labels[j].c_str()).x;
      draw_text(list, {left - pad - w, top + ch * (float(j) + 0.5f) - line * 0.5f}, merge_b_color(),
                m.b_labels[j]);
    }
  }

  // Cross-diagonals of the list's tiles, then the path, then the partitions on it.
  for (const MergePartition& p : m.partitions) {
    if (p.end || p.diag == 0) continue;
    const float a0 = float(std::min(p.diag, m.a_count)), b0 = float(p.diag) - a0;
    const float b1 = float(std::min(p.diag, m.b_count)), a1 = float(p.diag) - b1;
    list->AddLine(g.point(a0, b0), g.point(a1, b1), colors.accent, 1.5f * scale);
  }
  if (m.has_path) {
    std::vector<ImVec2> points;
    for (const PathPoint& p : m.path) points.push_back(g.point(float(p.a), float(p.b)));
    list->AddPolyline(points.data(), int(points.size()), k_merge_path_color, 0, 3.5f * scale);
  }
  const float radius = std::clamp(std::min(cw, ch) * 0.18f, 4.0f * scale, pad - 1.5f * scale);
  for (const MergePartition& p : m.partitions) {
    const ImVec2 c = g.point(float(p.a), float(p.diag - p.a));
    list->AddCircleFilled(c, radius + 1.5f * scale, background);
    list->AddCircleFilled(c, radius, p.end ? colors.dim : colors.accent);
  }
  // Tile names along the top edge (edge coordinate t = a) and down the right edge (t = |A| + b):
  // a diagonal d meets that edge at t = d, so tile i's band ends between t = d_i and d_(i+1).
  float top_end = -1e9f, right_end = -1e9f;
  for (std::size_t i = 0; i < tiles; ++i) {
    const MergePartition& p = m.partitions[i];
    const MergePartition& q = m.partitions[i + 1];
    const std::string name = tile_name(p.tile);
    const ImVec2 size = ImGui::CalcTextSize(name.c_str());
    const float t = 0.5f * float(p.diag + q.diag);
    if (t <= float(m.a_count)) {
      const float x =
          std::max(std::min(g.point(t, 0).x - 0.5f * size.x, g.grid_max.x - size.x), min.x);
      if (x < top_end + 4 * scale) continue;
      draw_text(list, {x, top - key_row - pad - line}, colors.accent, name);
      top_end = x + size.x;
    } else {
      const float ty =
          std::max(g.point(float(m.a_count), t - float(m.a_count)).y - 0.5f * line, g.grid_min.y);
      if (ty < right_end) continue;
      draw_text(list, {g.grid_max.x + pad + 2 * scale, ty}, colors.accent, name);
      right_end = ty + line;
    }
  }

  // Side panel: what the colours and marks are, then per tile its outputs and input ranges.
  float sy = top - key_row - name_row;
  const float sx = g.grid_max.x + pad + side_gap;
  auto side_text = [&](ImU32 color, const std::string& text, ImU32 swatch = 0) {
    float tx = sx + (swatch != 0 ? line : 0.0f);
    // A narrow panel wraps a tile's ranges: all of its lines must fit, or none is drawn.
    if (sy + float(wrap_words(text, max.x - tx).size()) * line > max.y) return false;
    tx = sx;
    if (swatch != 0) {
      list->AddRectFilled({sx, sy + 0.1f * line}, {sx + 0.8f * line, sy + 0.9f * line}, swatch);
      tx += line;
    }
    sy += draw_wrapped(list, {tx, sy}, color, text, max.x - tx) + 1 * scale;
    return true;
  };
  if (caption_beside)
    sy += draw_wrapped(list, {sx, sy}, colors.text, caption, max.x - sx, 4) + 4 * scale;
  // The key in two columns when they fit, else one.
  struct KeyItem {
    ImU32 swatch;
    std::string text;
  };
  std::vector<KeyItem> key{{kind_color[0], "A[i] <= B[j]: A first"},
                           {kind_color[1], "B[j] < A[i]: B first"}};
  if (gx < m.a_cells || gy < m.b_cells || m.a_cells < m.a_count || m.b_cells < m.b_count)
    key.push_back({kind_color[2], "block the path crosses"});
  key.push_back({merge_step ? k_merge_path_color : 0,
                 merge_step ? "path: GPU merge sources" : "path: at the merge step"});
  key.push_back({colors.accent, "tile diagonals, partitions"});
  // Two columns, each as wide as its widest entry (even entries left, odd right).
  float column_w[2] = {0, 0};
  for (std::size_t i = 0; i < key.size(); ++i)
    column_w[i % 2] = std::max(column_w[i % 2], ImGui::CalcTextSize(key[i].text.c_str()).x);
  const float first_column_w = column_w[0] + line + 12 * scale;
  const bool two = sx + first_column_w + column_w[1] + line <= max.x;
  for (std::size_t i = 0; i < key.size(); ++i) {
    const float kx = sx + (two && i % 2 == 1 ? first_column_w : 0.0f);
    const float ky = two ? sy + float(i / 2) * (line + scale) : sy + float(i) * (line + scale);
    if (key[i].swatch != 0)
      list->AddRectFilled({kx, ky + 0.1f * line}, {kx + 0.8f * line, ky + 0.9f * line},
                          key[i].swatch);
    draw_text(list, {kx + line, ky}, key[i].swatch != 0 ? colors.text : colors.dim,
              elide(key[i].text, max.x - kx - line));
  }
  sy += float(two ? (key.size() + 1) / 2 : key.size()) * (line + scale);
  sy += 4 * scale;
  const std::size_t listed = lines_listed(tiles, max.y - sy, line, scale);
  std::size_t shown = 0;
  for (std::size_t i = 0; i < listed; ++i, ++shown) {
    const MergePartition& p = m.partitions[i];
    const MergePartition& q = m.partitions[i + 1];
    // Global positions, as on the bars: outputs from the list's start, A and B in the input.
    const std::uint32_t o = m.a_begin;
    std::string text = tile_name(p.tile);
    text += ": out " + range_text(o + p.diag, o + q.diag) + " = A " + range_text(o + p.a, o + q.a) +
            " + B " + range_text(m.b_begin + p.diag - p.a, m.b_begin + q.diag - q.a);
    if (!side_text(colors.text, text)) break;
  }
  if (shown < tiles) side_text(colors.dim, std::to_string(tiles - shown) + " more tiles");
  return g;
}

}  // namespace ss::render
