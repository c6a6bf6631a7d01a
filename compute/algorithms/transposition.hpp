#pragma once
#include "plan/plan.hpp"

namespace ss {

// Odd-even transposition sort: n passes alternating even and odd neighbour pairs, one dispatch
// each; stable.
Plan plan_transposition(const SortSpec& spec, const DeviceLimits& limits);

}  // namespace ss
