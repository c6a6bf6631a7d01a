#version 450
// How many workgroups of this pipeline an SM runs at once: each workgroup counts itself in its
// SM's live count while its first invocation spins, and keeps the highest count it saw. The
// shared array's size (a specialization constant) is what the probe varies.
#extension GL_NV_shader_sm_builtins : require

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint PAD_WORDS = 1u;  // shared memory the workgroup declares

layout(push_constant) uniform Push {
  uint spins;  // iterations the first invocation spins while counted as live
};

const uint MAX_SMS = 1024u;
layout(std430, set = 0, binding = 0) coherent buffer Counts {
  uint live[MAX_SMS];  // workgroups running on each SM now
  uint peak[MAX_SMS];  // the most seen at once
  uint sink[];         // keeps the shared array and the spin alive
};

shared uint pad[PAD_WORDS];

void main() {
  for (uint i = gl_LocalInvocationIndex; i < PAD_WORDS; i += gl_WorkGroupSize.x) {
    pad[i] = i ^ gl_WorkGroupID.x;
  }
  barrier();
  uint x = pad[(gl_LocalInvocationIndex * 7u) % PAD_WORDS];
  if (gl_LocalInvocationIndex == 0u) {
    const uint sm = min(gl_SMIDNV, MAX_SMS - 1u);
    atomicMax(peak[sm], atomicAdd(live[sm], 1u) + 1u);
    for (uint i = 0u; i < spins; ++i) x = x * 1664525u + 1013904223u;
    atomicAdd(live[sm], 0xffffffffu);
  }
  barrier();
  if (x == 0x12345678u) sink[gl_WorkGroupID.x] = x;
}
