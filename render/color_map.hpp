#pragma once
// The bars shader's colour maps for the ImGui-drawn views (same stops: color_maps.h), so a
// digit has one colour in the bars, the histograms, the scatter lines and the legends.
#include <cstddef>
#include <cstdint>

#include <imgui.h>

namespace ss::render {

ImU32 viridis_color(float t);  // t in [0, 1]
// Colour of `digit` in a pass with `buckets` buckets (16 for radix4, 256 for onesweep).
ImU32 digit_color(std::uint32_t digit, std::uint32_t buckets);
// Okabe-Ito's colour-blind-safe palette, its dark blue lightened to show on the dark background:
// colour i % 8 (plot series, ranks).
ImU32 categorical_color(std::size_t index);
std::size_t categorical_color_count();
// Heat-map cells of counts: a single-hue luminance ramp (dark to Okabe-Ito sky blue to white),
// kept apart from the digits' viridis so "how many" never reads as "which digit".
ImU32 heat_color(std::uint64_t count, std::uint64_t max_count);
// Black or white, whichever reads better on `background` (labels inside coloured cells).
ImU32 text_color_on(ImU32 background);

}  // namespace ss::render
