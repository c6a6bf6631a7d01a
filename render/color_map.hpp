#pragma once
// The bars shader's colour maps for the ImGui-drawn views (same stops: color_maps.h), so a
// digit has one colour in the bars, the histograms, the scatter lines and the legends.
#include <cstdint>

#include <imgui.h>

namespace ss::render {

ImU32 viridis_color(float t);  // t in [0, 1]
// Colour of `digit` in a pass with `buckets` buckets (16 for radix4, 256 for onesweep).
ImU32 digit_color(std::uint32_t digit, std::uint32_t buckets);
// Black or white, whichever reads better on `background` (labels inside coloured cells).
ImU32 text_color_on(ImU32 background);

}  // namespace ss::render
