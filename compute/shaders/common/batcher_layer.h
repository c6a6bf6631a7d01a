// Batcher's odd-even mergesort in the iterative form of seed 000: one layer per dispatch, each
// layer described by its stride and merge size. The shader and the wire diagram both decide
// which wires a layer compares through batcher_is_left_index, so what is drawn is what runs.
#ifndef SS_BATCHER_LAYER_H
#define SS_BATCHER_LAYER_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

struct BatcherLayer {
  uint n;                // real keys; positions >= n behave as +inf and are never touched
  uint stride;           // distance between the two wires of every comparator in this layer
  uint stride_shift;     // log2(stride): the seed's stride_trailing_zeros
  uint inner_remainder;  // 0 on a merge's first layer, 1 on the following ones
  uint inner_last_idx;   // merge_size / stride - 1: masks the index within a subsequence
  uint merge_size;       // size of the blocks this merge produces (2, 4, ..., N)
  uint layer;            // index of this layer in the whole network, from 0
  uint groups_x;         // workgroups along x, to flatten a 2D dispatch
};

// True when wire i is the lower (left) wire of a comparator in this layer. Derivation: inside a
// merge of merge_size elements, stride s selects the subsequences i mod s; i >> log2(s) is the
// index within one, and the layer pairs even-with-next (first layer) or odd-with-next except the
// subsequence's last element (later layers).
SS_FN bool batcher_is_left_index(BatcherLayer p, uint i) {
  uint inner_i = i >> p.stride_shift;
  return (inner_i & 1u) == p.inner_remainder && (inner_i & p.inner_last_idx) < p.inner_last_idx;
}

SS_FN uint batcher_partner(BatcherLayer p, uint i) {
  return i + p.stride;
}

// A comparator runs only when both wires hold real keys: the partner of a real left wire may
// lie in the virtual +inf padding, and a key compared with +inf never moves.
SS_FN bool batcher_comparator_runs(BatcherLayer p, uint i) {
  return i < p.n && batcher_is_left_index(p, i) && batcher_partner(p, i) < p.n;
}

SS_NAMESPACE_END

#endif  // SS_BATCHER_LAYER_H
