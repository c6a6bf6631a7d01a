#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_plan.hpp"
#include "input/distributions.hpp"
#include "plan/runner.hpp"
#include "plan/stepper.hpp"
#include "support/gpu.hpp"

using namespace ss;

TEST_CASE("stepper: back and jump give the same buffers as running forward", "[stepper][gpu]") {
  const Context& context = test::gpu();
  for (const std::string_view algorithm :
       {"batcher", "transposition", "radix4", "onesweep", "mergesort"}) {
    const KeyArray input = generate_keys(Distribution::random, 37, KeyType::i32, 11, true);
    const Plan plan = make_plan(algorithm, {37, KeyType::i32, true, false},
                                DeviceLimits::from(context.properties()));
    Stepper stepper(context, plan, input);
    std::vector<KeyArray> forward{stepper.read_current()};
    CHECK(forward[0].words == input.words);
    while (!stepper.at_end()) {
      stepper.next();
      forward.push_back(stepper.read_current());
    }
    INFO(algorithm);
    // Back one at a time.
    for (std::size_t k = stepper.step_count(); k-- > 0;) {
      stepper.back();
      REQUIRE(stepper.position() == k);
      REQUIRE(stepper.read_current().words == forward[k].words);
      REQUIRE(stepper.read_current().values == forward[k].values);
    }
    // Jumps in both directions.
    for (std::size_t k : {std::size_t(5), std::size_t(2), stepper.step_count(), std::size_t(0),
                          stepper.step_count() / 2}) {
      stepper.jump(k);
      REQUIRE(stepper.read_current().words == forward[k].words);
    }
    // Reset with a new input starts over.
    const KeyArray other = generate_keys(Distribution::reverse, 37, KeyType::i32, 3, true);
    stepper.reset(other);
    CHECK(stepper.position() == 0);
    CHECK(stepper.read_current().words == other.words);
    // Full-speed run of the same plan agrees with the stepped result.
    Runner runner(context, plan);
    runner.set_input(input);
    runner.run();
    CHECK(runner.result().words == forward.back().words);
  }
  test::require_validation_clean();
}

TEST_CASE("stepper: GPU-counted comparisons and swap flags match the step's comparators",
          "[stepper][gpu]") {
  const Context& context = test::gpu();
  const KeyArray input = generate_keys(Distribution::random, 50, KeyType::u32, 4, false);
  const Plan plan = make_plan("batcher", {50, KeyType::u32, false, false},
                              DeviceLimits::from(context.properties()));
  Stepper stepper(context, plan, input);
  CHECK_FALSE(stepper.last_stats().available);
  while (!stepper.at_end()) {
    const KeyArray before = stepper.read_current();
    stepper.next();
    const KeyArray after = stepper.read_current();
    const auto comparators = step_comparators(plan.steps[stepper.position() - 1]);
    const StepStats stats = stepper.last_stats();
    REQUIRE(stats.available);
    CHECK(stats.comparisons == comparators.size());
    const auto flags = stepper.last_swap_flags();
    std::uint64_t swapped = 0;
    for (const Comparator& c : comparators) {
      const bool exchanged = before.words[c.left] != after.words[c.left];
      CHECK(flags[c.left] == (exchanged ? 1u : 0u));
      swapped += exchanged ? 1 : 0;
    }
    CHECK(stats.swaps == swapped);
  }
  test::require_validation_clean();
}
