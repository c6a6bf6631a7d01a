#pragma once
// Dear ImGui packs its font atlas with stb_rect_pack, which sorts the rectangles by size with the
// C library's qsort: rectangles of equal size (glyphs such as '4' and '7') take each other's places
// in an order that differs between C libraries (glibc's qsort keeps their order, msvcrt's does
// not). The glyphs' pixels are the same, but text then samples the atlas at other texture
// coordinates, whose interpolation across a glyph rounds differently: the Windows build's PNGs
// differed from Linux's by 1 along a glyph's edge.
#include <imgui.h>

namespace ss::render {

// Builds `atlas` and then gives its rectangles of each size the places that size took, in an
// order of its own: fonts in the order added, each font's glyphs in its order, then the custom
// rectangles (the mouse cursors and white pixel, the lines). Pixels and texture coordinates move
// with them, so every C library gives the same atlas. Throws when ImGui cannot build it.
void build_atlas_in_fixed_order(ImFontAtlas& atlas);

}  // namespace ss::render
