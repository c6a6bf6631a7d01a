// Sorting results of radix4 and onesweep on the test device (lavapipe in CI), against
// std::stable_sort: both algorithms are stable, so values must match exactly.
#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/onesweep.hpp"
#include "algorithms/radix4.hpp"
#include "baseline/cpu_sort.hpp"
#include "input/distributions.hpp"
#include "plan/runner.hpp"
#include "shaders/common/radix4_step.h"
#include "support/gpu.hpp"

using namespace ss;

namespace {

using ss::test::limits;
using ss::test::run_plan;

const std::string_view k_radix[] = {"radix4", "onesweep"};

void check_sort(std::string_view algorithm, const KeyArray& input, bool descending,
                const std::string& what, std::uint32_t tile_keys = k_tile_keys_auto) {
  SortSpec spec{static_cast<std::uint32_t>(input.size()), input.type, input.has_values, descending};
  spec.tile_keys = tile_keys;
  const KeyArray result = run_plan(make_plan(algorithm, spec, limits()), input);
  const Verification v = verify_sorted(input, result, descending, /*stable=*/true);
  INFO(algorithm << " n=" << spec.n << " " << to_string(input.type)
                 << (descending ? " desc " : " asc ") << what << (input.has_values ? " pairs" : "")
                 << ": " << v.message);
  CHECK(v.ok);
}

void check_sort(std::string_view algorithm, std::uint32_t n, KeyType type, bool descending,
                Distribution d, bool pairs, std::uint64_t seed = 1) {
  check_sort(algorithm, generate_keys(d, n, type, seed, pairs), descending,
             std::string(to_string(d)));
}

// Keys per tuned tile of the algorithm's scatter on this device, for this spec (the tiles of
// every n above k_teaching_max_n).
std::uint32_t tile_keys(std::string_view algorithm, SortSpec spec) {
  spec.tile_keys = k_tile_keys_tuned;
  if (algorithm == "radix4") return radix4_tuning(spec, limits()).tile_keys;
  return onesweep_tuning(spec, limits()).tile_keys;
}

}  // namespace

TEST_CASE("radix sorts: every key type, direction and distribution matches std::stable_sort",
          "[radix4][onesweep][gpu]") {
  for (std::string_view algorithm : k_radix) {
    for (KeyType type : k_key_types) {
      for (bool descending : {false, true}) {
        for (Distribution d : k_distributions) {
          const bool pairs = (static_cast<int>(d) + (descending ? 1 : 0)) % 2 == 0;
          const std::uint32_t tile = tile_keys(algorithm, {1, type, pairs, descending});
          // Two tiles and a bit: several tiles, a partial last one, lookback across tiles.
          check_sort(algorithm, 2 * tile + 77, type, descending, d, pairs,
                     static_cast<std::uint64_t>(d) + 1);
        }
      }
    }
  }
  test::require_validation_clean();
}

TEST_CASE("radix sorts: n at and around tile boundaries, from 0 to 3 tiles + 1",
          "[radix4][onesweep][gpu]") {
  for (std::string_view algorithm : k_radix) {
    for (const auto& [type, pairs, descending] :
         {std::tuple{KeyType::u32, false, false}, std::tuple{KeyType::i32, true, false},
          std::tuple{KeyType::f32, false, true}, std::tuple{KeyType::u64, true, true}}) {
      const std::uint32_t t = tile_keys(algorithm, {1, type, pairs, descending});
      for (std::uint32_t n :
           {0u, 1u, 2u, 3u, 31u, t - 1, t, t + 1, 2 * t - 1, 2 * t + 1, 3 * t + 1}) {
        check_sort(algorithm, n, type, descending, Distribution::random, pairs, n);
      }
    }
  }
  test::require_validation_clean();
}

