// The bars pipelines' bindings and what they read of one key, included by bars_columns.comp (the
// pre-pass, which writes bindings 5 and 6) and the draws (which only read). Heights and colours
// come from the kernels' own key encoding and digit extraction (keys.h, radix_digits.h).
#include "bars_params.h"
#include "color_maps.h"
#include "keys.h"
#include "mergesort_step.h"
#include "radix_digits.h"

#ifndef BARS_OUTPUTS
#define BARS_OUTPUTS readonly
#endif

layout(push_constant) uniform Push {
  BarsParams pc;
};
layout(std430, set = 0, binding = 0) readonly buffer Keys {
  uint keys[];
};
layout(std430, set = 0, binding = 1) readonly buffer Values {
  uint values[];
};
layout(std430, set = 0, binding = 2) readonly buffer Marks {
  uint marks[];
};
layout(std430, set = 0, binding = 3) readonly buffer Stats {
  uint stats[];
};
layout(std430, set = 0, binding = 4) readonly buffer Sources {
  uint sources[];
};
// Per column: BARS_COLUMN_WORDS words (bars_params.h).
layout(std430, set = 0, binding = 5) BARS_OUTPUTS buffer Columns {
  uint columns[];
};
// Density view: counts then colour sums, columns x rows each.
layout(std430, set = 0, binding = 6) BARS_OUTPUTS buffer Cells {
  uint cells[];
};

// Viridis through the stops shared with the ImGui-drawn views (color_maps.h).
vec3 viridis(float t) {
  const float stops[SS_VIRIDIS_STOP_COUNT * 3] = float[SS_VIRIDIS_STOP_COUNT * 3](SS_VIRIDIS_STOPS);
  const int last = SS_VIRIDIS_STOP_COUNT - 1;
  float x = clamp(t, 0.0, 1.0) * float(last);
  int i = min(int(floor(x)), last - 1);
  vec3 a = vec3(stops[3 * i], stops[3 * i + 1], stops[3 * i + 2]);
  vec3 b = vec3(stops[3 * i + 3], stops[3 * i + 4], stops[3 * i + 5]);
  return mix(a, b, x - float(i));
}

bool merge_mode() {
  return pc.color_mode == BARS_COLOR_MERGE_SOURCE || pc.color_mode == BARS_COLOR_MERGE_LIST;
}

vec3 merge_color(float b_share) {
  vec3 a = vec3(BARS_MERGE_A_R, BARS_MERGE_A_G, BARS_MERGE_A_B);
  vec3 b = vec3(BARS_MERGE_B_R, BARS_MERGE_B_G, BARS_MERGE_B_B);
  return mix(a, b, b_share);
}

// The keys [begin, end) of a column: its share of the window's keys.
uvec2 column_keys(uint column) {
  return pc.window_first + uvec2(bars_column_begin(column, pc.window_keys, pc.columns),
                                 bars_column_begin(column + 1u, pc.window_keys, pc.columns));
}
