#version 460
// onesweep, scan step (seed 003, onesweep_scan): a workgroup of 256 per pass turns its digit
// histogram into the exclusive offsets where each bucket starts in the output (one workgroup for
// all four passes of u32 keys took 5.3 us on an H100, one per pass 3.8), and chooses whether the
// pass ranks its keys by ballots or by partition: it gives the other ranking's dispatch no groups
// (onesweep_dispatch_index).
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
    const uint count = digit_hist[onesweep_hist_index(p, bucket)];
    digit_hist[onesweep_offset_index(pc.passes, p, bucket)] = wg_exclusive_scan(count, total);
    // How likely a round of a subgroup's keys is to hold this digit; summed, the distinct digits
    // such a round holds on average (where keys come in no order), which decides how the pass
    // ranks (onesweep_partition_limit).
    const float absent = pow(1.0 - float(count) / float(max(total, 1u)), float(SUBGROUP_SIZE));
    const uint present = uint(round((1.0 - absent) * float(ONESWEEP_DISTINCT_SCALE)));
    uint distinct;
    wg_exclusive_scan(present, distinct);
    if (bucket == 0u) {
      const bool few = distinct < onesweep_partition_limit(SUBGROUP_SIZE);
      digit_hist[onesweep_chosen_index(pc.passes, p, ONESWEEP_RANK_BY_BALLOTS)] = few ? 0u : 1u;
      digit_hist[onesweep_chosen_index(pc.passes, p, ONESWEEP_RANK_BY_PARTITION)] = few ? 1u : 0u;
    }
  }
}
