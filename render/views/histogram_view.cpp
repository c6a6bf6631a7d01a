#include "render/views/histogram_view.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "render/color_map.hpp"
#include "render/text_fit.hpp"
#include "render/views/radix_legend.hpp"

namespace ss::render {

namespace {

// A line's height includes room above and below the glyphs; digits fit in 80% of it.
constexpr float k_digits_height = 0.8f;

void centered_text(ImDrawList* list, ImVec2 a, ImVec2 z, ImU32 color, const std::string& text) {
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  // Does not fit: leave it out.
  if (size.x > z.x - a.x + 1 || k_digits_height * size.y > z.y - a.y + 1) return;
  draw_text(list, {(a.x + z.x - size.x) * 0.5f, (a.y + z.y - size.y) * 0.5f}, color, text);
}

}  // namespace

std::uint32_t histogram_rows_shown(std::uint32_t rows, float height_px, float min_row_px) {
  const auto fit = std::uint32_t(std::max(1.0f, std::floor(height_px / min_row_px)));
  return std::min(rows, fit);
}

namespace {

// The global histogram's part: where the totals come from, then counts and bars, then offsets.
float totals_min_height(const HistogramModel& h, float line, float scale) {
  float need = line + 2 * scale;
  if (!h.counts.empty()) need += 2.5f * line + 2 * scale;
  if (!h.offsets.empty()) need += 1.3f * line;
  return need;
}

}  // namespace

float histogram_min_height(const HistogramModel& h, float line, float scale) {
  float need = line + 4 * scale;                       // digit header
  if (!h.cells.empty()) need += 2 * line + 6 * scale;  // what rows are, a row
  return need + totals_min_height(h, line, scale);
}

HistogramGeometry draw_histogram(ImDrawList* list, ImVec2 min, ImVec2 max, const RadixState& radix,
                                 GroupRange tiles, const Palette& colors, float scale) {
  HistogramGeometry g;
  const HistogramModel& h = radix.histogram;
  const float line = ImGui::GetFontSize();
  const std::uint32_t buckets = h.buckets;
  if (!h.missing.empty() || buckets == 0) {
    draw_text(list, {min.x, min.y}, colors.dim, elide("histograms: " + h.missing, max.x - min.x));
    return g;
  }
  const float label_w = ImGui::CalcTextSize("offset 0000").x;
  const float x0 = min.x + label_w, width = max.x - x0;
  const float column = width / float(buckets);
  auto col_x = [&](std::uint32_t b) { return x0 + column * float(b); };
  g.x0 = x0;
  g.column = column;
  g.buckets = buckets;
  const float gap = column >= 8 * scale ? 2 * scale : 0.0f;
  float y = min.y;

  // Column header: each bucket's digit in its colour, so columns match the bars.
  const bool label_each = ImGui::CalcTextSize("FF").x <= column;
  for (std::uint32_t b = 0; b < buckets; ++b) {
    const ImU32 fill = digit_color(b, buckets);
    list->AddRectFilled({col_x(b), y}, {col_x(b + 1) - gap, y + line}, fill);
    if (label_each)
      centered_text(list, {col_x(b), y}, {col_x(b + 1) - gap, y + line}, text_color_on(fill),
                    digit_label(b, radix.digits.bits));
  }
  draw_text(list, {min.x, y}, colors.text, "digit");
  y += line + 4 * scale;

  const bool has_totals = !h.counts.empty();
  const float total_h = max.y - y;
  float heat_h = h.cells.empty() ? 0.0f : (has_totals ? total_h * 0.42f : total_h - 2 * line);
  // No taller than its rows need (a 64-key sort has one tile).
  // The rows drawn: every row, or the window's tiles where rows are tiles.
  const GroupRange rows = h.rows_are_passes ? GroupRange{0, h.rows} : tiles.within(h.rows);
  if (!h.cells.empty())
    heat_h = std::min(heat_h, float(rows.size()) * 2.2f * line + line + 6 * scale);
  // Leave the global histogram what it needs (its title, counts, bars and offsets), no more: on a
  // projector the heat map's few rows then get the height to print their counts.
  if (!h.cells.empty() && has_totals)
    heat_h = std::min(
        heat_h, std::max(total_h - totals_min_height(h, line, scale), 2.0f * line + 6 * scale));
  if (!h.cells.empty()) {
    std::string meaning = h.rows_meaning;
    if (rows.size() < h.rows)
      meaning += "; the window's tiles " + std::to_string(rows.first) + ".." +
                 std::to_string(rows.end - 1) + " of " + std::to_string(h.rows);
    draw_text(list, {min.x, y}, colors.dim, elide(meaning, max.x - min.x));
    y += line + 2 * scale;
    const float area = heat_h - line - 2 * scale;
    const std::uint32_t shown = histogram_rows_shown(rows.size(), area, 3 * scale);
    const float row_h = std::min(area / float(shown), 2.2f * line);
    const float cell_h = row_h - std::min(2 * scale, row_h * 0.2f);  // the rest: a gap under it
    std::vector<std::uint32_t> sums(std::size_t(shown) * buckets, 0);
    std::uint32_t max_count = 0;
    for (std::uint32_t r = 0; r < shown; ++r) {
      const GroupRange summed = rows.part(r, shown);
      for (std::uint32_t t = summed.first; t < summed.end; ++t)
        for (std::uint32_t b = 0; b < buckets; ++b)
          sums[std::size_t(r) * buckets + b] += h.cell(t, b);
      for (std::uint32_t b = 0; b < buckets; ++b)
        max_count = std::max(max_count, sums[std::size_t(r) * buckets + b]);
    }
    const bool per_pass = h.rows_are_passes;
    // Every cell's count or none, as for the bars below.
    const ImVec2 widest = ImGui::CalcTextSize(std::to_string(max_count).c_str());
    const bool cell_counts =
        widest.x <= column - gap + 1 && k_digits_height * widest.y <= cell_h + 1;
    for (std::uint32_t r = 0; r < shown; ++r) {
      const float ry = y + row_h * float(r);
      const auto [begin, end] = rows.part(r, shown);
      std::string label = per_pass ? "pass " : "tile ";
      // Passes and tiles counted from 1, as the narration counts them.
      label += std::to_string(begin + 1);
      if (end - begin > 1) {
        label += '-';
        label += std::to_string(end);
      }
      if (row_h >= line * k_digits_height)
        draw_text(list, {min.x, ry + (row_h - line) * 0.5f}, colors.text, label);
      for (std::uint32_t b = 0; b < buckets; ++b) {
        const std::uint32_t count = sums[std::size_t(r) * buckets + b];
        const ImU32 fill = heat_color(count, max_count);
        const ImVec2 a{col_x(b), ry}, z{col_x(b + 1) - gap, ry + cell_h};
        list->AddRectFilled(a, z, fill);
        if (cell_counts) centered_text(list, a, z, text_color_on(fill), std::to_string(count));
      }
    }
    const float scale_h = float(shown) * row_h;
    if (!cell_counts && row_h < line * k_digits_height && scale_h >= line) {
      // No counts in the cells and no row labels: the cells' scale goes where the labels would,
      // "0..N" under a ramp from none to the brightest cell (N), the ramp as tall as room allows.
      const float ramp_w = label_w - 8 * scale;
      const float ramp_h = std::min(0.6f * line, scale_h - line - 2 * scale);
      if (ramp_h >= 2 * scale) {
        const int steps = 16;
        for (int i = 0; i < steps; ++i) {
          const auto count =
              std::uint32_t(std::ceil(float(max_count) * float(i + 1) / float(steps)));
          list->AddRectFilled({min.x + ramp_w * float(i) / float(steps), y},
                              {min.x + ramp_w * float(i + 1) / float(steps), y + ramp_h},
                              heat_color(count, max_count));
        }
      }
      std::string range = "0..";
      range += std::to_string(max_count);
      draw_text(list, {min.x, y + std::max(ramp_h + 2 * scale, 0.0f)}, colors.dim,
                elide(range, ramp_w));
    }
    y += area + 4 * scale;
  }

  if (!has_totals) {
    draw_text(list, {min.x, y}, colors.dim, elide(h.totals_source, max.x - min.x));
    return g;
  }
  // Global histogram of the pass: bars in digit colours, counts above, offsets underneath.
  draw_text(list, {min.x, y}, colors.dim, elide(h.totals_source, max.x - min.x));
  y += line + 2 * scale;
  const bool print_offsets = !h.offsets.empty();
  const float bars_bottom = max.y - (print_offsets ? 1.3f * line : 0.0f) - 2 * scale;
  const float bars_top = y + line;
  const std::uint32_t max_count = *std::max_element(h.counts.begin(), h.counts.end());
  draw_text(list, {min.x, bars_bottom - line}, colors.text, "keys");
  // Every bar's count, or none: a count left out where it did not fit would read as missing.
  const bool counts_fit = ImGui::CalcTextSize(std::to_string(max_count).c_str()).x <= column - gap;
  if (!counts_fit && bars_bottom - bars_top >= 2.0f * line) {
    // Counts do not fit above thin bars: give the scale instead (when there is room for it
    // beside the "keys" label; a squeezed layout keeps just the bars).
    std::string top = "max ";
    top += std::to_string(max_count);
    draw_text(list, {min.x, bars_top}, colors.dim, top);
    list->AddLine({x0, bars_top}, {max.x, bars_top}, colors.dim, 1.0f);
  }
  for (std::uint32_t b = 0; b < buckets; ++b) {
    const std::uint32_t count = h.counts[b];
    const float top = bars_bottom - (bars_bottom - bars_top) *
                                        (max_count > 0 ? float(count) / float(max_count) : 0.0f);
    list->AddRectFilled({col_x(b), top}, {col_x(b + 1) - gap, bars_bottom},
                        digit_color(b, buckets));
    if (counts_fit)
      centered_text(list, {col_x(b), top - line}, {col_x(b + 1) - gap, top}, colors.text,
                    std::to_string(count));
  }
  list->AddLine({x0, bars_bottom}, {max.x, bars_bottom}, colors.dim, scale);
  if (!print_offsets) return g;
  // Offsets: printed per bucket when they fit, else drawn as the exclusive-scan staircase.
  const float oy = bars_bottom + 3 * scale;
  g.offsets_top = oy;
  g.offsets_bottom = oy + line;
  draw_text(list, {min.x, oy}, colors.accent, "offset");
  // Printed when the largest fits its column (all of them, then), else the staircase.
  const std::uint32_t last_offset = *std::max_element(h.offsets.begin(), h.offsets.end());
  const bool fits = ImGui::CalcTextSize(std::to_string(last_offset).c_str()).x <= column - gap;
  if (fits) {
    for (std::uint32_t b = 0; b < buckets; ++b)
      centered_text(list, {col_x(b), oy}, {col_x(b + 1) - gap, oy + line}, colors.accent,
                    std::to_string(h.offsets[b]));
    return g;
  }
  const std::uint32_t n = h.offsets.back() + h.counts.back();
  for (std::uint32_t b = 0; b < buckets; ++b) {
    const float top = oy + line - line * (n > 0 ? float(h.offsets[b]) / float(n) : 0.0f);
    list->AddRectFilled({col_x(b), top}, {col_x(b + 1), oy + line}, colors.accent);
  }
  return g;
}

}  // namespace ss::render
