// The bars pre-pass (bars_columns.comp, bars_density.comp), checked from the buffers the GPU
// wrote against counts computed on the CPU from the keys the stepper holds: per-column min..max,
// per-cell counts and colour sums; and the pictures' shape: a sorted input is one monotone ridge,
// a batcher state with sorted runs of length L has n / L ridges.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "color_maps.h"
#include "core/buffer.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "render/offscreen_target.hpp"
#include "render/step_state.hpp"
#include "render/views/bars_view.hpp"
#include "shaders/common/radix_digits.h"
#include "support/gpu.hpp"
#include "support/render.hpp"

namespace {

using namespace ss;
using render::BarsGeometry;

// What the pre-pass wrote for one draw of the stepper's state, read back to the host.
struct Prepass {
  std::uint32_t columns = 0, rows = 0, keys_per_column = 0;
  std::vector<std::uint32_t> column_words;  // BARS_COLUMN_WORDS per column
  std::vector<std::uint32_t> counts;        // columns x rows
  std::vector<std::uint32_t> color_sums;    // columns x rows
  KeyArray keys;                            // the keys it read
  render::StepState state;

  std::uint32_t count(std::uint32_t column, std::uint32_t row) const {
    return counts[std::size_t(column) * rows + row];
  }
  float column_float(std::uint32_t column, std::uint32_t word) const {
    float f;
    std::memcpy(&f, &column_words[column * gpu::BARS_COLUMN_WORDS + word], 4);
    return f;
  }
  std::uint32_t column_word(std::uint32_t column, std::uint32_t word) const {
    return column_words[column * gpu::BARS_COLUMN_WORDS + word];
  }
};

Prepass run_prepass(const Stepper& stepper, const KeyArray& input, std::uint32_t width,
                    std::uint32_t height, render::BarsStyle style, bool plan_colors = false,
                    std::uint32_t cell_px = 1, render::KeyWindow window = {}) {
  const Context& context = test::gpu();
  const auto render_pass = render::make_render_pass(
      context.device(), render::OffscreenTarget::k_format, vk::ImageLayout::eTransferSrcOptimal);
  render::BarsView bars(context, *render_pass);
  bars.set_cell_pixels(cell_px);
  Prepass p;
  p.state = render::capture_step_state(context, stepper, render::key_range(input));
  bars.update(p.state);
  bars.queue_pixels(vk::Rect2D({0, 0}, {width, height}), plan_colors, style, window);
  context.run_commands([&](const vk::raii::CommandBuffer& cmd) {
    bars.prepare(cmd, {width, height}, ImVec4(0, 0, 0, 1));
  });
  const render::BarsPrepassOutput out = bars.prepass_output(0);
  REQUIRE(out.columns != nullptr);
  p.columns = out.column_count;
  p.rows = out.rows;
  p.keys_per_column = out.keys_per_column;
  p.column_words = download_words<std::uint32_t>(context, *out.columns,
                                                 std::size_t(p.columns) * gpu::BARS_COLUMN_WORDS);
  if (p.rows > 0) {
    const std::size_t cells = std::size_t(p.columns) * p.rows;
    p.counts = download_words<std::uint32_t>(context, *out.cells, cells);
    p.color_sums = download_words<std::uint32_t>(context, *out.cells, cells, cells * 4);
  }
  p.keys = stepper.read_current();
  return p;
}

// The keys [begin, end) of a column, from the header the pre-pass uses.
std::pair<std::uint32_t, std::uint32_t> column_keys(std::uint32_t column, std::uint32_t n,
                                                    std::uint32_t columns) {
  return {gpu::bars_column_begin(column, n, columns),
          gpu::bars_column_begin(column + 1, n, columns)};
}

// A u32 key's height fraction, in double: the GPU computes it in float.
double fraction(std::uint32_t key, const render::KeyRange& range) {
  const double span = double(range.max_encoded - range.min_encoded);
  return span > 0 ? (double(key) - double(range.min_encoded)) / span : 0.5;
}

// Counts per cell from the CPU, and per column how many keys sit so close to a row boundary that
// float rounding on the GPU may put them in the neighbouring row.
struct CpuCounts {
  std::vector<std::uint32_t> counts;
  std::vector<std::uint32_t> near_boundary;
};

CpuCounts cpu_counts(const Prepass& p) {
  CpuCounts c;
  c.counts.assign(std::size_t(p.columns) * p.rows, 0);
  c.near_boundary.assign(p.columns, 0);
  const auto n = std::uint32_t(p.keys.size());
  for (std::uint32_t column = 0; column < p.columns; ++column) {
    const auto [begin, end] = column_keys(column, n, p.columns);
    for (std::uint32_t i = begin; i < end; ++i) {
      const double at = fraction(p.keys.words[i], p.state.range) * p.rows;
      const auto row = std::min<std::uint32_t>(std::uint32_t(at), p.rows - 1);
      ++c.counts[std::size_t(column) * p.rows + row];
      if (std::abs(at - std::round(at)) < 1e-3) ++c.near_boundary[column];
    }
  }
  return c;
}

// GPU counts equal the CPU's, up to keys on a row boundary; every key counted once.
void check_counts(const Prepass& p) {
  const CpuCounts cpu = cpu_counts(p);
  std::uint64_t total = 0;
  for (std::uint32_t column = 0; column < p.columns; ++column) {
    std::uint64_t difference = 0, in_column = 0;
    for (std::uint32_t row = 0; row < p.rows; ++row) {
      const std::size_t cell = std::size_t(column) * p.rows + row;
      difference += std::uint64_t(std::abs(std::int64_t(p.counts[cell]) - cpu.counts[cell]));
      in_column += p.counts[cell];
    }
    INFO("column " << column);
    CHECK(difference <= 2 * cpu.near_boundary[column]);
    CHECK(in_column == p.column_word(column, gpu::BARS_COLUMN_COUNT));
    total += in_column;
  }
  CHECK(total == p.keys.size());
}

// Occupied rows of each column, and the number of ridges: a ridge ends where a column's lowest
// key lies below the previous column's highest (the next sorted run starts from the bottom).
struct Ridges {
  std::uint32_t count = 0;
  std::vector<std::uint32_t> falls;  // columns where a new ridge starts
};

Ridges ridges(const Prepass& p) {
  Ridges r;
  std::optional<std::uint32_t> previous_top;
  for (std::uint32_t column = 0; column < p.columns; ++column) {
    std::optional<std::uint32_t> low, high;
    for (std::uint32_t row = 0; row < p.rows; ++row) {
      if (p.count(column, row) == 0) continue;
      if (!low) low = row;
      high = row;
    }
    if (!low) continue;
    if (!previous_top || *low < *previous_top) r.falls.push_back(column);
    previous_top = high;
  }
  r.count = std::uint32_t(r.falls.size());
  return r;
}

}  // namespace

