// What the radix kernels leave in their buffers, stepped one dispatch at a time: histograms,
// offsets and tile status equal CPU counts; onesweep's lookback survives tiles that never publish
// (the fallback) and repeated runs.
#include <cmath>
#include <numeric>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/onesweep.hpp"
#include "algorithms/radix4.hpp"
#include "baseline/cpu_sort.hpp"
#include "input/distributions.hpp"
#include "plan/runner.hpp"
#include "plan/stepper.hpp"
#include "support/gpu.hpp"
#include "support/radix_reference.hpp"

using namespace ss;

namespace {

using ss::test::limits;
using ss::test::run_plan;

std::vector<std::uint32_t> read(const Stepper& stepper, std::uint32_t buffer, std::size_t words,
                                std::size_t first = 0) {
  return download_words<std::uint32_t>(test::gpu(), stepper.buffer(buffer), words, first * 4u);
}

}  // namespace

TEST_CASE("radix4: tile histograms, tile offsets and digit totals equal CPU counts every pass",
          "[radix4][gpu]") {
  for (const auto& [type, descending] :
       {std::pair{KeyType::u64, true}, std::pair{KeyType::f32, false}}) {
    const std::uint32_t tile = radix4_tuning({1, type, true, descending}, limits()).tile_keys;
    const std::uint32_t n = 3 * tile + 77;
    const KeyArray input = generate_keys(Distribution::random, n, type, 7, true);
    const Plan plan = make_plan("radix4", {n, type, true, descending}, limits());
    Stepper stepper(test::gpu(), plan, input);
    const std::uint32_t tiles = gpu::radix_tiles(n, tile);
    const std::uint32_t passes = gpu::radix_passes(static_cast<std::uint32_t>(type), 4);
    REQUIRE(plan.steps.size() == 3 * passes);
    for (std::uint32_t pass = 0; pass < passes; ++pass) {
      INFO(to_string(type) << " pass " << pass);
      const KeyArray keys = stepper.read_current();
      const auto counts = test::tile_digit_counts(keys, descending, pass, 4, tile);
      // Digit-major: (d, t) at d * tiles + t; its exclusive scan is where tile t's d keys go.
      std::vector<std::uint32_t> expected_hist(16 * tiles);
      for (std::uint32_t d = 0; d < 16; ++d)
        for (std::uint32_t t = 0; t < tiles; ++t)
          expected_hist[gpu::radix4_tile_entry(d, t, tiles)] = counts[t][d];

      stepper.next();  // count
      CHECK(std::get<gpu::Radix4Step>(plan.steps[stepper.position() - 1].view).stage ==
            gpu::RADIX4_STAGE_COUNT);
      CHECK(read(stepper, gpu::RADIX4_BUFFER_TILE_HIST, 16 * tiles) == expected_hist);
      {
        // The count step also added the tile counts into this pass's spread digit counts.
        const auto all =
            read(stepper, gpu::RADIX4_BUFFER_DIGIT_TOTALS, gpu::radix4_digit_totals_words(passes));
        const auto digits = test::digit_counts(keys, descending, pass, 4);
        for (std::uint32_t d = 0; d < 16; ++d) {
          std::uint32_t sum = 0;
          for (std::uint32_t c = 0; c < gpu::RADIX4_COUNT_SPREAD; ++c)
            sum += all[gpu::radix4_count_index(passes, pass, d, c)];
          CHECK(sum == digits[d]);
        }
      }
      stepper.next();  // scan
      CHECK(read(stepper, gpu::RADIX4_BUFFER_TILE_OFFSETS, 16 * tiles) ==
            test::exclusive_scan(expected_hist));
      const auto totals = read(stepper, gpu::RADIX4_BUFFER_DIGIT_TOTALS, 2 * passes * 16);
      const auto digits = test::digit_counts(keys, descending, pass, 4);
      const auto offsets = test::exclusive_scan(digits);
      for (std::uint32_t d = 0; d < 16; ++d) {
        CHECK(totals[gpu::radix4_total_index(pass, d)] == digits[d]);
        CHECK(totals[gpu::radix4_offset_index(passes, pass, d)] == offsets[d]);
      }
      stepper.next();  // scatter: keys now stably ordered by this digit
      const KeyArray after = stepper.read_current();
      std::vector<std::uint32_t> order(n);
      std::iota(order.begin(), order.end(), 0u);
      std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return test::key_digit(keys, a, descending, pass, 4) <
               test::key_digit(keys, b, descending, pass, 4);
      });
      bool same = true;
      for (std::uint32_t i = 0; i < n && same; ++i) {
        same = after.bits(i) == keys.bits(order[i]) && after.values[i] == keys.values[order[i]];
      }
      CHECK(same);
    }
    CHECK(verify_sorted(input, stepper.read_current(), descending, true).ok);
  }
  test::require_validation_clean();
}

