#version 460
// Bars view: one instance per column, 18 vertices = three quads. A column covers one key, or,
// when there are more keys than pixel columns, the keys [begin, end) of one pixel column and
// shows their min..max. Quad 0 is the bar from the baseline to the smallest key (faint when the
// column holds several keys), quad 1 spans smallest..largest key, quad 2 is the marker strip
// below the bars: light for a compared pair, orange for a pair the GPU swapped. Mergesort steps
// colour each key by the list (A or B) it is merged from, or came from (the sources buffer).
#extension GL_GOOGLE_include_directive : require

#include "bars_params.h"
#include "color_maps.h"
#include "keys.h"
#include "mergesort_step.h"
#include "radix_digits.h"

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

layout(location = 0) out vec3 out_color;

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

// Colour position of key i's digit in the pass shown, extracted exactly as the radix kernels do.
float digit_fraction(uint i) {
  uint raw = keys[i * key_words(pc.key_type) + pc.digit_word];
  uint digit = radix_digit(raw, pc.key_type, pc.descending != 0u, pc.digit_shift, pc.digit_bits);
  return digit_color_t(digit, 1u << pc.digit_bits);
}

// The key's position in [0, 1] between the input's smallest and largest key.
float key_fraction(uint i) {
  if (pc.key_type == KEY_F32) {
    float v = uintBitsToFloat(keys[i]);
    if (isnan(v)) return (keys[i] & 0x80000000u) != 0u ? 0.0 : 1.0;  // totalOrder: -NaN first
    float range = pc.max_value - pc.min_value;
    return range > 0.0 ? clamp((v - pc.min_value) / range, 0.0, 1.0) : 0.5;
  }
  if (pc.key_type == KEY_U64) {
    uint hi = encode_key_word(keys[2u * i + 1u], KEY_U64, false);
    uint lo = keys[2u * i];
    float offset = float(hi - pc.min_hi) * 4294967296.0 + (float(lo) - float(pc.min_lo));
    float range =
        float(pc.max_hi - pc.min_hi) * 4294967296.0 + (float(pc.max_lo) - float(pc.min_lo));
    return range > 0.0 ? clamp(offset / range, 0.0, 1.0) : 0.5;
  }
  uint e = encode_key_word(keys[i], pc.key_type, false);
  uint range = pc.max_lo - pc.min_lo;
  return range > 0u ? clamp(float(e - pc.min_lo) / float(range), 0.0, 1.0) : 0.5;
}

bool merge_mode() {
  return pc.color_mode == BARS_COLOR_MERGE_SOURCE || pc.color_mode == BARS_COLOR_MERGE_LIST;
}

// Whether key i came from (merge step: the GPU's sources buffer) or is merged from (partition
// step: the second half of its output list, mergesort_step.h) list B.
bool from_b(uint i) {
  if (pc.color_mode == BARS_COLOR_MERGE_SOURCE) return sources[i] != 0u;
  uint frame = mergesort_frame_begin(pc.merge_coop, i / pc.merge_nv, pc.merge_nv);
  return i - frame >= mergesort_frame_size(pc.merge_coop, pc.merge_nv);
}

float bar_height(float fraction) {
  return BARS_MIN_HEIGHT + (1.0 - BARS_MIN_HEIGHT) * fraction;
}

bool swapped(uint i) {
  uint mark = marks[i];
  if (pc.has_flags == 0u || mark == 0u) return false;
  uint left = (mark & MARK_RIGHT) != 0u ? (mark & MARK_PARTNER_MASK) - 1u : i;
  return stats[pc.flags_offset + left] != 0u;
}

void main() {
  uint column = gl_InstanceIndex;
  // Keys of this column, without 32-bit overflow of column * n.
  uint base = pc.n / pc.columns, extra = pc.n % pc.columns;
  uint begin = column * base + (column * extra) / pc.columns;
  uint end = (column + 1u) * base + ((column + 1u) * extra) / pc.columns;

  float lo = 1.0, hi = 0.0, color_t = 0.0;
  bool compared = false, any_swapped = false;
  uint from_b_count = 0u;
  for (uint i = begin; i < end; ++i) {
    if (merge_mode() && from_b(i)) ++from_b_count;
    float f = key_fraction(i);
    lo = min(lo, f);
    hi = max(hi, f);
    if (pc.has_marks != 0u && marks[i] != 0u) {
      compared = true;
      any_swapped = any_swapped || swapped(i);
    }
  }
  if (pc.color_mode == BARS_COLOR_VALUE)
    color_t = float(values[begin]) / float(max(pc.n - 1u, 1u));
  else if (pc.color_mode == BARS_COLOR_DIGIT)
    color_t = digit_fraction(begin);
  else
    color_t = hi;
  vec3 background = vec3(pc.background_r, pc.background_g, pc.background_b);
  vec3 color = viridis(color_t);
  if (merge_mode()) {
    vec3 a = vec3(BARS_MERGE_A_R, BARS_MERGE_A_G, BARS_MERGE_A_B);
    vec3 b = vec3(BARS_MERGE_B_R, BARS_MERGE_B_G, BARS_MERGE_B_B);
    color = mix(a, b, float(from_b_count) / float(max(end - begin, 1u)));
  }
  vec3 main_color = color;

  uint quad = gl_VertexIndex / 6u;
  uint corner = gl_VertexIndex % 6u;  // two triangles: (0,1,2) (2,1,3) as corner ids below
  const uint corners[6] = uint[6](0u, 1u, 2u, 2u, 1u, 3u);
  uint c = corners[corner];

  float bar_bottom = pc.strip + 0.01;
  float y0 = 0.0, y1 = 0.0;
  if (quad == 0u) {
    y0 = bar_bottom;
    y1 = bar_bottom + (1.0 - bar_bottom) * bar_height(lo);
    if (end - begin > 1u)
      color = merge_mode() ? main_color : mix(background, viridis(lo), 0.45);
    else
      color = main_color;
  } else if (quad == 1u) {
    y0 = bar_bottom + (1.0 - bar_bottom) * bar_height(lo);
    y1 = bar_bottom + (1.0 - bar_bottom) * bar_height(hi);
  } else {
    y0 = 0.0;
    y1 = compared ? pc.strip : 0.0;
    color = any_swapped ? vec3(0.902, 0.624, 0.0) : vec3(0.85, 0.85, 0.85);
  }

  float width = 1.0 / float(pc.columns);
  float x0 = float(column) * width + 0.5 * pc.gap * width;
  float x1 = float(column + 1u) * width - 0.5 * pc.gap * width;
  float x = (c & 1u) != 0u ? x1 : x0;
  float y = (c & 2u) != 0u ? y1 : y0;
  out_color = color;
  gl_Position = vec4(-1.0 + 2.0 * x, 1.0 - 2.0 * y, 0.0, 1.0);
}
