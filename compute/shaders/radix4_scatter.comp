#version 460
// radix4, step 3 of a pass (seed 001, "re-order elements"): one workgroup per tile ranks its keys
// by the pass's digit, stably, and writes key i of digit d to tile_offsets[d, tile] + its rank
// among the tile's keys of digit d, into the other ping-pong buffer. The ranked keys are first
// staged in shared memory in digit order, so that consecutive invocations then write consecutive
// keys of one digit: straight from the registers, one store instruction of a subgroup touched up
// to 16 separate runs of the output.
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

shared uint s_work[SHARED_WORDS];          // ranking counters, then the staged tile
shared uint s_local_base[RADIX4_DIGITS];   // where each digit's keys start in the staged tile
shared uint s_global_base[RADIX4_DIGITS];  // output position of staged key j of digit d: this + j

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
  const uint words = is_u64() ? 2u : 1u;
  for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    if (!tile_slot_valid(tile, pc.tile_keys, pc.n, k)) continue;
    const uint p = s_local_base[ranked_digit(k)] + ranked_position(k);
    s_work[p] = t_lo[k];
    if (is_u64()) s_work[pc.tile_keys + p] = t_hi[k];
    if (HAS_VALUES) s_work[words * pc.tile_keys + p] = t_value[k];
  }
  barrier();
  const uint tile_end = min(pc.n - tile * pc.tile_keys, pc.tile_keys);  // keys in this tile
  for (uint j = lane; j < tile_end; j += WORKGROUP_SIZE) {
    const uint lo = s_work[j];
    const uint hi = is_u64() ? s_work[pc.tile_keys + j] : 0u;
    const uint d = radix_digit(pc.word == 0u ? lo : hi, KEY_TYPE, DESCENDING, pc.shift, RADIX_BITS);
    const uint dest = s_global_base[d] + j;
    if (is_u64()) {
      keys_out[2u * dest] = lo;
      keys_out[2u * dest + 1u] = hi;
    } else {
      keys_out[dest] = lo;
    }
    if (HAS_VALUES) values_out[dest] = s_work[words * pc.tile_keys + j];
  }
}
