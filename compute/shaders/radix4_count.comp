#version 460
// radix4, step 1 of a pass (seed 001, "count the number of symbols"): one workgroup per tile
// counts the tile's 16 digit values in shared memory, writes them to the tile histogram and adds
// them to the pass's digit counts (radix4_count_index) for the scan.
#extension GL_EXT_control_flow_attributes : require
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require

#include "grid.h"
#include "radix4_step.h"
#include "radix_common.glsl"

layout(push_constant) uniform Push {
  Radix4Step pc;
};

layout(std430, set = 0, binding = RADIX4_BINDING_TILE_HIST) writeonly buffer TileHist {
  uint tile_hist[];
};

layout(std430, set = 0, binding = RADIX4_BINDING_DIGIT_TOTALS) buffer DigitTotals {
  uint digit_totals[];
};

shared uint s_hist[RADIX4_DIGITS];

void main() {
  const uint tile = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  if (tile >= pc.tiles) return;  // the 2D grid may round up
  const uint lane = gl_LocalInvocationIndex;
  if (lane < RADIX4_DIGITS) s_hist[lane] = 0u;
  barrier();
  const uint words = key_words(KEY_TYPE);
  // Every key word this invocation counts is loaded before the first is counted, so that all
  // its loads are in flight at once (one at a time left the step latency-bound).
  uint word[KEYS_PER_THREAD];
  bool valid[KEYS_PER_THREAD];
  [[unroll]] for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    // Coalesced: round k reads WORKGROUP_SIZE consecutive keys.
    const uint i = tile * pc.tile_keys + k * WORKGROUP_SIZE + lane;
    valid[k] = PARTIAL_TILES
                   ? radix_tile_slot_valid(tile, pc.tile_keys, k * WORKGROUP_SIZE + lane, pc.n)
                   : i < pc.n;
    word[k] = valid[k] ? keys_in[i * words + pc.word] : 0u;
  }
  [[unroll]] for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    if (!valid[k]) continue;
    atomicAdd(s_hist[radix_digit(word[k], KEY_TYPE, DESCENDING, pc.shift, RADIX4_BITS)], 1u);
  }
  barrier();
  if (lane < RADIX4_DIGITS) {
    const uint count = s_hist[lane];
    tile_hist[radix4_tile_entry(lane, tile, pc.tiles)] = count;
    const uint copy = tile % RADIX4_COUNT_SPREAD;
    if (count != 0u)
      atomicAdd(digit_totals[radix4_count_index(pc.passes, pc.pass, lane, copy)], count);
  }
}
