// Teaching tiles (SortSpec::tile_keys): at classroom sizes radix4, onesweep and mergesort run the
// same kernels with tiles of a few keys, so 64 keys span many tiles; every type, pairs and
// direction still sorts like std::stable_sort; and onesweep's delayed tile makes the lookback
// visible: later tiles look back past it and compute its histogram themselves (the fallback).
#include <algorithm>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/mergesort.hpp"
#include "algorithms/onesweep.hpp"
#include "algorithms/radix4.hpp"
#include "baseline/cpu_sort.hpp"
#include "core/errors.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "support/gpu.hpp"

using namespace ss;

namespace {

using ss::test::limits;
using ss::test::run_plan;

SortSpec spec_with_tiles(std::uint32_t n, std::uint32_t tile_keys, KeyType type = KeyType::u32,
                         bool pairs = false, bool descending = false) {
  SortSpec spec{n, type, pairs, descending};
  spec.tile_keys = tile_keys;
  return spec;
}

// Tiles and keys per tile of a plan, from its first tiled step's view.
std::pair<std::uint32_t, std::uint32_t> tiles_of(const Plan& plan) {
  for (const Step& step : plan.steps) {
    if (const auto* r = std::get_if<gpu::Radix4Step>(&step.view)) return {r->tiles, r->tile_keys};
    if (const auto* o = std::get_if<gpu::OnesweepStep>(&step.view)) {
      if (o->stage == gpu::ONESWEEP_STAGE_PASS) return {o->tiles, o->tile_keys};
    }
    if (const auto* m = std::get_if<gpu::MergesortStep>(&step.view))
      return {m->tiles, m->tile_keys};
  }
  return {0, 0};
}

}  // namespace

TEST_CASE("teaching tiles: 64 keys span 8 radix tiles and 4 merge tiles, 256 keys 16 each",
          "[tiles]") {
  const DeviceLimits device = limits();
  for (const char* radix : {"radix4", "onesweep"}) {
    INFO(radix);
    CHECK(tiles_of(make_plan(radix, spec_with_tiles(64, k_tile_keys_auto), device)) ==
          std::pair{8u, 8u});
    CHECK(tiles_of(make_plan(radix, spec_with_tiles(256, k_tile_keys_auto), device)) ==
          std::pair{16u, 16u});
    CHECK(tiles_of(make_plan(radix, spec_with_tiles(1024, k_tile_keys_auto), device)) ==
          std::pair{16u, 64u});
    // Above classroom sizes, and whenever asked for, the tuned tiles.
    const std::uint32_t tuned =
        tiles_of(make_plan(radix, spec_with_tiles(1u << 16, k_tile_keys_tuned), device)).second;
    CHECK(tuned >= 256);
    CHECK(tiles_of(make_plan(radix, spec_with_tiles(1025, k_tile_keys_auto), device)).second ==
          tuned);
    CHECK(tiles_of(make_plan(radix, spec_with_tiles(64, k_tile_keys_tuned), device)).second ==
          tuned);
    // Any number of keys up to the tuned tile; the workgroup keeps its slots, some empty.
    const Plan thirteen = make_plan(radix, spec_with_tiles(64, 13), device);
    CHECK(tiles_of(thirteen) == std::pair{5u, 13u});
    const std::uint32_t threads =
        std::string(radix) == "radix4"
            ? radix4_tuning(spec_with_tiles(64, 13), device).workgroup_size
            : onesweep_tuning(spec_with_tiles(64, 13), device).workgroup_size;
    CHECK_THAT(thirteen.tiles, Catch::StartsWith("teaching tiles of 13 keys (" +
                                                 std::to_string(threads) + " threads x 1 key, " +
                                                 std::to_string(threads - 13) + " slots empty)"));
    // radix4 takes tiles up to its tuned one; onesweep larger ones too (to tune them), up to
    // what its shared memory stages.
    CHECK_THROWS_AS(make_plan(radix, spec_with_tiles(64, 1u << 20), device), UsageError);
    if (std::string(radix) == "radix4") {
      CHECK_THROWS_AS(make_plan(radix, spec_with_tiles(64, tuned + 1), device), UsageError);
    } else {
      CHECK(tiles_of(make_plan(radix, spec_with_tiles(1u << 16, tuned + 256), device)).second ==
            tuned + 256);
    }
    CHECK_THAT(make_plan(radix, spec_with_tiles(1u << 16, k_tile_keys_tuned), device).tiles,
               Catch::StartsWith("tuned tiles of"));
  }
  CHECK(tiles_of(make_plan("mergesort", spec_with_tiles(64, k_tile_keys_auto), device)) ==
        std::pair{4u, 16u});
  CHECK(tiles_of(make_plan("mergesort", spec_with_tiles(256, k_tile_keys_auto), device)) ==
        std::pair{16u, 16u});
  // K keys split as NT x VT, NT a power of two, as square as VT <= 15 allows.
  const MergesortTuning t24 = mergesort_tuning(spec_with_tiles(64, 24), device);
  CHECK((t24.threads == 8 && t24.keys_per_thread == 3));
  const MergesortTuning t64 = mergesort_tuning(spec_with_tiles(64, 64), device);
  CHECK((t64.threads == 8 && t64.keys_per_thread == 8));
  CHECK_THROWS_WITH(mergesort_tuning(spec_with_tiles(64, 15), device),
                    Catch::Contains("15 keys cannot be split so"));
  CHECK_FALSE(mergesort_tuning(spec_with_tiles(64, 16), device).tuned);
  CHECK(mergesort_tuning(spec_with_tiles(64, k_tile_keys_tuned), device).tuned);
}

