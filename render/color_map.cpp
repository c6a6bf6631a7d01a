#include "render/color_map.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

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

namespace {
constexpr ImU32 k_categorical[] = {
    IM_COL32(230, 159, 0, 255),   IM_COL32(86, 180, 233, 255),  IM_COL32(0, 158, 115, 255),
    IM_COL32(240, 228, 66, 255),  IM_COL32(213, 94, 0, 255),    IM_COL32(204, 121, 167, 255),
    IM_COL32(110, 150, 255, 255), IM_COL32(190, 190, 190, 255),
};
}  // namespace

ImU32 categorical_color(std::size_t index) {
  return k_categorical[index % std::size(k_categorical)];
}

std::size_t categorical_color_count() {
  return std::size(k_categorical);
}

ImU32 heat_color(std::uint64_t count, std::uint64_t max_count) {
  if (count == 0) return IM_COL32(45, 45, 52, 255);
  const float t = max_count > 0 ? std::sqrt(float(count) / float(max_count)) : 0.0f;
  const float sky[3] = {86, 180, 233};
  float rgb[3];
  for (int c = 0; c < 3; ++c)
    rgb[c] = t < 0.7f ? 60 + (sky[c] - 60) * t / 0.7f : sky[c] + (255 - sky[c]) * (t - 0.7f) / 0.3f;
  return IM_COL32(int(rgb[0]), int(rgb[1]), int(rgb[2]), 255);
}

ImU32 text_color_on(ImU32 background) {
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(background);
  const float luminance = 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z;
  return luminance > 0.45f ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255);
}

}  // namespace ss::render
