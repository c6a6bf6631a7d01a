#pragma once
// Legend of the digit colours (the bars shader's map), shared by the digit-coloured bars, the
// histograms and the scatter view: what the colour means, then a labelled swatch per digit
// (radix4) or a ramp with a few labels (onesweep's 256 buckets).
#include <string>

#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/radix_state.hpp"

namespace ss::render {

// "pass 2 digit (bits 8..11)": which digit the colours show.
std::string digit_caption(const DigitPass& digits);
// The digit as printed in the views: one hex digit for radix4, two for onesweep.
std::string digit_label(std::uint32_t digit, std::uint32_t bits);

// Draws the legend from `pos`, at most `width` wide: the caption, and beside it or on the next
// line when they would be cramped there, the digits' colours. Returns its height; only measures
// when `list` is null.
float draw_digit_legend(ImDrawList* list, ImVec2 pos, float width, const DigitPass& digits,
                        const Palette& colors, float scale);

}  // namespace ss::render
