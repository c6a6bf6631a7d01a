#version 460
// onesweep's digit pass, common/onesweep_pass.glsl, for u64 keys (with or without values): each key
// goes out in one 8-byte store (RADIX_WHOLE_U64_STORES, radix_rank.glsl). A module of its own:
// where the kernel of every key type could store through the 8-byte view, the H100's compiler took
// pairs from 80 registers to 94, even with those stores in code that pairs never run
// (docs/bench/2026-11-26-h100-speed-19-experiments.txt).
#extension GL_GOOGLE_include_directive : require
#define RADIX_WHOLE_U64_STORES
#include "onesweep_pass.glsl"
