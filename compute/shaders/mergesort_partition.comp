#version 460
// mergesort, first step of a global pass (seed 002, KernelMergePartition): invocation i searches
// where tile i's first output lies on the merge path of the two lists its output list is merged
// from, a binary search over the cross-diagonal in global memory, and writes the A-count there.
// The search first narrows the range to S candidates on the samples the previous step wrote
// (mergesort_sample_stride), then finishes on the keys: at 2^26 keys most of the probes land in
// a 2 x n / S-key array instead of scattered sectors of 256 MB.
#extension GL_GOOGLE_include_directive : require

#include "grid.h"
#include "mergesort_common.glsl"

bool key_less(uint x, uint y) {
  return encoded_less(load_hi(x), load_lo(x), load_hi(y), load_lo(y));
}
// Whether the sample at samples index x (mergesort_sample_index) is below the one at y.
bool sample_less(uint x, uint y) {
  return encoded_less(is_u64() ? samples[x + 1u] : 0u, samples[x], is_u64() ? samples[y + 1u] : 0u,
                      samples[y]);
}

void main() {
  const uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  const uint boundary = group * NT + gl_LocalInvocationID.x;
  if (boundary >= pc.partitions) return;
  uint a0, a_count, b0, b_count, diag;
  mergesort_partition_search(pc.coop, boundary, pc.tile_keys, pc.n, a0, a_count, b0, b_count, diag);
  uint begin = diag > b_count ? diag - b_count : 0u;
  uint end = ms_min(diag, a_count);
  // The answer is the first m in [begin, end) where B[b0 + diag - 1 - m] < A[a0 + m], or end.
  // Coarse rounds test only m = S g: A's key a0 + S g is a phase 0 sample and, with diag a
  // multiple of S (every diagonal but a clipped last one), B's key a phase 1 sample.
  const uint stride = mergesort_sample_stride(pc.tile_keys);
  if (diag % stride == 0u) {
    // Samples of candidate g: A's at a_sample + g words, B's at b_sample - g words.
    const uint words = is_u64() ? 2u : 1u;
    const uint a_sample = mergesort_sample_index(a0, pc.n, pc.tile_keys, words);
    const uint b_sample = mergesort_sample_index(b0 + diag - 1u, pc.n, pc.tile_keys, words);
    uint g_begin = (begin + stride - 1u) / stride;
    uint g_end = (end + stride - 1u) / stride;
    while (g_begin < g_end) {
      uint g = (g_begin + g_end) >> 1u;
      if (!sample_less(b_sample - g * words, a_sample + g * words)) {
        g_begin = g + 1u;
      } else {
        g_end = g;
      }
    }
    // The test holds at every candidate below S g_begin and fails at S g_begin (if below end).
    if (g_begin * stride < end) end = g_begin * stride;
    if (g_begin > 0u && (g_begin - 1u) * stride + 1u > begin) begin = (g_begin - 1u) * stride + 1u;
  }
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
