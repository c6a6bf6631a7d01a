// Descriptor bindings and specialization-constant ids shared by the comparator-network kernels
// (batcher, bitonic, transposition) and the C++ that builds their pipelines.
#ifndef SS_NETWORK_BINDINGS_H
#define SS_NETWORK_BINDINGS_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

SS_CONST uint NETWORK_BINDING_KEYS = 0u;
SS_CONST uint NETWORK_BINDING_VALUES = 1u;
// Step statistics written only by instrumented pipelines (the stepper): comparisons, swaps, then
// one swap flag per element, set at the left index of every comparator that exchanged.
SS_CONST uint NETWORK_BINDING_STATS = 2u;
// Disabled comparators (a network with comparators taken out, to see it fail): one bit per
// layer and left wire, set when that comparator must not run. Read only when the kernel is built
// with SPEC_COMPARATOR_MASK; otherwise a 4-byte stub is bound and never read.
SS_CONST uint NETWORK_BINDING_MASK = 3u;
SS_CONST uint NETWORK_BINDING_COUNT = 4u;

SS_CONST uint STATS_COMPARISONS = 0u;
SS_CONST uint STATS_SWAPS = 1u;
SS_CONST uint STATS_FLAGS_OFFSET = 2u;

// Specialization constant ids (0 is local_size_x).
SS_CONST uint SPEC_WORKGROUP_SIZE = 0u;
SS_CONST uint SPEC_KEY_TYPE = 1u;
SS_CONST uint SPEC_DESCENDING = 2u;
SS_CONST uint SPEC_HAS_VALUES = 3u;
SS_CONST uint SPEC_INSTRUMENTED = 4u;
// Whether the kernel reads the disabled-comparator mask. A specialization constant, so the
// full-speed kernels of an intact network carry no extra per-element test.
SS_CONST uint SPEC_COMPARATOR_MASK = 5u;

// Layout of the disabled-comparator mask: per layer ceil(n / 32) words, bit (left % 32) of word
// left / 32 standing for the comparator whose lower wire is `left`.
SS_FN uint disabled_mask_words_per_layer(uint n) {
  return (n + 31u) >> 5u;
}
SS_FN uint disabled_mask_word(uint layer, uint n, uint left) {
  return layer * disabled_mask_words_per_layer(n) + (left >> 5u);
}
SS_FN uint disabled_mask_bit(uint left) {
  return 1u << (left & 31u);
}

SS_NAMESPACE_END

#endif  // SS_NETWORK_BINDINGS_H
