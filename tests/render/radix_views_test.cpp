// The radix views, checked against the GPU buffers and CPU counts of the input (CPU counts live
// in tests only): digit colours of the bars, the histogram model, the scatter's old-to-new links
// and the onesweep tile-status classification.
#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/onesweep.hpp"
#include "algorithms/radix4.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "render/color_map.hpp"
#include "render/headless.hpp"
#include "render/views/tile_status_view.hpp"
#include "shaders/common/onesweep_step.h"
#include "shaders/common/radix4_step.h"
#include "support/gpu.hpp"
#include "support/radix_reference.hpp"
#include "support/render.hpp"

namespace {

using ss::test::limits;

using namespace ss;
using render::BarsGeometry;
using test::near;
using test::rgb_of;
using test::state_at;

// ImU32 is A B G R from the high byte; Image::rgb gives 0xRRGGBB.

}  // namespace

TEST_CASE("render: digit-coloured bars show each key's digit of the pass shown", "[render][gpu]") {
  // Key i = i | (15 - i) << 4: pass 0 digit i, pass 1 digit 15 - i. Pass 0 leaves the order.
  const std::uint32_t n = 16;
  KeyArray input;
  input.type = KeyType::u32;
  for (std::uint32_t i = 0; i < n; ++i) input.push_back_bits(i | (15 - i) << 4);
  const Plan plan = make_plan("radix4", {n, KeyType::u32, false, false}, limits());
  Stepper stepper(test::gpu(), plan, input);
  for (const auto& [position, pass] : {std::pair{0u, 0u}, std::pair{3u, 0u}, std::pair{4u, 1u}}) {
    stepper.jump(position);
    const render::Image image =
        test::render_view(stepper, input, render::ViewSelection::digits, 800, 400);
    const render::ViewRects& r = render::last_view_rects();
    const float width = r.bars_max.x - r.bars_min.x;
    const auto y = std::uint32_t(r.bars_max.y - (BarsGeometry::k_bar_bottom + 0.005f) *
                                                    (r.bars_max.y - r.bars_min.y));
    for (std::uint32_t i = 0; i < n; ++i) {
      const auto x = std::uint32_t(r.bars_min.x + (float(i) + 0.5f) * width / float(n));
      const std::uint32_t digit = pass == 0 ? i : 15 - i;
      INFO("position " << position << " bar " << i << " digit " << digit);
      CHECK(near(image.rgb(x, y), rgb_of(render::digit_color(digit, 16)), 4));
    }
  }
  test::require_validation_clean();
}

TEST_CASE("render: radix4 histogram model holds the GPU's tile counts, totals and offsets",
          "[render][gpu]") {
  const std::uint32_t tile = radix4_tuning({1, KeyType::u32, false, false}, limits()).tile_keys;
  const std::uint32_t n = 2 * tile + 77;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 5, false);
  const Plan plan = make_plan("radix4", {n, KeyType::u32, false, false}, limits());
  Stepper stepper(test::gpu(), plan, input);
  for (std::uint32_t pass : {0u, 1u}) {
    INFO("pass " << pass);
    stepper.jump(3 * pass);
    const KeyArray keys = stepper.read_current();
    const auto tiles = test::tile_digit_counts(keys, false, pass, 4, tile);
    const auto render_count = state_at(stepper, 3 * pass + 1, input);  // count
    const auto& h = render_count.radix->histogram;
    REQUIRE(h.rows == tiles.size());
    for (std::uint32_t t = 0; t < h.rows; ++t)
      for (std::uint32_t d = 0; d < 16; ++d) CHECK(h.cell(t, d) == tiles[t][d]);
    CHECK(h.counts.empty());  // the scan has not run yet
    const auto scanned = state_at(stepper, 3 * pass + 2, input);
    const auto digits = test::digit_counts(keys, false, pass, 4);
    CHECK(scanned.radix->histogram.counts == digits);
    CHECK(scanned.radix->histogram.offsets == test::exclusive_scan(digits));
  }
  test::require_validation_clean();
}

