#pragma once
#include "plan/plan.hpp"

namespace ss {

// Batcher's odd-even mergesort (seed 000): log2(N)(log2(N)+1)/2 layers for N = n rounded up to
// a power of two, one dispatch each; positions >= n act as +inf without being stored.
Plan plan_batcher(const SortSpec& spec, const DeviceLimits& limits);

}  // namespace ss
