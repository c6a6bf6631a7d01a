#include "common/full_speed_size.hpp"

#include <algorithm>

#include "algorithms/algorithm.hpp"
#include "core/context.hpp"
#include "input/distributions.hpp"
#include "plan/runner.hpp"

namespace ss {

namespace {

// Small enough that even transposition (a dispatch per key) sorts it at once on lavapipe.
constexpr std::uint32_t k_first_probe_n = 1u << 10;

// Global-memory bytes a plan's steps move: what its time grows with from one n to the next.
double plan_traffic(const Plan& plan) {
  double bytes = 0;
  for (const Step& step : plan.steps) bytes += double(step.bytes_read + step.bytes_written);
  return std::max(bytes, 1.0);
}

// GPU time of one sort of `plan` on the scenario's input (after a run that warms up pipelines,
// caches and clocks).
double timed_sort_ms(const Scenario& s, const Plan& plan, const Context& context) {
  Runner runner(context, plan);
  runner.set_input(generate_keys(s.distribution, plan.spec.n, s.type, s.seed, s.pairs));
  (void)runner.run();
  return runner.run().total_ms;
}

}  // namespace

std::uint32_t sized_full_speed_n(const Scenario& s, const Context& context) {
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  const std::uint32_t most = largest_full_speed_n(s, limits);
  std::uint32_t n = std::min(most, k_first_probe_n);
  Plan plan = make_plan(s.algorithm, full_speed_spec(s, n), limits);
  double ms = timed_sort_ms(s, plan, context);
  while (n < most) {
    Plan next = make_plan(s.algorithm, full_speed_spec(s, n * 2), limits);
    if (ms * plan_traffic(next) / plan_traffic(plan) > k_full_speed_sort_budget_ms) break;
    n *= 2;
    plan = std::move(next);
    ms = timed_sort_ms(s, plan, context);
  }
  return n;
}

}  // namespace ss
