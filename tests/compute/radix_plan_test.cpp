// Radix plans without a GPU: step structure, ping-pong bookkeeping, and tile sizes that fit the
// shared memory of lavapipe-like and H100-like devices.
#include <catch2/catch.hpp>
#include <utility>

#include "algorithms/algorithm.hpp"
#include "algorithms/onesweep.hpp"
#include "algorithms/radix4.hpp"
#include "algorithms/radix_plan.hpp"
#include "core/errors.hpp"

using namespace ss;

namespace {

DeviceLimits lavapipe_like() {
  DeviceLimits l;
  l.subgroup_size = l.min_subgroup_size = l.max_subgroup_size = 8;
  l.subgroup_size_control = true;
  l.max_shared_memory = 32768;
  l.max_workgroup_subgroups = 32;
  l.cpu = true;
  return l;
}

DeviceLimits h100_like() {
  DeviceLimits l;
  l.subgroup_size = l.min_subgroup_size = l.max_subgroup_size = 32;
  l.subgroup_size_control = true;
  l.max_shared_memory = 49152;
  l.max_storage_buffer_range = 0xffffffffull;
  l.max_allocation_size = 1ull << 36;
  l.device_local_memory = 80ull << 30;
  l.subgroup_partitioned = true;
  return l;
}

DeviceLimits amd_like() {
  DeviceLimits l = h100_like();
  l.subgroup_size = l.min_subgroup_size = l.max_subgroup_size = 64;
  l.max_shared_memory = 65536;
  return l;
}

}  // namespace

TEST_CASE("radix plans: passes, steps and ping-pong buffers per key type", "[radix4][onesweep]") {
  for (KeyType type : k_key_types) {
    const SortSpec spec{100000, type, true, false};
    const std::uint32_t words = key_words(type);
    const Plan r4 = make_plan("radix4", spec, h100_like());
    const Plan os = make_plan("onesweep", spec, h100_like());
    REQUIRE(r4.steps.size() == 3 * 8 * words);
    REQUIRE(os.steps.size() == 3 + 4 * words);
    for (const Plan* plan : {&r4, &os}) {
      INFO(plan->algorithm << " " << to_string(type));
      std::uint32_t keys = plan->keys_buffer;
      for (const Step& step : plan->steps) {
        const bool scatters = step.label.find("scatter") != std::string::npos;
        const std::uint32_t expected = scatters ? (keys == 0 ? 2u : 0u) : keys;
        CHECK(step.keys_after == expected);
        CHECK(step.values_after == expected + 1);
        // The pass reads the live keys and writes the other buffer.
        if (scatters) CHECK(step.bindings[0] == keys);
        if (scatters) CHECK(step.bindings[2] == expected);
        keys = step.keys_after;
      }
      CHECK(plan->result_keys == keys);
      CHECK(plan->result_keys == 0);
      CHECK(plan->result_values == 1);
    }
    CHECK(r4.buffers[gpu::RADIX4_BUFFER_TILE_HIST].name == "tile histograms");
    CHECK(r4.buffers[gpu::RADIX4_BUFFER_TILE_OFFSETS].name == "tile offsets");
    CHECK(r4.buffers[gpu::RADIX4_BUFFER_DIGIT_TOTALS].name == "digit totals");
    CHECK(os.buffers[gpu::ONESWEEP_BUFFER_DIGIT_HIST].name == "digit histograms");
    CHECK(os.buffers[gpu::ONESWEEP_BUFFER_STATUS].name == "tile status");
    CHECK(os.buffers[gpu::ONESWEEP_BUFFER_RECORDS].instrumentation_only);
    // Each pass step describes its digit through the shared push block.
    const auto& last = std::get<gpu::OnesweepStep>(os.steps.back().view);
    CHECK(last.stage == gpu::ONESWEEP_STAGE_PASS);
    CHECK(last.pass == 4 * words - 1);
    CHECK(last.word == words - 1);
    CHECK(last.shift == 24);
    CHECK(last.region == (4 * words - 1) % 2);
  }
}

