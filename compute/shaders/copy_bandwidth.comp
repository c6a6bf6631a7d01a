#version 460
// Copies binding 0 to binding 1, one uvec4 per invocation (common/copy_kernel.h).
#extension GL_GOOGLE_include_directive : require

#include "copy_kernel.h"
#include "grid.h"

layout(local_size_x_id = 0) in;

layout(push_constant) uniform Push {
  CopyKernel pc;
};

layout(set = 0, binding = 0, std430) readonly buffer Source {
  uvec4 source[];
};
layout(set = 0, binding = 1, std430) writeonly buffer Destination {
  uvec4 destination[];
};

void main() {
  uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  uint i = group * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  if (i < pc.vec4s) destination[i] = source[i];
}
