// The mergesort views, checked against the GPU buffers: the merge-state capture holds the
// partitions the partition kernel wrote and a merge path (from the merge sources) that is
// monotone, ends at (|A|, |B|) and passes through every partition; the pixels show the path, the
// A/B colours of the bars and one row per thread of the blocksort tile.
#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/mergesort.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "render/color_map.hpp"
#include "render/headless.hpp"
#include "render/views/merge_views.hpp"
#include "shaders/common/mergesort_step.h"
#include "support/gpu.hpp"
#include "support/render.hpp"

namespace {

using ss::test::limits;

using namespace ss;
using render::BarsGeometry;
using test::near;
using test::rgb_of;
using test::state_at;

// The path's checks: starts at (0, 0), each point at or after the previous, ends at (|A|, |B|),
// and (when every output is a point) it passes through each partition the GPU wrote.
void check_path(const render::MergePathModel& m) {
  REQUIRE(m.has_path);
  REQUIRE(!m.path.empty());
  CHECK((m.path.front().a == 0 && m.path.front().b == 0));
  for (std::size_t k = 1; k < m.path.size(); ++k) {
    CHECK(m.path[k].a >= m.path[k - 1].a);
    CHECK(m.path[k].b >= m.path[k - 1].b);
  }
  CHECK(m.path.back().a == m.a_count);
  CHECK(m.path.back().b == m.b_count);
  if (m.path.size() == std::size_t(m.a_count) + m.b_count + 1) {
    for (const render::MergePartition& p : m.partitions) {
      INFO("tile " << p.tile << " diag " << p.diag);
      CHECK(m.path[p.diag].a == p.a);
    }
  }
}

}  // namespace

TEST_CASE("render: merge state holds the GPU's partitions and a path from the merge sources",
          "[render][gpu][mergesort]") {
  for (bool pairs : {false, true}) {
    const std::uint32_t n = 64 + 21;  // 6 tiles of 16: the last list of pass 1 has a short B
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 3, pairs);
    const Plan plan = make_plan("mergesort", {n, KeyType::u32, pairs, false}, limits());
    REQUIRE(plan.steps.size() == 7);  // blocksort, then 3 passes of partition and merge
    Stepper stepper(test::gpu(), plan, input);
    for (std::size_t position = 2; position <= plan.steps.size(); ++position) {
      const auto first = state_at(stepper, position, input);
      REQUIRE(first.merge);
      const render::MergeStepInfo& d = first.merge->info;
      REQUIRE(d.merging());
      for (std::uint32_t pair = 0; pair < d.output_lists; ++pair) {
        INFO("pairs " << pairs << " position " << position << " list " << pair);
        const auto state = render::capture_step_state(test::gpu(), stepper,
                                                      render::key_range(input), {pair, 0, {}});
        const render::MergePathModel& m = *state.merge->path;
        CHECK(m.pair == pair);
        std::uint32_t a0 = 0, ac = 0, b0 = 0, bc = 0, diag = 0;
        gpu::mergesort_partition_search(d.coop, pair * d.coop, d.nv, n, a0, ac, b0, bc, diag);
        CHECK((m.a_begin == a0 && m.a_count == ac && m.b_begin == b0 && m.b_count == bc));
        const auto words = download_words<std::uint32_t>(
            test::gpu(), stepper.buffer(gpu::MERGESORT_BUFFER_PARTITIONS), d.tiles + 1);
        REQUIRE(!m.partitions.empty());
        for (const render::MergePartition& p : m.partitions) {
          if (p.end) {
            CHECK((p.a == ac && p.diag == ac + bc));
            continue;
          }
          CHECK(p.a == words[p.tile]);
          CHECK(p.tile / d.coop == pair);
        }
        if (d.stage == gpu::MERGESORT_STAGE_MERGE)
          check_path(m);
        else
          CHECK(!m.has_path);
        // The grid's blocks hold A's and B's keys in sort order (sorted lists).
        for (std::uint32_t c = 0; c < m.a_cells; ++c) CHECK(m.a_first[c] <= m.a_last[c]);
        for (std::uint32_t c = 1; c < m.b_cells; ++c) CHECK(m.b_last[c - 1] <= m.b_first[c]);
      }
    }
  }
  test::require_validation_clean();
}