TEST_CASE("render: the histogram view shows every bucket's offset, as a number or a step",
          "[render][gpu]") {
  // 4096 keys in 16 buckets on a projector (1280x720, presenter): offsets past 999 are wider than
  // a column, so none is printed (the staircase instead); printed, the first four alone showed.
  const std::uint32_t n = 4096;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 1, false);
  const Plan plan = make_plan("radix4", {n, KeyType::u32, false, false}, limits());
  Stepper stepper(test::gpu(), plan, input);
  stepper.jump(2);  // pass 0 scan: totals and offsets
  render::OffscreenOptions options;
  options.width = 1280;
  options.height = 720;
  options.selection = render::ViewSelection::histogram;
  options.style = {2.0f, true};
  const render::Image image =
      render::render_offscreen(test::gpu(), stepper, render::key_range(input), options);
  const render::HistogramGeometry& g = render::last_view_rects().histogram;
  REQUIRE(g.buckets == 16);
  REQUIRE(g.offsets_bottom > g.offsets_top);
  const std::uint32_t accent = rgb_of(render::palette(options.style).accent);
  for (std::uint32_t b = 1; b < g.buckets; ++b) {  // bucket 0's offset is 0: a flat step
    std::uint32_t hits = 0;
    const float x0 = g.x0 + g.column * float(b), x1 = x0 + g.column;
    for (auto y = std::uint32_t(g.offsets_top); y < std::uint32_t(g.offsets_bottom); ++y)
      for (auto x = std::uint32_t(x0) + 1; x + 1 < std::uint32_t(x1); ++x)
        hits += near(image.rgb(x, y), accent, 40);
    INFO("bucket " << b);
    CHECK(hits >= 10);
  }
  test::require_validation_clean();
}

TEST_CASE("render: onesweep histogram model: global histograms, per-tile counts from status words",
          "[render][gpu]") {
  // One key per thread: tiles of the pass's workgroup size on this device (256 or 512 threads).
  OnesweepOptions options;
  options.keys_per_thread = 1;
  const SortSpec spec{0, KeyType::u32, true, false};
  const std::uint32_t tile = onesweep_tuning(spec, limits(), options.keys_per_thread).tile_keys;
  const std::uint32_t n = 5 * tile + 19;  // 6 tiles, the last partial
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 9, true);
  const Plan plan = plan_onesweep({n, KeyType::u32, true, false}, limits(), options);
  Stepper stepper(test::gpu(), plan, input);
  const auto histogram = state_at(stepper, 2, input);  // init, histogram
  REQUIRE(histogram.radix->histogram.rows == 4);       // one row per digit pass
  for (std::uint32_t pass = 0; pass < 4; ++pass) {
    const auto counts = test::digit_counts(input, false, pass, 8);
    for (std::uint32_t b = 0; b < 256; ++b)
      CHECK(histogram.radix->histogram.cell(pass, b) == counts[b]);
  }
  for (std::uint32_t pass : {0u, 1u}) {
    INFO("pass " << pass);
    stepper.jump(3 + pass);
    const KeyArray keys = stepper.read_current();
    const auto tiles = test::tile_digit_counts(keys, false, pass, 8, tile);
    const auto state = state_at(stepper, 4 + pass, input);
    const auto& h = state.radix->histogram;
    REQUIRE(h.rows == 6);
    for (std::uint32_t t = 0; t < 6; ++t)
      for (std::uint32_t b = 0; b < 256; ++b) CHECK(h.cell(t, b) == tiles[t][b]);
    const auto digits = test::digit_counts(keys, false, pass, 8);
    CHECK(h.counts == digits);
    CHECK(h.offsets == test::exclusive_scan(digits));
  }
  test::require_validation_clean();
}

