#include "cli/stepping_cost.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>

#include "core/interrupt.hpp"
#include "core/ms_since.hpp"
#include "plan/stepper.hpp"

namespace ss::cli {

namespace {

// Milliseconds per step of stepping the plan from the input to its end; with `check`, the
// verdict of every step is read back too (as the app and run --narrate do). Counts the steps
// whose invariant failed into `failures`.
double ms_per_step(const Context& context, const Plan& plan, const KeyArray& input, bool check,
                   std::size_t& failures) {
  Stepper stepper(context, plan, input, check);
  const auto start = std::chrono::steady_clock::now();
  while (!stepper.at_end()) {
    throw_if_interrupted();
    stepper.next();
    if (check && !stepper.last_invariant()->holds) ++failures;
  }
  return ms_since(start) / double(std::max<std::size_t>(plan.steps.size(), 1));
}

}  // namespace

void print_stepping_cost(const Context& context, std::span<const Algorithm* const> algorithms,
                         std::span<const std::uint32_t> sizes, std::span<const KeyType> types,
                         const SteppingCostOptions& options) {
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  std::cout << "stepping on " << context.properties().name
            << ": wall ms per step, without and with the invariant check after every step "
               "(second pass of each; the verdict read back)\n";
  std::printf("%-14s %-4s %10s %6s %12s %12s %10s %9s\n", "algorithm", "keys", "n", "steps",
              "plain ms", "checked ms", "check ms", "failures");
  for (const KeyType type : types) {
    for (const std::uint32_t n : sizes) {
      for (const Algorithm* algorithm : algorithms) {
        if (n > algorithm->max_n) continue;
        SortSpec spec{n, type, options.pairs, options.descending};
        const Plan plan = make_plan(algorithm->name, spec, limits);
        if (plan.steps.size() > k_stepping_max_steps) {
          std::cerr << "bench --stepping: skipping " << algorithm->name << " at n = " << n << ": "
                    << plan.steps.size() << " steps (more than " << k_stepping_max_steps << ")\n";
          continue;
        }
        check_plan_fits(plan, limits, context.properties().name);
        const KeyArray input =
            generate_keys(options.distribution, n, type, options.seed, options.pairs);
        std::size_t failures = 0, ignored = 0;
        ms_per_step(context, plan, input, false, ignored);  // warm-up: pipelines, caches
        ms_per_step(context, plan, input, true, ignored);
        const double plain = ms_per_step(context, plan, input, false, ignored);
        const double checked = ms_per_step(context, plan, input, true, failures);
        std::printf("%-14s %-4s %10u %6zu %12.3f %12.3f %10.3f %9zu\n",
                    std::string(algorithm->name).c_str(), std::string(to_string(type)).c_str(), n,
                    plan.steps.size(), plain, checked, checked - plain, failures);
        std::fflush(stdout);
      }
    }
  }
}

}  // namespace ss::cli
