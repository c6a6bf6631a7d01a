// batcher-fused on the GPU: sorts like std::sort for every key type, direction and pairs, and
// every fused step leaves exactly the keys, statistics and swap flags plain batcher has after the
// layers it covers, including with comparators disabled. Run with the device's shared memory and
// with 1 KiB of it (many halo and strided windows at small n).
#include <algorithm>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/batcher_fused.hpp"
#include "algorithms/network_facts.hpp"
#include "algorithms/network_plan.hpp"
#include "baseline/cpu_sort.hpp"
#include "input/distributions.hpp"
#include "plan/runner.hpp"
#include "plan/stepper.hpp"
#include "support/gpu.hpp"

using namespace ss;

namespace {

DeviceLimits device_with_1_kib_shared() {
  DeviceLimits limits = test::limits();
  limits.max_shared_memory = 1024;
  return limits;
}

void check_sort(std::uint32_t n, KeyType type, bool descending, bool pairs,
                const DeviceLimits& limits, Distribution distribution = Distribution::random) {
  const KeyArray input = generate_keys(distribution, n, type, n + 17, pairs);
  const Plan plan = make_plan("batcher-fused", {n, type, pairs, descending}, limits);
  const KeyArray result = test::run_plan(plan, input);
  const Verification v = verify_sorted(input, result, descending, false);
  INFO("n=" << n << " " << to_string(type) << (descending ? " desc" : " asc")
            << (pairs ? " pairs" : "") << " shared " << limits.max_shared_memory << ": "
            << v.message);
  CHECK(v.ok);
}

// Steps batcher-fused and batcher side by side: after each fused step the keys and values equal
// batcher's after the last layer the step covers, and the step's GPU statistics equal the sums
// of batcher's steps it covers (its swap flags their union).
void check_steps_match_batcher(const SortSpec& spec, const DeviceLimits& limits) {
  const Context& context = test::gpu();
  const KeyArray input =
      generate_keys(Distribution::random, spec.n, spec.key_type, spec.n, spec.pairs);
  const Plan plan = make_plan("batcher-fused", spec, limits);
  const Plan batcher = make_plan("batcher", spec, limits);
  Stepper fused(context, plan, input);
  Stepper plain(context, batcher, input);
  std::uint64_t fused_compares = 0, plain_compares = 0, fused_swaps = 0, plain_swaps = 0;
  while (!fused.at_end()) {
    fused.next();
    const Step& step = plan.steps[fused.position() - 1];
    const LayerRange range = step_layers(step);
    std::uint64_t compares = 0, swaps = 0;
    std::vector<std::uint32_t> flags(spec.n, 0);
    while (plain.position() < range.first + range.count) {
      plain.next();
      const StepStats s = plain.last_stats();
      compares += s.comparisons;
      swaps += s.swaps;
      const auto f = plain.last_swap_flags();
      for (std::uint32_t i = 0; i < spec.n; ++i) flags[i] |= f[i];
    }
    INFO(step.label);
    const KeyArray a = fused.read_current(), b = plain.read_current();
    REQUIRE(a.words == b.words);
    REQUIRE(a.values == b.values);
    const StepStats s = fused.last_stats();
    REQUIRE(s.available);
    CHECK(s.comparisons == compares);
    CHECK(s.swaps == swaps);
    // The comparisons counted equal the comparators the step shows (those not disabled).
    const auto comparators = step_comparators(step);
    CHECK(s.comparisons ==
          std::uint64_t(std::count_if(comparators.begin(), comparators.end(),
                                      [](const Comparator& c) { return !c.disabled; })));
    const auto f = fused.last_swap_flags();
    CHECK(std::equal(flags.begin(), flags.end(), f.begin()));
    fused_compares += s.comparisons;
    fused_swaps += s.swaps;
    plain_compares += compares;
    plain_swaps += swaps;
  }
  CHECK(plain.at_end());
  CHECK(fused_compares == plain_compares);
  CHECK(fused_swaps == plain_swaps);
  // The full-speed run agrees with the stepped one.
  CHECK(test::run_plan(plan, input).words == fused.read_current().words);
}

// The full-speed pipelines (the Runner's: on the register path where the plan takes it) leave
// after each step exactly the keys batcher has after the step's last layer: every prefix of the
// plan runs on its own, its result read from the buffer the step wrote.
void check_full_speed_steps_match_batcher(const SortSpec& spec, const DeviceLimits& limits,
                                          Distribution distribution) {
  const KeyArray input = generate_keys(distribution, spec.n, spec.key_type, spec.n + 5, spec.pairs);
  const Plan plan = make_plan("batcher-fused", spec, limits);
  Stepper plain(test::gpu(), make_plan("batcher", spec, limits), input);
  for (std::size_t i = 0; i < plan.steps.size(); ++i) {
    const LayerRange range = step_layers(plan.steps[i]);
    while (plain.position() < range.first + range.count) plain.next();
    Plan prefix = plan;
    prefix.steps.resize(i + 1);
    prefix.result_keys = plan.steps[i].keys_after;
    prefix.result_values = plan.steps[i].values_after;
    INFO(plan.steps[i].label);
    const KeyArray result = test::run_plan(prefix, input);
    REQUIRE(result.words == plain.read_current().words);
    REQUIRE(result.values == plain.read_current().values);
  }
}

}  // namespace

