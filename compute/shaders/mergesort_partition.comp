#version 460
// mergesort, first step of a global pass (seed 002, KernelMergePartition): invocation i searches
// where tile i's first output lies on the merge path of the two lists its output list is merged
// from, a binary search over the cross-diagonal in global memory, and writes the A-count there.
#extension GL_GOOGLE_include_directive : require

#include "grid.h"
#include "mergesort_common.glsl"

bool key_less(uint x, uint y) {
  return encoded_less(load_hi(x), load_lo(x), load_hi(y), load_lo(y));
}

void main() {
  const uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  const uint boundary = group * NT + gl_LocalInvocationID.x;
  if (boundary >= pc.partitions) return;
  uint a0, a_count, b0, b_count, diag;
  mergesort_partition_search(pc.coop, boundary, pc.tile_keys, pc.n, a0, a_count, b0, b_count, diag);
  uint begin = diag > b_count ? diag - b_count : 0u;
  uint end = ms_min(diag, a_count);
  while (begin < end) {
    uint mid = (begin + end) >> 1u;
    if (!key_less(b0 + diag - 1u - mid, a0 + mid)) {
      begin = mid + 1u;
    } else {
      end = mid;
    }
  }
  partitions[boundary] = begin;
}
