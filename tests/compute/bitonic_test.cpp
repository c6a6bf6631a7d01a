#include <algorithm>
#include <bit>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_plan.hpp"
#include "baseline/cpu_sort.hpp"
#include "input/distributions.hpp"
#include "plan/runner.hpp"
#include "plan/stepper.hpp"
#include "support/gpu.hpp"

using namespace ss;

namespace {

void check_bitonic(std::uint32_t n, KeyType type, bool descending, Distribution distribution,
                   bool pairs, std::uint64_t seed) {
  const KeyArray input = generate_keys(distribution, n, type, seed, pairs);
  const Plan plan = make_plan("bitonic", {n, type, pairs, descending}, test::limits());
  const KeyArray result = test::run_plan(plan, input);
  const Verification v = verify_sorted(input, result, descending, /*stable=*/false);
  INFO("bitonic n=" << n << " " << to_string(type) << (descending ? " desc " : " asc ")
                    << to_string(distribution) << (pairs ? " pairs" : "") << ": " << v.message);
  CHECK(v.ok);
}

}  // namespace

TEST_CASE("bitonic: every key type, direction and distribution matches std::sort, odd n too",
          "[bitonic][gpu]") {
  for (KeyType type : k_key_types) {
    for (bool descending : {false, true}) {
      for (Distribution d : k_distributions) {
        for (std::uint32_t n : {0u, 1u, 2u, 3u, 7u, 8u, 100u, 1000u, 4097u})
          check_bitonic(n, type, descending, d, n % 2 == 1, n + 7);
      }
    }
  }
  test::require_validation_clean();
}

TEST_CASE("bitonic: pairs and keys at larger n, 2^16 + 3", "[bitonic][gpu]") {
  for (KeyType type : k_key_types) {
    check_bitonic(65539, type, false, Distribution::random, true, 3);
    check_bitonic(65539, type, true, Distribution::few_unique, false, 4);
  }
  test::require_validation_clean();
}

TEST_CASE("bitonic: every layer's comparators lie on real wires, disjoint, all pointing up",
          "[bitonic][network]") {
  for (std::uint32_t n : {2u, 3u, 5u, 7u, 8u, 9u, 13u, 100u, 255u, 257u}) {
    const Plan plan = make_plan("bitonic", {n, KeyType::u32, false, false}, DeviceLimits{});
    const auto k = std::uint32_t(std::countr_zero(std::bit_ceil(n)));
    CHECK(plan.steps.size() == k * (k + 1) / 2);
    for (const Step& step : plan.steps) {
      std::vector<int> used(n, 0);
      for (const Comparator& c : step_comparators(step)) {
        REQUIRE(c.left < c.right);  // the smaller key always goes to the lower wire
        REQUIRE(c.right < n);
        ++used[c.left];
        ++used[c.right];
      }
      CHECK(std::all_of(used.begin(), used.end(), [](int u) { return u <= 1; }));
    }
  }
  // The first layer of the merge of 8 pairs each wire with its mirror in the block.
  const Plan plan = make_plan("bitonic", {8, KeyType::u32, false, false}, DeviceLimits{});
  REQUIRE(plan.steps.size() == 6);
  CHECK(plan.steps[3].label == "merge 8, mirror");
  const auto mirror = step_comparators(plan.steps[3]);
  REQUIRE(mirror.size() == 4);
  for (std::uint32_t i = 0; i < 4; ++i) {
    CHECK(mirror[i].left == i);
    CHECK(mirror[i].right == 7 - i);
  }
}

TEST_CASE("bitonic: the stepper's GPU-counted comparisons match the step's comparators",
          "[bitonic][gpu]") {
  const std::uint32_t n = 13;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 5, false);
  const Plan plan = make_plan("bitonic", {n, KeyType::u32, false, false}, test::limits());
  Stepper stepper(test::gpu(), plan, input);
  while (!stepper.at_end()) {
    stepper.next();
    const auto comparators = step_comparators(plan.steps[stepper.position() - 1]);
    CHECK(stepper.last_stats().comparisons == comparators.size());
  }
  const Verification v = verify_sorted(input, stepper.read_current(), false, false);
  CHECK(v.ok);
  test::require_validation_clean();
}
