#version 460
// Density view: one quad over the bar area (above the marker strip); density.frag colours each
// pixel from the pre-pass's count of keys in its cell.
#extension GL_GOOGLE_include_directive : require

#include "bars_params.h"

layout(push_constant) uniform Push {
  BarsParams pc;
};

void main() {
  const uint corners[6] = uint[6](0u, 1u, 2u, 2u, 1u, 3u);
  uint c = corners[gl_VertexIndex];
  float bar_bottom = pc.strip + 0.01;
  float x = (c & 1u) != 0u ? 1.0 : 0.0;
  float y = (c & 2u) != 0u ? 1.0 : bar_bottom;
  gl_Position = vec4(-1.0 + 2.0 * x, 1.0 - 2.0 * y, 0.0, 1.0);
}
