// A sorted part checked where it lies, on the GPU (part_check.comp), for the sample sort's
// verification: how many neighbours are out of order, how many equal neighbours hold their
// values (input positions) reversed, and an order-free digest of every (key, value). The ranks
// compare the digests of their inputs and of their parts, summed over all ranks, so a key lost,
// doubled or changed anywhere shows without moving a key off its GPU.
//
// The digest is a pair of sums modulo 2^32 of two independent 32-bit hashes of (key words,
// value): sums, so the order does not matter and ranks can add theirs; two of them, so a chance
// collision needs 64 bits to agree. The host's reference (distributed/part_summary.hpp) uses the
// same functions.
#ifndef SS_PART_CHECK_H
#define SS_PART_CHECK_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

struct PartCheck {
  uint n;           // keys in the buffer
  uint key_type;    // KEY_U32 ... (keys.h)
  uint descending;  // 1: the order checked is descending
  uint pairs;       // 1: values are bound, hashed, and ties checked for input order
  uint groups_x;    // workgroups along x, to flatten a 2D dispatch
};

// Keys each invocation reads, strided by the workgroup size so neighbours read neighbours.
SS_CONST uint PART_CHECK_ITEMS = 16u;

SS_CONST uint PART_CHECK_BINDING_KEYS = 0u;
SS_CONST uint PART_CHECK_BINDING_VALUES = 1u;  // the keys again where there are no values
SS_CONST uint PART_CHECK_BINDING_RESULT = 2u;
SS_CONST uint PART_CHECK_BINDING_COUNT = 3u;

// Result words, zeroed before the check. The first four are sums every workgroup adds its share
// to with atomics; then the two ends of the array as raw words, for the check across ranks.
SS_CONST uint PART_CHECK_RESULT_OUT_OF_ORDER = 0u;  // i with key i + 1 before key i
SS_CONST uint PART_CHECK_RESULT_UNSTABLE = 1u;      // equal keys i, i + 1 with value i > i + 1
SS_CONST uint PART_CHECK_RESULT_DIGEST_A = 2u;
SS_CONST uint PART_CHECK_RESULT_DIGEST_B = 3u;
SS_CONST uint PART_CHECK_SUM_WORDS = 4u;
SS_CONST uint PART_CHECK_RESULT_FIRST = 4u;  // key's low word, high word (0 for 32 bits), value
SS_CONST uint PART_CHECK_RESULT_LAST = 7u;
SS_CONST uint PART_CHECK_RESULT_WORDS = 10u;

SS_CONST uint PART_CHECK_SEED_A = 0x243f6a88u;
SS_CONST uint PART_CHECK_SEED_B = 0x85a308d3u;

// MurmurHash3's finaliser: every input bit reaches every output bit.
SS_FN uint part_check_mix(uint x) {
  x ^= x >> 16u;
  x *= 0x85ebca6bu;
  x ^= x >> 13u;
  x *= 0xc2b2ae35u;
  x ^= x >> 16u;
  return x;
}

// One of the digest's hashes of a key (its low and high words; high 0 for 32-bit keys) and its
// value (0 without values).
SS_FN uint part_check_hash(uint key_lo, uint key_hi, uint value, uint seed) {
  uint h = part_check_mix(key_lo ^ seed);
  h = part_check_mix(h + key_hi * 0x9e3779b9u);
  return part_check_mix(h ^ (value * 0x27d4eb2fu + seed));
}

SS_NAMESPACE_END

#endif  // SS_PART_CHECK_H