TEST_CASE("batcher-fused: each full-speed step leaves batcher's keys", "[batcher-fused][gpu]") {
  // One-word keys without values take the register path on lavapipe (full subgroups of 8):
  // aligned tiles, then windows with halos and strided windows, some starting before wire 0.
  // With 4 KiB, 32 invocations hold windows of 496 keys.
  DeviceLimits small = test::limits();
  small.max_shared_memory = 4096;
  REQUIRE(batcher_fused_register_threads({9000, KeyType::u32, false, false}, test::limits()) > 0);
  REQUIRE(batcher_fused_register_threads({9000, KeyType::u32, false, false}, small) == 32);
  check_full_speed_steps_match_batcher({9000, KeyType::u32, false, false}, test::limits(),
                                       Distribution::random);
  check_full_speed_steps_match_batcher({20000, KeyType::f32, false, true}, small,
                                       Distribution::random);
  check_full_speed_steps_match_batcher({4097, KeyType::i32, false, false}, small,
                                       Distribution::few_unique);
  // Pairs keep the stepping kernel's layer loop at full speed too.
  check_full_speed_steps_match_batcher({3000, KeyType::u32, false, true},
                                       device_with_1_kib_shared(), Distribution::random);
  test::require_validation_clean();
}

namespace {

void check_every_type(const DeviceLimits& limits) {
  for (KeyType type : k_key_types) {
    for (bool descending : {false, true}) {
      for (bool pairs : {false, true}) {
        for (std::uint32_t n : {0u, 1u, 2u, 3u, 5u, 1000u, 4096u, 4097u, 65539u})
          check_sort(n, type, descending, pairs, limits);
      }
    }
  }
  test::require_validation_clean();
}

}  // namespace

// Two test cases, so ctest runs the window shapes side by side. The 1 KiB windows and the 2^18
// case are [slow], left out of the sanitizer build: their host code is the device-tile case's,
// and 1 KiB windows stay covered there by the step-by-step cases below. Under AddressSanitizer
// (perf: mostly page faults and munmap) the two took 18 of the sanitizer suite's 37 test minutes
// on CI's two cores; in the release suite 79 s.
TEST_CASE("batcher-fused: every key type, direction and pairs match std::sort, device's tiles",
          "[batcher-fused][gpu]") {
  check_every_type(test::limits());
}

TEST_CASE("batcher-fused: every key type, direction and pairs match std::sort, 1 KiB windows",
          "[batcher-fused][gpu][slow]") {
  check_every_type(device_with_1_kib_shared());
}

TEST_CASE("batcher-fused: n = 2^18 with the device's tiles and with 1 KiB windows",
          "[batcher-fused][gpu][slow]") {
  // Every key type, direction and pairs are covered up to 65539 keys above; at 2^18 (lavapipe
  // takes seconds per sort) one run per window shape: tiles of the device, then many windows.
  check_sort(1u << 18, KeyType::u32, false, true, test::limits());
  check_sort(1u << 18, KeyType::f32, true, false, device_with_1_kib_shared(),
             Distribution::few_unique);
  test::require_validation_clean();
}

TEST_CASE("batcher-fused: each step leaves batcher's keys, statistics and swap flags",
          "[batcher-fused][gpu]") {
  check_steps_match_batcher({1000, KeyType::u32, true, false}, device_with_1_kib_shared());
  check_steps_match_batcher({4097, KeyType::u64, false, true}, device_with_1_kib_shared());
  check_steps_match_batcher({777, KeyType::f32, true, true}, test::limits());
  check_steps_match_batcher({9000, KeyType::i32, false, false}, test::limits());
  test::require_validation_clean();
}

TEST_CASE("batcher-fused: disabled comparators behave as in batcher", "[batcher-fused][gpu][lab]") {
  // Layer 3:1 lies in the tile step; with 1 KiB the last layers of 1000 keys lie in windows.
  const Plan probe =
      make_plan("batcher", {1000, KeyType::u32, false, false}, device_with_1_kib_shared());
  const auto last = static_cast<std::uint32_t>(probe.steps.size() - 1);
  for (const std::vector<DisabledComparator>& off :
       {std::vector<DisabledComparator>{{2, 0}},
        std::vector<DisabledComparator>{{2, 0}, {last - 2, 5}, {last, 0}, {last, 3}}}) {
    SortSpec spec{1000, KeyType::u32, true, false};
    spec.disabled = off;
    check_steps_match_batcher(spec, device_with_1_kib_shared());
    const Plan plan = make_plan("batcher-fused", spec, device_with_1_kib_shared());
    const Plan batcher = make_plan("batcher", spec, device_with_1_kib_shared());
    CHECK(network_facts(plan).disabled == off.size());
    CHECK(network_facts(plan).comparators == network_facts(batcher).comparators);
    const KeyArray input = generate_keys(Distribution::random, 1000, KeyType::u32, 3, true);
    CHECK(test::run_plan(plan, input).words == test::run_plan(batcher, input).words);
  }
  // Layers and indices that do not exist are refused as for batcher.
  SortSpec bad{8, KeyType::u32, false, false};
  bad.disabled = {{6, 0}};
  CHECK_THROWS_WITH(make_plan("batcher-fused", bad, test::limits()),
                    Catch::Contains("layers 1 to 6"));
  bad.disabled = {{5, 3}};
  CHECK_THROWS_WITH(make_plan("batcher-fused", bad, test::limits()),
                    Catch::Contains("comparators 1 to 3"));
  test::require_validation_clean();
}