TEST_CASE("density: a sorted input is one monotone ridge", "[render][density][gpu]") {
  const std::uint32_t n = 1u << 16;
  const KeyArray input = generate_keys(Distribution::sorted, n, KeyType::u32, 7, false);
  const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false},
                              DeviceLimits::from(test::gpu().properties()));
  Stepper stepper(test::gpu(), plan, input);
  const Prepass p = run_prepass(stepper, input, 256, 300, render::BarsStyle::automatic);
  REQUIRE(p.columns == 256);
  REQUIRE(p.rows == BarsGeometry::rows(300));
  REQUIRE(p.keys_per_column == n / 256);
  check_counts(p);
  const Ridges r = ridges(p);
  CHECK(r.count == 1);

  // Cells of 2 x 2 pixels (CPU devices): half the columns and rows, the same ridge.
  const Prepass coarse =
      run_prepass(stepper, input, 256, 300, render::BarsStyle::automatic, false, 2);
  CHECK(coarse.columns == 128);
  CHECK(coarse.rows == BarsGeometry::rows(300, 2));
  check_counts(coarse);
  CHECK(ridges(coarse).count == 1);
  test::require_validation_clean();
}

TEST_CASE("density: batcher's sorted runs of length L are n / L ridges", "[render][density][gpu]") {
  // Runs of 4096 keys over 256 columns of 256 keys: each run is 16 whole columns.
  const std::uint32_t n = 1u << 16, log_run = 12;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 11, false);
  const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false},
                              DeviceLimits::from(test::gpu().properties()));
  Stepper stepper(test::gpu(), plan, input);
  // Merges of 2, 4, ..., 2^m take 1 + 2 + ... + m layers.
  stepper.jump(log_run * (log_run + 1) / 2);
  const Prepass p = run_prepass(stepper, input, 256, 300, render::BarsStyle::automatic);
  // The state really has sorted runs of 4096 (and not of 8192).
  const std::uint32_t run = 1u << log_run;
  for (std::uint32_t i = 1; i < n; ++i)
    if (i % run != 0) REQUIRE(p.keys.words[i - 1] <= p.keys.words[i]);
  CHECK_FALSE(std::is_sorted(p.keys.words.begin(), p.keys.words.begin() + 2 * run));
  check_counts(p);
  const Ridges r = ridges(p);
  CHECK(r.count == n / run);
  for (std::uint32_t k = 0; k < r.falls.size(); ++k) CHECK(r.falls[k] == k * (run / 256));

  // Control: the random input itself is a cloud, not 16 ridges.
  stepper.jump(0);
  const Prepass cloud = run_prepass(stepper, input, 256, 300, render::BarsStyle::automatic);
  check_counts(cloud);
  CHECK(ridges(cloud).count > 64);
  test::require_validation_clean();
}

