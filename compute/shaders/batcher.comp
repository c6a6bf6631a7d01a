#version 460
// One layer of Batcher's odd-even mergesort (seed 000): every invocation owns one wire and acts
// when it is the left wire of a comparator whose partner is a real key.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require

#include "batcher_layer.h"
#include "grid.h"
#include "keys.h"

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint KEY_TYPE = KEY_U32;
layout(constant_id = 2) const bool DESCENDING = false;
layout(constant_id = 3) const bool HAS_VALUES = false;
layout(constant_id = 4) const bool INSTRUMENTED = false;
layout(constant_id = 5) const bool COMPARATOR_MASK = false;

layout(push_constant) uniform Push {
  BatcherLayer pc;
};

#include "network_compare.glsl"

void main() {
  uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  uint i = group * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  bool runs = batcher_comparator_runs(pc, i) && comparator_enabled(pc.layer, pc.n, i);
  bool swapped = runs && compare_and_swap(i, batcher_partner(pc, i));
  record_stats(runs, swapped, i);
}
