#pragma once
// Histogram view of a radix pass: the heat map of per-tile digit counts (rows: tiles, or digit
// passes for onesweep before its passes; columns: buckets) and under it the pass's global
// histogram, bars in the digits' colours, with the exclusive-scan offsets the GPU computed.
// Numbers come from RadixState (read back from the kernels' buffers once per step).
#include <cstdint>

#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/key_window.hpp"
#include "render/radix_state.hpp"

namespace ss::render {

// Rows drawn for `rows` heat-map rows in `height_px`: consecutive tiles are summed into one row
// when each would be thinner than `min_row_px`.
std::uint32_t histogram_rows_shown(std::uint32_t rows, float height_px, float min_row_px);

// Where the last draw put the bucket columns and the offsets' row, for tests (buckets = 0: not
// drawn).
struct HistogramGeometry {
  float x0 = 0, column = 0;  // bucket b spans [x0 + b * column, x0 + (b + 1) * column)
  std::uint32_t buckets = 0;
  float offsets_top = 0, offsets_bottom = 0;  // equal when the pass has no offsets to show
};

// The height the view needs to show the digit header, a heat-map row, the global histogram's
// bars and the offsets.
float histogram_min_height(const HistogramModel& histogram, float line, float scale);
// `tiles`: the tiles whose heat-map rows are drawn when rows are tiles (those of the bars' window,
// window_groups; empty: all).
HistogramGeometry draw_histogram(ImDrawList* list, ImVec2 min, ImVec2 max, const RadixState& radix,
                                 GroupRange tiles, const Palette& colors, float scale);

}  // namespace ss::render
