#version 460
// Density view: x = position in the array, y = key value, each pixel the colour bars_density.comp
// gave its cell (brightness = keys in the cell, hue = the key, or the mean value, digit or list of
// the cell's keys, as the bars would colour them).
#extension GL_GOOGLE_include_directive : require

#include "bars_keys.glsl"

layout(location = 0) out vec4 out_color;

void main() {
  float bar_bottom = pc.strip + 0.01;
  // Position inside the viewport: x from the left, height fraction from the bottom.
  float px = gl_FragCoord.x - pc.viewport_x;
  float from_bottom = 1.0 - (gl_FragCoord.y - pc.viewport_y) / pc.viewport_h;
  uint column = min(uint(px / pc.viewport_w * float(pc.columns)), pc.columns - 1u);
  float t = (from_bottom - bar_bottom) / (1.0 - bar_bottom);
  uint row = min(uint(max(t, 0.0) * float(pc.rows)), pc.rows - 1u);
  out_color = unpackUnorm4x8(cells[2u * pc.columns * pc.rows + column * pc.rows + row]);
}