TEST_CASE("onesweep: histogram workgroups that count several chunks, the last one partial",
          "[onesweep][gpu]") {
  // 8 chunks of 256 x 16 keys (the last short) in workgroups of 3 chunks: 3 workgroups, the
  // third with 2 chunks, the second of them partial. Large n take this shape; lavapipe's tests
  // do not reach 2048 chunks.
  const std::uint32_t chunk = gpu::ONESWEEP_HIST_WORKGROUP * gpu::ONESWEEP_HIST_KEYS_PER_THREAD;
  for (const KeyType type : {KeyType::u32, KeyType::u64}) {
    INFO(to_string(type));
    const std::uint32_t n = 7 * chunk + 100;
    const KeyArray input = generate_keys(Distribution::random, n, type, 5, false);
    OnesweepOptions options;
    options.hist_chunks_per_group = 3;
    const Plan plan = plan_onesweep({n, type, false, false}, limits(), options);
    REQUIRE(plan.steps[1].kind == "histogram");
    CHECK(plan.steps[1].groups.x * plan.steps[1].groups.y == 3);
    Stepper stepper(test::gpu(), plan, input);
    stepper.next();  // init
    stepper.next();  // histogram
    const std::uint32_t passes = type == KeyType::u64 ? 8 : 4;
    const auto hist = read(stepper, gpu::ONESWEEP_BUFFER_DIGIT_HIST, 2 * passes * 256);
    for (std::uint32_t pass = 0; pass < passes; ++pass) {
      const auto counts = test::digit_counts(input, false, pass, 8);
      for (std::uint32_t b = 0; b < 256; ++b)
        REQUIRE(hist[gpu::onesweep_hist_index(pass, b)] == counts[b]);
    }
    stepper.jump(stepper.step_count());
    CHECK(verify_sorted(input, stepper.read_current(), false, true).ok);
  }
  test::require_validation_clean();
}

