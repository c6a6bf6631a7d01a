#pragma once
// `run --lookback K`: how onesweep's chained scan behaved in each digit pass, from the lookback
// records its instrumented pass kernel writes (one per tile): how far tiles looked back and how
// often the fallback counted a predecessor's histogram because its status word stayed empty.
#include <iosfwd>

#include "plan/key_array.hpp"
#include "plan/plan.hpp"

namespace ss {
class Context;
}

namespace ss::cli {

// Steps the (instrumented) onesweep plan `runs` times from `input` and prints one line per pass
// and run.
void print_lookback_report(const Context& context, const Plan& stepping_plan, const KeyArray& input,
                           int runs, std::ostream& out);

}  // namespace ss::cli