TEST_CASE("radix sorts: stable with pairs on few-unique and all-equal keys of every type",
          "[radix4][onesweep][gpu]") {
  for (std::string_view algorithm : k_radix) {
    for (KeyType type : k_key_types) {
      check_sort(algorithm, 6000, type, type == KeyType::i32, Distribution::few_unique, true, 5);
      check_sort(algorithm, 5001, type, type != KeyType::i32, Distribution::all_equal, true, 5);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("radix sorts: f32 specials and u64 keys differing only in the high word",
          "[radix4][onesweep][gpu]") {
  // -0.0, +0.0, denormals, +-inf, NaNs of both signs (quiet and signalling), ordinary values;
  // repeated so equal keys must keep their order across tiles.
  const std::uint32_t specials[] = {0x7fc00000u, 0x00000001u, 0x80000000u, 0xff800000u,
                                    0x3f800000u, 0x00000000u, 0xffc00000u, 0x7f800000u,
                                    0x80000001u, 0xbf800000u, 0x7f800001u, 0xff800001u,
                                    0x007fffffu, 0x807fffffu, 0x7fffffffu, 0xffffffffu};
  KeyArray f32;
  f32.type = KeyType::f32;
  f32.has_values = true;
  for (std::uint32_t i = 0; i < 9000; ++i) {
    f32.push_back_bits(specials[(i * 7u + i / 16u) % 16u]);
    f32.values.push_back(i);
  }
  KeyArray u64;
  u64.type = KeyType::u64;
  u64.has_values = true;
  const KeyArray random = generate_keys(Distribution::random, 9000, KeyType::u32, 3, false);
  for (std::uint32_t i = 0; i < 9000; ++i) {
    // Low words take few values; the order is decided mostly by the high word.
    const std::uint64_t hi = random.words[i];
    u64.push_back_bits((hi << 32) | (i % 3u));
    u64.values.push_back(i);
  }
  for (std::string_view algorithm : k_radix) {
    for (bool descending : {false, true}) {
      check_sort(algorithm, f32, descending, "f32 specials");
      check_sort(algorithm, u64, descending, "u64 high words");
    }
  }
  test::require_validation_clean();
}

TEST_CASE("radix4: rows longer than a scan chunk are scanned by several workgroups, in order",
          "[radix4][gpu]") {
  // One key per tile makes as many tiles as keys: 2 or 3 chunks of a digit's row, the last one
  // partial, each scanned by its own workgroup from the look-back over the ones before it.
  const SortSpec probe{1, KeyType::u32, false, false};
  const std::uint32_t chunk =
      radix4_tuning(probe, limits()).scan_workgroup_size * gpu::RADIX4_SCAN_ITEMS;
  for (const std::uint32_t tile : {1u, 3u}) {
    const std::uint32_t n = (2 * chunk + 5) * tile - 1;
    INFO("tile of " << tile << " keys, n = " << n);
    CHECK(gpu::radix4_scan_chunks(gpu::radix_tiles(n, tile), chunk / gpu::RADIX4_SCAN_ITEMS) == 3);
    check_sort("radix4", generate_keys(Distribution::random, n, KeyType::u32, tile, false), false,
               "random", tile);
    check_sort("radix4", generate_keys(Distribution::few_unique, n, KeyType::u64, tile, true), true,
               "few unique", tile);
    // Chunks that never publish: the ones after them sum those chunks' entries themselves.
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::i32, 5, true);
    SortSpec spec{n, KeyType::i32, true, false};
    spec.tile_keys = tile;
    const KeyArray published = run_plan(plan_radix4(spec, limits()), input);
    CHECK(verify_sorted(input, published, false, true).ok);
    for (const std::uint32_t period : {1u, 2u}) {
      INFO("every " << period << " chunk(s) withheld");
      const KeyArray withheld = run_plan(plan_radix4(spec, limits(), {period}), input);
      const bool same_keys = withheld.words == published.words;
      const bool same_values = withheld.values == published.values;
      CHECK(same_keys);
      CHECK(same_values);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("radix sorts: large n up to 2^22 keys", "[radix4][onesweep][gpu][slow]") {
  check_sort("onesweep", 1u << 22, KeyType::u32, false, Distribution::random, false, 22);
  check_sort("onesweep", (1u << 21) + 3, KeyType::u64, true, Distribution::gaussian, true, 21);
  check_sort("radix4", 1u << 22, KeyType::f32, false, Distribution::random, false, 22);
  check_sort("radix4", (1u << 20) + 5, KeyType::i32, true, Distribution::few_unique, true, 20);
  test::require_validation_clean();
}

TEST_CASE("onesweep: the largest keys of a partial last tile stay before its padding, in order",
          "[onesweep][gpu]") {
  // The last tile's empty slots hold the largest encoded key, ranked after the real keys of the
  // highest digit. Here a third of the keys are the largest key of their type and direction, so
  // every pass's highest digit holds real keys beside the padding; values check their order.
  // Keys only, one-word keys are staged at once here (lavapipe); pairs and u64 keys, staged whole,
  // in parts.
  struct Case {
    KeyType type;
    bool descending;
    std::uint64_t largest;  // the key that encodes to all ones
  };
  for (const Case c :
       {Case{KeyType::u32, false, 0xffffffffu}, Case{KeyType::u32, true, 0u},
        Case{KeyType::i32, false, 0x7fffffffu}, Case{KeyType::f32, false, 0x7fffffffu},
        Case{KeyType::f32, true, 0xffffffffu}, Case{KeyType::u64, false, ~std::uint64_t{0}}}) {
    for (const bool pairs : {true, false}) {
      const std::uint32_t t = tile_keys("onesweep", {1, c.type, pairs, c.descending});
      for (const std::uint32_t n : {2 * t + 77, t - 1, t + 1}) {
        const KeyArray random = generate_keys(Distribution::random, n, c.type, n, false);
        KeyArray input;
        input.type = c.type;
        input.has_values = pairs;
        for (std::uint32_t i = 0; i < n; ++i) {
          input.push_back_bits(i % 3u == 0u ? c.largest : random.bits(i));
          if (pairs) input.values.push_back(i);
        }
        check_sort("onesweep", input, c.descending, "a third the largest key");
      }
    }
  }
  test::require_validation_clean();
}

TEST_CASE("onesweep: tiles larger than shared memory, staged in parts, sort stably",
          "[onesweep][gpu]") {
  // Stage parts capped at one word (stage_words = 1) leave a part only the words the tile's ranking
  // counters take, so tiles of 20 and 36 keys per thread, and teaching tiles of 7000 keys in
  // workgroups whose slots are not all used, are staged in several parts on any device (on
  // lavapipe 2 to 7, with 32 subgroups of 8; the H100's own tiles are staged in 2 or 3). The
  // parts are the device's: as few as fit its shared words.
  struct Case {
    std::uint32_t keys_per_thread;
    std::uint32_t tile_keys;  // 0: keys_per_thread x the workgroup, else the spec's tile
  };
  for (const Case c : {Case{20, 0}, Case{36, 0}, Case{0, 7000}}) {
    for (const auto& [type, pairs, descending, d] :
         {std::tuple{KeyType::u32, false, false, Distribution::random},
          std::tuple{KeyType::f32, false, true, Distribution::gaussian},
          std::tuple{KeyType::i32, true, false, Distribution::few_unique},
          std::tuple{KeyType::u64, true, true, Distribution::random},
          std::tuple{KeyType::u64, false, false, Distribution::few_unique}}) {
      OnesweepOptions options;
      options.keys_per_thread = c.keys_per_thread;
      options.stage_words = 1;
      SortSpec spec{0, type, pairs, descending};
      spec.tile_keys = c.tile_keys != 0 ? c.tile_keys : k_tile_keys_auto;
      const OnesweepTuning t =
          onesweep_tuning(spec, limits(), options.keys_per_thread, options.stage_words);
      const std::uint32_t item_words =
          gpu::radix_whole_item_words(static_cast<std::uint32_t>(type), pairs);
      const std::uint32_t slots = t.workgroup_size * t.keys_per_thread;
      const auto part_words = [&](std::uint32_t parts) {
        return (slots + parts - 1) / parts * item_words;
      };
      INFO(t.tile_keys << "-key tiles (" << slots << " slots of " << item_words << " words) in "
                       << t.stage_parts << " parts of " << t.shared_words << " words");
      REQUIRE(t.stage_parts >= 2);
      CHECK(part_words(t.stage_parts) <= t.shared_words);
      CHECK(part_words(t.stage_parts - 1) > t.shared_words);  // no fewer parts would fit
      for (const std::uint32_t n : {3 * t.tile_keys + 77, t.tile_keys - 1}) {
        spec.n = n;
        const KeyArray input = generate_keys(d, n, type, n, pairs);
        const KeyArray result = run_plan(plan_onesweep(spec, limits(), options), input);
        const Verification v = verify_sorted(input, result, descending, /*stable=*/true);
        INFO(t.tile_keys << "-key tiles in " << t.stage_parts << " parts, n=" << n << " "
                         << to_string(type) << (pairs ? " pairs " : " ") << to_string(d) << ": "
                         << v.message);
        CHECK(v.ok);
        // Every other tile never publishes: the tiles after it count its keys themselves (the
        // fallback), between the ranking and the staged parts' scatter.
        OnesweepOptions withheld = options;
        withheld.withhold_mode = gpu::ONESWEEP_WITHHOLD_NEVER;
        withheld.withhold_period = 2;
        withheld.lookback_spins = 2;
        const KeyArray again = run_plan(plan_onesweep(spec, limits(), withheld), input);
        CHECK(again.words == result.words);
        CHECK(again.values == result.values);
      }
    }
  }
  test::require_validation_clean();
}

TEST_CASE("onesweep: 22 keys per thread, the one-word tile of 512-thread devices, sorts here too",
          "[onesweep][gpu]") {
  // The H100's one-word tile is 512 threads x 22 keys; lavapipe cannot run 512-thread passes (64
  // of its subgroups of 8), so the same pass kernel specialized for 22 keys per thread runs in
  // this device's own workgroups, and for 21, an odd count, whose last packed word of ranks holds
  // one rank.
  for (const std::uint32_t keys_per_thread : {22u, 21u}) {
    for (const auto& [type, pairs, d] : {std::tuple{KeyType::u32, false, Distribution::random},
                                         std::tuple{KeyType::i32, true, Distribution::few_unique},
                                         std::tuple{KeyType::u64, false, Distribution::random},
                                         std::tuple{KeyType::u64, true, Distribution::random},
                                         std::tuple{KeyType::f32, false, Distribution::gaussian}}) {
      SortSpec spec{0, type, pairs, false};
      const std::uint32_t workgroup = onesweep_tuning(spec, limits()).workgroup_size;
      spec.n = 3 * workgroup * keys_per_thread + 77;
      spec.tile_keys = workgroup * keys_per_thread;
      REQUIRE(onesweep_tuning(spec, limits()).keys_per_thread == keys_per_thread);
      check_sort("onesweep", generate_keys(d, spec.n, type, keys_per_thread, pairs), false,
                 std::string(to_string(d)), spec.tile_keys);
    }
  }
  test::require_validation_clean();
}
