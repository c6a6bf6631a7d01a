#include <atomic>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_plan.hpp"
#include "baseline/cpu_sort.hpp"
#include "core/errors.hpp"
#include "input/distributions.hpp"
#include "plan/runner.hpp"
#include "plan/stepper.hpp"
#include "shaders/common/network_bindings.h"
#include "shaders/common/zero_one_check.h"
#include "support/gpu.hpp"
#include "verify/zero_one.hpp"

using namespace ss;

namespace {

Plan network(const char* algorithm, std::uint32_t n,
             std::vector<DisabledComparator> disabled = {}) {
  SortSpec spec{n, KeyType::u32, false, false};
  spec.disabled = std::move(disabled);
  return make_plan(algorithm, spec, test::limits());
}

// The network on one 0-1 input on the host, through the kernel's own header functions.
std::uint32_t run_on_host(const std::vector<std::uint32_t>& comparators, std::uint32_t bits) {
  for (std::uint32_t c : comparators) bits = gpu::zero_one_compare(bits, c);
  return bits;
}

bool sorted_keys(const KeyArray& keys, bool descending) {
  for (std::size_t i = 1; i < keys.size(); ++i) {
    if (encoded_key(keys, i, descending) < encoded_key(keys, i - 1, descending)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("zero-one: bit tests of sortedness, n = 1 to 32 and the 2^32 - 1 sentinel",
          "[zero-one]") {
  CHECK(gpu::zero_one_sorted(0u, 1));
  CHECK(gpu::zero_one_sorted(1u, 1));
  CHECK(gpu::zero_one_sorted(0b1100u, 4));
  CHECK_FALSE(gpu::zero_one_sorted(0b0110u, 4));
  CHECK_FALSE(gpu::zero_one_sorted(0b0001u, 4));
  CHECK(gpu::zero_one_sorted(0xffffffffu, 32));  // the "none" sentinel is never a failure
  CHECK(gpu::zero_one_sorted(0x80000000u, 32));
  CHECK_FALSE(gpu::zero_one_sorted(0x7fffffffu, 32));
  CHECK_FALSE(gpu::zero_one_sorted(0x40000000u, 32));
  // min = AND on the lower wire, max = OR on the upper.
  CHECK(gpu::zero_one_compare(0b01u, gpu::zero_one_pack(0, 1)) == 0b10u);
  CHECK(gpu::zero_one_compare(0b10u, gpu::zero_one_pack(0, 1)) == 0b10u);
  CHECK(gpu::zero_one_compare(0b10u, gpu::zero_one_pack(1, 0)) == 0b01u);  // pointing down
}

TEST_CASE("zero-one: batcher and bitonic sort every 0-1 input for n = 2 to 16 on the GPU",
          "[zero-one][gpu]") {
  for (const char* algorithm : {"batcher", "bitonic"}) {
    for (std::uint32_t n = 2; n <= 16; ++n) {
      std::uint64_t last_done = 0;
      ZeroOneOptions options;
      options.progress = [&](std::uint64_t done, std::uint64_t total) {
        CHECK(done > last_done);
        CHECK(total == (1ull << n));
        last_done = done;
      };
      const ZeroOneResult r = check_zero_one(test::gpu(), network(algorithm, n), options);
      INFO(algorithm << " n = " << n);
      CHECK(r.sorts());
      CHECK(r.checked == (1ull << n));
      CHECK(last_done == (1ull << n));
      CHECK_FALSE(r.failing_input.has_value());
    }
  }
  CHECK(check_zero_one(test::gpu(), network("transposition", 12)).sorts());
  test::require_validation_clean();
}

TEST_CASE(
    "zero-one: batcher n = 8 without any one of its 19 comparators fails, and the "
    "counterexample fails through the stepper too",
    "[zero-one][gpu]") {
  const Plan intact = network("batcher", 8);
  std::vector<DisabledComparator> all;
  for (std::uint32_t layer = 0; layer < intact.steps.size(); ++layer) {
    const auto comparators = step_comparators(intact.steps[layer]);
    for (std::uint32_t i = 0; i < comparators.size(); ++i) all.push_back({layer, i});
  }
  REQUIRE(all.size() == 19);
  for (const DisabledComparator& d : all) {
    INFO("disabled " << d.layer + 1 << ":" << d.index + 1);
    const Plan plan = network("batcher", 8, {d});
    const ZeroOneResult r = check_zero_one(test::gpu(), plan);
    REQUIRE(r.failing_input.has_value());
    CHECK_FALSE(r.sorts());
    const std::uint32_t bits = *r.failing_input;
    // The lowest failing input: the host run of the same comparators agrees on every input.
    const auto comparators = zero_one_comparators(plan);
    CHECK(comparators.size() == 18);
    CHECK_FALSE(gpu::zero_one_sorted(run_on_host(comparators, bits), 8));
    for (std::uint32_t lower = 0; lower < bits; ++lower)
      REQUIRE(gpu::zero_one_sorted(run_on_host(comparators, lower), 8));
    // The plan's own kernels, one step at a time, with that comparator skipped: unsorted.
    const KeyArray keys = zero_one_keys(bits, plan.spec);
    Stepper stepper(test::gpu(), plan, keys);
    std::uint64_t compared = 0;
    while (!stepper.at_end()) {
      stepper.next();
      compared += stepper.last_stats().comparisons;
    }
    CHECK(compared == 18);
    CHECK_FALSE(sorted_keys(stepper.read_current(), false));
    // ... and the intact network sorts it.
    Stepper whole(test::gpu(), intact, keys);
    whole.jump(whole.step_count());
    CHECK(sorted_keys(whole.read_current(), false));
  }
  test::require_validation_clean();
}

TEST_CASE("zero-one: n = 32, the bottom and the top of the 32-bit index space", "[zero-one][gpu]") {
  // Batcher's n = 32 network without its first comparator (wires 0 and 1) fails on input 1, and
  // among the last 2^10 inputs first on 0xfffffc01 (found by a host run of the same network).
  const Plan plan = network("batcher", 32, {{0, 0}});
  const auto comparators = zero_one_comparators(plan);
  ZeroOneOptions options;
  options.allow_slow = true;
  ZeroOneResult r = check_zero_one(test::gpu(), plan, options);
  REQUIRE(r.failing_input.has_value());
  CHECK(*r.failing_input == 1u);
  CHECK(r.total == (1ull << 32));

  options.first_input = (1ull << 32) - (1u << 10);
  r = check_zero_one(test::gpu(), plan, options);
  REQUIRE(r.failing_input.has_value());
  CHECK(*r.failing_input >= options.first_input);
  CHECK_FALSE(gpu::zero_one_sorted(run_on_host(comparators, *r.failing_input), 32));
  for (std::uint64_t lower = options.first_input; lower < *r.failing_input; ++lower)
    REQUIRE(gpu::zero_one_sorted(run_on_host(comparators, std::uint32_t(lower)), 32));
  CHECK(*r.failing_input == 0xfffffc01u);

  // The intact network over the last 2^12 inputs, up to and including 2^32 - 1: no failure, every
  // input counted once, and the progress ends exactly at 2^32.
  std::uint64_t last_done = 0;
  options.first_input = (1ull << 32) - (1u << 12);
  options.progress = [&](std::uint64_t done, std::uint64_t) { last_done = done; };
  r = check_zero_one(test::gpu(), network("batcher", 32), options);
  CHECK_FALSE(r.failing_input.has_value());
  CHECK(r.checked == (1u << 12));
  CHECK(last_done == (1ull << 32));
  CHECK_FALSE(r.sorts());  // only part of the inputs was checked
  test::require_validation_clean();
}

TEST_CASE("zero-one: cancel stops between chunks; n above the CPU limit is refused on CPU devices",
          "[zero-one][gpu]") {
  std::atomic<bool> cancel{true};
  ZeroOneOptions options;
  options.cancel = &cancel;
  const ZeroOneResult r = check_zero_one(test::gpu(), network("batcher", 16), options);
  CHECK(r.cancelled);
  CHECK_FALSE(r.sorts());
  CHECK(r.checked == 0);
  CHECK_THROWS_AS(check_zero_one(test::gpu(), network("batcher", 33)), UsageError);
  CHECK_THROWS_AS(check_zero_one(test::gpu(), network("radix4", 8)), UsageError);
  if (test::gpu().properties().kind == DeviceKind::cpu) {
    CHECK_THROWS_WITH(check_zero_one(test::gpu(), network("batcher", k_zero_one_cpu_max_n + 1)),
                      Catch::Contains("--allow-slow"));
  }
}

TEST_CASE(
    "disabled comparators: runner and stepper skip them, views see them flagged, bad "
    "numbers name the range",
    "[network][gpu]") {
  for (const char* algorithm : {"batcher", "bitonic", "transposition"}) {
    INFO(algorithm);
    const std::uint32_t n = 37;
    SortSpec spec{n, KeyType::i32, true, false};
    spec.disabled = {{0, 1}, {2, 0}};
    const Plan plan = make_plan(algorithm, spec, test::limits());
    REQUIRE(plan.steps.size() > 2);
    CHECK(plan.kernels[0].constants[gpu::SPEC_COMPARATOR_MASK - 1] == 1u);
    const auto first = step_comparators(plan.steps[0]);
    REQUIRE(first.size() > 2);
    CHECK_FALSE(first[0].disabled);
    CHECK(first[1].disabled);
    CHECK(step_comparators(plan.steps[2])[0].disabled);
    // The GPU result equals the host run of the edited network on the same keys.
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::i32, 9, true);
    KeyArray expected = input;
    for (const Step& step : plan.steps) {
      for (const Comparator& c : step_comparators(step)) {
        if (c.disabled) continue;
        if (encoded_key(expected, c.right, false) < encoded_key(expected, c.left, false)) {
          std::swap(expected.words[c.left], expected.words[c.right]);  // i32: one word a key
          std::swap(expected.values[c.left], expected.values[c.right]);
        }
      }
    }
    const KeyArray result = test::run_plan(plan, input);
    CHECK(result.words == expected.words);
    CHECK(result.values == expected.values);
    Stepper stepper(test::gpu(), plan, input);
    stepper.next();
    CHECK(stepper.last_stats().comparisons == first.size() - 1);
    stepper.jump(stepper.step_count());
    CHECK(stepper.read_current().words == expected.words);
    // The intact plan has no mask: its kernel is the full-speed one.
    CHECK(network(algorithm, n).kernels[0].constants[gpu::SPEC_COMPARATOR_MASK - 1] == 0u);
  }
  CHECK_THROWS_WITH(network("batcher", 8, {{6, 0}}),
                    Catch::Contains("7:1") && Catch::Contains("layers 1 to 6"));
  CHECK_THROWS_WITH(network("batcher", 8, {{0, 4}}),
                    Catch::Contains("1:5") && Catch::Contains("comparators 1 to 4"));
  CHECK_THROWS_WITH(network("radix4", 8, {{0, 0}}), Catch::Contains("network"));
  test::require_validation_clean();
}
