#version 460
// A kernel that takes seconds: SORTSCOPE_INJECT_FAULT=hang@K appends it to the K-th submission
// (core/spinning_kernel.hpp), so the tests see a fence that really does not signal within a short
// limit. It spins on a word of host-visible memory that the host sets once the limit has passed,
// and ends by itself after a bound (about 5 s on llvmpipe, whose loops did not see the host's
// write even through a volatile read; a GPU's do).
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) coherent volatile buffer Release {
  uint release;
  uint spins;
};

// Volatile: read anew every time.
bool released() {
  return release != 0u;
}

// Rounds of the outer loop: 1 on a CPU device, where llvmpipe ends an invocation's loops after
// 65535 iterations in all (so each iteration reads the word 32 times and the spinning is spread
// over 1024 workgroups: about 5 s there); on a GPU, where one round takes under 2 s (H200), enough
// that an unreleased spin outlasts the fence's limit and the wait after it (SpinningKernel).
layout(constant_id = 1) const uint ROUNDS = 1u;

void main() {
  uint n = 0u;
  bool done = false;
  for (uint round = 0u; !done && round < ROUNDS; ++round) {
    for (uint i = 0u; !done && i < 0xFFFFu; ++i) {
      [[unroll]] for (uint r = 0u; r < 32u; ++r) done = done || released();
      ++n;
    }
  }
  if (n != 0u) atomicAdd(spins, 1u);
}
