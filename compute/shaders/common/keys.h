// Key types and the order-preserving encoding every kernel compares and extracts digits from.
// Keys stay in their raw bit pattern in memory; a kernel maps them to unsigned words whose
// unsigned order is the requested order (IEEE 754 totalOrder for f32, inverted for descending).
// Sorting stably by the encoded key therefore gives a stable descending sort too.
#ifndef SS_KEYS_H
#define SS_KEYS_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

SS_CONST uint KEY_U32 = 0u;
SS_CONST uint KEY_I32 = 1u;
SS_CONST uint KEY_F32 = 2u;
SS_CONST uint KEY_U64 = 3u;

// 32-bit words a key occupies in a keys buffer (u64 keys are stored as lo, hi).
SS_FN uint key_words(uint key_type) {
  return key_type == KEY_U64 ? 2u : 1u;
}

// Maps one 32-bit word of a key to a word whose unsigned order is the sort order. For u64 keys
// both words go through here unchanged except for direction (is_high_word is ignored).
SS_FN uint encode_key_word(uint bits, uint key_type, bool descending) {
  uint e = bits;
  if (key_type == KEY_I32) {
    e = bits ^ 0x80000000u;
  } else if (key_type == KEY_F32) {
    // Negative floats: flip all bits (larger magnitude sorts first); positive: set the sign bit.
    e = (bits & 0x80000000u) != 0u ? ~bits : (bits | 0x80000000u);
  }
  return descending ? ~e : e;
}

SS_FN uint decode_key_word(uint e, uint key_type, bool descending) {
  uint d = descending ? ~e : e;
  if (key_type == KEY_I32) {
    d = d ^ 0x80000000u;
  } else if (key_type == KEY_F32) {
    d = (d & 0x80000000u) != 0u ? (d & 0x7fffffffu) : ~d;
  }
  return d;
}

// Strict "a sorts before b" on encoded keys given as (hi, lo); 32-bit keys pass hi = 0.
SS_FN bool encoded_less(uint a_hi, uint a_lo, uint b_hi, uint b_lo) {
  return a_hi < b_hi || (a_hi == b_hi && a_lo < b_lo);
}

SS_NAMESPACE_END

#endif  // SS_KEYS_H
