#version 460
// Bars view: one instance per column, 18 vertices = three quads, from what the pre-pass
// (bars_columns.comp) wrote for the column. A column covers one key, or, when there are more keys
// than pixel columns, the keys of one pixel column and shows their min..max. Quad 0 is the bar
// from the baseline to the smallest key (faint when the column holds several keys), quad 1 spans
// smallest..largest key, quad 2 is the marker strip below the bars: light for a compared pair,
// orange for a pair the GPU swapped. Mergesort steps colour each key by the list (A or B) it is
// merged from, or came from. In the density view (pc.rows > 0) only the strip is drawn here;
// density.frag draws the keys.
#extension GL_GOOGLE_include_directive : require

#include "bars_keys.glsl"

layout(location = 0) out vec3 out_color;

float bar_height(float fraction) {
  return BARS_MIN_HEIGHT + (1.0 - BARS_MIN_HEIGHT) * fraction;
}

void main() {
  uint column = gl_InstanceIndex;
  uint base = column * BARS_COLUMN_WORDS;
  float lo = uintBitsToFloat(columns[base + BARS_COLUMN_LO]);
  float hi = uintBitsToFloat(columns[base + BARS_COLUMN_HI]);
  float color_t = uintBitsToFloat(columns[base + BARS_COLUMN_COLOR]);
  uint flags = columns[base + BARS_COLUMN_FLAGS];
  uint count = columns[base + BARS_COLUMN_COUNT];

  vec3 background = vec3(pc.background_r, pc.background_g, pc.background_b);
  vec3 color = viridis(color_t);
  if (merge_mode())
    color = merge_color(float(columns[base + BARS_COLUMN_B]) / float(max(count, 1u)));
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
    if (count > 1u)
      color = merge_mode() ? main_color : mix(background, viridis(lo), 0.45);
    else
      color = main_color;
  } else if (quad == 1u) {
    y0 = bar_bottom + (1.0 - bar_bottom) * bar_height(lo);
    y1 = bar_bottom + (1.0 - bar_bottom) * bar_height(hi);
  } else {
    y0 = 0.0;
    y1 = (flags & BARS_FLAG_COMPARED) != 0u ? pc.strip : 0.0;
    color = (flags & BARS_FLAG_SWAPPED) != 0u ? vec3(0.902, 0.624, 0.0) : vec3(0.85, 0.85, 0.85);
  }
  if (pc.rows > 0u && quad < 2u) y1 = y0;  // density view: density.frag draws the keys

  float width = 1.0 / float(pc.columns);
  float x0 = float(column) * width + 0.5 * pc.gap * width;
  float x1 = float(column + 1u) * width - 0.5 * pc.gap * width;
  float x = (c & 1u) != 0u ? x1 : x0;
  float y = (c & 2u) != 0u ? y1 : y0;
  out_color = color;
  gl_Position = vec4(-1.0 + 2.0 * x, 1.0 - 2.0 * y, 0.0, 1.0);
}