TEST_CASE("density: min..max bars' pre-pass matches the CPU per column", "[render][density][gpu]") {
  // 10007 keys over 500 columns: columns of 20 and 21 keys.
  const std::uint32_t n = 10007, width = 500;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 3, false);
  const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false},
                              DeviceLimits::from(test::gpu().properties()));
  Stepper stepper(test::gpu(), plan, input);
  stepper.jump(5);
  const Prepass p = run_prepass(stepper, input, width, 200, render::BarsStyle::minmax);
  REQUIRE(p.columns == width);
  CHECK(p.rows == 0);  // bars: no density cells
  REQUIRE_FALSE(p.state.comparators.empty());
  std::vector<bool> compared(n, false);
  for (const Comparator& c : p.state.comparators) compared[c.left] = compared[c.right] = true;
  std::uint32_t columns_compared = 0;
  for (std::uint32_t column = 0; column < width; ++column) {
    const auto [begin, end] = column_keys(column, n, width);
    const auto [lo, hi] =
        std::minmax_element(p.keys.words.begin() + begin, p.keys.words.begin() + end);
    INFO("column " << column << " keys " << begin << ".." << end);
    CHECK(p.column_float(column, gpu::BARS_COLUMN_LO) ==
          Approx(fraction(*lo, p.state.range)).margin(1e-6));
    CHECK(p.column_float(column, gpu::BARS_COLUMN_HI) ==
          Approx(fraction(*hi, p.state.range)).margin(1e-6));
    CHECK(p.column_word(column, gpu::BARS_COLUMN_COUNT) == end - begin);
    const bool any =
        std::any_of(compared.begin() + begin, compared.begin() + end, [](bool b) { return b; });
    CHECK(((p.column_word(column, gpu::BARS_COLUMN_FLAGS) & gpu::BARS_FLAG_COMPARED) != 0) == any);
    columns_compared += any ? 1 : 0;
  }
  CHECK(columns_compared > 0);
  test::require_validation_clean();
}

