#version 460
// mergesort, second step of a global pass (seed 002, KernelMerge): a workgroup produces the
// outputs of pc.tiles_per_group consecutive tiles of NV, [NV * block, NV * block + NV) for each.
// A tile's two partitions bound the A and B ranges it reads (mergesort_interval); it loads them
// into shared memory, each thread finds its VT outputs' start by a merge-path search there and
// merges them serially, and the tile is stored coalesced into the other ping-pong buffer. The
// next tile's keys are loaded into registers before this tile's merge starts, so its loads are in
// flight while the workgroup merges instead of after it stores.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require

#include "grid.h"
#include "mergesort_common.glsl"
#include "mergesort_tile.glsl"

void main() {
  const uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  const uint first = group * pc.tiles_per_group;
  if (first >= pc.tiles) return;  // uniform per workgroup
  const uint last = ms_min(first + pc.tiles_per_group, pc.tiles);
  const uint tid = gl_LocalInvocationID.x;

  uint a0, a1, b0, b1;
  uint mp_next = partitions[first + 1u];
  mergesort_interval(pc.coop, first, NV, pc.n, partitions[first], mp_next, a0, a1, b0, b1);
  uint a_count = a1 - a0;
  uint total = a_count + (b1 - b0);
  tile_fetch(a0, a_count, b0, total);
  // The partition after the next tile's, read one tile ahead so that its latency is hidden too.
  uint mp_after = partitions[ms_min(first + 2u, pc.tiles)];

  for (uint block = first; block < last; ++block) {
    barrier();  // the previous tile's stores have read the shared tile
    tile_stage(total);
    barrier();
    const uint tile_a = a_count;
    const uint tile_total = total;
    if (block + 1u < last) {
      mergesort_interval(pc.coop, block + 1u, NV, pc.n, mp_next, mp_after, a0, a1, b0, b1);
      mp_next = mp_after;
      mp_after = partitions[ms_min(block + 3u, pc.tiles)];
      a_count = a1 - a0;
      total = a_count + (b1 - b0);
      tile_fetch(a0, a_count, b0, total);
    }

    const uint diag = ms_min(VT * tid, tile_total);
    const uint p = tile_merge_path(0u, tile_a, tile_a, tile_total - tile_a, diag);
    serial_merge(p, tile_a, tile_a + diag - p, tile_total);
    barrier();
    registers_to_tile(tile_total);
    if (INSTRUMENTED) {
      [[unroll]] for (uint i = 0u; i < VT; ++i) {
        uint slot = VT * tid + i;
        if (slot < tile_total) sources[NV * block + slot] = r_from_b[i] ? 1u : 0u;
      }
    }
    barrier();
    tile_store(NV * block, tile_total);
    tile_store_samples(NV * block, tile_total);
  }
}
