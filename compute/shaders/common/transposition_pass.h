// Odd-even transposition sort (seed 002, the network MGPU's blocksort uses): pass p compares the
// neighbours (i, i + 1) for every i of parity p mod 2. n passes sort n keys; exchanging only
// when the right key is strictly smaller keeps the sort stable.
#ifndef SS_TRANSPOSITION_PASS_H
#define SS_TRANSPOSITION_PASS_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

struct TranspositionPass {
  uint n;         // keys
  uint parity;    // 0: pairs (0,1), (2,3), ...; 1: pairs (1,2), (3,4), ...
  uint pass;      // index of this pass, from 0
  uint groups_x;  // workgroups along x, to flatten a 2D dispatch
};

// Comparators in a pass: one per neighbouring pair whose both wires are real keys.
SS_FN uint transposition_comparators(uint n, uint parity) {
  return n >= parity + 2u ? (n - parity) / 2u : 0u;
}

// Left wire of comparator t: one invocation per comparator, no idle threads.
SS_FN uint transposition_left_index(TranspositionPass p, uint t) {
  return 2u * t + p.parity;
}

SS_NAMESPACE_END

#endif  // SS_TRANSPOSITION_PASS_H
