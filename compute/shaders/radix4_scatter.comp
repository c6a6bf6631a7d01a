#version 460
// radix4, step 3 of a pass (seed 001, "re-order elements"): one workgroup per tile ranks its keys
// by the pass's digit, stably, and writes key i of digit d to tile_offsets[d, tile] + its rank
// among the tile's keys of digit d, into the other ping-pong buffer.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_memory_scope_semantics : require

#include "grid.h"
#include "radix4_step.h"
#include "radix_common.glsl"

layout(push_constant) uniform Push {
  Radix4Step pc;
};

layout(std430, set = 0, binding = RADIX4_BINDING_TILE_OFFSETS) readonly buffer TileOffsets {
  uint tile_offsets[];
};

shared uint s_work[SHARED_WORDS];
shared uint s_tile_offset[RADIX4_DIGITS];

#define RADIX_BITS 4u
#define RADIX_RANK_ROUND_BARRIER  // measured faster here (radix_rank.glsl)
#include "radix_rank.glsl"

void main() {
  const uint tile = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  if (tile >= pc.tiles) return;  // the 2D grid may round up
  const uint lane = wg_lane();
  if (lane < RADIX4_DIGITS) {
    s_tile_offset[lane] = tile_offsets[radix4_tile_entry(lane, tile, pc.tiles)];
  }
  load_tile(tile, pc.tile_keys, pc.n);
  count_tile(tile, pc.tile_keys, pc.n, pc.word, pc.shift);  // its barriers order s_tile_offset
  rank_tile(tile, pc.tile_keys, pc.n, pc.word, pc.shift);
  for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    if (!tile_slot_valid(tile, pc.tile_keys, pc.n, k)) continue;
    const uint dest = s_tile_offset[ranked_digit(k)] + ranked_position(k);
    if (is_u64()) {
      keys_out[2u * dest] = t_lo[k];
      keys_out[2u * dest + 1u] = t_hi[k];
    } else {
      keys_out[dest] = t_lo[k];
    }
    if (HAS_VALUES) values_out[dest] = t_value[k];
  }
}
