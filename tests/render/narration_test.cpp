// The step captions quote numbers the GPU wrote: here each quoted number is recomputed on the CPU
// from the keys read back before and after the step (CPU counts live in tests only).
#include <algorithm>
#include <regex>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_plan.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "render/narration/narration.hpp"
#include "render/step_state.hpp"
#include "support/gpu.hpp"
#include "support/radix_reference.hpp"

using namespace ss;

namespace {

render::Caption caption_now(const Stepper& stepper, const KeyArray& input) {
  return render::step_caption(
      render::capture_step_state(test::gpu(), stepper, render::key_range(input)));
}

// The numbers a pattern captures in `text`; fails the test when it does not match.
std::vector<std::uint32_t> numbers(const std::string& text, const std::string& pattern) {
  std::smatch match;
  INFO(text);
  REQUIRE(std::regex_search(text, match, std::regex(pattern)));
  std::vector<std::uint32_t> out;
  for (std::size_t i = 1; i < match.size(); ++i) out.push_back(std::stoul(match[i].str()));
  return out;
}

}  // namespace

TEST_CASE("narration: a network layer's swaps and comparators are the ones its keys show",
          "[narration][gpu]") {
  for (const std::string_view algorithm :
       {"batcher", "bitonic", "transposition", "batcher-fused"}) {
    // batcher-fused: enough keys for several dispatches, each running several layers.
    const std::uint32_t n = algorithm == "batcher-fused" ? 3000 : 13;
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::i32, 3, false);
    const Plan plan = make_plan(algorithm, {n, KeyType::i32, false, false}, test::limits());
    Stepper stepper(test::gpu(), plan, input);
    CHECK(caption_now(stepper, input).narration.find("The input: " + std::to_string(n) + " keys") ==
          0);
    while (!stepper.at_end()) {
      const KeyArray before = stepper.read_current();
      stepper.next();
      const KeyArray after = stepper.read_current();
      // The step's comparators applied here layer after layer (a fused step runs several).
      std::vector<Comparator> comparators = step_comparators(plan.steps[stepper.position() - 1]);
      std::stable_sort(comparators.begin(), comparators.end(),
                       [](const Comparator& a, const Comparator& b) { return a.layer < b.layer; });
      std::vector<std::uint64_t> keys(n);
      for (std::uint32_t i = 0; i < n; ++i) keys[i] = encoded_key(before, i, false);
      std::uint32_t compared = 0, swapped = 0;
      for (const Comparator& c : comparators) {
        if (c.right >= n) continue;
        ++compared;
        if (keys[c.right] < keys[c.left]) {
          std::swap(keys[c.left], keys[c.right]);
          ++swapped;
        }
      }
      for (std::uint32_t i = 0; i < n; ++i) REQUIRE(keys[i] == encoded_key(after, i, false));
      const render::Caption caption = caption_now(stepper, input);
      INFO(algorithm << " step " << stepper.position() << ": " << caption.narration);
      if (algorithm == "transposition") {
        CHECK(numbers(caption.narration, R"((\d+) of the (\d+) pairs? w)") ==
              std::vector{swapped, compared});
        std::uint32_t out_of_order = 0;
        for (std::uint32_t i = 0; i + 1 < n; ++i)
          out_of_order += encoded_key(after, i + 1, false) < encoded_key(after, i, false);
        CHECK(numbers(caption.narration, R"((\d+) neighbouring pairs? (?:is|are) still)")[0] ==
              out_of_order);
      } else {
        CHECK(numbers(caption.narration, R"((\d+) of the (\d+) comparators? swapped)") ==
              std::vector{swapped, compared});
      }
      CHECK(caption.invariant.rfind("Holds: ", 0) == 0);
      CHECK_FALSE(caption.invariant_fails);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("narration: radix4's count, scan and scatter quote the tile's own digit counts",
          "[narration][gpu]") {
  const std::uint32_t n = 64;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 8, false);
  const Plan plan = make_plan("radix4", {n, KeyType::u32, false, false}, test::limits());
  Stepper stepper(test::gpu(), plan, input);
  for (std::uint32_t pass = 0; pass < 2; ++pass) {
    const auto& p = std::get<gpu::Radix4Step>(plan.steps[3 * pass].view);
    const KeyArray keys = stepper.read_current();
    const auto counts = test::tile_digit_counts(keys, false, pass, 4, p.tile_keys);
    // Where tile t's keys of digit d start: all keys of lower digits, then earlier tiles'.
    auto start = [&](std::uint32_t tile, std::uint32_t digit) {
      std::uint32_t at = 0;
      for (std::uint32_t d = 0; d < 16; ++d)
        for (std::uint32_t t = 0; t < counts.size(); ++t)
          if (d < digit || (d == digit && t < tile)) at += counts[t][d];
      return at;
    };
    // The narration counts tiles from 1; the first number of each quote is made an index again.
    auto tile_index = [](std::vector<std::uint32_t> quoted) {
      REQUIRE(quoted.at(0) >= 1);
      --quoted[0];
      return quoted;
    };
    stepper.next();  // count
    const auto counted = tile_index(numbers(caption_now(stepper, input).narration,
                                            R"(tile (\d+) counted (\d+) keys? with digit (\d+))"));
    CHECK(counts[counted[0]][counted[2]] == counted[1]);
    CHECK(counted[1] == *std::max_element(counts[counted[0]].begin(), counts[counted[0]].end()));
    stepper.next();  // scan
    const auto placed = tile_index(
        numbers(caption_now(stepper, input).narration,
                R"(Tile (\d+)'s (\d+) keys? with digit (\d+) will go from position (\d+))"));
    CHECK(placed[3] == start(placed[0], placed[2]));
    stepper.next();  // scatter
    const auto wrote = tile_index(numbers(
        caption_now(stepper, input).narration,
        R"(tile (\d+) wrote its (\d+) keys? with digit (\d+) to positions (\d+)\.\.(\d+))"));
    CHECK(wrote[3] == start(wrote[0], wrote[2]));
    CHECK(wrote[4] == wrote[3] + wrote[1] - 1);
    const KeyArray scattered = stepper.read_current();
    for (std::uint32_t i = wrote[3]; i <= wrote[4]; ++i)
      CHECK(test::key_digit(scattered, i, false, pass, 4) == wrote[2]);
  }
  test::require_validation_clean();
}

TEST_CASE("narration: onesweep's histogram and scan quote the most common digit and its start",
          "[narration][gpu]") {
  const std::uint32_t n = 300;
  const KeyArray input = generate_keys(Distribution::few_unique, n, KeyType::u32, 12, false);
  const Plan plan = make_plan("onesweep", {n, KeyType::u32, false, false}, test::limits());
  Stepper stepper(test::gpu(), plan, input);
  const auto counts = test::digit_counts(input, false, 0, 8);
  const std::uint32_t digit =
      std::uint32_t(std::max_element(counts.begin(), counts.end()) - counts.begin());
  std::uint32_t start = 0;
  for (std::uint32_t d = 0; d < digit; ++d) start += counts[d];
  stepper.next();  // init
  CHECK(caption_now(stepper, input).narration.find("OneSweep clears") == 0);
  stepper.next();  // histogram
  CHECK(numbers(caption_now(stepper, input).narration,
                R"(most common digit is (\d+), held by (\d+) keys?)") ==
        std::vector{digit, counts[digit]});
  stepper.next();  // scan
  CHECK(numbers(caption_now(stepper, input).narration,
                R"(digit (\d+)'s (\d+) keys? start at position (\d+))") ==
        std::vector{digit, counts[digit], start});
  test::require_validation_clean();
}

TEST_CASE("narration: onesweep names the delayed tile that sent a later tile to the fallback",
          "[narration][gpu]") {
  const std::uint32_t n = 256;
  SortSpec spec{n, KeyType::u32, false, false};
  spec.delayed_tile = 2;
  const Plan plan = make_plan("onesweep", spec, test::limits());
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 4, false);
  Stepper stepper(test::gpu(), plan, input);
  while (!stepper.at_end()) {
    stepper.next();
    const render::StepState state =
        render::capture_step_state(test::gpu(), stepper, render::key_range(input));
    const render::Caption caption = render::step_caption(state);
    INFO("step " << stepper.position() << ": " << caption.narration);
    CHECK(caption.invariant.rfind("Holds: ", 0) == 0);
    const auto& step = std::get<gpu::OnesweepStep>(plan.steps[stepper.position() - 1].view);
    if (step.stage != gpu::ONESWEEP_STAGE_PASS) continue;
    std::uint32_t deepest = 0, fallback_tiles = 0;
    for (const render::TileStatus& s : state.radix->tile_status) {
      deepest = std::max(deepest, s.depth);
      fallback_tiles += s.fallbacks > 0;
    }
    REQUIRE(fallback_tiles > 0);
    CHECK(numbers(caption.narration, R"((\d+) tiles? used the fallback)")[0] == fallback_tiles);
    CHECK(numbers(caption.narration, R"(looked back furthest, (?:over )?(\d+))")[0] == deepest);
    // The kernels' tile 2 is the third: narration counts tiles from 1.
    CHECK(caption.narration.find("because tile 3 (the delayed tile) had not published") !=
          std::string::npos);
  }
  test::require_validation_clean();
}

