#include <algorithm>
#include <bit>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_plan.hpp"
#include "plan/stepper.hpp"
#include "support/gpu.hpp"

using namespace ss;

namespace {
DeviceLimits lavapipe_like() {
  return DeviceLimits{};
}

std::size_t comparator_count(const Plan& plan) {
  std::size_t total = 0;
  for (const Step& step : plan.steps) total += step_comparators(step).size();
  return total;
}
}  // namespace

TEST_CASE("batcher: n = 2^k has k(k+1)/2 layers and (k^2-k+4)2^(k-2)-1 comparators",
          "[batcher][network]") {
  for (std::uint32_t k = 1; k <= 12; ++k) {
    const std::uint32_t n = 1u << k;
    const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false}, lavapipe_like());
    INFO("n = " << n);
    CHECK(plan.steps.size() == k * (k + 1) / 2);
    // For k = 1 the formula's 2^(k-2) is 1/2: (1 - 1 + 4) / 2 - 1 = 1.
    const std::uint64_t expected = k >= 2 ? (std::uint64_t(k * k - k + 4) << (k - 2)) - 1 : 1;
    CHECK(comparator_count(plan) == expected);
  }
  CHECK(comparator_count(make_plan("batcher", {8, KeyType::u32, false, false}, lavapipe_like())) ==
        19);
  CHECK(comparator_count(make_plan("batcher", {16, KeyType::u32, false, false}, lavapipe_like())) ==
        63);
}

TEST_CASE("batcher: for any n, comparators stay on real wires and never share a wire in a layer",
          "[batcher][network]") {
  for (std::uint32_t n : {3u, 5u, 7u, 9u, 13u, 100u, 255u, 257u}) {
    const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false}, lavapipe_like());
    CHECK(plan.steps.size() == [&] {
      const auto k = std::uint32_t(std::countr_zero(std::bit_ceil(n)));
      return k * (k + 1) / 2;
    }());
    for (const Step& step : plan.steps) {
      std::vector<int> used(n, 0);
      for (const Comparator& c : step_comparators(step)) {
        REQUIRE(c.left < c.right);
        REQUIRE(c.right < n);
        ++used[c.left];
        ++used[c.right];
      }
      CHECK(std::all_of(used.begin(), used.end(), [](int u) { return u <= 1; }));
    }
  }
}

TEST_CASE("transposition: n passes alternating parity, floor((n-p)/2) comparators each",
          "[transposition][network]") {
  const Plan plan = make_plan("transposition", {9, KeyType::u32, false, false}, lavapipe_like());
  REQUIRE(plan.steps.size() == 9);
  CHECK(step_comparators(plan.steps[0]).size() == 4);
  CHECK(step_comparators(plan.steps[1]).size() == 4);
  CHECK(step_comparators(plan.steps[1]).front().left == 1);
  CHECK(step_comparators(plan.steps[2]).front().left == 0);
}

// 0-1 principle on the GPU: every 0/1 input of n <= 16 keys. Batcher's layers for merge sizes up
// to P = bit_ceil(n) only compare wires inside aligned blocks of P, so one plan over 2^n blocks,
// stopped after the network's first k(k+1)/2 layers, runs the P-wire network on every input at
// once. Wires n..P-1 of each block hold 2 (greater than every key): a comparator touching them
// never exchanges, exactly as the kernel skips comparators on virtual +inf wires.
TEST_CASE("batcher: 0-1 principle, every 0/1 input of n <= 16 keys is sorted by the GPU network",
          "[batcher][network][gpu]") {
  const Context& context = test::gpu();
  for (std::uint32_t n = 1; n <= 16; ++n) {
    const std::uint32_t block = std::bit_ceil(n);
    const std::uint32_t inputs = 1u << n;
    KeyArray keys;
    keys.type = KeyType::u32;
    for (std::uint32_t input = 0; input < inputs; ++input) {
      for (std::uint32_t wire = 0; wire < block; ++wire) {
        keys.words.push_back(wire < n ? (input >> wire) & 1u : 2u);
      }
    }
    const auto total = static_cast<std::uint32_t>(keys.size());
    const Plan plan = make_plan("batcher", {total, KeyType::u32, false, false},
                                DeviceLimits::from(context.properties()));
    const auto k = static_cast<std::uint32_t>(std::countr_zero(block));
    const std::uint32_t layers = k * (k + 1) / 2;
    if (layers > 0)
      REQUIRE(plan.steps[layers - 1].label == "merge " + std::to_string(block) + ", stride 1");
    Stepper stepper(context, plan, keys);
    stepper.jump(layers);
    const KeyArray result = stepper.read_current();
    std::uint32_t unsorted = 0;
    for (std::uint32_t input = 0; input < inputs; ++input) {
      const auto begin = result.words.begin() + std::ptrdiff_t(input) * block;
      if (!std::is_sorted(begin, begin + block)) ++unsorted;
    }
    INFO("n = " << n);
    CHECK(unsorted == 0);
  }
  test::require_validation_clean();
}