TEST_CASE("onesweep: tiles fit the device's shared memory for every subgroup size and spec",
          "[onesweep]") {
  for (const DeviceLimits& limits : {lavapipe_like(), h100_like(), amd_like()}) {
    for (KeyType type : k_key_types) {
      for (bool pairs : {false, true}) {
        const OnesweepTuning t =
            onesweep_tuning({1000, type, pairs, false, k_tile_keys_tuned}, limits);
        INFO("subgroup " << limits.subgroup_size << " " << to_string(type) << " pairs " << pairs);
        CHECK(t.pass_shared_bytes <= limits.max_shared_memory);
        CHECK(t.keys_per_thread >= 4);
        CHECK(t.keys_per_thread <= 22);
        CHECK(t.tile_keys == t.workgroup_size * t.keys_per_thread);
        CHECK(t.subgroup_size == limits.subgroup_size);
        CHECK(t.shared_words * t.stage_parts >= t.tile_keys);
        // 384 threads where 384 / subgroup fit the device's subgroups per workgroup (not
        // lavapipe's 32 of 8), 512 for one-word keys without values; in at most 24 KiB; tiles
        // then staged in parts, of 22 keys per thread (one-word keys), 21 (one-word keys with
        // values, u64 keys) or 15 (u64 keys with values). u64 keys and pairs are staged whole,
        // each key with its value, so in three parts; one-word keys without values in two.
        const bool fits = 384 / limits.subgroup_size <= limits.max_workgroup_subgroups;
        const bool one_word_key = key_bytes(type) == 4;
        const bool keys_only = one_word_key && !pairs;
        CHECK(t.workgroup_size == (fits ? (keys_only ? 512u : 384u) : 256u));
        if (fits) {
          const std::uint32_t expected = keys_only ? 22u : one_word_key ? 21u : pairs ? 15u : 21u;
          CHECK(t.keys_per_thread == expected);
          CHECK(t.stage_parts == (keys_only ? 2u : 3u));
          CHECK(t.pass_shared_bytes <= 24u * 1024u);
        } else {
          // Elsewhere tiles of one-word keys without values are staged at once; u64 keys and
          // pairs, staged whole, take the same tiles in two parts.
          const OnesweepTuning one_word =
              onesweep_tuning({1000, KeyType::u32, false, false, k_tile_keys_tuned}, limits);
          CHECK(t.stage_parts == (keys_only ? 1u : 2u));
          CHECK(t.tile_keys == one_word.tile_keys);
          if (keys_only) CHECK(t.pass_shared_bytes == one_word.pass_shared_bytes);
        }
      }
    }
  }
  // Keys of two words on an H100, in at most 24 KiB, so that two workgroups share an SM.
  for (const auto& [type, pairs, tile, parts] : {std::tuple{KeyType::u32, true, 384u * 21u, 3u},
                                                 std::tuple{KeyType::u64, false, 384u * 21u, 3u},
                                                 std::tuple{KeyType::u64, true, 384u * 15u, 3u}}) {
    const OnesweepTuning t = onesweep_tuning({1u << 20, type, pairs, false}, h100_like());
    CHECK(t.tile_keys == tile);
    CHECK(t.stage_parts == parts);
    CHECK(t.pass_shared_bytes <= 24u * 1024u);
  }
  CHECK(onesweep_tuning({1u << 20, KeyType::u32, true, false}, lavapipe_like()).workgroup_size ==
        256);
  // u32 keys on an H100 get 512 x 22 (as i32 and f32 keys, in either direction), on lavapipe
  // 256 x 18.
  for (KeyType type : {KeyType::u32, KeyType::i32, KeyType::f32}) {
    for (bool descending : {false, true}) {
      CHECK(onesweep_tuning({1025, type, false, descending}, h100_like()).tile_keys == 512 * 22);
    }
  }
  CHECK(onesweep_tuning({1025, KeyType::u32, false, false}, lavapipe_like()).tile_keys == 4608);
  // A device whose subgroups allow 384-thread workgroups but not 512: 384 x 18.
  DeviceLimits no_512 = h100_like();
  no_512.max_workgroup_subgroups = 12;
  CHECK(onesweep_tuning({1025, KeyType::u32, false, false}, no_512).tile_keys == 384 * 18);
  // Ranks are 16-bit fields: a device with room for more stages at most 65535 keys per tile.
  DeviceLimits huge = h100_like();
  huge.max_shared_memory = 1u << 20;
  CHECK(onesweep_tuning({1u << 20, KeyType::u64, false, false}, huge, 170).tile_keys == 384 * 170);
  CHECK_THROWS_AS(onesweep_tuning({1u << 20, KeyType::u64, false, false}, huge, 171), SetupError);
  CHECK(onesweep_tuning({1u << 20, KeyType::u32, false, false}, huge, 127).tile_keys == 512 * 127);
  CHECK_THROWS_AS(onesweep_tuning({1u << 20, KeyType::u32, false, false}, huge, 128), SetupError);
  DeviceLimits tiny = lavapipe_like();
  tiny.max_shared_memory = 4096;
  CHECK_THROWS_AS(onesweep_tuning({1000, KeyType::u32, false, false}, tiny), SetupError);
  DeviceLimits no_control = h100_like();
  no_control.subgroup_size_control = false;
  CHECK_THROWS_AS(make_plan("onesweep", {1000, KeyType::u32, false, false}, no_control),
                  SetupError);
}

