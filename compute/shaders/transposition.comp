#version 460
// One pass of odd-even transposition sort: one invocation per neighbouring pair of this pass's
// parity. Stable because compare_and_swap exchanges only on a strictly smaller right key.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require

#include "grid.h"
#include "keys.h"
#include "transposition_pass.h"

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint KEY_TYPE = KEY_U32;
layout(constant_id = 2) const bool DESCENDING = false;
layout(constant_id = 3) const bool HAS_VALUES = false;
layout(constant_id = 4) const bool INSTRUMENTED = false;
layout(constant_id = 5) const bool COMPARATOR_MASK = false;

layout(push_constant) uniform Push {
  TranspositionPass pc;
};

#include "network_compare.glsl"

void main() {
  uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  uint t = group * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  uint left = transposition_left_index(pc, t);
  bool runs =
      t < transposition_comparators(pc.n, pc.parity) && comparator_enabled(pc.pass, pc.n, left);
  bool swapped = runs && compare_and_swap(left, left + 1u);
  record_stats(runs, swapped, left);
}
