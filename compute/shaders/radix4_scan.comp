#version 460
// radix4, step 2 of a pass (seed 001, "exclusive-scan to find global and local offsets"): the
// digit-major tile histogram's exclusive scan. Entry (d, t) of the result is where tile t's keys
// of digit d start in the output: keys of lower digits anywhere plus keys of digit d in earlier
// tiles. Also records each digit's total and global offset.
//
// One workgroup per digit: workgroup d starts from the keys of the lower digits, summed from the
// count step's spread digit counts (radix4_count_index), then scans its own row.
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
layout(std430, set = 0, binding = RADIX4_BINDING_DIGIT_TOTALS) buffer DigitTotals {
  uint digit_totals[];
};

void main() {
  const uint digit = gl_WorkGroupID.x;
  const uint lane = wg_lane();
  const uint row = digit * pc.tiles;  // first entry of this digit's row

  // Keys of lower digits: their spread counts, consecutive for digits 0 .. digit - 1.
  const uint counts = radix4_count_index(pc.passes, pc.pass, 0u, 0u);
  uint partial = 0u;
  for (uint e = lane; e < digit * RADIX4_COUNT_SPREAD; e += WORKGROUP_SIZE) {
    partial += digit_totals[counts + e];
  }
  uint lower;
  wg_exclusive_scan(partial, lower);

  uint carry = lower;
  for (uint base = 0u; base < pc.tiles; base += WORKGROUP_SIZE * RADIX4_SCAN_ITEMS) {
    // Each invocation scans RADIX4_SCAN_ITEMS consecutive entries of this round.
    uint first = base + lane * RADIX4_SCAN_ITEMS;
    uint v[RADIX4_SCAN_ITEMS];
    uint sum = 0u;
    for (uint j = 0u; j < RADIX4_SCAN_ITEMS; ++j) {
      v[j] = first + j < pc.tiles ? tile_hist[row + first + j] : 0u;
      sum += v[j];
    }
    uint total;
    uint running = carry + wg_exclusive_scan(sum, total);
    for (uint j = 0u; j < RADIX4_SCAN_ITEMS; ++j) {
      if (first + j < pc.tiles) tile_offsets[row + first + j] = running;
      running += v[j];
    }
    carry += total;
  }
  if (lane == 0u) {
    digit_totals[radix4_total_index(pc.pass, digit)] = carry - lower;
    digit_totals[radix4_offset_index(pc.passes, pc.pass, digit)] = lower;
  }
}
