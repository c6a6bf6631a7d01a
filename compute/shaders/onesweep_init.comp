#version 460
// onesweep, first step: zeroes what the later steps accumulate into or wait on: the digit
// histograms (atomically summed by the histogram step), the per-pass tile counters and status
// region 0 (pass 0's). Each pass clears the other region for the pass after it.
#extension GL_GOOGLE_include_directive : require

#include "grid.h"
#include "onesweep_step.h"

layout(local_size_x_id = 0) in;
layout(push_constant) uniform Push {
  OnesweepStep pc;
};

layout(std430, set = 0, binding = ONESWEEP_BINDING_DIGIT_HIST) writeonly buffer DigitHist {
  uint digit_hist[];
};
layout(std430, set = 0, binding = ONESWEEP_BINDING_STATUS) writeonly buffer Status {
  uint status[];
};

void main() {
  uint group = flat_group_index(gl_WorkGroupID.x, gl_WorkGroupID.y, pc.groups_x);
  uint i = group * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  if (i < pc.passes * ONESWEEP_DIGITS) digit_hist[onesweep_hist_index(0u, i)] = 0u;
  if (i < pc.clear_words) status[i] = 0u;
}
