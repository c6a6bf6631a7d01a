#version 460
// onesweep's digit pass, common/onesweep_pass.glsl, for keys of one word with or without values;
// u64 keys take onesweep_pass_u64.comp.
#extension GL_GOOGLE_include_directive : require
#include "onesweep_pass.glsl"
