// Compare-and-swap shared by the comparator-network kernels. Expects KEY_TYPE, DESCENDING,
// HAS_VALUES, INSTRUMENTED and COMPARATOR_MASK specialization constants and the buffers below.
#include "keys.h"
#include "network_bindings.h"

layout(std430, set = 0, binding = NETWORK_BINDING_KEYS) buffer Keys {
  uint keys[];
};
layout(std430, set = 0, binding = NETWORK_BINDING_VALUES) buffer Values {
  uint values[];
};
layout(std430, set = 0, binding = NETWORK_BINDING_STATS) buffer Stats {
  uint stats[];
};
layout(std430, set = 0, binding = NETWORK_BINDING_MASK) readonly buffer DisabledMask {
  uint disabled_mask[];
};

// False for a comparator taken out of the network (its bit set in the mask). Without
// COMPARATOR_MASK this is the constant true and the compiler drops the test.
bool comparator_enabled(uint layer, uint n, uint left) {
  if (!COMPARATOR_MASK) return true;
  return (disabled_mask[disabled_mask_word(layer, n, left)] & disabled_mask_bit(left)) == 0u;
}

// Orders wires i < j so the smaller encoded key ends on i. Swaps only when key j is strictly
// smaller, which is what makes transposition stable. Returns whether it swapped.
bool compare_and_swap(uint i, uint j) {
  const uint words = key_words(KEY_TYPE);
  uint a_lo = keys[i * words];
  uint b_lo = keys[j * words];
  uint a_hi = words == 2u ? keys[i * words + 1u] : 0u;
  uint b_hi = words == 2u ? keys[j * words + 1u] : 0u;
  bool swap = encoded_less(encode_key_word(b_hi, KEY_TYPE, DESCENDING && words == 2u),
                           encode_key_word(b_lo, KEY_TYPE, DESCENDING),
                           encode_key_word(a_hi, KEY_TYPE, DESCENDING && words == 2u),
                           encode_key_word(a_lo, KEY_TYPE, DESCENDING));
  if (swap) {
    keys[i * words] = b_lo;
    keys[j * words] = a_lo;
    if (words == 2u) {
      keys[i * words + 1u] = b_hi;
      keys[j * words + 1u] = a_hi;
    }
    if (HAS_VALUES) {
      uint v = values[i];
      values[i] = values[j];
      values[j] = v;
    }
  }
  return swap;
}

// Adds this invocation's comparison and swap to the step statistics, one atomic per subgroup,
// and flags swapped comparators at their left wire. Every invocation of the workgroup calls it.
void record_stats(bool compared, bool swapped, uint left) {
  if (!INSTRUMENTED) return;
  uint compares = subgroupAdd(compared ? 1u : 0u);
  uint swaps = subgroupAdd(swapped ? 1u : 0u);
  if (subgroupElect()) {
    if (compares != 0u) atomicAdd(stats[STATS_COMPARISONS], compares);
    if (swaps != 0u) atomicAdd(stats[STATS_SWAPS], swaps);
  }
  if (swapped) stats[STATS_FLAGS_OFFSET + left] = 1u;
}