TEST_CASE("teaching tiles sort like std::stable_sort: every type, pairs and direction",
          "[tiles][gpu]") {
  for (const char* algorithm : {"radix4", "onesweep", "mergesort"}) {
    for (KeyType type : k_key_types) {
      for (bool pairs : {false, true}) {
        for (bool descending : {false, true}) {
          for (std::uint32_t n : {64u, 1000u}) {
            const SortSpec spec = spec_with_tiles(n, k_tile_keys_auto, type, pairs, descending);
            const KeyArray input =
                generate_keys(Distribution::few_unique, n, type, n + (pairs ? 1 : 0), pairs);
            const KeyArray result = run_plan(make_plan(algorithm, spec, limits()), input);
            const Verification v = verify_sorted(input, result, descending, /*stable=*/true);
            INFO(algorithm << " n=" << n << " " << to_string(type) << (pairs ? " pairs" : "")
                           << (descending ? " desc" : " asc") << ": " << v.message);
            CHECK(v.ok);
          }
        }
      }
    }
  }
  // Odd tile sizes: partial tiles, empty slots in every round, one key per tile.
  for (const auto& [algorithm, tiles] :
       {std::pair{"radix4", std::vector<std::uint32_t>{1, 5, 13, 100, 333}},
        std::pair{"onesweep", std::vector<std::uint32_t>{1, 5, 13, 100, 333}},
        std::pair{"mergesort", std::vector<std::uint32_t>{2, 6, 24, 64, 120}}}) {
    for (std::uint32_t tile_keys : tiles) {
      for (std::uint32_t n : {300u, 777u}) {
        const SortSpec spec = spec_with_tiles(n, tile_keys, KeyType::u32, true, n == 777);
        const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 3, true);
        const KeyArray result = run_plan(make_plan(algorithm, spec, limits()), input);
        const Verification v = verify_sorted(input, result, n == 777, /*stable=*/true);
        INFO(algorithm << " tiles of " << tile_keys << " n=" << n << ": " << v.message);
        CHECK(v.ok);
      }
    }
  }
  test::require_validation_clean();
}

TEST_CASE("onesweep: a delayed tile makes later tiles look back past it and the fallback fire",
          "[tiles][onesweep][gpu]") {
  const std::uint32_t n = 64;  // 8 teaching tiles of 8 keys
  for (bool never : {true, false}) {
    INFO((never ? "never publishes" : "publishes late"));
    SortSpec spec = spec_with_tiles(n, k_tile_keys_auto, KeyType::u32, true, false);
    spec.delayed_tile = 2;
    spec.delayed_never = never;
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 9, true);
    const Plan plan = make_plan("onesweep", spec, limits());
    Stepper stepper(test::gpu(), plan, input);
    stepper.jump(4);  // init, histogram, scan, pass 0: what the tile strip shows
    const auto records = download_words<std::uint32_t>(
        test::gpu(), stepper.buffer(gpu::ONESWEEP_BUFFER_RECORDS), 8 * gpu::ONESWEEP_RECORD_WORDS);
    std::uint32_t deepest_after = 0, fallbacks = 0;
    for (std::uint32_t t = 0; t < 8; ++t) {
      const std::uint32_t* r = &records[t * gpu::ONESWEEP_RECORD_WORDS];
      CHECK(((r[gpu::ONESWEEP_RECORD_FLAGS] & gpu::ONESWEEP_FLAG_WITHHELD) != 0) == (t == 2));
      if (t > 2) deepest_after = std::max(deepest_after, r[gpu::ONESWEEP_RECORD_DEPTH]);
      fallbacks += r[gpu::ONESWEEP_RECORD_FALLBACKS];
    }
    if (never) {
      // Tile 2 never publishes a prefix: tile 3 must look past it (depth >= 2), and whoever
      // first found it empty computed its histogram.
      CHECK(records[3 * gpu::ONESWEEP_RECORD_WORDS + gpu::ONESWEEP_RECORD_DEPTH] >= 2);
      CHECK(fallbacks >= 1);
    }
    CHECK(deepest_after >= 1);
    stepper.jump(stepper.step_count());
    CHECK(verify_sorted(input, stepper.read_current(), false, true).ok);
    CHECK(verify_sorted(input, run_plan(plan, input), false, true).ok);
  }
  SortSpec beyond = spec_with_tiles(n, k_tile_keys_auto);
  beyond.delayed_tile = 8;
  CHECK_THROWS_WITH(make_plan("onesweep", beyond, limits()),
                    Catch::Contains("--delay-tile 9: onesweep sorts 64 keys in 8 tiles (1 to 8)"));
  test::require_validation_clean();
}
