#version 460
// onesweep, scan step (seed 003, onesweep_scan): one workgroup of 256 turns each pass's digit
// histogram into the exclusive offsets where each bucket starts in the output.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require

#include "onesweep_step.h"
#include "radix_common.glsl"

layout(push_constant) uniform Push {
  OnesweepStep pc;
};

layout(std430, set = 0, binding = ONESWEEP_BINDING_DIGIT_HIST) buffer DigitHist {
  uint digit_hist[];
};

void main() {
  const uint bucket = wg_lane();  // workgroup of ONESWEEP_DIGITS invocations
  for (uint p = 0u; p < pc.passes; ++p) {
    uint total;
    uint offset = wg_exclusive_scan(digit_hist[onesweep_hist_index(p, bucket)], total);
    digit_hist[onesweep_offset_index(pc.passes, p, bucket)] = offset;
  }
}
