#version 460
// radix4, step 2 of a pass (seed 001, "exclusive-scan to find global and local offsets"): the
// digit-major tile histogram's exclusive scan. Entry (d, t) of the result is where tile t's keys
// of digit d start in the output: keys of lower digits anywhere plus keys of digit d in earlier
// tiles. Also records each digit's total and global offset.
//
// One workgroup per digit: workgroup d first sums the rows of the lower digits (the keys that
// precede all of digit d), then scans its own row. Rows are read again by every higher digit
// (8.5 times the histogram on average), which costs far less than one workgroup scanning all 16
// rows alone: the reads of 16 workgroups overlap, a single workgroup's scan is latency-bound.
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

void main() {
  const uint digit = gl_WorkGroupID.x;
  const uint lane = wg_lane();
  const uint row = digit * pc.tiles;  // first entry of this digit's row

  // Keys of lower digits: the sum of entries 0 .. row - 1, several loads in flight per thread.
  uint partial = 0u;
  for (uint e = lane; e < row; e += WORKGROUP_SIZE * RADIX4_SCAN_ITEMS) {
    for (uint j = 0u; j < RADIX4_SCAN_ITEMS; ++j) {
      uint i = e + j * WORKGROUP_SIZE;
      partial += i < row ? tile_hist[i] : 0u;
    }
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
