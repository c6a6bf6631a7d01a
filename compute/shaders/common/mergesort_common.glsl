// Declarations the mergesort kernels share: specialization constants (ids in mergesort_step.h),
// the ping-pong buffers, and keys held encoded (keys.h) in shared memory and registers, so every
// comparison is one unsigned compare (two for u64) and ties keep A first (stability).
#include "keys.h"
#include "mergesort_step.h"

layout(local_size_x_id = 0) in;
layout(constant_id = MERGESORT_SPEC_KEY_TYPE) const uint KEY_TYPE = KEY_U32;
layout(constant_id = MERGESORT_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MERGESORT_SPEC_HAS_VALUES) const bool HAS_VALUES = false;
layout(constant_id = MERGESORT_SPEC_INSTRUMENTED) const bool INSTRUMENTED = false;
layout(constant_id = MERGESORT_SPEC_VT) const uint VT = 7u;

const uint NT = gl_WorkGroupSize.x;

layout(push_constant) uniform Push {
  MergesortStep pc;
};

layout(std430, set = 0, binding = MERGESORT_BINDING_KEYS_IN) readonly buffer KeysIn {
  uint keys_in[];
};
layout(std430, set = 0, binding = MERGESORT_BINDING_VALUES_IN) readonly buffer ValuesIn {
  uint values_in[];
};
layout(std430, set = 0, binding = MERGESORT_BINDING_KEYS_OUT) writeonly buffer KeysOut {
  uint keys_out[];
};
layout(std430, set = 0, binding = MERGESORT_BINDING_VALUES_OUT) writeonly buffer ValuesOut {
  uint values_out[];
};
layout(std430, set = 0, binding = MERGESORT_BINDING_PARTITIONS) buffer Partitions {
  uint partitions[];
};
layout(std430, set = 0, binding = MERGESORT_BINDING_SOURCES) writeonly buffer Sources {
  uint sources[];
};
layout(std430, set = 0, binding = MERGESORT_BINDING_SAMPLES) buffer Samples {
  uint samples[];
};

bool is_u64() {
  return KEY_TYPE == KEY_U64;
}

// Encoded words of input key i (hi = 0 for 32-bit keys).
uint load_lo(uint i) {
  return encode_key_word(keys_in[is_u64() ? 2u * i : i], KEY_TYPE, DESCENDING);
}
uint load_hi(uint i) {
  return is_u64() ? encode_key_word(keys_in[2u * i + 1u], KEY_TYPE, DESCENDING) : 0u;
}
void store_key(uint i, uint hi, uint lo) {
  if (is_u64()) {
    keys_out[2u * i] = decode_key_word(lo, KEY_TYPE, DESCENDING);
    keys_out[2u * i + 1u] = decode_key_word(hi, KEY_TYPE, DESCENDING);
  } else {
    keys_out[i] = decode_key_word(lo, KEY_TYPE, DESCENDING);
  }
}