TEST_CASE(
    "onesweep: digit histograms, offsets and every tile's published prefix equal CPU "
    "counts, and its lookback records are consistent",
    "[onesweep][gpu]") {
  const KeyType type = KeyType::u64;
  const bool descending = false;
  OnesweepOptions options;
  options.keys_per_thread = 2;  // tiles of two keys per thread: many tiles at a small n
  const std::uint32_t tile =
      onesweep_tuning({0, type, true, descending}, limits(), options.keys_per_thread).tile_keys;
  const std::uint32_t tiles = 10, passes = 8;
  const std::uint32_t n = (tiles - 1) * tile + 100;
  const KeyArray input = generate_keys(Distribution::gaussian, n, type, 9, true);
  const SortSpec spec{n, type, true, descending};
  const Plan plan = plan_onesweep(spec, limits(), options);
  REQUIRE(plan.steps.size() == 3 + passes);
  Stepper stepper(test::gpu(), plan, input);

  stepper.next();  // init
  stepper.next();  // histogram
  const auto hist = read(stepper, gpu::ONESWEEP_BUFFER_DIGIT_HIST, 2 * passes * 256);
  for (std::uint32_t pass = 0; pass < passes; ++pass) {
    const auto counts = test::digit_counts(input, descending, pass, 8);
    for (std::uint32_t b = 0; b < 256; ++b)
      REQUIRE(hist[gpu::onesweep_hist_index(pass, b)] == counts[b]);
  }
  stepper.next();  // scan
  const auto scanned = read(stepper, gpu::ONESWEEP_BUFFER_DIGIT_HIST, 2 * passes * 256);
  for (std::uint32_t pass = 0; pass < passes; ++pass) {
    const auto offsets = test::exclusive_scan(test::digit_counts(input, descending, pass, 8));
    for (std::uint32_t b = 0; b < 256; ++b)
      REQUIRE(scanned[gpu::onesweep_offset_index(passes, pass, b)] == offsets[b]);
  }

  for (std::uint32_t pass = 0; pass < passes; ++pass) {
    INFO("pass " << pass);
    const KeyArray keys = stepper.read_current();
    const auto counts = test::tile_digit_counts(keys, descending, pass, 8, tile);
    const auto offsets = test::exclusive_scan(test::digit_counts(keys, descending, pass, 8));
    stepper.next();
    const auto status =
        read(stepper, gpu::ONESWEEP_BUFFER_STATUS, gpu::onesweep_status_words(tiles));
    CHECK(status[pass] == tiles);  // the tile counter handed out every tile once
    std::vector<std::uint32_t> running = offsets;
    bool prefixes_match = true, other_region_clear = true;
    for (std::uint32_t t = 0; t < tiles; ++t) {
      for (std::uint32_t b = 0; b < 256; ++b) {
        running[b] += counts[t][b];
        const std::uint32_t s = status[gpu::onesweep_status_index(tiles, pass % 2, t, b)];
        prefixes_match &= gpu::onesweep_status_flag(s) == gpu::ONESWEEP_STATUS_PREFIX &&
                          gpu::onesweep_status_value(s) == running[b];
        if (pass + 1 < passes)
          other_region_clear &= status[gpu::onesweep_status_index(tiles, 1 - pass % 2, t, b)] == 0;
      }
    }
    CHECK(prefixes_match);
    CHECK(other_region_clear);
    const auto records =
        read(stepper, gpu::ONESWEEP_BUFFER_RECORDS, tiles * gpu::ONESWEEP_RECORD_WORDS);
    std::vector<std::uint32_t> workgroups;
    for (std::uint32_t t = 0; t < tiles; ++t) {
      const std::uint32_t* r = &records[t * gpu::ONESWEEP_RECORD_WORDS];
      workgroups.push_back(r[gpu::ONESWEEP_RECORD_WORKGROUP]);
      CHECK(r[gpu::ONESWEEP_RECORD_DEPTH] <= t);
      CHECK((t == 0) == (r[gpu::ONESWEEP_RECORD_DEPTH] == 0));
      CHECK(r[gpu::ONESWEEP_RECORD_FALLBACKS] <= r[gpu::ONESWEEP_RECORD_DEPTH]);
      const std::uint32_t flags = r[gpu::ONESWEEP_RECORD_FLAGS];
      CHECK((flags & gpu::ONESWEEP_FLAG_PUBLISHED_PREFIX) != 0);
      CHECK(((flags & gpu::ONESWEEP_FLAG_PUBLISHED_AGGREGATE) != 0) == (t != 0));
      CHECK((flags & gpu::ONESWEEP_FLAG_WITHHELD) == 0);
    }
    std::sort(workgroups.begin(), workgroups.end());
    std::vector<std::uint32_t> all(tiles);
    std::iota(all.begin(), all.end(), 0u);
    CHECK(workgroups == all);  // each workgroup took exactly one tile
  }
  CHECK(verify_sorted(input, stepper.read_current(), descending, true).ok);
  test::require_validation_clean();
}

TEST_CASE("onesweep: the scan step marks the passes whose subgroups meet few distinct digits",
          "[onesweep][gpu]") {
  // The expected count of distinct digits in a subgroup's round of keys, from the CPU's counts,
  // against onesweep_partition_limit; the mark is the z of the partition's group counts, and the
  // ballots' z its opposite (onesweep_dispatch_index).
  const std::uint32_t n = 30000;
  for (const auto& [distribution, type] : {std::pair{Distribution::random, KeyType::u32},
                                           std::pair{Distribution::random, KeyType::f32},
                                           std::pair{Distribution::all_equal, KeyType::u32},
                                           std::pair{Distribution::few_unique, KeyType::i32}}) {
    INFO(to_string(distribution) << " " << to_string(type));
    const KeyArray input = generate_keys(distribution, n, type, 11, false);
    const SortSpec spec{n, type, false, false};
    const std::uint32_t lanes = onesweep_tuning(spec, limits()).subgroup_size;
    const Plan plan = plan_onesweep(spec, limits());
    Stepper stepper(test::gpu(), plan, input);
    for (int step = 0; step < 3; ++step) stepper.next();  // init, histogram, scan
    const std::uint32_t passes = 4;
    const auto words =
        read(stepper, gpu::ONESWEEP_BUFFER_DIGIT_HIST, gpu::onesweep_hist_words(passes));
    const double limit =
        double(gpu::onesweep_partition_limit(lanes)) / gpu::ONESWEEP_DISTINCT_SCALE;
    for (std::uint32_t pass = 0; pass < passes; ++pass) {
      INFO("pass " << pass);
      double distinct = 0;
      for (const std::uint32_t count : test::digit_counts(input, false, pass, 8)) {
        distinct += 1.0 - std::pow(1.0 - double(count) / n, double(lanes));
      }
      const std::uint32_t mark = words[gpu::onesweep_partition_index(passes, pass)];
      CHECK(words[gpu::onesweep_chosen_index(passes, pass, gpu::ONESWEEP_RANK_BY_BALLOTS)] ==
            1u - mark);
      if (std::abs(distinct - limit) > 0.05) CHECK(mark == (distinct < limit ? 1u : 0u));
      if (distribution == Distribution::all_equal) CHECK(mark == 1u);  // one digit per pass
      if (distribution == Distribution::random && type == KeyType::u32) CHECK(mark == 0u);
    }
    stepper.jump(stepper.step_count());
    CHECK(verify_sorted(input, stepper.read_current(), false, true).ok);
  }
  test::require_validation_clean();
}

