#version 460
// radix4, step 1 of a pass (seed 001, "count the number of symbols"): one workgroup per tile
// counts the tile's 16 digit values in shared memory and writes them to the tile histogram.
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

shared uint s_hist[RADIX4_DIGITS];

void main() {
  const uint tile = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  if (tile >= pc.tiles) return;  // the 2D grid may round up
  const uint lane = gl_LocalInvocationIndex;
  if (lane < RADIX4_DIGITS) s_hist[lane] = 0u;
  barrier();
  const uint words = key_words(KEY_TYPE);
  for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    // Coalesced: round k reads WORKGROUP_SIZE consecutive keys.
    uint i = tile * pc.tile_keys + k * WORKGROUP_SIZE + lane;
    const bool valid =
        PARTIAL_TILES ? radix_tile_slot_valid(tile, pc.tile_keys, k * WORKGROUP_SIZE + lane, pc.n)
                      : i < pc.n;
    if (valid) {
      uint d =
          radix_digit(keys_in[i * words + pc.word], KEY_TYPE, DESCENDING, pc.shift, RADIX4_BITS);
      atomicAdd(s_hist[d], 1u);
    }
  }
  barrier();
  if (lane < RADIX4_DIGITS) tile_hist[radix4_tile_entry(lane, tile, pc.tiles)] = s_hist[lane];
}
