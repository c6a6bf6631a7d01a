#version 460
// The 0-1 check of a comparator network (zero_one_check.h): every invocation runs the whole
// network on one 0-1 input and records the lowest input the network leaves unsorted.
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
  if (i >= pc.count) return;
  uint input_bits = pc.base + i;
  uint y = input_bits;
  for (uint c = 0u; c < pc.comparators; ++c) y = zero_one_compare(y, comparators[c]);
  if (!zero_one_sorted(y, pc.n)) atomicMin(first_failure, input_bits);
}