TEST_CASE("onesweep: each pass runs only the module the scan step chose, dispatched indirectly",
          "[onesweep][gpu]") {
  // lavapipe has no subgroupPartitionNV, so the choice is between the ballots' module and the init
  // kernel, which would clear the histograms and tile status instead of sorting: the keys come out
  // sorted only where the GPU gave the init kernel no groups, and the test fails the other way.
  const std::uint32_t n = 20000;
  // Random keys: no pass marked for partition. Keys of 0 and 1: every pass (on lavapipe's 8 lanes
  // the limit is 2.5 distinct digits per round).
  for (const bool few : {false, true}) {
    INFO("keys of 0 and 1: " << few);
    KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 5, false);
    if (few) {
      for (std::uint32_t& w : input.words) w &= 1u;
    }
    const SortSpec spec{n, KeyType::u32, false, false};
    for (const bool chosen_sorts : {true, false}) {
      INFO("the chosen module sorts: " << chosen_sorts);
      OnesweepOptions options;
      const bool ballots_sort = few != chosen_sorts;
      options.pass_shaders_by_ranking = {
          ballots_sort ? "onesweep_pass.comp" : "onesweep_init.comp",
          ballots_sort ? "onesweep_init.comp" : "onesweep_pass.comp"};
      const Plan plan = plan_onesweep(spec, limits(), options);
      REQUIRE(plan.steps.back().gpu_choices.size() == 2);
      // Both the full-speed (Runner) and the stepped (Stepper) pipelines.
      const KeyArray full_speed = run_plan(plan, input);
      Stepper stepper(test::gpu(), plan, input);
      stepper.jump(stepper.step_count());
      for (const KeyArray& out : {full_speed, stepper.read_current()}) {
        CHECK(verify_sorted(input, out, false, true).ok == chosen_sorts);
      }
      // Group counts that no earlier step writes are refused before anything runs.
      Plan unwritten = plan;
      for (Step& step : unwritten.steps) step.writes_dispatch_args = false;
      CHECK_THROWS_AS(Stepper(test::gpu(), unwritten, input), std::logic_error);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("onesweep: tiles that publish late or never are covered by the fallback, same result",
          "[onesweep][gpu]") {
  const std::uint32_t tiles = 41;
  for (const auto& [type, pairs, descending] :
       {std::tuple{KeyType::u32, true, false}, std::tuple{KeyType::f32, true, true},
        std::tuple{KeyType::u64, true, false}}) {  // u64 pairs: three words a staged key
    OnesweepOptions normal;
    normal.keys_per_thread = 1;
    // One key per thread: tiles of the pass's workgroup size for this key type on this device.
    const std::uint32_t tile =
        onesweep_tuning({0, type, pairs, descending}, limits(), normal.keys_per_thread).tile_keys;
    const std::uint32_t n = (tiles - 1) * tile + 31;  // the last tile partial
    const KeyArray input = generate_keys(Distribution::random, n, type, 13, pairs);
    const SortSpec spec{n, type, pairs, descending};
    const KeyArray reference = run_plan(plan_onesweep(spec, limits(), normal), input);
    REQUIRE(verify_sorted(input, reference, descending, true).ok);

    struct Case {
      std::uint32_t mode, period;
    };
    for (const Case c :
         {Case{gpu::ONESWEEP_WITHHOLD_NEVER, 1}, Case{gpu::ONESWEEP_WITHHOLD_NEVER, 3},
          Case{gpu::ONESWEEP_WITHHOLD_LATE, 2}}) {
      INFO(to_string(type) << " withhold mode " << c.mode << " every " << c.period << " tiles");
      OnesweepOptions options = normal;
      options.withhold_mode = c.mode;
      options.withhold_period = c.period;
      options.lookback_spins = 2;
      const Plan plan = plan_onesweep(spec, limits(), options);
      const KeyArray result = run_plan(plan, input);
      CHECK(result.words == reference.words);
      CHECK(result.values == reference.values);

      // Stepped (instrumented): the records show who fell back. Nobody can finish a lookback
      // over a tile that never publishes without computing its histogram, so every such tile
      // but the last costs at least one fallback somewhere (which later tile does it depends on
      // scheduling: one further back may get there first and publish the aggregate).
      Stepper stepper(test::gpu(), plan, input);
      stepper.jump(4);  // init, histogram, scan, pass 0
      const auto records =
          read(stepper, gpu::ONESWEEP_BUFFER_RECORDS, tiles * gpu::ONESWEEP_RECORD_WORDS);
      std::uint32_t withheld = 0, fallbacks = 0, must_fall_back = 0;
      for (std::uint32_t t = 0; t < tiles; ++t) {
        const std::uint32_t* r = &records[t * gpu::ONESWEEP_RECORD_WORDS];
        const bool held = gpu::onesweep_tile_withheld(c.mode, c.period - 1, c.period, t);
        CHECK(((r[gpu::ONESWEEP_RECORD_FLAGS] & gpu::ONESWEEP_FLAG_WITHHELD) != 0) == held);
        withheld += held ? 1 : 0;
        fallbacks += r[gpu::ONESWEEP_RECORD_FALLBACKS];
        if (held && t + 1 < tiles) ++must_fall_back;
        if (c.mode == gpu::ONESWEEP_WITHHOLD_NEVER && c.period == 1) {
          // Nobody publishes a prefix: every lookback runs back past tile 0.
          CHECK(r[gpu::ONESWEEP_RECORD_DEPTH] == t);
          if (t > 0) CHECK((r[gpu::ONESWEEP_RECORD_FLAGS] & gpu::ONESWEEP_FLAG_REACHED_START) != 0);
        }
      }
      CHECK(withheld == tiles / c.period);
      if (c.mode == gpu::ONESWEEP_WITHHOLD_NEVER) CHECK(fallbacks >= must_fall_back);
      stepper.jump(stepper.step_count());
      CHECK(stepper.read_current().words == reference.words);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("radix4: every run starts its digit counts from zero", "[radix4][gpu]") {
  // The count steps add into the digit counts with atomics: a run that found the previous run's
  // counts there would scatter keys past their digit's range.
  const std::uint32_t n = 5 * radix4_tuning({1, KeyType::u32, false, false}, limits()).tile_keys;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 11, false);
  Runner runner(test::gpu(), make_plan("radix4", {n, KeyType::u32, false, false}, limits()));
  runner.set_input(input);
  for (int run = 0; run < 3; ++run) {
    INFO("run " << run);
    runner.run();
    CHECK(verify_sorted(input, runner.result(), false, true).ok);
  }
  test::require_validation_clean();
}

TEST_CASE("onesweep: 100 runs over many tiles neither hang nor differ", "[onesweep][gpu]") {
  const std::uint32_t n = 1u << 16;
  OnesweepOptions options;
  options.keys_per_thread = 1;  // 256 tiles, each looking back over busy neighbours
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 100, true);
  // Tiles in launch order (this CPU device's plan) and by workgroup index (a GPU's), which this
  // device's threads may start in any order: the fallback must cover every tile not yet started.
  for (const bool cpu : {true, false}) {
    INFO((cpu ? "tiles from the counter" : "tiles by workgroup index"));
    DeviceLimits device = limits();
    device.cpu = cpu;
    const Plan plan = plan_onesweep({n, KeyType::u32, true, false}, device, options);
    REQUIRE(plan.kernels.back().constants[gpu::RADIX_SPEC_TILES_FROM_COUNTER - 1] ==
            (cpu ? 1u : 0u));
    Runner runner(test::gpu(), plan);
    runner.set_input(input);
    runner.run();
    const KeyArray first = runner.result();
    REQUIRE(verify_sorted(input, first, false, true).ok);
    std::uint32_t differing = 0;
    for (int run = 1; run < 100; ++run) {
      runner.run();
      const KeyArray again = runner.result();
      differing += (again.words != first.words || again.values != first.values) ? 1 : 0;
    }
    CHECK(differing == 0);
  }
  test::require_validation_clean();
}