TEST_CASE("render: scatter links each key's old position to its new one, in order per digit",
          "[render][gpu]") {
  const std::uint32_t n = 64;
  for (const auto& [algorithm, pairs, dist] :
       {std::tuple{"radix4", true, Distribution::random},
        std::tuple{"radix4", false, Distribution::few_unique},
        std::tuple{"onesweep", false, Distribution::random}}) {
    INFO(algorithm << (pairs ? " pairs" : " keys only"));
    const KeyArray input = generate_keys(dist, n, KeyType::u32, 3, pairs);
    const Plan plan = make_plan(algorithm, {n, KeyType::u32, pairs, false}, limits());
    Stepper stepper(test::gpu(), plan, input);
    const std::size_t moving = std::string(algorithm) == "radix4" ? 3 : 4;  // scatter / pass 0
    stepper.jump(moving - 1);
    const KeyArray before = stepper.read_current();
    const auto state = state_at(stepper, moving, input);
    const KeyArray after = stepper.read_current();
    REQUIRE(state.radix->scatter.has_value());
    const auto& m = *state.radix->scatter;
    CHECK(m.matched_by_value == pairs);
    std::vector<bool> hit(n, false);
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t j = m.destination[i];
      CHECK(after.words[j] == before.words[i]);
      if (pairs) CHECK(after.values[j] == before.values[i]);
      CHECK(m.digit[i] == test::key_digit(before, i, false, 0, state.radix->digits.bits));
      hit[j] = true;
      for (std::uint32_t k = 0; k < i; ++k)  // same digit: earlier keys stay earlier (stable)
        if (m.digit[k] == m.digit[i]) CHECK(m.destination[k] < j);
    }
    CHECK(std::count(hit.begin(), hit.end(), true) == n);  // a permutation
  }
  test::require_validation_clean();
}

TEST_CASE("render: above 256 keys the scatter follows a few digits' keys, strips show the rest",
          "[render][gpu]") {
  const std::uint32_t n = 5000;
  for (const auto& [algorithm, type, pairs, dist, moving] :
       {std::tuple{"radix4", KeyType::u32, true, Distribution::random, 3u},
        std::tuple{"radix4", KeyType::u32, false, Distribution::few_unique, 6u},
        std::tuple{"onesweep", KeyType::u64, false, Distribution::random, 4u}}) {
    INFO(algorithm << (pairs ? " pairs" : " keys only") << " step " << moving);
    const KeyArray input = generate_keys(dist, n, type, 5, pairs);
    const Plan plan = make_plan(algorithm, {n, type, pairs, false}, limits());
    Stepper stepper(test::gpu(), plan, input);
    stepper.jump(moving - 1);
    const KeyArray before = stepper.read_current();
    const auto state = state_at(stepper, moving, input);
    const KeyArray after = stepper.read_current();
    REQUIRE(state.radix->scatter.has_value());
    const auto& m = *state.radix->scatter;
    const render::DigitPass& d = state.radix->digits;
    const auto digit = [&](const KeyArray& keys, std::size_t i) {
      return test::key_digit(keys, i, false, d.pass, d.bits);
    };
    REQUIRE(m.sampled());
    CHECK(m.n == n);
    CHECK(m.matched_by_value == pairs);
    // The followed digits: those of the output's keys at 1/6, 1/2 and 5/6, each once.
    REQUIRE(!m.followed.empty());
    for (std::uint32_t f : m.followed) {
      bool sampled_there = false;
      for (std::uint32_t i : {n / 6, n / 2, 5 * n / 6}) sampled_there |= digit(after, i) == f;
      CHECK(sampled_there);
      CHECK(std::count(m.followed.begin(), m.followed.end(), f) == 1);
    }
    // Each followed digit's lines: as many as it has keys, up to the cap, each key found where
    // it went, in input order (stable), none for other digits.
    const auto counts = test::digit_counts(before, false, d.pass, d.bits);
    REQUIRE(std::is_sorted(m.source.begin(), m.source.end()));
    for (std::uint32_t f : m.followed)
      CHECK(std::size_t(std::count(m.digit.begin(), m.digit.end(), f)) ==
            std::min<std::size_t>(counts[f], render::k_scatter_lines_per_digit));
    for (std::size_t k = 0; k < m.source.size(); ++k) {
      const std::uint32_t i = m.source[k], j = m.destination[k];
      REQUIRE(j < n);
      CHECK(m.digit[k] == digit(before, i));
      CHECK(std::count(m.followed.begin(), m.followed.end(), m.digit[k]) == 1);
      CHECK(after.bits(j) == before.bits(i));
      if (pairs) CHECK(after.values[j] == before.values[i]);
      for (std::size_t e = 0; e < k; ++e)
        if (m.digit[e] == m.digit[k]) CHECK(m.destination[e] < j);
    }
    // The strips: the digit of the key at each sampled position, before and after.
    REQUIRE(m.strip_before.size() == std::min(n, render::k_scatter_strip));
    for (std::uint32_t i = 0; i < m.strip_before.size(); ++i) {
      CHECK(m.strip_before[i] == digit(before, m.strip_before_position(i)));
      CHECK(m.strip_after[i] == digit(after, m.strip_after_position(i)));
    }
  }
  test::require_validation_clean();
}

