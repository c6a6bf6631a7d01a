#version 460
// Sample sort: merges two sorted runs a rank received into one (common/sample_sort.h). Each
// invocation finds where its MERGE_RUNS_ITEMS outputs start by a merge-path search along its
// diagonal, then merges them serially; on equal keys run A's come first, so merging runs in the
// order of the ranks they came from keeps the sort stable.
#extension GL_GOOGLE_include_directive : require

#include "grid.h"
#include "keys.h"
#include "sample_sort.h"

layout(local_size_x_id = 0) in;

layout(push_constant) uniform Push {
  MergeRuns pc;
};

layout(set = 0, binding = 0, std430) readonly buffer SourceKeys {
  uint source_keys[];
};
layout(set = 0, binding = 1, std430) readonly buffer SourceValues {
  uint source_values[];
};
layout(set = 0, binding = 2, std430) writeonly buffer OutputKeys {
  uint output_keys[];
};
layout(set = 0, binding = 3, std430) writeonly buffer OutputValues {
  uint output_values[];
};

uvec2 encoded_at(uint i) {
  if (key_words(pc.key_type) == 1u) {
    return uvec2(0u, encode_key_word(source_keys[i], pc.key_type, pc.descending != 0u));
  }
  return uvec2(encode_key_word(source_keys[2u * i + 1u], pc.key_type, pc.descending != 0u),
               encode_key_word(source_keys[2u * i], pc.key_type, pc.descending != 0u));
}

// A's key at a sorts at or before B's key at b (A wins ties).
bool a_first(uint a, uint b) {
  const uvec2 ka = encoded_at(pc.a_first + a);
  const uvec2 kb = encoded_at(pc.b_first + b);
  return !encoded_less(kb.x, kb.y, ka.x, ka.y);
}

void copy_item(uint from, uint to) {
  if (key_words(pc.key_type) == 1u) {
    output_keys[to] = source_keys[from];
  } else {
    output_keys[2u * to] = source_keys[2u * from];
    output_keys[2u * to + 1u] = source_keys[2u * from + 1u];
  }
  if (pc.pairs != 0u) output_values[to] = source_values[from];
}

void main() {
  const uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  const uint invocation = group * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  const uint total = pc.a_count + pc.b_count;
  const uint diag = invocation * MERGE_RUNS_ITEMS;
  if (diag >= total) return;

  // How many of the first `diag` outputs come from A: the first a whose A key sorts after B's
  // key at diag - 1 - a.
  uint lo = diag > pc.b_count ? diag - pc.b_count : 0u;
  uint hi = min(diag, pc.a_count);
  while (lo < hi) {
    const uint mid = lo + (hi - lo) / 2u;
    if (a_first(mid, diag - 1u - mid)) {
      lo = mid + 1u;
    } else {
      hi = mid;
    }
  }
  uint a = lo;
  uint b = diag - lo;
  const uint end = min(diag + MERGE_RUNS_ITEMS, total);
  for (uint out_index = diag; out_index < end; ++out_index) {
    const bool take_a = a < pc.a_count && (b >= pc.b_count || a_first(a, b));
    if (take_a) {
      copy_item(pc.a_first + a, pc.out_first + out_index);
      ++a;
    } else {
      copy_item(pc.b_first + b, pc.out_first + out_index);
      ++b;
    }
  }
}