TEST_CASE("density: cells carry the digit colours of a radix pass and pairs' original index",
          "[render][density][gpu]") {
  const DeviceLimits limits = DeviceLimits::from(test::gpu().properties());
  SECTION("onesweep digits") {
    const std::uint32_t n = 1u << 15;
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 5, false);
    const Plan plan = make_plan("onesweep", {n, KeyType::u32, false, false}, limits);
    Stepper stepper(test::gpu(), plan, input);
    stepper.jump(plan.steps.size() / 2);
    const Prepass p = run_prepass(stepper, input, 256, 200, render::BarsStyle::density, true);
    REQUIRE(p.state.radix.has_value());
    const render::DigitPass& d = p.state.radix->digits;
    const std::uint32_t scale = gpu::bars_cell_color_scale(p.keys_per_column);
    for (std::uint32_t column = 0; column < p.columns; ++column) {
      const auto [begin, end] = column_keys(column, n, p.columns);
      std::uint64_t expected = 0, got = 0;
      for (std::uint32_t i = begin; i < end; ++i) {
        const std::uint32_t digit = gpu::radix_digit(p.keys.words[i], std::uint32_t(KeyType::u32),
                                                     d.descending, d.shift, d.bits);
        expected += std::uint32_t(gpu::digit_color_t(digit, d.buckets()) * float(scale) + 0.5f);
      }
      for (std::uint32_t row = 0; row < p.rows; ++row)
        got += p.color_sums[std::size_t(column) * p.rows + row];
      INFO("column " << column);
      CHECK(std::abs(double(got) - double(expected)) <= double(end - begin));
    }
  }
  SECTION("pairs: original index") {
    const std::uint32_t n = 1u << 14;
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 9, true);
    const Plan plan = make_plan("batcher", {n, KeyType::u32, true, false}, limits);
    Stepper stepper(test::gpu(), plan, input);
    stepper.jump(plan.steps.size());
    const Prepass p = run_prepass(stepper, input, 128, 200, render::BarsStyle::density);
    const std::uint32_t scale = gpu::bars_cell_color_scale(p.keys_per_column);
    for (std::uint32_t column = 0; column < p.columns; ++column) {
      const auto [begin, end] = column_keys(column, n, p.columns);
      std::uint64_t expected = 0, got = 0;
      for (std::uint32_t i = begin; i < end; ++i)
        expected += std::uint32_t(float(p.keys.values[i]) / float(n - 1) * float(scale) + 0.5f);
      for (std::uint32_t row = 0; row < p.rows; ++row)
        got += p.color_sums[std::size_t(column) * p.rows + row];
      INFO("column " << column);
      CHECK(std::abs(double(got) - double(expected)) <= double(end - begin));
    }
  }
  test::require_validation_clean();
}

TEST_CASE("density: auto draws density past the pixel columns, bars below", "[render][density]") {
  using render::BarsStyle;
  CHECK_FALSE(BarsGeometry::density(BarsStyle::automatic, 1920, 1920));
  CHECK(BarsGeometry::density(BarsStyle::automatic, 1921, 1920));
  CHECK(BarsGeometry::density(BarsStyle::density, 64, 1920));
  CHECK_FALSE(BarsGeometry::density(BarsStyle::minmax, 1u << 24, 1920));
  CHECK(BarsGeometry::rows(100000) == gpu::BARS_MAX_ROWS);
  CHECK(render::parse_bars_style("minmax") == BarsStyle::minmax);
  CHECK_THROWS_WITH(render::parse_bars_style("dots"), Catch::Contains("density"));
}