TEST_CASE("render: a sampled scatter draws its strips, followed digits bright, and its lines",
          "[render][gpu]") {
  const std::uint32_t n = 4096;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 11, false);
  const Plan plan = make_plan("radix4", {n, KeyType::u32, false, false}, limits());
  Stepper stepper(test::gpu(), plan, input);
  const auto state = state_at(stepper, 3, input);  // pass 0 scatter
  const auto& m = *state.radix->scatter;
  const render::Image image =
      test::render_view(stepper, input, render::ViewSelection::scatter, 800, 600);
  const render::ScatterGeometry& g = render::last_view_rects().scatter;
  REQUIRE(g.n == n);
  const auto x_of = [&](std::uint32_t position) { return std::uint32_t(g.box_center(position)); };
  const auto after_y = std::uint32_t(g.after_bottom - 2);
  std::size_t isolated = 0;
  for (std::size_t k = 0; k < m.source.size(); ++k) {
    INFO("line " << k << " digit " << m.digit[k] << " from " << m.source[k] << " to "
                 << m.destination[k]);
    const std::uint32_t want = rgb_of(render::digit_color(m.digit[k], 16));
    // A followed digit's keys land in its run of the after strip, at full colour.
    CHECK(near(image.rgb(x_of(m.destination[k]), after_y), want, 4));
    // A line leaves the before strip straight down from the key's position (where no other
    // key's line leaves within a few pixels to blend with it).
    bool alone = true;
    for (std::size_t e = 0; e < m.source.size(); ++e)
      alone &= e == k || std::abs(int(x_of(m.source[e])) - int(x_of(m.source[k]))) > 4;
    if (!alone) continue;
    ++isolated;
    bool drawn = false;
    for (std::uint32_t x = x_of(m.source[k]) - 1; x <= x_of(m.source[k]) + 1; ++x)
      drawn |= near(image.rgb(x, std::uint32_t(g.before_bottom + 3)), want, 40);
    CHECK(drawn);
  }
  CHECK(isolated * 3 >= m.source.size());  // the check above is not vacuous
  // A digit not followed is drawn dimmed: the last key's of the output (digit F here).
  REQUIRE(m.strip_after.back() == 15);
  REQUIRE(std::count(m.followed.begin(), m.followed.end(), 15u) == 0);
  const auto brightness = [](std::uint32_t rgb) {
    return (rgb >> 16 & 0xff) + (rgb >> 8 & 0xff) + (rgb & 0xff);
  };
  const std::uint32_t full = rgb_of(render::digit_color(15, 16));
  const std::uint32_t dim = image.rgb(std::uint32_t(g.right - 2), after_y);
  CHECK(brightness(dim) * 2 < brightness(full));
  test::require_validation_clean();
}

