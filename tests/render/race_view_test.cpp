// The race view: two sorts of one input, each with its heading and bars, and the lockstep rule.
#include <cstdlib>
#include <vector>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "render/headless.hpp"
#include "render/views/race_view.hpp"
#include "support/gpu.hpp"
#include "support/render.hpp"

namespace {

using namespace ss;
using test::near;

// Runs of image rows holding the heading's accent colour (the step titles; the lines of one title
// are one run).
std::vector<std::pair<std::uint32_t, std::uint32_t>> title_bands(const render::Image& image) {
  constexpr std::uint32_t k_accent = 0xf0c828;  // palette().accent, normal theme
  std::vector<std::pair<std::uint32_t, std::uint32_t>> bands;
  bool in_band = false;
  for (std::uint32_t y = 0; y < image.height; ++y) {
    std::uint32_t hits = 0;
    for (std::uint32_t x = 0; x < image.width; ++x) hits += near(image.rgb(x, y), k_accent, 12);
    const bool title = hits >= 8;
    if (title && !in_band && (bands.empty() || y > bands.back().second + 12))
      bands.push_back({y, y});
    if (title) bands.back().second = y;
    in_band = title;
  }
  return bands;
}

// Pixels of [y0, y1) that are neither the background nor grey text: the bars' colours.
std::uint32_t colored_pixels(const render::Image& image, std::uint32_t y0, std::uint32_t y1) {
  constexpr std::uint32_t background = 0x17171c;  // palette().background, normal theme
  std::uint32_t count = 0;
  for (std::uint32_t y = y0; y < y1; ++y) {
    for (std::uint32_t x = 0; x < image.width; ++x) {
      const std::uint32_t c = image.rgb(x, y);
      const int r = int(c >> 16), g = int((c >> 8) & 0xff), b = int(c & 0xff);
      const bool grey = std::abs(r - g) < 12 && std::abs(g - b) < 12;
      if (!near(c, background, 6) && !grey) ++count;
    }
  }
  return count;
}

}  // namespace

TEST_CASE("race: the second sort follows the first by steps or by fraction", "[render][race]") {
  using render::race_position;
  using render::RaceSync;
  CHECK(race_position(3, 10, 5, RaceSync::steps) == 3);
  CHECK(race_position(9, 10, 5, RaceSync::steps) == 5);  // clamped at its last step
  CHECK(race_position(0, 10, 5, RaceSync::fraction) == 0);
  CHECK(race_position(5, 10, 5, RaceSync::fraction) == 3);  // 2.5 rounds up
  CHECK(race_position(4, 10, 5, RaceSync::fraction) == 2);
  CHECK(race_position(10, 10, 5, RaceSync::fraction) == 5);
  CHECK(race_position(21, 21, 300, RaceSync::fraction) == 300);
  CHECK(render::parse_race_sync("fraction") == RaceSync::fraction);
  CHECK_THROWS_WITH(render::parse_race_sync("lap"), Catch::Contains("steps"));
}

TEST_CASE("race: two headings and two bar areas, each sort at its own step",
          "[render][race][gpu]") {
  const std::uint32_t n = 64;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 4, false);
  const DeviceLimits limits = DeviceLimits::from(test::gpu().properties());
  const Plan batcher = make_plan("batcher", {n, KeyType::u32, false, false}, limits);
  const Plan onesweep = make_plan("onesweep", {n, KeyType::u32, false, false}, limits);
  Stepper first(test::gpu(), batcher, input);
  Stepper second(test::gpu(), onesweep, input);
  first.jump(6);
  second.jump(render::race_position(6, batcher.steps.size(), onesweep.steps.size(),
                                    render::RaceSync::fraction));
  render::OffscreenOptions options;
  options.width = 900;
  options.height = 700;
  render::OffscreenRenderer renderer(test::gpu(), options);
  const render::Image race = renderer.render_race(first, second, render::key_range(input));
  const auto bands = title_bands(race);
  REQUIRE(bands.size() == 2);
  CHECK(bands[0].second < race.height / 2);
  CHECK(bands[1].first > race.height / 2);
  // Bars in each half, below its heading.
  CHECK(colored_pixels(race, bands[0].second + 40, race.height / 2) > 2000);
  CHECK(colored_pixels(race, bands[1].second + 40, race.height) > 2000);

  // Control: one sort's picture has one heading.
  const render::Image single = renderer.render(first, render::key_range(input));
  CHECK(title_bands(single).size() == 1);
  test::require_validation_clean();
}