TEST_CASE("window: the pre-pass of a window equals the whole array's restricted to it",
          "[render][density][window][gpu]") {
  // 8 keys a column both ways: the whole array of 8192 keys over 1024 columns, and keys
  // 800..2847 over 256 columns, which are the whole array's columns 100..355.
  const std::uint32_t n = 8192, first_column = 100, columns = 256;
  const render::KeyWindow window{first_column * 8, columns * 8};
  const DeviceLimits limits = DeviceLimits::from(test::gpu().properties());
  struct Case {
    const char* algorithm;
    bool pairs;
    render::BarsStyle style;
    bool plan_colors;
  };
  for (const Case& c : {Case{"batcher", false, render::BarsStyle::minmax, false},
                        Case{"batcher", true, render::BarsStyle::density, false},
                        Case{"onesweep", false, render::BarsStyle::density, true},
                        Case{"mergesort", false, render::BarsStyle::minmax, true}}) {
    INFO(c.algorithm << (c.pairs ? " pairs " : " keys ") << render::bars_style_name(c.style));
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 11, c.pairs);
    const Plan plan = make_plan(c.algorithm, {n, KeyType::u32, c.pairs, false}, limits);
    Stepper stepper(test::gpu(), plan, input);
    stepper.jump(plan.steps.size() / 2);
    const Prepass whole = run_prepass(stepper, input, 1024, 160, c.style, c.plan_colors);
    const Prepass part =
        run_prepass(stepper, input, columns, 160, c.style, c.plan_colors, 1, window);
    REQUIRE(whole.columns == 1024);
    REQUIRE(part.columns == columns);
    REQUIRE(part.rows == whole.rows);
    REQUIRE(part.keys_per_column == whole.keys_per_column);
    const std::size_t words = gpu::BARS_COLUMN_WORDS;
    CHECK(std::equal(part.column_words.begin(), part.column_words.end(),
                     whole.column_words.begin() + std::ptrdiff_t(first_column * words)));
    if (whole.rows > 0) {
      const auto offset = std::ptrdiff_t(std::size_t(first_column) * whole.rows);
      CHECK(std::equal(part.counts.begin(), part.counts.end(), whole.counts.begin() + offset));
      CHECK(std::equal(part.color_sums.begin(), part.color_sums.end(),
                       whole.color_sums.begin() + offset));
    }
    // Not the whole array's first columns: the window moved the pre-pass.
    CHECK_FALSE(
        std::equal(part.column_words.begin(), part.column_words.end(), whole.column_words.begin()));
  }
  test::require_validation_clean();
}

TEST_CASE("window: zoom, pan and parse keep it inside the array", "[render][window]") {
  using render::KeyWindow;
  const std::uint32_t n = 1u << 20;
  CHECK(render::min_window_keys(1600) == 200);
  CHECK(render::min_window_keys(3) == 1);
  // Zooming about the centre halves the keys and keeps the middle key in the middle.
  KeyWindow w = render::zoom_window({}, n, 2.0, 0.5, 200);
  CHECK(w == KeyWindow{n / 4, n / 2});
  // About the left edge, the first key stays.
  CHECK(render::zoom_window(w, n, 2.0, 0.0, 200) == KeyWindow{n / 4, n / 4});
  // Never closer than the least keys, never past the array.
  for (int i = 0; i < 40; ++i) w = render::zoom_window(w, n, 2.0, 1.0, 200);
  CHECK(w.count == 200);
  CHECK(w.end(n) <= n);
  CHECK(render::pan_window(w, n, std::int64_t(n)) == KeyWindow{n - 200, 200});
  CHECK(render::pan_window(w, n, -std::int64_t(n)) == KeyWindow{0, 200});
  CHECK(render::centre_window({0, 200}, n, 1000) == KeyWindow{900, 200});
  // Zooming out past the whole array is the whole array.
  CHECK(render::zoom_window({10, 200}, n, 1e-9, 0.5, 200) == KeyWindow{});
  // A window of a bigger array slides (and shrinks) into a smaller one.
  CHECK(render::fit_window({5000, 3000}, 6000, 200) == KeyWindow{3000, 3000});
  CHECK(render::fit_window({5000, 8000}, 6000, 200) == KeyWindow{});
  CHECK(render::fit_window({5000, 10}, 6000, 200) == KeyWindow{5000, 200});

  CHECK(render::parse_window("1048576..1049088", 1u << 24) == KeyWindow{1048576, 512});
  CHECK(render::parse_window("2^19..2^20", 1u << 20) == KeyWindow{1u << 19, 1u << 19});
  CHECK(render::parse_window("0..64", 64) == KeyWindow{});  // the whole array
  CHECK_THROWS_WITH(render::parse_window("10..10", 64), Catch::Contains("empty"));
  CHECK_THROWS_WITH(render::parse_window("0..65", 64), Catch::Contains("holds 64 keys"));
  CHECK_THROWS_WITH(render::parse_window("5-9", 64), Catch::Contains("A..B"));
  CHECK_THROWS_WITH(render::parse_window("a..9", 64), Catch::Contains("A..B"));
  CHECK(render::window_text({1048576, 512}, 1u << 24) == "keys 1,048,576..1,049,087 of 16,777,216");
  CHECK(render::window_text({}, 1000) == "all 1,000 keys");
}