TEST_CASE("render: tile strip classifies PREFIX and AGGREGATE tiles from the status buffer",
          "[render][gpu]") {
  OnesweepOptions options;
  options.keys_per_thread = 1;
  const std::uint32_t tile =
      onesweep_tuning({0, KeyType::u32, false, false}, limits(), options.keys_per_thread).tile_keys;
  const std::uint32_t n = 12 * tile;  // 12 tiles; every third never publishes
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 21, false);
  options.withhold_mode = gpu::ONESWEEP_WITHHOLD_NEVER;
  options.withhold_period = 3;
  options.lookback_spins = 2;
  const Plan plan = plan_onesweep({n, KeyType::u32, false, false}, limits(), options);
  Stepper stepper(test::gpu(), plan, input);
  CHECK(state_at(stepper, 3, input).radix->tile_status.empty());  // not a pass step
  const auto state = state_at(stepper, 4, input);                 // pass 0
  const auto& tiles = state.radix->tile_status;
  REQUIRE(tiles.size() == 12);
  const auto records = download_words<std::uint32_t>(
      test::gpu(), stepper.buffer(gpu::ONESWEEP_BUFFER_RECORDS), 12 * gpu::ONESWEEP_RECORD_WORDS);
  std::uint32_t fallbacks = 0;
  for (std::uint32_t t = 0; t < 12; ++t) {
    INFO("tile " << t);
    const bool held = gpu::onesweep_tile_withheld(
        options.withhold_mode, options.withhold_period - 1, options.withhold_period, t);
    CHECK((render::tile_kind(tiles[t]) == render::TileKind::prefix) == !held);
    if (!held) CHECK(tiles[t].prefix_buckets == 256);
    // A withheld tile that a later one looked back over holds the aggregate the fallback wrote.
    if (held && t + 1 < 12) CHECK(render::tile_kind(tiles[t]) == render::TileKind::aggregate);
    CHECK(tiles[t].depth == records[t * gpu::ONESWEEP_RECORD_WORDS + gpu::ONESWEEP_RECORD_DEPTH]);
    CHECK(tiles[t].fallbacks ==
          records[t * gpu::ONESWEEP_RECORD_WORDS + gpu::ONESWEEP_RECORD_FALLBACKS]);
    fallbacks += tiles[t].fallbacks;
  }
  CHECK(fallbacks >= 3);  // tiles 2, 5, 8 were computed by someone's fallback
  // Words classified directly: one of each flag.
  const std::uint32_t words[3] = {gpu::onesweep_status_pack(gpu::ONESWEEP_STATUS_PREFIX, 5),
                                  gpu::onesweep_status_pack(gpu::ONESWEEP_STATUS_AGGREGATE, 2), 0};
  const render::TileStatus s = render::classify_tile_status(words, 3);
  CHECK((s.prefix_buckets == 1 && s.aggregate_buckets == 1 && s.empty_buckets == 1));
  test::require_validation_clean();
}

TEST_CASE("render: scatter view draws each key's box before and after, joined by its line",
          "[render][gpu]") {
  const std::uint32_t n = 16;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 11, true);
  const Plan plan = make_plan("radix4", {n, KeyType::u32, true, false}, limits());
  Stepper stepper(test::gpu(), plan, input);
  stepper.jump(3);  // pass 0 scatter
  const auto state = render::capture_step_state(test::gpu(), stepper, render::key_range(input));
  const auto& m = *state.radix->scatter;
  const render::Image image =
      test::render_view(stepper, input, render::ViewSelection::scatter, 800, 600);
  const render::ScatterGeometry& g = render::last_view_rects().scatter;
  REQUIRE(g.n == n);
  const float cell = (g.right - g.left) / float(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    INFO("key " << i << " digit " << m.digit[i] << " to " << m.destination[i]);
    const std::uint32_t want = rgb_of(render::digit_color(m.digit[i], 16));
    // The box's edge (its label sits in the middle), before at slot i, after at its destination.
    const auto edge = [&](std::uint32_t slot) {
      return std::uint32_t(g.left + (float(slot) + 0.2f) * cell);
    };
    CHECK(near(image.rgb(edge(i), std::uint32_t(g.before_top + 2)), want, 4));
    CHECK(near(image.rgb(edge(m.destination[i]), std::uint32_t(g.after_bottom - 2)), want, 4));
    // The line leaves the box straight down from its centre.
    CHECK(near(image.rgb(std::uint32_t(g.box_center(i)), std::uint32_t(g.before_bottom + 3)), want,
               40));
  }
  test::require_validation_clean();
}

