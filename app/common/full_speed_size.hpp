#pragma once
// The n a full-speed run takes when the user has not chosen one (the app's full-speed panel,
// lessons' full-speed scenes and their handouts): the largest power of two up to 2^24 that the
// device holds and sorts within k_full_speed_sort_budget_ms, so a page of timings (a warm-up, five
// runs, std::sort beside them) comes back within seconds on any device. An H200 sorts 2^24 keys
// in milliseconds and gets 2^24; lavapipe on two cores gets what it sorts in a fifth of a second.
#include <cstdint>

#include "common/scenario.hpp"

namespace ss {

class Context;

inline constexpr double k_full_speed_sort_budget_ms = 200;

// Found by timing the scenario's full-speed plan on the device, doubling n from 2^10 while the
// next size's time, predicted from the last one measured and the plans' memory traffic, stays
// within the budget. The runs before the answer cost about as much as one run at it.
std::uint32_t sized_full_speed_n(const Scenario& scenario, const Context& context);

}  // namespace ss
