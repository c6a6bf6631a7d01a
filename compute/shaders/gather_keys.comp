#version 460
// Sample sort: the keys (and values) at given positions of a sorted buffer, packed in position
// order (common/sample_sort.h, GatherKeys).
#extension GL_GOOGLE_include_directive : require

#include "grid.h"
#include "sample_sort.h"

layout(local_size_x_id = 0) in;

layout(push_constant) uniform Push {
  GatherKeys pc;
};

layout(set = 0, binding = 0, std430) readonly buffer Keys {
  uint keys[];
};
layout(set = 0, binding = 1, std430) readonly buffer Values {
  uint values[];
};
layout(set = 0, binding = 2, std430) readonly buffer Positions {
  uint positions[];
};
layout(set = 0, binding = 3, std430) writeonly buffer OutKeys {
  uint out_keys[];
};
layout(set = 0, binding = 4, std430) writeonly buffer OutValues {
  uint out_values[];
};

void main() {
  const uint i =
      flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x) * gl_WorkGroupSize.x +
      gl_LocalInvocationID.x;
  if (i >= pc.count) return;
  const uint p = positions[i];
  for (uint w = 0u; w < pc.key_words; ++w)
    out_keys[i * pc.key_words + w] = keys[p * pc.key_words + w];
  if (pc.pairs != 0u) out_values[i] = values[p];
}
