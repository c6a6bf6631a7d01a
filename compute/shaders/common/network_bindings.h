// Descriptor bindings and specialization-constant ids shared by the comparator-network kernels
// (batcher, transposition) and the C++ that builds their pipelines.
#ifndef SS_NETWORK_BINDINGS_H
#define SS_NETWORK_BINDINGS_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

SS_CONST uint NETWORK_BINDING_KEYS = 0u;
SS_CONST uint NETWORK_BINDING_VALUES = 1u;
// Step statistics written only by instrumented pipelines (the stepper): comparisons, swaps, then
// one swap flag per element, set at the left index of every comparator that exchanged.
SS_CONST uint NETWORK_BINDING_STATS = 2u;
SS_CONST uint NETWORK_BINDING_COUNT = 3u;

SS_CONST uint STATS_COMPARISONS = 0u;
SS_CONST uint STATS_SWAPS = 1u;
SS_CONST uint STATS_FLAGS_OFFSET = 2u;

// Specialization constant ids (0 is local_size_x).
SS_CONST uint SPEC_WORKGROUP_SIZE = 0u;
SS_CONST uint SPEC_KEY_TYPE = 1u;
SS_CONST uint SPEC_DESCENDING = 2u;
SS_CONST uint SPEC_HAS_VALUES = 3u;
SS_CONST uint SPEC_INSTRUMENTED = 4u;

SS_NAMESPACE_END

#endif  // SS_NETWORK_BINDINGS_H
