// The bars view, checked by the pixels of offscreen renders: heights and colours from a known
// input, and the marker strip exactly under the step's comparators (swapped ones in orange).
#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_plan.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "render/headless.hpp"
#include "support/gpu.hpp"
#include "support/render.hpp"

namespace {

using namespace ss;
using render::BarsGeometry;
using test::near;

constexpr std::uint32_t k_background = 0x17171c;  // palette().background, normal theme
constexpr std::uint32_t k_orange = 0xe69f00;      // swapped
constexpr std::uint32_t k_light = 0xd9d9d9;       // compared

struct Rendered {
  render::Image image;
  render::ViewRects rects;
};

Rendered render_bars(const Stepper& stepper, const KeyArray& input,
                     render::BarsStyle style = render::BarsStyle::automatic) {
  Rendered r;
  r.image = test::render_view(stepper, input, render::ViewSelection::bars, 800, 400, {}, style);
  r.rects = render::last_view_rects();
  return r;
}

// x of the centre of bar i, y of a fraction of the bars rectangle's height from its bottom.
float bar_x(const Rendered& r, std::uint32_t i, std::uint32_t n) {
  const float width = r.rects.bars_max.x - r.rects.bars_min.x;
  return r.rects.bars_min.x + (float(i) + 0.5f) * width / float(n);
}
float y_at(const Rendered& r, float fraction) {
  return r.rects.bars_max.y - fraction * (r.rects.bars_max.y - r.rects.bars_min.y);
}

}  // namespace

TEST_CASE("render: bar heights follow the keys, colours run through viridis", "[render][gpu]") {
  // Keys 0, 10, ..., 70: bar i has key fraction i / 7.
  KeyArray input;
  input.type = KeyType::u32;
  const std::uint32_t n = 8;
  for (std::uint32_t i = 0; i < n; ++i) input.push_back_bits(10 * i);
  const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false},
                              DeviceLimits::from(test::gpu().properties()));
  Stepper stepper(test::gpu(), plan, input);
  const Rendered r = render_bars(stepper, input);
  const float bar_area = 1.0f - BarsGeometry::k_bar_bottom;
  for (std::uint32_t i = 0; i < n; ++i) {
    const auto x = std::uint32_t(bar_x(r, i, n));
    // Scan down the column for the first pixel that is not background: the bar's top.
    std::uint32_t top = std::uint32_t(r.rects.bars_min.y);
    while (top < std::uint32_t(r.rects.bars_max.y) && near(r.image.rgb(x, top), k_background, 2))
      ++top;
    const float fraction = float(i) / float(n - 1);
    const float expected =
        y_at(r, BarsGeometry::k_bar_bottom + bar_area * BarsGeometry::bar_height(fraction));
    INFO("bar " << i << " top " << top << " expected " << expected);
    CHECK(std::abs(float(top) - expected) <= 2.0f);
  }
  // Viridis ends: dark purple for the smallest key, yellow for the largest.
  const auto bottom = std::uint32_t(y_at(r, BarsGeometry::k_bar_bottom + 0.01f));
  CHECK(near(r.image.rgb(std::uint32_t(bar_x(r, 0, n)), bottom), 0x440154, 4));
  CHECK(near(r.image.rgb(std::uint32_t(bar_x(r, n - 1, n)), bottom), 0xfde725, 4));
  // Nothing is marked before the first step.
  const auto strip = std::uint32_t(y_at(r, BarsGeometry::k_strip * 0.5f));
  for (std::uint32_t i = 0; i < n; ++i)
    CHECK(near(r.image.rgb(std::uint32_t(bar_x(r, i, n)), strip), k_background, 2));
  test::require_validation_clean();
}

TEST_CASE("render: the marker strip shows the step's comparators and the GPU's swaps",
          "[render][gpu]") {
  const std::uint32_t n = 12;  // not a power of two: some comparators are skipped
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 7, false);
  const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false},
                              DeviceLimits::from(test::gpu().properties()));
  Stepper stepper(test::gpu(), plan, input);
  std::size_t checked_partial = 0;
  for (std::size_t step = 1; step <= plan.steps.size(); ++step) {
    stepper.jump(step);
    const auto comparators = step_comparators(plan.steps[step - 1]);
    const auto flags = stepper.last_swap_flags();
    std::vector<int> expected(n, 0);  // 0 untouched, 1 compared, 2 swapped
    for (const Comparator& c : comparators) {
      const int mark = flags[c.left] != 0 ? 2 : 1;
      expected[c.left] = expected[c.right] = mark;
    }
    if (std::count(expected.begin(), expected.end(), 0) != 0) ++checked_partial;
    const Rendered r = render_bars(stepper, input);
    const auto strip = std::uint32_t(y_at(r, BarsGeometry::k_strip * 0.5f));
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t pixel = r.image.rgb(std::uint32_t(bar_x(r, i, n)), strip);
      INFO("step " << step << " wire " << i << " pixel " << std::hex << pixel);
      const std::uint32_t want = expected[i] == 2   ? k_orange
                                 : expected[i] == 1 ? k_light
                                                    : k_background;
      CHECK(near(pixel, want, 3));
    }
  }
  CHECK(checked_partial > 0);  // some step leaves wires alone, so "unmarked" was tested too
  test::require_validation_clean();
}

TEST_CASE("render: more keys than pixels draws min..max per column", "[render][gpu]") {
  // 4096 sorted keys in 800 - 32 columns: every column's top rises left to right.
  const std::uint32_t n = 4096;
  const KeyArray input = generate_keys(Distribution::sorted, n, KeyType::u32, 1, false);
  const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false},
                              DeviceLimits::from(test::gpu().properties()));
  Stepper stepper(test::gpu(), plan, input);
  const Rendered r = render_bars(stepper, input, render::BarsStyle::minmax);
  auto top_at = [&](float x) {
    std::uint32_t y = std::uint32_t(r.rects.bars_min.y);
    while (y < std::uint32_t(r.rects.bars_max.y) &&
           near(r.image.rgb(std::uint32_t(x), y), k_background, 2))
      ++y;
    return y;
  };
  const float left = r.rects.bars_min.x + 2, right = r.rects.bars_max.x - 3;
  CHECK(top_at(left) > top_at((left + right) / 2));
  CHECK(top_at((left + right) / 2) > top_at(right));
  test::require_validation_clean();
}
