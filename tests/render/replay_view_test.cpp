// A recorded sample sort's replay: the captions quote the run's own numbers and say whether the
// ranks are in order after each step, and the pictures show what each step is about (the ranks'
// colours once the splitters decide where keys go, the count matrix from then on).
#include <regex>
#include <string>

#include <catch2/catch.hpp>

#include "render/color_map.hpp"
#include "render/headless.hpp"
#include "render/narration/sample_sort_narration.hpp"
#include "support/gpu.hpp"
#include "support/render.hpp"
#include "support/replay_fixture.hpp"

using namespace ss;

namespace {

// Pixels within a few levels of `colour` (0xRRGGBB), in the columns from x0 on.
std::uint32_t pixels_of(const render::Image& image, std::uint32_t colour, std::uint32_t x0 = 0) {
  std::uint32_t count = 0;
  for (std::uint32_t y = 0; y < image.height; ++y)
    for (std::uint32_t x = x0; x < image.width; ++x)
      count += test::near(image.rgb(x, y), colour, 4);
  return count;
}

}  // namespace

TEST_CASE("replay: captions quote the run and check the ranks' order", "[render][replay]") {
  const SampleSortReplay replay = test::two_ranks();
  using render::ReplayStep;
  CHECK(render::replay_step_title(0) == "Input: each rank holds a slice (step 0 of 5)");
  CHECK(render::replay_scenario_text(replay) ==
        "sample sort of 6 u32 keys over 2 ranks, local sort onesweep, input random (seed 3)");
  for (std::size_t step = 0; step < k_replay_steps; ++step) {
    INFO("step " << step);
    const render::Caption caption = render::replay_caption(replay, step);
    CHECK_FALSE(caption.narration.empty());
    // Until the exchange rank 0 holds 9 and rank 1 holds 0; after it, {0, 1, 2} and {7, 8, 9}.
    const bool ordered = step >= std::size_t(ReplayStep::exchange);
    CHECK(caption.invariant_fails == !ordered);
    CHECK(render::rank_order(replay, step).holds == ordered);
    if (!ordered) {
      CHECK_THAT(caption.invariant, Catch::Contains("Rank 0's largest key 9 sorts after rank 1's "
                                                    "smallest 0"));
    }
  }
  CHECK_THAT(render::replay_caption(replay, std::size_t(ReplayStep::splitters)).narration,
             Catch::Contains("1 splitter: 5") && Catch::Contains("rank 0 will send 2 and 1 keys"));
  CHECK_THAT(render::replay_caption(replay, std::size_t(ReplayStep::exchange)).narration,
             Catch::Contains("sent 2 of the 6 keys") &&
                 Catch::Contains("The largest part is 3 keys, 1.00x"));
  CHECK_THAT(render::replay_caption(replay, std::size_t(ReplayStep::merge)).invariant,
             Catch::Contains("Each rank's part is sorted"));

  SampleSortReplay failed = replay;
  failed.verified = false;
  failed.verification = "rank 1's part is out of order";
  const render::Caption last = render::replay_caption(failed, std::size_t(ReplayStep::merge));
  CHECK(last.invariant_fails);
  CHECK_THAT(last.invariant, Catch::Contains("rank 1's part is out of order"));

  // Sampled records say so.
  SampleSortReplay sampled = replay;
  sampled.ranks[1].record.merged = test::recorded({7, 9}, {0, 2}, 3);
  CHECK_THAT(render::replay_caption(sampled, std::size_t(ReplayStep::merge)).invariant,
             Catch::Contains("(of the recorded keys)"));
}

TEST_CASE("replay: each step's picture shows what the step is about", "[render][replay][gpu]") {
  const SampleSortReplay replay = test::two_ranks();
  for (bool presenter : {false, true}) {
    render::OffscreenOptions options;
    options.width = presenter ? 1280 : 1920;
    options.height = presenter ? 720 : 1080;
    options.style = {presenter ? 2.0f : 1.0f, presenter};
    options.caption = true;
    render::OffscreenRenderer renderer(test::gpu(), options);
    const std::uint32_t rank0 = test::rgb_of(render::categorical_color(0));
    const std::uint32_t rank1 = test::rgb_of(render::categorical_color(1));
    std::uint32_t input_rank0 = 0;
    for (std::size_t step = 0; step < k_replay_steps; ++step) {
      INFO("step " << step << (presenter ? ", presenter 1280x720" : ", 1920x1080"));
      const render::Image image = renderer.render_replay(replay, step);
      REQUIRE(image.width == options.width);
      const std::uint32_t area = image.width * image.height;
      // Bars in the ranks' colours from the splitters on (labels alone are a few hundred pixels).
      if (step == 0) input_rank0 = pixels_of(image, rank0);
      if (step == 3 || step == 4) {
        CHECK(pixels_of(image, rank0) > input_rank0 + area / 200);
        CHECK(pixels_of(image, rank1) > area / 200);
      }
      // The count matrix at the right from the splitters on: its column for rank 1 in rank 1's
      // colour (the largest count, 2, at full strength).
      const std::uint32_t right = image.width * 3 / 4;
      if (step >= 3)
        CHECK(pixels_of(image, rank1, right) > 400);
      else
        CHECK(pixels_of(image, rank1, right) < 50);
    }
  }
  test::require_validation_clean();
}
