#version 460
// mergesort, step 1 (seed 002, KernelBlocksort): one workgroup sorts one tile of NV = NT * VT keys
// into one sorted list. Phase 0: each thread sorts its VT consecutive keys in registers with the
// odd-even transposition network (stable). Phases 1 .. log2 NT: lists of VT * coop / 2 keys are
// merged pairwise, coop = 2, 4, ..., NT threads per output list, each thread merging VT outputs
// after a merge-path search (CTABlocksortPass). pc.phase_limit phases run, then the tile is
// stored as it stands: all of them at full speed; fewer when a lecturer opens the step.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require

#include "grid.h"
#include "mergesort_common.glsl"
#include "mergesort_tile.glsl"

void main() {
  const uint tile = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  if (tile >= pc.tiles) return;  // uniform per workgroup: the 2D grid may round up
  const uint tid = gl_LocalInvocationID.x;
  const uint begin = tile * NV;
  const uint count = ms_min(NV, pc.n - begin);
  tile_load(begin, count, 0u);
  barrier();

  if (pc.phase_limit >= 1u) {
    // Phase 0: VT keys per thread into registers. A partial thread pads with the largest encoded
    // key: the network never moves a key past an equal one, so the padding stays behind every
    // real key and is never stored. One-word keys keep their high word 0, padding too, so the
    // driver can drop it from the network.
    const uint mine = count > VT * tid ? ms_min(VT, count - VT * tid) : 0u;
    [[unroll]] for (uint i = 0u; i < VT; ++i) {
      const uint slot = ms_min(VT * tid + i, NV - 1u);
      r_lo[i] = i < mine ? s_lo[slot] : 0xffffffffu;
      r_hi[i] = is_u64() ? (i < mine ? s_hi[slot] : 0xffffffffu) : 0u;
      r_value[i] = HAS_VALUES && i < mine ? s_value[slot] : 0u;
    }
    [[unroll]] for (uint level = 0u; level < VT; ++level) {
      [[unroll]] for (uint i = level & 1u; i + 1u < VT; i += 2u) {
        if (encoded_less(r_hi[i + 1u], r_lo[i + 1u], r_hi[i], r_lo[i])) {
          uint t = r_lo[i];
          r_lo[i] = r_lo[i + 1u];
          r_lo[i + 1u] = t;
          t = r_hi[i];
          r_hi[i] = r_hi[i + 1u];
          r_hi[i + 1u] = t;
          t = r_value[i];
          r_value[i] = r_value[i + 1u];
          r_value[i + 1u] = t;
        }
      }
    }
    barrier();
    registers_to_tile(count);
    barrier();
  }

  for (uint phase = 1u; phase < pc.phase_limit; ++phase) {
    const uint coop = 1u << phase;
    uint a0, a1, b0, b1, diag;
    blocksort_thread_lists(tid, coop, VT, count, a0, a1, b0, b1, diag);
    const uint p = tile_merge_path(a0, a1 - a0, b0, b1 - b0, diag);
    serial_merge(a0 + p, a1, b0 + diag - p, b1);
    barrier();
    registers_to_tile(count);
    barrier();
  }

  tile_store(begin, count);
  tile_store_samples(begin, count);
}