TEST_CASE("onesweep: whole-word ranking counters where they take no shared memory from the tile",
          "[onesweep]") {
  // H100: 16 subgroups x 256 words and the tile's 256 counts fit in the 5632 words that stage
  // each half of a u32 tile (12 subgroups in the 5376 words that stage each third of a u32 pairs'
  // tile, 2688 keys and their values), and the whole pass declares at most 24 KiB, so that two of
  // its workgroups share an SM.
  for (const auto& [pairs, part_words, parts] :
       {std::tuple{false, 5632u, 2u}, std::tuple{true, 5376u, 3u}}) {
    const OnesweepTuning h100 =
        onesweep_tuning({1u << 20, KeyType::u32, pairs, false}, h100_like());
    CHECK_FALSE(h100.packed_counters);
    CHECK(h100.shared_words == part_words);
    CHECK(h100.stage_parts == parts);
    CHECK(h100.pass_shared_bytes <= 24u * 1024u);
  }
  // The plan says so.
  CHECK_THAT(make_plan("onesweep", {1u << 20, KeyType::u32, false, false}, h100_like()).tiles,
             Catch::Contains("11264 keys (512 threads x 22 keys), staged through shared memory "
                             "in 2 parts"));
  // lavapipe: 32 subgroups of 8 would need 8192 words, more than the tile; 16-bit halves.
  const OnesweepTuning lavapipe =
      onesweep_tuning({1u << 20, KeyType::u32, false, false}, lavapipe_like());
  CHECK(lavapipe.packed_counters);
  CHECK(lavapipe.shared_words >=
        radix_rank_words(32, gpu::ONESWEEP_DIGITS, true) + gpu::ONESWEEP_DIGITS);
  // The pass kernel receives the choice as RADIX_SPEC_PACKED_COUNTERS.
  for (const DeviceLimits& limits : {lavapipe_like(), h100_like()}) {
    const Plan plan = make_plan("onesweep", {1u << 20, KeyType::u32, false, false}, limits);
    const OnesweepTuning t = onesweep_tuning({1u << 20, KeyType::u32, false, false}, limits);
    CHECK(plan.kernels.back().shader ==
          (limits.subgroup_partitioned ? "onesweep_pass_partitioned.comp" : "onesweep_pass.comp"));
    CHECK(plan.kernels.back().constants[gpu::RADIX_SPEC_PACKED_COUNTERS - 1] ==
          (t.packed_counters ? 1u : 0u));
    // u64 keys, with or without values, and keys of every type with values take the pass module
    // that stages a key whole.
    for (const auto& [type, pairs] :
         {std::pair{KeyType::u64, false}, std::pair{KeyType::u64, true},
          std::pair{KeyType::u32, true}, std::pair{KeyType::f32, true}}) {
      const Plan whole = make_plan("onesweep", {1u << 20, type, pairs, false}, limits);
      CHECK(whole.kernels.back().shader == "onesweep_pass_whole.comp");
      CHECK_FALSE(whole.kernels.back().buffer_bounds_checks);
    }
  }
  // radix4's 16 digits always get whole words.
  const Plan radix4 = make_plan("radix4", {1u << 20, KeyType::u32, false, false}, lavapipe_like());
  CHECK(radix4.kernels.back().shader == "radix4_scatter.comp");
  CHECK(radix4.kernels.back().constants[gpu::RADIX_SPEC_PACKED_COUNTERS - 1] == 0u);
}