TEST_CASE(
    "render: onesweep's tile strip reads the records of the device's tuned and teaching tiles",
    "[render][gpu]") {
  // Tiles as this device plans them: tuned (several workgroups of its own size) and teaching (8
  // tiles of 8 keys at 64 keys). The strip's model holds one entry per tile of the pass, each
  // equal to that tile's lookback record, and the view draws a published tile's colour.
  for (const auto& [n, tile_keys] : {std::pair{0u, k_tile_keys_tuned}, std::pair{64u, 0u}}) {
    SortSpec spec{n, KeyType::u32, false, false};
    spec.tile_keys = tile_keys;
    const OnesweepTuning t = onesweep_tuning(spec, limits());
    if (spec.n == 0) spec.n = 3 * t.tile_keys + 5;
    const std::uint32_t tiles = gpu::radix_tiles(spec.n, t.tile_keys);
    INFO((t.tuned ? "tuned" : "teaching")
         << " tiles of " << t.tile_keys << " keys, n = " << spec.n << ", " << tiles << " tiles");
    const KeyArray input = generate_keys(Distribution::random, spec.n, KeyType::u32, 5, false);
    Stepper stepper(test::gpu(), plan_onesweep(spec, limits()), input);
    const auto state = state_at(stepper, 4, input);  // init, histogram, scan, pass 0
    const auto& strip = state.radix->tile_status;
    REQUIRE(strip.size() == tiles);
    const auto records =
        download_words<std::uint32_t>(test::gpu(), stepper.buffer(gpu::ONESWEEP_BUFFER_RECORDS),
                                      std::size_t(tiles) * gpu::ONESWEEP_RECORD_WORDS);
    std::uint32_t published = 0;
    for (std::uint32_t tile = 0; tile < tiles; ++tile) {
      const std::uint32_t* r = &records[std::size_t(tile) * gpu::ONESWEEP_RECORD_WORDS];
      CHECK(strip[tile].has_record);
      CHECK(strip[tile].workgroup == r[gpu::ONESWEEP_RECORD_WORKGROUP]);
      CHECK(strip[tile].depth == r[gpu::ONESWEEP_RECORD_DEPTH]);
      CHECK(strip[tile].fallbacks == r[gpu::ONESWEEP_RECORD_FALLBACKS]);
      CHECK(strip[tile].flags == r[gpu::ONESWEEP_RECORD_FLAGS]);
      CHECK(strip[tile].depth <= tile);  // a lookback inspects earlier tiles only
      published += render::tile_kind(strip[tile]) == render::TileKind::prefix ? 1 : 0;
    }
    CHECK(published == tiles);  // nothing withheld: every tile ends with its inclusive prefix
    stepper.jump(4);
    const render::Image image =
        test::render_view(stepper, input, render::ViewSelection::tiles, 1280, 720);
    const std::uint32_t prefix = rgb_of(render::tile_kind_color(render::TileKind::prefix));
    bool drawn = false;
    for (std::uint32_t y = 0; y < image.height && !drawn; ++y)
      for (std::uint32_t x = 0; x < image.width && !drawn; ++x)
        drawn = near(image.rgb(x, y), prefix, 2);
    CHECK(drawn);
  }
  test::require_validation_clean();
}