TEST_CASE("narration: mergesort's partition quotes where the merge path crosses a tile boundary",
          "[narration][gpu]") {
  const std::uint32_t n = 256;
  const KeyArray input = generate_keys(Distribution::few_unique, n, KeyType::u32, 6, false);
  const Plan plan = make_plan("mergesort", {n, KeyType::u32, false, false}, test::limits());
  Stepper stepper(test::gpu(), plan, input);
  stepper.next();  // blocksort
  CHECK(caption_now(stepper, input).narration.find("Blocksort: each of the") == 0);
  const KeyArray runs = stepper.read_current();
  stepper.next();  // the first partition
  const auto& p = std::get<gpu::MergesortStep>(plan.steps[1].view);
  const auto split = numbers(caption_now(stepper, input).narration,
                             R"(tile (\d+) starts after (\d+) keys? of A and (\d+) keys? of B)");
  // The first output list merges runs [0, NV) and [NV, 2 NV); tile t (counted from 1 in the
  // narration) outputs from diagonal (t - 1) * NV, where the first outputs of a stable merge take
  // ties from A.
  REQUIRE(split[0] >= 1);
  const std::uint32_t nv = p.tile_keys, diagonal = (split[0] - 1) * nv;
  REQUIRE(split[1] + split[2] == diagonal);
  std::uint32_t a = 0, b = 0;
  while (a + b < diagonal) {
    const bool take_a =
        b == nv || (a < nv && encoded_key(runs, a, false) <= encoded_key(runs, nv + b, false));
    take_a ? ++a : ++b;
  }
  CHECK(split[1] == a);
  stepper.next();  // the merge
  const auto took = numbers(caption_now(stepper, input).narration,
                            R"(Tile (\d+) took (\d+) keys? from A and (\d+) keys? from B)");
  CHECK(took[1] + took[2] == nv);
  test::require_validation_clean();
}

