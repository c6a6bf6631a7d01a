#version 460
// mergesort, second step of a global pass (seed 002, KernelMerge): workgroup `block` produces
// outputs [NV * block, NV * block + NV) of the pass. Its two partitions bound the A and B ranges
// it reads (mergesort_interval); it loads them into shared memory, each thread finds its VT
// outputs' start by a merge-path search there and merges them serially, and the tile is stored
// coalesced into the other ping-pong buffer.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require

#include "grid.h"
#include "mergesort_common.glsl"
#include "mergesort_tile.glsl"

void main() {
  const uint block = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  if (block >= pc.tiles) return;  // uniform per workgroup
  const uint tid = gl_LocalInvocationID.x;
  uint a0, a1, b0, b1;
  mergesort_interval(pc.coop, block, NV, pc.n, partitions[block], partitions[block + 1u], a0, a1,
                     b0, b1);
  const uint a_count = a1 - a0;
  const uint total = a_count + (b1 - b0);
  tile_load(a0, a_count, 0u);
  tile_load(b0, b1 - b0, a_count);
  barrier();

  const uint diag = ms_min(VT * tid, total);
  const uint p = tile_merge_path(0u, a_count, a_count, total - a_count, diag);
  serial_merge(p, a_count, a_count + diag - p, total);
  barrier();
  registers_to_tile(total);
  if (INSTRUMENTED) {
    [[unroll]] for (uint i = 0u; i < VT; ++i) {
      uint slot = VT * tid + i;
      if (slot < total) sources[NV * block + slot] = r_from_b[i] ? 1u : 0u;
    }
  }
  barrier();
  tile_store(NV * block, total);
  tile_store_samples(NV * block, total);
}
