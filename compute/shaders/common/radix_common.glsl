// Declarations every radix kernel shares: specialization constants (ids in radix_digits.h), the
// ping-pong key and value buffers, and workgroup-wide helpers built on subgroup operations.
// Kernels that use subgroups are created with full subgroups of exactly SUBGROUP_SIZE lanes
// (KernelSpec::required_subgroup_size), so NUM_SUBGROUPS is exact.
#include "keys.h"
#include "radix_digits.h"

layout(local_size_x_id = 0) in;
layout(constant_id = RADIX_SPEC_KEY_TYPE) const uint KEY_TYPE = KEY_U32;
layout(constant_id = RADIX_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = RADIX_SPEC_HAS_VALUES) const bool HAS_VALUES = false;
layout(constant_id = RADIX_SPEC_INSTRUMENTED) const bool INSTRUMENTED = false;
layout(constant_id = RADIX_SPEC_SUBGROUP_SIZE) const uint SUBGROUP_SIZE = 32u;
layout(constant_id = RADIX_SPEC_KEYS_PER_THREAD) const uint KEYS_PER_THREAD = 8u;
layout(constant_id = RADIX_SPEC_SHARED_WORDS) const uint SHARED_WORDS = 1u;
layout(constant_id = RADIX_SPEC_PARTIAL_TILES) const bool PARTIAL_TILES = false;
layout(constant_id = RADIX_SPEC_PACKED_COUNTERS) const bool PACKED_COUNTERS = true;
layout(constant_id = RADIX_SPEC_PAIRS_IN) const uint PAIRS_IN = RADIX_PAIRS_APART;
layout(constant_id = RADIX_SPEC_PAIRS_OUT) const uint PAIRS_OUT = RADIX_PAIRS_APART;
layout(constant_id = RADIX_SPEC_KEYS_IN_ENCODED) const bool KEYS_IN_ENCODED = false;
layout(constant_id = RADIX_SPEC_KEYS_OUT_ENCODED) const bool KEYS_OUT_ENCODED = false;

const uint WORKGROUP_SIZE = gl_WorkGroupSize.x;
const uint NUM_SUBGROUPS = gl_WorkGroupSize.x / SUBGROUP_SIZE;

layout(std430, set = 0, binding = RADIX_BINDING_KEYS_IN) readonly buffer KeysIn {
  uint keys_in[];
};
// The same keys as pairs of words, so that a u64 key loads with one 8-byte access instead of two
// 4-byte ones: onesweep's u64 histogram step at 2^28 took 0.92-0.93 ms so against 1.00 on the H100
// (docs/bench/2026-11-26-h100-speed-18-experiments.txt). Also a key with its value, where pairs
// come as items (pairs_in).
layout(std430, set = 0, binding = RADIX_BINDING_KEYS_IN) readonly buffer KeysIn64 {
  uvec2 keys_in64[];
};
layout(std430, set = 0, binding = RADIX_BINDING_VALUES_IN) readonly buffer ValuesIn {
  uint values_in[];
};
layout(std430, set = 0, binding = RADIX_BINDING_KEYS_OUT) writeonly buffer KeysOut {
  uint keys_out[];
};
#ifdef RADIX_STAGES_WHOLE_ITEMS
// The output keys as pairs of words, for kernels that store a u64 key whole (radix_rank.glsl), or
// a key with its value (write_pair).
layout(std430, set = 0, binding = RADIX_BINDING_KEYS_OUT) writeonly buffer KeysOut64 {
  uvec2 keys_out64[];
};
#endif
layout(std430, set = 0, binding = RADIX_BINDING_VALUES_OUT) writeonly buffer ValuesOut {
  uint values_out[];
};

bool is_u64() {
  return KEY_TYPE == KEY_U64;
}

// Whether the input keys are stored encoded (encode_key_word), and whether the output keys are to
// be: only where this pipeline runs at full speed (the views read the Stepper's keys raw).
bool keys_in_encoded() {
  return KEYS_IN_ENCODED && !INSTRUMENTED;
}
bool keys_out_encoded() {
  return KEYS_OUT_ENCODED && !INSTRUMENTED;
}

