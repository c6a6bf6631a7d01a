#include "render/color_map.hpp"

#include <algorithm>
#include <cmath>

#include "color_maps.h"

namespace ss::render {

ImU32 viridis_color(float t) {
  constexpr float stops[SS_VIRIDIS_STOP_COUNT * 3] = {SS_VIRIDIS_STOPS};
  constexpr int last = SS_VIRIDIS_STOP_COUNT - 1;
  const float x = std::clamp(t, 0.0f, 1.0f) * float(last);
  const int i = std::min(int(std::floor(x)), last - 1);
  const float f = x - float(i);
  float rgb[3];
  for (int c = 0; c < 3; ++c)
    rgb[c] = stops[3 * i + c] + (stops[3 * i + 3 + c] - stops[3 * i + c]) * f;
  return ImGui::ColorConvertFloat4ToU32({rgb[0], rgb[1], rgb[2], 1.0f});
}

ImU32 digit_color(std::uint32_t digit, std::uint32_t buckets) {
  return viridis_color(gpu::digit_color_t(digit, buckets));
}

ImU32 text_color_on(ImU32 background) {
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(background);
  const float luminance = 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z;
  return luminance > 0.45f ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255);
}

}  // namespace ss::render
