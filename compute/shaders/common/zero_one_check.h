// The 0-1 principle on the GPU (Knuth, TAOCP vol. 3, §5.3.4, Theorem Z): a comparator network
// sorts every input if it sorts every input of 0s and 1s. For n <= 32 wires one 0-1 input is one
// uint, bit w the key on wire w, and input number x is the uint x itself, so the 2^n inputs are
// the numbers 0 .. 2^n - 1. On bits a comparator is min = AND and max = OR; the kernel and the
// C++ reference in the tests both run networks through these functions.
#ifndef SS_ZERO_ONE_CHECK_H
#define SS_ZERO_ONE_CHECK_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

SS_CONST uint ZERO_ONE_BINDING_COMPARATORS = 0u;  // packed comparators, layer after layer
SS_CONST uint ZERO_ONE_BINDING_RESULT = 1u;       // lowest failing input (atomicMin)
SS_CONST uint ZERO_ONE_BINDING_COUNT = 2u;
SS_CONST uint ZERO_ONE_MAX_WIRES = 32u;
// Inputs one invocation checks: each comparator is loaded and decoded once for all of them.
SS_CONST uint ZERO_ONE_INPUTS_PER_INVOCATION = 4u;
// No failing input yet. Input 2^32 - 1 (every key 1) is sorted whatever the network does, so it
// never fails and can stand for "none" even at n = 32.
SS_CONST uint ZERO_ONE_NONE = 0xffffffffu;

struct ZeroOneChunk {
  uint n;            // wires, 1..32
  uint comparators;  // entries of the comparator buffer
  uint base;         // first input of this chunk
  uint count;        // inputs in this chunk; base + count <= 2^n, so base + i never wraps
  uint groups_x;     // workgroups along x, to flatten a 2D dispatch
};

// A comparator as one word: the wire that receives the minimum in bits 0..7, the one that
// receives the maximum in bits 8..15 (min wire above max wire for a comparator pointing down).
SS_FN uint zero_one_pack(uint min_wire, uint max_wire) {
  return min_wire | (max_wire << 8u);
}

// One comparator on a 0-1 input: exchange when the min wire holds 1 and the max wire 0, which
// leaves AND on the min wire and OR on the max wire.
SS_FN uint zero_one_compare(uint x, uint packed) {
  uint a = packed & 0xffu;
  uint b = (packed >> 8u) & 0xffu;
  uint exchange = (x >> a) & ~(x >> b) & 1u;
  return x ^ ((exchange << a) | (exchange << b));
}

// Sorted ascending: no wire w < n - 1 holds a 1 with a 0 on wire w + 1 above it.
SS_FN bool zero_one_sorted(uint y, uint n) {
  uint has_wire_above = (1u << (n - 1u)) - 1u;
  return (y & ~(y >> 1u) & has_wire_above) == 0u;
}

SS_NAMESPACE_END

#endif  // SS_ZERO_ONE_CHECK_H
