// batcher-fused's two extra bindings beside the network kernels' four (network_bindings.h): the
// buffers a step writes its window centres to. A window with a halo reads keys that other
// workgroups' centres overwrite in the same dispatch, so such a step reads one buffer and writes
// the other (the plan alternates them); steps whose windows are disjoint (aligned tiles, one
// window per residue block) bind the same buffer for both and work in place.
#ifndef SS_BATCHER_FUSED_BINDINGS_H
#define SS_BATCHER_FUSED_BINDINGS_H
#include "network_bindings.h"
#include "shared_types.h"

SS_NAMESPACE_BEGIN

SS_CONST uint FUSED_BINDING_KEYS_OUT = 4u;
SS_CONST uint FUSED_BINDING_VALUES_OUT = 5u;
SS_CONST uint FUSED_BINDING_COUNT = 6u;

SS_NAMESPACE_END

#endif  // SS_BATCHER_FUSED_BINDINGS_H