TEST_CASE(
    "onesweep's passes of one-word keys let the GPU choose ranking by ballots or by partition "
    "where the device has subgroupPartitionNV",
    "[onesweep]") {
  DeviceLimits without = h100_like();
  without.subgroup_partitioned = false;
  for (const auto& [limits, partitioned] : {std::pair{h100_like(), true}, std::pair{without, false},
                                            std::pair{lavapipe_like(), false}}) {
    for (const KeyType type : {KeyType::u32, KeyType::i32, KeyType::f32}) {
      INFO(to_string(type) << ", partitioned " << partitioned);
      const Plan plan = make_plan("onesweep", {1u << 20, type, false, true}, limits);
      const std::uint32_t passes = 4;
      const PlanBuffer& args = plan.buffers[gpu::ONESWEEP_BUFFER_DIGIT_HIST];
      CHECK(args.dispatch_args == partitioned);
      std::size_t pass = 0;
      for (const Step& step : plan.steps) {
        const auto& view = std::get<gpu::OnesweepStep>(step.view);
        // Only the scan step's barrier waits for indirect reads, and only where they follow.
        CHECK(step.writes_dispatch_args == (partitioned && view.stage == gpu::ONESWEEP_STAGE_SCAN));
        if (view.stage != gpu::ONESWEEP_STAGE_PASS) {
          CHECK(step.gpu_choices.empty());
          continue;
        }
        INFO("pass " << pass);
        CHECK(plan.kernels[step.kernel].shader == "onesweep_pass.comp");
        // Both rankings' group counts are the pass's tiles, the z word left to the scan step.
        for (const std::uint32_t r :
             {gpu::ONESWEEP_RANK_BY_BALLOTS, gpu::ONESWEEP_RANK_BY_PARTITION}) {
          const std::uint32_t at = gpu::onesweep_dispatch_index(passes, view.pass, r);
          CHECK(args.initial_words.at(at) == step.groups.x);
          CHECK(args.initial_words.at(at + 1) == step.groups.y);
          CHECK(args.initial_words.at(at + 2) == 0u);
          CHECK(gpu::onesweep_chosen_index(passes, view.pass, r) == at + 2);
        }
        if (partitioned) {
          REQUIRE(step.gpu_choices.size() == 2);
          CHECK(step.gpu_choices[0].kernel == step.kernel);
          const KernelSpec& by_partition = plan.kernels[step.gpu_choices[1].kernel];
          CHECK(by_partition.shader == "onesweep_pass_partitioned.comp");
          // The same constants as the ballots' module: only the ranking differs.
          CHECK(by_partition.constants == plan.kernels[step.kernel].constants);
          for (const std::uint32_t r :
               {gpu::ONESWEEP_RANK_BY_BALLOTS, gpu::ONESWEEP_RANK_BY_PARTITION}) {
            CHECK(step.gpu_choices[r].buffer == gpu::ONESWEEP_BUFFER_DIGIT_HIST);
            CHECK(step.gpu_choices[r].offset ==
                  4u * gpu::onesweep_dispatch_index(passes, view.pass, r));
          }
        } else {
          CHECK(step.gpu_choices.empty());
        }
        ++pass;
      }
      CHECK(pass == passes);
    }
    // Keys staged whole (u64, and keys with values) keep their module, dispatched directly: their
    // passes were not measured ranked by partition.
    for (const auto& [type, pairs] :
         {std::pair{KeyType::u64, false}, std::pair{KeyType::f32, true}}) {
      const Plan whole = make_plan("onesweep", {1u << 20, type, pairs, false}, limits);
      CHECK(whole.kernels.back().shader == "onesweep_pass_whole.comp");
      for (const Step& step : whole.steps) CHECK(step.gpu_choices.empty());
    }
  }
}

TEST_CASE("onesweep's pass takes tiles by workgroup index on GPUs, from the counter on CPUs",
          "[onesweep]") {
  for (const auto& [limits, from_counter] :
       {std::pair{h100_like(), 0u}, std::pair{lavapipe_like(), 1u}}) {
    for (const auto& [type, pairs] :
         {std::pair{KeyType::u32, false}, std::pair{KeyType::u64, true}}) {
      const Plan plan = make_plan("onesweep", {1u << 20, type, pairs, false}, limits);
      CHECK(plan.kernels.back().constants[gpu::RADIX_SPEC_TILES_FROM_COUNTER - 1] == from_counter);
    }
  }
}

