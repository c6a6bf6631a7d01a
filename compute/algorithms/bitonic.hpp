#pragma once
#include "plan/plan.hpp"

namespace ss {

// Batcher's bitonic sorting network (bitonic_layer.h): log2(N)(log2(N)+1)/2 layers for N = n
// rounded up to a power of two, one dispatch each; every comparator sends the smaller key to the
// lower wire, so positions >= n act as +inf without being stored.
Plan plan_bitonic(const SortSpec& spec, const DeviceLimits& limits);

}  // namespace ss