TEST_CASE("render: merge state of lists longer than the grid reads block ends and a sampled path",
          "[render][gpu][mergesort]") {
  const SortSpec spec{1, KeyType::u32, false, false};
  const std::uint32_t nv =
      mergesort_tuning({1u << 20, KeyType::u32, false, false}, limits()).tile_keys;
  const std::uint32_t n = 2 * nv + 1000;  // pass 0: lists of NV keys; pass 1: 2NV with 1000
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 8, false);
  const Plan plan = make_plan("mergesort", {n, spec.key_type, false, false}, limits());
  Stepper stepper(test::gpu(), plan, input);
  const auto state = state_at(stepper, 3, input);  // pass 0 merge
  const render::MergePathModel& m = *state.merge->path;
  CHECK(m.a_count == nv);
  CHECK(m.a_cells == std::min(nv, render::k_max_grid_cells));
  CHECK(m.path.size() <= render::k_max_path_points + 1);
  check_path(m);
  const auto last = state_at(stepper, 5, input, {7, 0, {}});  // pass 1 merge, list clamped to 0
  CHECK(last.merge->path->pair == 0);
  CHECK(last.merge->path->b_count == 1000);
  check_path(*last.merge->path);
  test::require_validation_clean();
}

TEST_CASE("render: merge-path view draws the path where the sources put it",
          "[render][gpu][mergesort]") {
  const std::uint32_t n = 64;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 5, false);
  const Plan plan = make_plan("mergesort", {n, KeyType::u32, false, false}, limits());
  Stepper stepper(test::gpu(), plan, input);
  for (std::uint32_t pair : {0u, 1u}) {
    const auto state = state_at(stepper, 3, input, {pair, 0, {}});  // pass 0 merge: lists of 16
    const render::MergePathModel& m = *state.merge->path;
    const render::Image image = test::render_view(stepper, input, render::ViewSelection::mergepath,
                                                  1200, 800, {pair, 0, {}});
    const render::MergePathGeometry& g = render::last_view_rects().merge_path;
    REQUIRE(g.a_count == 16);
    REQUIRE(g.b_count == 16);
    REQUIRE(m.path.size() == 33);
    std::uint32_t checked = 0;
    for (std::size_t k = 0; k + 1 < m.path.size(); ++k) {
      // The middle of each unit step, away from the partition dots at the diagonals.
      bool near_dot = false;
      for (const render::MergePartition& p : m.partitions)
        near_dot = near_dot || p.diag == k || p.diag == k + 1;
      if (near_dot) continue;
      const ImVec2 a = g.point(float(m.path[k].a), float(m.path[k].b));
      const ImVec2 b = g.point(float(m.path[k + 1].a), float(m.path[k + 1].b));
      const auto x = std::uint32_t(std::lround((a.x + b.x) * 0.5f));
      const auto y = std::uint32_t(std::lround((a.y + b.y) * 0.5f));
      INFO("list " << pair << " output " << k);
      CHECK(near(image.rgb(x, y), rgb_of(render::k_merge_path_color), 24));
      ++checked;
    }
    CHECK(checked >= 20);
  }
  test::require_validation_clean();
}

