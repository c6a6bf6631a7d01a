#version 460
// The 0-1 check of a comparator network (zero_one_check.h): every invocation runs the whole
// network on ZERO_ONE_INPUTS_PER_INVOCATION consecutive 0-1 inputs and records the lowest input
// the network leaves unsorted.
#extension GL_GOOGLE_include_directive : require

#include "grid.h"
#include "zero_one_check.h"

layout(local_size_x_id = 0) in;

layout(push_constant) uniform Push {
  ZeroOneChunk pc;
};

layout(std430, set = 0, binding = ZERO_ONE_BINDING_COMPARATORS) readonly buffer Comparators {
  uint comparators[];
};
layout(std430, set = 0, binding = ZERO_ONE_BINDING_RESULT) buffer Result {
  uint first_failure;
};

void main() {
  uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  uint i = group * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  uint first = i * ZERO_ONE_INPUTS_PER_INVOCATION;
  if (first >= pc.count) return;
  // Inputs past the chunk's end repeat its last one, which is checked anyway.
  uint last = pc.count - 1u;
  uvec4 x = pc.base + min(uvec4(first, first + 1u, first + 2u, first + 3u), uvec4(last));
  uvec4 y = x;
  for (uint c = 0u; c < pc.comparators; ++c) {
    uint packed = comparators[c];
    y = uvec4(zero_one_compare(y.x, packed), zero_one_compare(y.y, packed),
              zero_one_compare(y.z, packed), zero_one_compare(y.w, packed));
  }
  // The lowest failing input of the four; they are in increasing order.
  for (uint k = 0u; k < ZERO_ONE_INPUTS_PER_INVOCATION; ++k) {
    if (!zero_one_sorted(y[k], pc.n)) {
      atomicMin(first_failure, x[k]);
      break;
    }
  }
}