// A key word as loaded, encoded.
uint encoded_input_word(uint loaded) {
  return keys_in_encoded() ? loaded : encode_key_word(loaded, KEY_TYPE, DESCENDING);
}

#ifdef RADIX_STAGES_WHOLE_ITEMS
// The second halves of split pairs (RADIX_PAIRS_SPLIT), 8-byte items.
layout(std430, set = 0, binding = RADIX_BINDING_VALUES_IN) readonly buffer ValuesIn64 {
  uvec2 values_in64[];
};
layout(std430, set = 0, binding = RADIX_BINDING_VALUES_OUT) writeonly buffer ValuesOut64 {
  uvec2 values_out64[];
};

// Whether the layouts between passes apply: the pipeline runs at full speed and sorts one-word
// keys with values (the views read the Stepper's buffers as keys and values apart).
bool pairs_may_be_items() {
  return HAS_VALUES && !is_u64() && !INSTRUMENTED;
}
// The layouts this pipeline reads and writes pairs in.
uint pairs_in() {
  return pairs_may_be_items() ? PAIRS_IN : RADIX_PAIRS_APART;
}
uint pairs_out() {
  return pairs_may_be_items() ? PAIRS_OUT : RADIX_PAIRS_APART;
}

// Input key i with its value, where pairs_in() is not apart.
uvec2 input_pair(uint i, uint n) {
  const uint first = radix_split_items(n);
  if (pairs_in() == RADIX_PAIRS_SPLIT && i >= first) return values_in64[i - first];
  return keys_in64[i];
}

// Output position i of key and value, where pairs_out() is not apart.
void write_pair(uint i, uvec2 pair, uint n) {
  const uint first = radix_split_items(n);
  if (pairs_out() == RADIX_PAIRS_SPLIT && i >= first) {
    values_out64[i - first] = pair;
  } else {
    keys_out64[i] = pair;
  }
}
#endif

// Word `word` of input key i as stored, whatever the layout (n keys).
uint input_key_word(uint i, uint word, uint n) {
#ifdef RADIX_STAGES_WHOLE_ITEMS
  if (pairs_in() != RADIX_PAIRS_APART) return input_pair(i, n).x;
#endif
  return keys_in[i * key_words(KEY_TYPE) + word];
}

// Input key i's words as stored (the second 0 for keys of one word).
uvec2 input_key_words(uint i) {
  return is_u64() ? keys_in64[i] : uvec2(keys_in[i], 0u);
}

// This invocation's index in subgroup order: subgroup by subgroup, lane by lane. Every layout
// that subgroup operations rank or scan uses it, so no mapping of gl_LocalInvocationIndex to
// subgroups is assumed.
uint wg_lane() {
  return gl_SubgroupID * SUBGROUP_SIZE + gl_SubgroupInvocationID;
}

shared uint s_subgroup_total[NUM_SUBGROUPS];

// Exclusive prefix sum of v over the workgroup in wg_lane() order; total receives the sum of
// all. Every invocation must call it (it contains a barrier), and no invocation may call it again
// before the next barrier (which wg_exclusive_scan adds).
uint wg_exclusive_scan_once(uint v, out uint total) {
  uint inclusive = subgroupInclusiveAdd(v);
  if (gl_SubgroupInvocationID == SUBGROUP_SIZE - 1u) s_subgroup_total[gl_SubgroupID] = inclusive;
  barrier();
  uint carry = 0u;
  total = 0u;
  for (uint s = 0u; s < NUM_SUBGROUPS; ++s) {
    uint t = s_subgroup_total[s];
    carry += s < gl_SubgroupID ? t : 0u;
    total += t;
  }
  return carry + inclusive - v;
}

// wg_exclusive_scan_once, callable again at once.
uint wg_exclusive_scan(uint v, out uint total) {
  const uint prefix = wg_exclusive_scan_once(v, total);
  barrier();  // s_subgroup_total is read
  return prefix;
}
