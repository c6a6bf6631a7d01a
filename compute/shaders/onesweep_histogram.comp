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
  const uint buckets = pc.passes * ONESWEEP_DIGITS;
  for (uint b = lane; b < buckets; b += WORKGROUP_SIZE) s_hist[b] = 0u;
  barrier();
  const uint words = key_words(KEY_TYPE);
  for (uint k = 0u; k < KEYS_PER_THREAD; ++k) {
    uint i = group * pc.hist_keys + k * WORKGROUP_SIZE + lane;  // coalesced rounds
    if (i >= pc.n) break;
    uint lo = keys_in[i * words];
    uint hi = words == 2u ? keys_in[i * words + 1u] : 0u;
    for (uint p = 0u; p < pc.passes; ++p) {
      uint word = radix_pass_word(p, ONESWEEP_BITS) == 0u ? lo : hi;
      uint d = radix_digit(word, KEY_TYPE, DESCENDING, radix_pass_shift(p, ONESWEEP_BITS),
                           ONESWEEP_BITS);
      atomicAdd(s_hist[onesweep_hist_index(p, d)], 1u);
    }
  }
  barrier();
  for (uint b = lane; b < buckets; b += WORKGROUP_SIZE) {
    if (s_hist[b] != 0u) atomicAdd(digit_hist[b], s_hist[b]);
  }
}
