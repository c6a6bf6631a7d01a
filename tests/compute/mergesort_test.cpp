// mergesort (seed 002) on the test device (lavapipe in CI), validation on: results against
// std::stable_sort, the partitions buffer against a merge done on the CPU, and every blocksort
// phase leaving each tile as sorted lists of the expected length.
#include <catch2/catch.hpp>

#include <algorithm>

#include "algorithms/algorithm.hpp"
#include "algorithms/mergesort.hpp"
#include "baseline/cpu_sort.hpp"
#include "core/buffer.hpp"
#include "input/distributions.hpp"
#include "plan/runner.hpp"
#include "plan/stepper.hpp"
#include "support/gpu.hpp"

using namespace ss;

namespace {

using ss::test::limits;
using ss::test::run_plan;

void check_sort(const KeyArray& input, bool descending, const std::string& what,
                const MergesortOptions& options = {}) {
  const SortSpec spec{static_cast<std::uint32_t>(input.size()), input.type, input.has_values,
                      descending};
  const Plan plan = plan_mergesort(spec, limits(), options);
  const KeyArray result = run_plan(plan, input);
  const Verification v = verify_sorted(input, result, descending, /*stable=*/true);
  INFO("mergesort n=" << spec.n << " " << to_string(input.type) << (descending ? " desc " : " asc ")
                      << what << (input.has_values ? " pairs" : "") << ", " << plan.steps.size()
                      << " steps: " << v.message);
  CHECK(v.ok);
}

void check_sort(std::uint32_t n, KeyType type, bool descending, Distribution d, bool pairs,
                std::uint64_t seed = 1, const MergesortOptions& options = {}) {
  check_sort(generate_keys(d, n, type, seed, pairs), descending, std::string(to_string(d)),
             options);
}

// The device's tile (not the teaching tile of classroom sizes) for this key type and mode.
std::uint32_t tile_keys(SortSpec spec) {
  spec.n = 1u << 20;
  return mergesort_tuning(spec, limits()).tile_keys;
}

// Keys i < j of `keys` in sort order, through the same encoding as the kernels.
bool before(const KeyArray& keys, std::size_t i, std::size_t j, bool descending) {
  return encoded_key(keys, i, descending) < encoded_key(keys, j, descending);
}

}  // namespace

TEST_CASE("mergesort: every key type, direction and distribution matches std::stable_sort",
          "[mergesort][gpu]") {
  for (KeyType type : k_key_types) {
    for (bool descending : {false, true}) {
      for (Distribution d : k_distributions) {
        const bool pairs = (static_cast<int>(d) + (descending ? 1 : 0)) % 2 == 0;
        const std::uint32_t nv = tile_keys({1, type, pairs, descending});
        // Three tiles and a bit: two passes, the second merging a list with a shorter one.
        check_sort(3 * nv + 77, type, descending, d, pairs, static_cast<std::uint64_t>(d) + 1);
      }
    }
  }
  test::require_validation_clean();
}

