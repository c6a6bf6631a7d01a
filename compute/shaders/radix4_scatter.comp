#version 460
// radix4, step 3 of a pass (seed 001, "re-order elements"): one workgroup per tile ranks its keys
// by the pass's digit, stably, and writes key i of digit d to tile_offsets[d, tile] + its rank
// among the tile's keys of digit d, into the other ping-pong buffer, through a tile staged in
// shared memory in digit order (radix_rank.glsl says why).
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require

#include "grid.h"
#include "radix4_step.h"
#include "radix_common.glsl"

layout(push_constant) uniform Push {
  Radix4Step pc;
};

layout(std430, set = 0, binding = RADIX4_BINDING_TILE_OFFSETS) readonly buffer TileOffsets {
  uint tile_offsets[];
};

shared uint s_work[SHARED_WORDS];  // ranking counters, then the staged tile

#define RADIX_BITS 4u
#include "radix_rank.glsl"

void main() {
  const uint tile = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  if (tile >= pc.tiles) return;  // the 2D grid may round up
  const uint lane = wg_lane();
  load_tile(tile, pc.tile_keys, pc.n);
  count_tile(tile, pc.tile_keys, pc.n, pc.word, pc.shift);
  if (lane < RADIX4_DIGITS) {
    // Keys of lower digits in this tile: where digit `lane` starts in the staged tile.
    uint local_base = 0u;
    for (uint d = 0u; d < lane; ++d) local_base += s_count[d];
    s_local_base[lane] = local_base;
    s_global_base[lane] = tile_offsets[radix4_tile_entry(lane, tile, pc.tiles)] - local_base;
  }
  rank_tile(tile, pc.tile_keys, pc.n, pc.word, pc.shift);
  barrier();  // the counters are done with: s_work takes the staged tile
  stage_ranked_tile(tile, pc.tile_keys, pc.n);
  barrier();
  const uint tile_end = min(pc.n - tile * pc.tile_keys, pc.tile_keys);  // keys in this tile
  write_staged_tile(tile_end, pc.tile_keys, pc.word, pc.shift, pc.n);
}
