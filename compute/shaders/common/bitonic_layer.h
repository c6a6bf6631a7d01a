// Batcher's bitonic sorting network (K. E. Batcher, "Sorting networks and their applications",
// AFIPS 1968) in the form where every comparator points the same way (the smaller key to the
// lower wire): the first layer of a merge compares wire i with its mirror in the block
// (i ^ (merge_size - 1)), which turns the two sorted halves into two bitonic halves with every
// key of the lower half <= every key of the upper; the following layers are half-cleaners at
// strides merge_size / 4, ..., 1. Because no comparator points downwards, keys at positions
// >= n can act as +inf that never move, as in batcher_layer.h. The shader, the wire diagram and
// the tests all decide which wires a layer compares through these functions.
#ifndef SS_BITONIC_LAYER_H
#define SS_BITONIC_LAYER_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

struct BitonicLayer {
  uint n;           // real keys; positions >= n behave as +inf and are never touched
  uint merge_size;  // size of the blocks this merge produces (2, 4, ..., N)
  uint stride;      // half-cleaner distance; merge_size / 2 on the mirror layer
  uint mirror;      // 1 on a merge's first layer (i with its mirror), 0 on half-cleaners
  uint layer;       // index of this layer in the whole network, from 0
  uint groups_x;    // workgroups along x, to flatten a 2D dispatch
};

// True when wire i is the lower (left) wire of a comparator in this layer: on both kinds of
// layer the left wires are those in the lower half of their stride-aligned pair of blocks.
SS_FN bool bitonic_is_left_index(BitonicLayer p, uint i) {
  return (i & p.stride) == 0u;
}

// The mirror layer pairs offset o of a block with offset merge_size - 1 - o; flipping every bit
// below merge_size does exactly that. A half-cleaner pairs i with i + stride.
SS_FN uint bitonic_partner(BitonicLayer p, uint i) {
  return p.mirror != 0u ? (i ^ (p.merge_size - 1u)) : (i + p.stride);
}

// A comparator runs only when both wires hold real keys: the partner always lies above i, so a
// real key compared with the +inf padding never moves and the comparator can be skipped.
SS_FN bool bitonic_comparator_runs(BitonicLayer p, uint i) {
  return i < p.n && bitonic_is_left_index(p, i) && bitonic_partner(p, i) < p.n;
}

SS_NAMESPACE_END

#endif  // SS_BITONIC_LAYER_H
