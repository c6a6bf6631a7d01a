#pragma once
// Tile-status strip of a onesweep pass: one column per tile (in tile order, i.e. the order tiles
// were claimed from the atomic counter) showing what its status words hold after the pass
// (inclusive PREFIX everywhere, or only its AGGREGATE in some buckets), how many earlier tiles its
// lookback inspected, and whether it had to compute some of their histograms itself (fallback).
// From the real status buffer and the instrumented lookback records (RadixState::tile_status).
#include <cstdint>

#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/key_window.hpp"
#include "render/radix_state.hpp"

namespace ss::render {

enum class TileKind { prefix, aggregate, empty };
// A tile's kind from its status words: PREFIX when every bucket holds its inclusive prefix,
// AGGREGATE when some bucket holds only the tile's own count, EMPTY when nothing was published.
TileKind tile_kind(const TileStatus& tile);
ImU32 tile_kind_color(TileKind kind);

// The height the strip needs in a view `width` wide: its legend, the depth bars, the tiles.
float tile_status_min_height(float width, float line, float scale);
// `tiles`: the tiles drawn (those of the bars' window, window_groups; empty: all).
void draw_tile_status(ImDrawList* list, ImVec2 min, ImVec2 max, const RadixState& radix,
                      GroupRange tiles, const Palette& colors, float scale);

}  // namespace ss::render
