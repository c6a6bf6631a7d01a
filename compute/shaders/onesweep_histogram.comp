#version 460
// onesweep, histogram step (seed 003, global_hist): one read of the keys counts the digits of
// every pass at once, in shared memory per workgroup, then added to the global histograms.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require

#include "grid.h"
#include "onesweep_step.h"
#include "radix_common.glsl"

layout(push_constant) uniform Push {
  OnesweepStep pc;
};

layout(std430, set = 0, binding = ONESWEEP_BINDING_DIGIT_HIST) buffer DigitHist {
  uint digit_hist[];
};

shared uint s_hist[ONESWEEP_MAX_PASSES * ONESWEEP_DIGITS];

void main() {
  const uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  const uint lane = gl_LocalInvocationIndex;
  // Known when the pipeline is made (KEY_TYPE is a specialization constant), so the loops below
  // unroll and every key of the invocation is loaded before the first is counted.
  const uint passes = radix_passes(KEY_TYPE, ONESWEEP_BITS);
  const uint buckets = passes * ONESWEEP_DIGITS;
  for (uint b = lane; b < buckets; b += WORKGROUP_SIZE) s_hist[b] = 0u;
  barrier();
  // pc.hist_keys covers several chunks of WORKGROUP_SIZE x KEYS_PER_THREAD keys: each workgroup
  // adds its counts to the global histograms once for all of them (onesweep_hist_keys in
  // compute/algorithms/onesweep.cpp says why).
  const uint chunk = WORKGROUP_SIZE * KEYS_PER_THREAD;
  const uint end = min(pc.n - min(pc.n, group * pc.hist_keys), pc.hist_keys);
  for (uint offset = 0u; offset < end; offset += chunk) {
    const uint first = group * pc.hist_keys + offset + lane;  // coalesced rounds of keys
    uint lo[KEYS_PER_THREAD];
    uint hi[KEYS_PER_THREAD];
    for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
      const uint i = first + k * WORKGROUP_SIZE;
      const uvec2 key = i < pc.n ? input_key_words(i) : uvec2(0u);
      lo[k] = key.x;
      hi[k] = key.y;
    }
    for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
      if (first + k * WORKGROUP_SIZE >= pc.n) continue;
      for (uint p = 0u; p < passes; ++p) {
        uint word = radix_pass_word(p, ONESWEEP_BITS) == 0u ? lo[k] : hi[k];
        uint d = radix_digit(word, KEY_TYPE, DESCENDING, radix_pass_shift(p, ONESWEEP_BITS),
                             ONESWEEP_BITS);
        atomicAdd(s_hist[onesweep_hist_index(p, d)], 1u);
      }
    }
  }
  barrier();
  for (uint b = lane; b < buckets; b += WORKGROUP_SIZE) {
    if (s_hist[b] != 0u) atomicAdd(digit_hist[b], s_hist[b]);
  }
}