TEST_CASE("render: a window's scatter follows the window's keys into the whole output",
          "[render][gpu][window]") {
  const std::uint32_t n = 5000;
  for (const auto& [algorithm, pairs, window] :
       {std::tuple{"radix4", true, render::KeyWindow{1000, 200}},
        std::tuple{"onesweep", false, render::KeyWindow{2600, 2000}}}) {
    INFO(algorithm << " window " << window.first << "+" << window.count);
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 7, pairs);
    const Plan plan = make_plan(algorithm, {n, KeyType::u32, pairs, false}, limits());
    // The first step that moves keys: radix4's first scatter, onesweep's first pass.
    std::uint32_t moving = 1;
    while (moving < plan.steps.size()) {
      const auto d = render::digit_pass(plan, moving);
      if (d->onesweep ? d->stage == gpu::ONESWEEP_STAGE_PASS
                      : d->stage == gpu::RADIX4_STAGE_SCATTER)
        break;
      ++moving;
    }
    Stepper stepper(test::gpu(), plan, input);
    stepper.jump(moving - 1);
    const KeyArray before = stepper.read_current();
    render::ViewPicks picks;
    picks.window = window;
    const auto state = state_at(stepper, moving, input, picks);
    const KeyArray after = stepper.read_current();
    REQUIRE(state.radix->scatter.has_value());
    const auto& m = *state.radix->scatter;
    const render::DigitPass& d = state.radix->digits;
    CHECK(m.windowed());
    CHECK(m.first == window.first);
    CHECK(m.count == window.count);
    CHECK(m.sampled() == (window.count > render::k_max_scatter_n));
    // Every key followed lies in the window (all of them up to k_max_scatter_n keys), and stands
    // after the step where its line ends.
    REQUIRE(!m.source.empty());
    if (!m.sampled()) CHECK(m.source.size() == window.count);
    for (std::size_t k = 0; k < m.source.size(); ++k) {
      const std::uint32_t i = m.source[k], j = m.destination[k];
      CHECK((i >= window.first && i < window.first + window.count));
      REQUIRE(j < n);
      CHECK(after.bits(j) == before.bits(i));
      if (pairs) CHECK(after.values[j] == before.values[i]);
    }
    // The after row is the whole output's strip; the before row's (sampled) the window's.
    REQUIRE(m.strip_after.size() == std::min(n, render::k_scatter_strip));
    for (std::uint32_t i = 0; i < m.strip_after.size(); i += 97)
      CHECK(m.strip_after[i] ==
            test::key_digit(after, m.strip_after_position(i), false, d.pass, d.bits));
    for (std::uint32_t i = 0; i < m.strip_before.size(); i += 97) {
      CHECK(m.strip_before_position(i) >= window.first);
      CHECK(m.strip_before[i] ==
            test::key_digit(before, m.strip_before_position(i), false, d.pass, d.bits));
    }
    // Drawn: the before row spans the window, the after row the whole array.
    render::OffscreenOptions options;
    options.width = 900;
    options.height = 700;
    options.selection = render::ViewSelection::scatter;
    options.window = window;
    render::render_offscreen(test::gpu(), stepper, render::key_range(input), options);
    const render::ScatterGeometry& g = render::last_view_rects().scatter;
    CHECK(g.first == window.first);
    CHECK(g.count == window.count);
    CHECK(g.n == n);
    CHECK(g.before_center(window.first) < g.before_center(window.first + window.count - 1));
  }
  test::require_validation_clean();
}

TEST_CASE("render: the window's tiles: groups of keys a window touches", "[render][window]") {
  using render::KeyWindow;
  CHECK(render::window_groups(KeyWindow{}, 5000, 1024).first == 0);
  CHECK(render::window_groups(KeyWindow{}, 5000, 1024).end == 5);
  CHECK(render::window_groups(KeyWindow{1000, 200}, 5000, 1024).first == 0);
  CHECK(render::window_groups(KeyWindow{1000, 200}, 5000, 1024).end == 2);
  CHECK(render::window_groups(KeyWindow{2048, 1024}, 5000, 1024).first == 2);
  CHECK(render::window_groups(KeyWindow{2048, 1024}, 5000, 1024).end == 3);
  CHECK(render::window_groups(KeyWindow{2048, 1024}, 5000, 1024).contains(2));
  CHECK_FALSE(render::window_groups(KeyWindow{2048, 1024}, 5000, 1024).contains(3));
}