TEST_CASE("render: merge-path view names each tile outside the grid, beside its band",
          "[render][gpu][mergesort]") {
  // Pass 1 merge of 64 keys: lists of 32, four tiles of 16 outputs, diagonals 0, 16, 32, 48, 64.
  // A diagonal d meets the top edge at a = d (d <= 32) and the right edge at b = d - 32, so the
  // names sit above a = 8 and a = 24, and right of b = 8 and b = 24: off the path and the dots.
  const std::uint32_t n = 64;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 5, false);
  const Plan plan = make_plan("mergesort", {n, KeyType::u32, false, false}, limits());
  Stepper stepper(test::gpu(), plan, input);
  const auto state = state_at(stepper, 5, input);
  REQUIRE(state.merge->path->partitions.size() == 5);
  const render::Image image =
      test::render_view(stepper, input, render::ViewSelection::mergepath, 1200, 800);
  const render::MergePathGeometry& g = render::last_view_rects().merge_path;
  REQUIRE(g.a_count == 32);
  constexpr std::uint32_t k_accent = 0xf0c828;  // palette().accent, normal theme
  auto accent_in = [&](float x0, float y0, float x1, float y1) {
    std::uint32_t hits = 0;
    for (auto y = std::uint32_t(std::max(0.0f, y0)); y < std::uint32_t(y1); ++y)
      for (auto x = std::uint32_t(std::max(0.0f, x0)); x < std::uint32_t(x1); ++x)
        hits += near(image.rgb(x, y), k_accent, 40);
    return hits;
  };
  for (float a : {8.0f, 24.0f}) {
    INFO("name above a = " << a);
    const float x = g.point(a, 0).x;
    CHECK(accent_in(x - 12, g.grid_min.y - 100, x + 12, g.grid_min.y - 2) >= 10);
  }
  for (float b : {8.0f, 24.0f}) {
    INFO("name right of b = " << b);
    const float y = g.point(32, b).y;
    CHECK(accent_in(g.grid_max.x + 2, y - 6, g.grid_max.x + 80, y + 6) >= 10);
  }
  // No name in that row above the grid's last quarter, where no band's middle meets the top edge
  // (the heading, also in the accent colour, is further up).
  CHECK(accent_in(g.point(28, 0).x, g.grid_min.y - 30, g.grid_max.x - 12, g.grid_min.y - 12) == 0);
  test::require_validation_clean();
}

TEST_CASE("render: mergesort bars show A and B by list at a partition and by source at a merge",
          "[render][gpu][mergesort]") {
  const std::uint32_t n = 64;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 6, false);
  const Plan plan = make_plan("mergesort", {n, KeyType::u32, false, false}, limits());
  Stepper stepper(test::gpu(), plan, input);
  for (std::size_t position : {2u, 3u, 5u}) {  // pass 0 partition, pass 0 merge, pass 1 merge
    const auto state = state_at(stepper, position, input);
    const render::MergeStepInfo& d = state.merge->info;
    std::vector<std::uint32_t> from_b(n, 0);
    if (d.stage == gpu::MERGESORT_STAGE_MERGE) {
      from_b = download_words<std::uint32_t>(test::gpu(),
                                             stepper.buffer(gpu::MERGESORT_BUFFER_SOURCES), n);
    } else {
      for (std::uint32_t i = 0; i < n; ++i)
        from_b[i] = i % (2 * d.list_length) >= d.list_length ? 1 : 0;
    }
    CHECK(std::count(from_b.begin(), from_b.end(), 1u) == n / 2);
    const render::Image image =
        test::render_view(stepper, input, render::ViewSelection::bars, 1000, 500);
    const render::ViewRects& r = render::last_view_rects();
    const float width = r.bars_max.x - r.bars_min.x, height = r.bars_max.y - r.bars_min.y;
    const auto y = std::uint32_t(r.bars_max.y - (BarsGeometry::k_bar_bottom + 0.01f) * height);
    for (std::uint32_t i = 0; i < n; ++i) {
      const auto x = std::uint32_t(r.bars_min.x + (float(i) + 0.5f) * width / float(n));
      INFO("position " << position << " bar " << i << " from B " << from_b[i]);
      CHECK(near(image.rgb(x, y),
                 rgb_of(from_b[i] != 0 ? render::merge_b_color() : render::merge_a_color()), 4));
    }
  }
  test::require_validation_clean();
}

