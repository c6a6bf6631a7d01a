#version 460
// radix4, step 2 of a pass (seed 001, "exclusive-scan to find global and local offsets"): one
// workgroup scans the digit-major tile histogram. Entry (d, t) of the result is where tile t's
// keys of digit d start in the output: keys of lower digits anywhere plus keys of digit d in
// earlier tiles. Also records each digit's total and global offset.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require

#include "radix4_step.h"
#include "radix_common.glsl"

layout(push_constant) uniform Push {
  Radix4Step pc;
};

layout(std430, set = 0, binding = RADIX4_BINDING_TILE_HIST) readonly buffer TileHist {
  uint tile_hist[];
};
layout(std430, set = 0, binding = RADIX4_BINDING_TILE_OFFSETS) writeonly buffer TileOffsets {
  uint tile_offsets[];
};
layout(std430, set = 0, binding = RADIX4_BINDING_DIGIT_TOTALS) writeonly buffer DigitTotals {
  uint digit_totals[];
};

shared uint s_digit_offset[RADIX4_DIGITS + 1u];

void main() {
  const uint lane = wg_lane();
  const uint entries = RADIX4_DIGITS * pc.tiles;
  uint carry = 0u;
  for (uint base = 0u; base < entries; base += WORKGROUP_SIZE * RADIX4_SCAN_ITEMS) {
    // Each invocation scans RADIX4_SCAN_ITEMS consecutive entries of this round.
    uint first = base + lane * RADIX4_SCAN_ITEMS;
    uint v[RADIX4_SCAN_ITEMS];
    uint sum = 0u;
    for (uint j = 0u; j < RADIX4_SCAN_ITEMS; ++j) {
      v[j] = first + j < entries ? tile_hist[first + j] : 0u;
      sum += v[j];
    }
    uint total;
    uint running = carry + wg_exclusive_scan(sum, total);
    for (uint j = 0u; j < RADIX4_SCAN_ITEMS; ++j) {
      uint e = first + j;
      if (e < entries) {
        tile_offsets[e] = running;
        if (e % pc.tiles == 0u) s_digit_offset[e / pc.tiles] = running;
      }
      running += v[j];
    }
    carry += total;
  }
  if (lane == 0u) s_digit_offset[RADIX4_DIGITS] = pc.n;
  barrier();
  if (lane < RADIX4_DIGITS) {
    uint offset = s_digit_offset[lane];
    digit_totals[radix4_total_index(pc.pass, lane)] = s_digit_offset[lane + 1u] - offset;
    digit_totals[radix4_offset_index(pc.passes, pc.pass, lane)] = offset;
  }
}
