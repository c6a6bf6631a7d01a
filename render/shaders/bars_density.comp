#version 460
// Density view, second pre-pass: turns each cell's count and colour sum (bars_columns.comp) into
// the pixel colour density.frag draws, once per step rather than once per pixel per frame.
// Brightness is log-scaled against the fullest cell of the picture; an empty cell beside a cell
// with keys (left, right, above, below) takes its colour dimmer, so a line one key wide (a sorted
// run) is three pixels wide on a projector.
#extension GL_GOOGLE_include_directive : require

#define BARS_OUTPUTS
#include "bars_keys.glsl"

layout(local_size_x = 256) in;

uint count_at(int column, int row) {
  if (column < 0 || row < 0 || column >= int(pc.columns) || row >= int(pc.rows)) return 0u;
  return cells[uint(column) * pc.rows + uint(row)];
}

void main() {
  uint row = gl_GlobalInvocationID.x;
  uint column = gl_WorkGroupID.y;
  if (row >= pc.rows) return;
  uint plane = pc.columns * pc.rows;
  uint cell = column * pc.rows + row;
  uint best_cell = cell;
  uint best_count = cells[cell];
  float dim = 1.0;
  if (best_count == 0u) {
    const ivec2 sides[4] = ivec2[4](ivec2(-1, 0), ivec2(1, 0), ivec2(0, -1), ivec2(0, 1));
    for (int i = 0; i < 4; ++i) {
      int c = int(column) + sides[i].x, r = int(row) + sides[i].y;
      uint count = count_at(c, r);
      if (count > best_count) {
        best_cell = uint(c) * pc.rows + uint(r);
        best_count = count;
      }
    }
    dim = BARS_DENSITY_HALO;
  }
  vec3 background = vec3(pc.background_r, pc.background_g, pc.background_b);
  vec3 pixel = background;
  if (best_count > 0u) {
    float color_t = (float(best_cell % pc.rows) + 0.5) / float(pc.rows);
    float mean = float(cells[plane + best_cell]) /
                 (float(best_count) * float(bars_cell_color_scale(pc.keys_per_column)));
    // Hue by height repeats the y axis, so it may skip viridis' darkest quarter, which is lost
    // on a dark background; values, digits and lists keep the legends' colours.
    vec3 color = pc.color_mode == BARS_COLOR_KEY ? viridis(0.25 + 0.75 * color_t) : viridis(mean);
    if (merge_mode()) color = merge_color(mean);
    float full = log(1.0 + float(columns[pc.columns * BARS_COLUMN_WORDS]));
    float level = full > 0.0 ? clamp(log(1.0 + float(best_count)) / full, 0.0, 1.0) : 1.0;
    pixel = mix(background, color, dim * (BARS_DENSITY_FLOOR + (1.0 - BARS_DENSITY_FLOOR) * level));
  }
  cells[2u * plane + cell] = packUnorm4x8(vec4(pixel, 1.0));
}