TEST_CASE("mergesort: n from 0 to 5 tiles + 1, around NV, 2NV and odd pass counts",
          "[mergesort][gpu]") {
  for (const auto& [type, pairs, descending] :
       {std::tuple{KeyType::u32, false, false}, std::tuple{KeyType::i32, true, false},
        std::tuple{KeyType::f32, false, true}, std::tuple{KeyType::u64, true, true}}) {
    const std::uint32_t t = tile_keys({1, type, pairs, descending});
    for (std::uint32_t n : {0u, 1u, 2u, 3u, 31u, t - 1, t, t + 1, 2 * t - 1, 2 * t, 2 * t + 1,
                            4 * t, 4 * t + 1, 5 * t + 1}) {
      check_sort(n, type, descending, Distribution::random, pairs, n);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("mergesort: small tiles (NT = 4, VT = 3 and NT = 2, VT = 1) over many passes",
          "[mergesort][gpu]") {
  for (const MergesortOptions options :
       {MergesortOptions{4, 3}, MergesortOptions{2, 1}, MergesortOptions{8, 7}}) {
    for (std::uint32_t n : {5u, 12u, 13u, 64u, 100u, 257u, 1000u}) {
      check_sort(n, KeyType::u32, false, Distribution::few_unique, true, n, options);
      check_sort(n, KeyType::f32, true, Distribution::random, false, n + 1, options);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("mergesort: stable on all-equal keys and f32 specials, u64 high words",
          "[mergesort][gpu]") {
  for (KeyType type : k_key_types) {
    check_sort(9001, type, type == KeyType::i32, Distribution::all_equal, true, 5);
    check_sort(12000, type, type != KeyType::i32, Distribution::few_unique, true, 6);
  }
  const std::uint32_t specials[] = {0x7fc00000u, 0x00000001u, 0x80000000u, 0xff800000u,
                                    0x3f800000u, 0x00000000u, 0xffc00000u, 0x7f800000u,
                                    0x80000001u, 0xbf800000u, 0x7f800001u, 0xff800001u};
  KeyArray f32;
  f32.type = KeyType::f32;
  f32.has_values = true;
  KeyArray u64;
  u64.type = KeyType::u64;
  u64.has_values = true;
  const KeyArray random = generate_keys(Distribution::random, 9000, KeyType::u32, 3, false);
  for (std::uint32_t i = 0; i < 9000; ++i) {
    f32.push_back_bits(specials[(i * 7u + i / 12u) % 12u]);
    f32.values.push_back(i);
    u64.push_back_bits((std::uint64_t(random.words[i] % 5u) << 32) | (i % 3u));
    u64.values.push_back(i);
  }
  for (bool descending : {false, true}) {
    check_sort(f32, descending, "f32 specials");
    check_sort(u64, descending, "u64 high words");
  }
  test::require_validation_clean();
}

TEST_CASE("mergesort: large n up to 2^22 keys", "[mergesort][gpu][slow]") {
  check_sort(1u << 22, KeyType::u32, false, Distribution::random, false, 22);
  check_sort((1u << 20) + 3, KeyType::u64, true, Distribution::gaussian, true, 20);
  check_sort((1u << 21) + 1, KeyType::f32, false, Distribution::nearly_sorted, true, 21);
  test::require_validation_clean();
}

TEST_CASE(
    "mergesort: the partitions buffer equals a merge-path search done on the CPU, from "
    "samples that equal every S-th key",
    "[mergesort][gpu]") {
  const Context& context = test::gpu();
  for (const auto& [type, pairs, descending, dist] :
       {std::tuple{KeyType::u32, false, false, Distribution::few_unique},
        std::tuple{KeyType::u64, true, true, Distribution::random}}) {
    const MergesortOptions options{8, 5};  // NV = 40: many tiles and passes at small n
    const std::uint32_t n = 1000;
    const SortSpec spec{n, type, pairs, descending};
    const Plan plan = plan_mergesort(spec, limits(), options);
    const KeyArray input = generate_keys(dist, n, type, 9, pairs);
    Stepper stepper(context, plan, input);
    std::size_t checked = 0;
    while (!stepper.at_end()) {
      stepper.next();
      const Step& step = plan.steps[stepper.position() - 1];
      const auto& p = std::get<gpu::MergesortStep>(step.view);
      if (p.stage != gpu::MERGESORT_STAGE_PARTITION) continue;
      // The keys the partition step searched: its input, still the live keys after it.
      const KeyArray keys = stepper.read_current();
      const auto gpu_partitions = download_words<std::uint32_t>(
          context, stepper.buffer(gpu::MERGESORT_BUFFER_PARTITIONS), p.partitions);
      // The samples the search started from: the keys at both sampled positions of every S.
      const std::uint32_t words = type == KeyType::u64 ? 2 : 1;
      const std::uint32_t stride = gpu::mergesort_sample_stride(p.tile_keys);
      REQUIRE(stride == 8);  // NV = 40
      const auto samples =
          download_words<std::uint32_t>(context, stepper.buffer(gpu::MERGESORT_BUFFER_SAMPLES),
                                        2 * gpu::mergesort_sample_count(n, p.tile_keys) * words);
      for (std::uint32_t i = 0; i < n; ++i) {
        if (i % stride != 0 && i % stride != stride - 1) continue;
        const std::uint32_t s = gpu::mergesort_sample_index(i, n, p.tile_keys, words);
        const std::uint64_t encoded = encoded_key(keys, i, descending);
        INFO("pass " << p.pass << " sample of key " << i);
        REQUIRE(samples[s] == static_cast<std::uint32_t>(encoded));
        if (words == 2) REQUIRE(samples[s + 1] == static_cast<std::uint32_t>(encoded >> 32));
      }
      for (std::uint32_t b = 0; b < p.partitions; ++b) {
        std::uint32_t a0, a_count, b0, b_count, diag;
        gpu::mergesort_partition_search(p.coop, b, p.tile_keys, n, a0, a_count, b0, b_count, diag);
        // Merge the two lists on the CPU, A first on ties, and count A's keys among the first
        // diag outputs.
        std::uint32_t i = 0, j = 0;
        while (i + j < diag) {
          const bool take_b =
              j < b_count && (i >= a_count || before(keys, b0 + j, a0 + i, descending));
          (take_b ? j : i) += 1;
        }
        INFO("pass " << p.pass << " partition " << b << " of " << p.partitions);
        REQUIRE(gpu_partitions[b] == i);
      }
      ++checked;
    }
    CHECK(checked ==
          gpu::mergesort_passes(std::get<gpu::MergesortStep>(plan.steps.front().view).tiles));
    CHECK(checked >= 4);
  }
  test::require_validation_clean();
}

TEST_CASE("mergesort: every blocksort phase leaves each tile as sorted lists of VT * 2^(k-1)",
          "[mergesort][gpu]") {
  const Context& context = test::gpu();
  for (const auto& [type, pairs, descending] :
       {std::tuple{KeyType::i32, true, false}, std::tuple{KeyType::u64, false, true}}) {
    const MergesortOptions options{8, 7};  // the seed's table: NT = 8, VT = 7, NV = 56
    const std::uint32_t n = 3 * 56 + 30;   // a partial last tile
    const SortSpec spec{n, type, pairs, descending};
    const Plan plan = plan_mergesort(spec, limits(), options);
    REQUIRE(has_phases(plan));
    const Plan expanded = expand_phases(plan);
    const auto& whole = std::get<gpu::MergesortStep>(plan.steps.front().view);
    REQUIRE(whole.phases == 4);  // transposition sort, coop = 2, 4, 8
    REQUIRE(expanded.steps.size() == plan.steps.size() + whole.phases - 1);
    CHECK(step_number(expanded, 2) == "1.3");
    CHECK(step_number(expanded, whole.phases) == "2");
    const KeyArray input = generate_keys(Distribution::random, n, type, 4, pairs);
    Stepper stepper(context, expanded, input);
    for (std::uint32_t phase = 1; phase <= whole.phases; ++phase) {
      stepper.next();
      const KeyArray keys = stepper.read_current();
      const std::uint32_t run = gpu::blocksort_run_length(phase - 1, 7);
      INFO(to_string(type) << " phase " << phase << ", runs of " << run);
      for (std::uint32_t tile = 0; tile < whole.tiles; ++tile) {
        const std::uint32_t begin = tile * 56, end = std::min(n, begin + 56);
        // The tile holds the same keys (and pairs) as the input's tile.
        std::vector<std::uint64_t> in_tile, out_tile;
        for (std::uint32_t i = begin; i < end; ++i) {
          in_tile.push_back(encoded_key(input, i, false) * 4096 + (pairs ? input.values[i] : 0));
          out_tile.push_back(encoded_key(keys, i, false) * 4096 + (pairs ? keys.values[i] : 0));
        }
        std::sort(in_tile.begin(), in_tile.end());
        std::sort(out_tile.begin(), out_tile.end());
        REQUIRE(in_tile == out_tile);
        // Sorted within each run, and not always across runs (they are separate lists).
        for (std::uint32_t i = begin + 1; i < end; ++i) {
          if ((i - begin) % run == 0) continue;
          REQUIRE_FALSE(before(keys, i, i - 1, descending));
          // Stable: equal keys keep their input order (values are input indices).
          if (pairs && encoded_key(keys, i, descending) == encoded_key(keys, i - 1, descending))
            REQUIRE(keys.values[i] > keys.values[i - 1]);
        }
      }
    }
    // The last phase is the whole blocksort; the rest of the plan sorts as usual.
    const KeyArray after_blocksort = stepper.read_current();
    Stepper whole_stepper(context, plan, input);
    whole_stepper.next();
    CHECK(whole_stepper.read_current().words == after_blocksort.words);
    stepper.jump(stepper.step_count());
    CHECK(verify_sorted(input, stepper.read_current(), descending, true).ok);
  }
  test::require_validation_clean();
}

TEST_CASE("mergesort: merge sources say which list each output came from", "[mergesort][gpu]") {
  const Context& context = test::gpu();
  const std::uint32_t n = 300;
  const SortSpec spec{n, KeyType::u32, true, false};
  const Plan plan = plan_mergesort(spec, limits(), MergesortOptions{4, 4});  // NV = 16
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 2, true);
  Stepper stepper(context, plan, input);
  while (!stepper.at_end()) {
    const KeyArray before_step = stepper.read_current();
    stepper.next();
    const auto& p = std::get<gpu::MergesortStep>(plan.steps[stepper.position() - 1].view);
    if (p.stage != gpu::MERGESORT_STAGE_MERGE) continue;
    const KeyArray after = stepper.read_current();
    const auto sources =
        download_words<std::uint32_t>(context, stepper.buffer(gpu::MERGESORT_BUFFER_SOURCES), n);
    // The value (input index) of each output must sit in list A (first half of its output
    // list) or B before the step, as the flag says.
    const std::uint32_t list = p.tile_keys * (p.coop / 2);
    for (std::uint32_t i = 0; i < n; ++i) {
      const auto at =
          std::find(before_step.values.begin(), before_step.values.end(), after.values[i]) -
          before_step.values.begin();
      const bool in_b = (std::uint32_t(at) / list) % 2 == 1;
      INFO("pass " << p.pass << " output " << i);
      REQUIRE(sources[i] == (in_b ? 1u : 0u));
    }
  }
  test::require_validation_clean();
}

TEST_CASE("mergesort: classroom sizes get teaching tiles, 64 keys in 4 tiles and 2 passes",
          "[mergesort]") {
  DeviceLimits device;
  const Plan plan = plan_mergesort({64, KeyType::u32, false, false}, device);
  const auto& blocksort = std::get<gpu::MergesortStep>(plan.steps.front().view);
  CHECK(blocksort.tiles == 4);
  CHECK(blocksort.phases == 3);
  CHECK(plan.steps.size() == 1 + 2 * 2);
  CHECK(mergesort_tuning({k_teaching_max_n + 1, KeyType::u32, false, false}, device).tile_keys ==
        128 * 17);
}

TEST_CASE("mergesort: a chosen tile may take the device's largest workgroup, the tuned one 128",
          "[mergesort]") {
  DeviceLimits device;
  device.max_shared_memory = 49152;
  device.max_workgroup_invocations = 1024;
  SortSpec spec{1u << 20, KeyType::u32, false, false};
  CHECK(mergesort_tuning(spec, device).threads == 128);
  CHECK(mergesort_tuning({1u << 20, KeyType::u32, true, false}, device).threads == 256);
  spec.tile_keys = 4608;
  const MergesortTuning t = mergesort_tuning(spec, device);
  CHECK(t.threads == 512);
  CHECK(t.keys_per_thread == 9);
  CHECK_FALSE(t.tuned);
  spec.tile_keys = 9216;
  CHECK(mergesort_tuning(spec, device).threads == 1024);
  device.max_workgroup_invocations = 512;
  CHECK_THROWS_WITH(mergesort_tuning(spec, device), Catch::Contains("9216 keys cannot be split"));
}

TEST_CASE("mergesort: a device too small for the tile is refused with the reason", "[mergesort]") {
  DeviceLimits tiny;
  tiny.max_shared_memory = 1024;
  tiny.max_workgroup_invocations = 256;
  CHECK_THROWS_WITH(
      plan_mergesort({1000, KeyType::u64, true, false}, tiny, MergesortOptions{256, 4}),
      Catch::Contains("shared memory"));
  CHECK_THROWS_WITH(mergesort_tuning({100000, KeyType::u64, true, false}, tiny),
                    Catch::Contains("shared memory"));
  // A 32 KiB device (lavapipe) stages 10 u64 pairs per thread of 256 (11 tuned), and the tuned
  // 17 u32 keys per thread of 128.
  DeviceLimits lavapipe = tiny;
  lavapipe.max_shared_memory = 32768;
  CHECK(mergesort_tuning({100000, KeyType::u64, true, false}, lavapipe).keys_per_thread == 10);
  CHECK(mergesort_tuning({100000, KeyType::u32, false, false}, lavapipe).tile_keys == 128 * 17);
  CHECK(mergesort_tuning({100000, KeyType::u32, true, false}, lavapipe).tile_keys == 256 * 11);
}

TEST_CASE("mergesort: a merge workgroup produces a few consecutive tiles, more for wide elements",
          "[mergesort]") {
  DeviceLimits device;
  device.max_shared_memory = 49152;
  device.max_workgroup_invocations = 1024;
  for (const auto& [type, pairs, per_group] :
       {std::tuple{KeyType::u32, false, 6u}, std::tuple{KeyType::f32, true, 4u},
        std::tuple{KeyType::u64, false, 4u}, std::tuple{KeyType::u64, true, 8u}}) {
    const Plan plan = plan_mergesort({1000000, type, pairs, false}, device);
    const auto& blocksort = std::get<gpu::MergesortStep>(plan.steps.front().view);
    for (const Step& step : plan.steps) {
      const auto& p = std::get<gpu::MergesortStep>(step.view);
      if (p.stage != gpu::MERGESORT_STAGE_MERGE) continue;
      INFO(to_string(type) << (pairs ? " pairs, " : ", ") << step.label);
      CHECK(p.tiles_per_group == per_group);
      CHECK(step.groups.total() == (blocksort.tiles + per_group - 1) / per_group);
    }
  }
  // Fewer tiles than that: one workgroup for all of them.
  const Plan two = plan_mergesort({4000, KeyType::u32, false, false}, device);
  CHECK(std::get<gpu::MergesortStep>(two.steps.back().view).tiles_per_group == 2);
  CHECK(two.steps.back().groups.total() == 1);
}
