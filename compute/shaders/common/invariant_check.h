// What holds after a step, checked on the GPU over the whole array (invariant_check.comp): the
// statement an algorithm guarantees at that point of its plan (compute/verify/step_invariant.hpp
// says which one each step gets). One invocation per array position, and per word of the
// auxiliary range where the statement is about a buffer of counts; violations are counted, and
// the lowest position (or word) that breaks the statement is kept for the caption.
//
// Every mode also counts the neighbouring pairs (i, i + 1) out of order over the whole array: a
// measure of how far from sorted the keys are (no invariant: a transposition pass can raise it).
#ifndef SS_INVARIANT_CHECK_H
#define SS_INVARIANT_CHECK_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

// Runs of run_length keys (aligned, the last one may be short) are sorted by the low `low_bits`
// bits of the encoded key (keys.h); with `stable`, keys equal in those bits hold increasing
// values (the values are the input positions).
SS_CONST uint INVARIANT_RUNS = 0u;
// Every comparator of a Batcher layer (batcher_layer.h: stride, merge_size, inner fields) has its
// smaller key on its lower wire, whether or not the comparator ran (a disabled one shows here).
SS_CONST uint INVARIANT_BATCHER_PAIRS = 1u;
// The same for a bitonic layer (bitonic_layer.h: merge_size, stride, mirror).
SS_CONST uint INVARIANT_BITONIC_PAIRS = 2u;
// The same for a transposition pass: pairs (i, i + 1) with i of `parity`.
SS_CONST uint INVARIANT_NEIGHBOUR_PAIRS = 3u;
// The words [aux_offset, aux_offset + aux_count) of aux buffer A add up to `expected` (a
// histogram's counts: every key counted once). Each word is a count, so a wrong word is found
// only through the total; first_violation is then not set.
SS_CONST uint INVARIANT_SUM = 4u;
// Word j of A's range is the exclusive scan of B's range (from aux_offset_b), restarting at 0
// every `segment` words: the counts turned into output positions.
SS_CONST uint INVARIANT_SCAN = 5u;
// Every word of A's range is zero (status cleared before a pass publishes).
SS_CONST uint INVARIANT_ZEROS = 6u;

SS_CONST uint INVARIANT_BINDING_KEYS = 0u;
SS_CONST uint INVARIANT_BINDING_VALUES = 1u;  // read only where `stable`; keys bound otherwise
SS_CONST uint INVARIANT_BINDING_RESULT = 2u;
SS_CONST uint INVARIANT_BINDING_AUX_A = 3u;  // a plan buffer, or the keys where unused
SS_CONST uint INVARIANT_BINDING_AUX_B = 4u;
SS_CONST uint INVARIANT_BINDING_COUNT = 5u;

// Result words, zeroed (first_violation: INVARIANT_NONE) before every check.
SS_CONST uint INVARIANT_RESULT_VIOLATIONS = 0u;
SS_CONST uint INVARIANT_RESULT_FIRST = 1u;
SS_CONST uint INVARIANT_RESULT_OUT_OF_ORDER = 2u;
SS_CONST uint INVARIANT_RESULT_SUM_LO = 3u;  // INVARIANT_SUM: the total, as two words
SS_CONST uint INVARIANT_RESULT_SUM_HI = 4u;
SS_CONST uint INVARIANT_RESULT_WORDS = 5u;
SS_CONST uint INVARIANT_NONE = 0xffffffffu;

struct InvariantCheck {
  uint mode;        // INVARIANT_*
  uint n;           // keys
  uint key_type;    // KEY_* (keys.h)
  uint descending;  // 1: the encoded order is descending
  uint stable;      // RUNS: ties in the compared bits must hold increasing values
  uint run_length;  // RUNS: keys per run (n or more: the whole array)
  uint low_bits;    // RUNS: bits of the encoded key compared, from the lowest (64: all)
  // The layer whose comparators are checked (pair modes), in its own header's terms.
  uint stride;
  uint stride_shift;
  uint inner_remainder;
  uint inner_last_idx;
  uint merge_size;
  uint mirror;
  uint parity;
  // The auxiliary words (SUM, SCAN, ZEROS).
  uint aux_offset;
  uint aux_offset_b;
  uint aux_count;
  uint segment;
  uint expected_lo;  // SUM: the total expected, as two words
  uint expected_hi;
  uint threads;   // invocations: max(n, aux_count)
  uint groups_x;  // workgroups along x, to flatten a 2D dispatch
};

#ifdef __cplusplus
static_assert(sizeof(InvariantCheck) == 22 * 4, "InvariantCheck is a push block of 22 words");
#endif

SS_NAMESPACE_END

#endif  // SS_INVARIANT_CHECK_H