TEST_CASE("narration: step titles and narration count passes and layers alike, from 1",
          "[narration][gpu]") {
  // "pass 1 (bits 0..7): ..." beside "Pass 1 of 4 (bits 0..7): ...": one numbering for a class.
  const std::regex title_number(R"((?:^|[^a-z])(?:pass|layers?) (\d+))", std::regex::icase);
  for (const std::string_view algorithm :
       {"radix4", "onesweep", "transposition", "batcher-fused", "batcher", "mergesort"}) {
    const std::uint32_t n = algorithm == "batcher-fused" ? 3000 : 64;
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 5, false);
    const Plan plan = make_plan(algorithm, {n, KeyType::u32, false, false}, test::limits());
    Stepper stepper(test::gpu(), plan, input);
    std::size_t compared = 0;
    while (!stepper.at_end()) {
      stepper.next();
      const std::string& title = plan.steps[stepper.position() - 1].label;
      const std::string narration = caption_now(stepper, input).narration;
      INFO(algorithm << " step " << stepper.position() << ": " << title << " | " << narration);
      std::smatch in_title, in_narration;
      if (!std::regex_search(title, in_title, title_number)) continue;
      // Every pass or layer number counts from 1.
      CHECK(std::stoul(in_title[1].str()) >= 1);
      if (!std::regex_search(narration, in_narration, title_number)) continue;
      CHECK(in_title[1].str() == in_narration[1].str());
      ++compared;
    }
    INFO(algorithm);
    // Radix passes, transposition passes and fused layers are named in both.
    if (algorithm != "batcher" && algorithm != "mergesort") CHECK(compared > 0);
  }
  test::require_validation_clean();
}