TEST_CASE("render: blocksort view draws one row per thread with the keys the phase wrote",
          "[render][gpu][mergesort]") {
  const std::uint32_t n = 64;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 4, false);
  const Plan plan =
      expand_phases(make_plan("mergesort", {n, KeyType::u32, false, false}, limits()));
  Stepper stepper(test::gpu(), plan, input);
  for (std::size_t position : {1u, 2u, 3u}) {  // phases 1..3 (coop 1, 2, 4)
    const auto state = state_at(stepper, position, input, {0, 2, {}});
    const render::BlocksortModel& b = *state.merge->blocksort;
    CHECK(b.tile == 2);
    CHECK(b.coop == (position == 1 ? 1u : 1u << (position - 1)));
    CHECK(b.threads.size() == (b.coop >= 2 ? b.nt : 0u));
    const auto keys = download_words<std::uint32_t>(
        test::gpu(), stepper.buffer(plan.steps[position - 1].keys_after), b.count, b.first * 4u);
    const render::Image image =
        test::render_view(stepper, input, render::ViewSelection::blocksort, 1200, 700, {0, 2, {}});
    const render::BlocksortGeometry& g = render::last_view_rects().blocksort;
    REQUIRE(g.rows == b.nt);
    REQUIRE(g.columns == b.vt);
    const float row_h = (g.rows_max.y - g.rows_min.y) / float(g.rows);
    const float cell_w = (g.rows_max.x - g.rows_min.x) / float(g.columns);
    const render::KeyRange range = render::key_range(input);
    for (std::uint32_t t = 0; t < b.nt; ++t) {
      for (std::uint32_t i = 0; i < b.vt; ++i) {
        const std::uint32_t k = t * b.vt + i;
        INFO("phase " << position << " thread " << t << " key " << k);
        // Each cell holds the key the phase left at tile position VT * t + i.
        const float f = float(double(keys[k] - range.min_encoded) /
                              double(range.max_encoded - range.min_encoded));
        CHECK(std::abs(b.fraction[k] - f) < 1e-5f);
        const auto x = std::uint32_t(g.rows_min.x + cell_w * float(i) + 4);
        const auto y = std::uint32_t(g.rows_min.y + row_h * float(t) + 4);
        CHECK(near(image.rgb(x, y), rgb_of(render::viridis_color(b.fraction[k])), 4));
      }
      // Sorted within each run of coop rows.
      for (std::uint32_t k = t * b.vt + 1; k < (t + 1) * b.vt; ++k) CHECK(keys[k - 1] <= keys[k]);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("render: a mergesort pick holding none of the window's keys moves to its middle",
          "[render][window]") {
  render::MergeStepInfo merge;
  merge.stage = gpu::MERGESORT_STAGE_MERGE;
  merge.stepped = true;
  merge.n = 4096;
  merge.list_length = 256;  // output lists of 512 keys
  merge.output_lists = 8;
  render::ViewPicks picks;
  picks.pair = 1;
  CHECK(render::picks_in_window(picks, merge).pair == 1);  // the whole array: as picked
  picks.window = {3000, 100};
  CHECK(render::picks_in_window(picks, merge).pair == 5);  // key 3050 is in list 5
  picks.pair = 5;
  CHECK(render::picks_in_window(picks, merge).pair == 5);
  picks.window = {2500, 600};  // lists 4 and 5: a pick of either stays
  picks.pair = 4;
  CHECK(render::picks_in_window(picks, merge).pair == 4);
  render::MergeStepInfo blocksort = merge;
  blocksort.stage = gpu::MERGESORT_STAGE_BLOCKSORT;
  blocksort.nv = 128;
  blocksort.tiles = 32;
  picks.tile = 0;
  picks.window = {1024, 64};
  const render::ViewPicks moved = render::picks_in_window(picks, blocksort);
  CHECK(moved.tile == 8);
  CHECK(moved.pair == 4);  // the list pick is for merge steps; untouched
}

TEST_CASE("render: zoomed bars' mergesort views read the window's list", "[render][gpu][window]") {
  const std::uint32_t n = 1u << 16;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 3, false);
  const Plan plan = make_plan("mergesort", {n, KeyType::u32, false, false}, limits());
  Stepper stepper(test::gpu(), plan, input);
  // A merge with several output lists.
  bool checked = false;
  for (std::size_t position = plan.steps.size(); position > 0; --position) {
    const auto info = render::merge_step_info(plan, position);
    if (!info || info->stage != gpu::MERGESORT_STAGE_MERGE || info->output_lists < 2) continue;
    render::ViewPicks picks;
    picks.window = {n - 200, 100};
    const auto state = state_at(stepper, position, input, picks);
    REQUIRE(state.merge.has_value());
    REQUIRE(state.merge->path.has_value());
    const std::uint32_t list_keys = 2 * info->list_length;
    CHECK(state.picks.pair == (n - 150) / list_keys);
    CHECK(state.merge->path->pair == state.picks.pair);
    checked = true;
    break;
  }
  CHECK(checked);
  test::require_validation_clean();
}