TEST_CASE("onesweep's pass and batcher-fused run without the driver's buffer bounds checks",
          "[onesweep][batcher-fused]") {
  // Only those two kernels opt out (KernelSpec::buffer_bounds_checks); every other keeps them,
  // and a pipeline made without them is not the cached one made with them.
  const Plan onesweep = make_plan("onesweep", {1u << 20, KeyType::u32, true, false}, h100_like());
  for (const KernelSpec& k : onesweep.kernels) {
    INFO(k.shader);
    const bool pass = k.shader.rfind("onesweep_pass", 0) == 0;
    CHECK(k.buffer_bounds_checks == !pass);
  }
  const Plan fused =
      make_plan("batcher-fused", {1u << 20, KeyType::f32, false, false}, h100_like());
  REQUIRE(fused.kernels.size() == 1);
  CHECK_FALSE(fused.kernels[0].buffer_bounds_checks);
  for (const char* algorithm : {"batcher", "radix4", "mergesort"}) {
    for (const KernelSpec& k :
         make_plan(algorithm, {1u << 20, KeyType::u32, false, false}, h100_like()).kernels) {
      INFO(k.shader);
      CHECK(k.buffer_bounds_checks);
    }
  }
  KernelSpec checked = onesweep.kernels.back();
  checked.buffer_bounds_checks = true;
  CHECK(checked.cache_key() != onesweep.kernels.back().cache_key());
}

TEST_CASE("onesweep: n above 2^30 - 1 is refused (30-bit status counts)", "[onesweep]") {
  CHECK_NOTHROW(
      make_plan("onesweep", {gpu::ONESWEEP_MAX_N, KeyType::u32, false, false}, h100_like()));
  CHECK_THROWS_WITH(
      make_plan("onesweep", {gpu::ONESWEEP_MAX_N + 1, KeyType::u32, false, false}, h100_like()),
      Catch::Contains("onesweep takes n <= 1073741823"));
  CHECK(find_algorithm("onesweep")->max_n == gpu::ONESWEEP_MAX_N);
  CHECK(find_algorithm("onesweep")->stable);
  CHECK(find_algorithm("radix4")->stable);
}

TEST_CASE("radix4: the staged tile fits the device's shared memory, down to Vulkan's 16 KiB",
          "[radix4]") {
  for (std::uint32_t shared : {16384u, 32768u, 49152u}) {
    DeviceLimits limits = h100_like();
    limits.max_shared_memory = shared;
    for (KeyType type : {KeyType::u32, KeyType::u64}) {
      for (bool pairs : {false, true}) {
        INFO(shared << " bytes, " << to_string(type) << (pairs ? " pairs" : ""));
        const Radix4Tuning t = radix4_tuning({1u << 20, type, pairs, false}, limits);
        CHECK(t.scatter_shared_bytes <= shared);
        const std::uint32_t words = key_words(type) + (pairs ? 1u : 0u);
        CHECK(t.scatter_shared_words >= t.tile_keys * words);
        // Halved only as far as needed: twice the keys per thread would not fit.
        // (16 digit words each for s_local_base, s_global_base, s_count; 8 subgroup totals.)
        if (t.keys_per_thread < 8) CHECK(4u * (2u * t.tile_keys * words + 3u * 16u + 8u) > shared);
        const Plan plan = make_plan("radix4", {1u << 20, type, pairs, false}, limits);
        CHECK(plan.kernels.back().constants[gpu::RADIX_SPEC_SHARED_WORDS - 1] ==
              t.scatter_shared_words);
      }
    }
  }
  // The tuned 8 keys per thread on the devices the project is measured on.
  CHECK(radix4_tuning({1u << 20, KeyType::u64, true, false}, lavapipe_like()).keys_per_thread ==
        8u);
  CHECK(radix4_tuning({1u << 20, KeyType::u64, true, false}, h100_like()).keys_per_thread == 8u);
}

TEST_CASE("radix plans: n = 0 and n = 1 plan no steps and leave the keys in place",
          "[radix4][onesweep]") {
  for (const char* algorithm : {"radix4", "onesweep"}) {
    for (std::uint32_t n : {0u, 1u}) {
      const Plan plan = make_plan(algorithm, {n, KeyType::u64, true, true}, lavapipe_like());
      CHECK(plan.steps.empty());
      CHECK(plan.result_keys == plan.keys_buffer);
    }
  }
}
