#include "render/views/blocksort_view.hpp"

#include <algorithm>
#include <string>

#include "render/color_map.hpp"
#include "render/text_fit.hpp"

namespace ss::render {

namespace {

std::string range_text(std::uint32_t begin, std::uint32_t end) {
  if (end <= begin) return "-";
  return std::to_string(begin) + ".." + std::to_string(end - 1);
}

// "t12" (GCC 12 warns falsely about "t" + std::to_string under -Wrestrict).
std::string thread_label(std::uint32_t t) {
  std::string label = "t";
  label += std::to_string(t);
  return label;
}

std::string caption(const MergeState& merge) {
  const BlocksortModel& b = *merge.blocksort;
  const MergeStepInfo& d = merge.info;
  std::string text = "tile " + std::to_string(b.tile + 1) + " of " + std::to_string(b.tiles) +
                     " (keys " + range_text(b.first, b.first + b.count) + " of buffer " +
                     std::to_string(b.source_buffer) + "), a row per thread: ";
  if (!d.stepped) return text + "the input, " + std::to_string(b.vt) + " keys per thread";
  if (b.coop == 1) return text + "phase 1 sorted each row in registers";
  return text + "phase " + std::to_string(d.phase) + ", " + std::to_string(b.coop) +
         " threads merge two lists of " + std::to_string(b.vt * b.coop / 2) + " into " +
         std::to_string(b.vt * b.coop);
}

std::string thread_row(const BlocksortThread& t) {
  return "A " + range_text(t.a0, t.a1) + "  B " + range_text(t.b0, t.b1) + "  diag " +
         std::to_string(t.diag);
}

}  // namespace

float blocksort_min_height(float line, float scale) {
  return 2.0f * line + 4 * scale + 4.0f * line;
}

BlocksortGeometry draw_blocksort(ImDrawList* list, ImVec2 min, ImVec2 max, const MergeState& merge,
                                 const Palette& colors, float scale) {
  BlocksortGeometry g;
  const float line = ImGui::GetFontSize();
  if (!merge.blocksort) {
    draw_text(list, {min.x, min.y}, colors.dim,
              elide("blocksort tile: for the blocksort step and its phases (see --view mergepath)",
                    max.x - min.x));
    return g;
  }
  const BlocksortModel& b = *merge.blocksort;
  const std::string text = caption(merge);
  float y = min.y + draw_wrapped(list, min, colors.text, text, max.x - min.x, 2) + 4 * scale;

  const bool coop = b.coop >= 2;
  const float label_w = ImGui::CalcTextSize(thread_label(b.nt - 1).c_str()).x + 8 * scale;
  const float band_w = coop ? 6 * scale : 0.0f;
  float table_w = 0;
  for (const BlocksortThread& t : b.threads)
    table_w = std::max(table_w, ImGui::CalcTextSize(thread_row(t).c_str()).x);
  // Every thread a row when each gets 2 pixels; else the first threads that fit a line each.
  float avail = max.y - y;
  std::uint32_t rows = b.nt;
  if (avail / float(b.nt) < 2.0f) {
    avail -= line + 2 * scale;
    rows = std::min(b.nt, std::uint32_t(std::max(1.0f, avail / line)));
    const std::string note = "threads 0.." + std::to_string(rows - 1) + " of " +
                             std::to_string(b.nt) + " shown (one line each)";
    draw_text(list, {min.x, y}, colors.dim, elide(note, max.x - min.x));
    y += line + 2 * scale;
  }
  const float row_h = std::min(avail / float(rows), 3.0f * line);
  if (row_h < 1.0f) return g;
  const bool texts = row_h >= line * 0.75f;
  // Cells wide enough for the widest key printed, when the width allows.
  float key_w = 0;
  if (texts)
    for (const std::string& label : b.labels)
      key_w = std::max(key_w, ImGui::CalcTextSize(label.c_str()).x);
  const float cells_x = min.x + label_w + band_w + 4 * scale;
  const float cell_max = std::max(6.0f * line, key_w + 16 * scale);
  const float cells_w = std::min(max.x - table_w - 24 * scale - cells_x, cell_max * float(b.vt));
  const float cw = cells_w / float(b.vt);
  const float gap = row_h >= 8 * scale && cw >= 8 * scale ? 2 * scale : 0.0f;
  const float table_x = cells_x + cells_w + 20 * scale;
  g.rows_min = {cells_x, y};
  g.rows_max = {cells_x + cells_w, y + row_h * float(rows)};
  g.rows = rows;
  g.columns = b.vt;
  const ImU32 empty = IM_COL32(45, 45, 52, 255);
  for (std::uint32_t t = 0; t < rows; ++t) {
    const float ry = y + row_h * float(t);
    if (texts) {
      const std::string label = thread_label(t);
      draw_text(list, {min.x, ry + (row_h - line) * 0.5f}, colors.dim, label);
    }
    if (coop) {
      // Threads of one output list share a band colour.
      const std::uint32_t group = t / b.coop;
      list->AddRectFilled({cells_x - band_w - 3 * scale, ry},
                          {cells_x - 3 * scale, ry + row_h - gap},
                          group % 2 == 0 ? colors.accent : colors.text);
    }
    for (std::uint32_t i = 0; i < b.vt; ++i) {
      const std::uint32_t k = b.vt * t + i;
      const ImVec2 a{cells_x + cw * float(i), ry},
          z{cells_x + cw * float(i + 1) - gap, ry + row_h - gap};
      const ImU32 fill = k < b.count ? viridis_color(b.fraction[k]) : empty;
      list->AddRectFilled(a, z, fill);
      if (k >= b.count || !texts) continue;
      const float w = ImGui::CalcTextSize(b.labels[k].c_str()).x;
      if (key_w <= z.x - a.x - 2 * scale)  // all keys printed, or none
        draw_text(list, {(a.x + z.x - w) * 0.5f, (a.y + z.y - line) * 0.5f}, text_color_on(fill),
                  b.labels[k]);
    }
    if (coop && texts)
      draw_text(list, {table_x, ry + (row_h - line) * 0.5f}, colors.text, thread_row(b.threads[t]));
  }
  // Each output list (coop rows, VT * coop keys) is one sorted run after the phase: outline it.
  if (merge.info.stepped) {
    for (std::uint32_t t = 0; t < rows; t += b.coop) {
      const float ry = y + row_h * float(t);
      const std::uint32_t span = std::min(b.coop, rows - t);
      list->AddRect(
          {cells_x - 2 * scale, ry - 2 * scale},
          {cells_x + cells_w + 2 * scale - gap, ry + row_h * float(span) + 2 * scale - gap},
          colors.text, 0.0f, 0, 1.5f * scale);
    }
  }
  return g;
}

}  // namespace ss::render
