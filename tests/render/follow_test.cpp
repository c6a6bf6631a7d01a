// Following a key (render/follow/key_follow.hpp): its path, found from the kernels' own records
// in a keys-only sort, equals where its original index is in the values buffer of the same sort
// run with pairs, after every step, for every algorithm; a keys-only follower of a sort with many
// equal keys stays on a key of its value; bad indices are refused.
#include <algorithm>
#include <cstdint>
#include <vector>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "core/errors.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "render/follow/key_follow.hpp"
#include "support/gpu.hpp"

namespace {

using namespace ss;

struct Sort {
  std::string algorithm;
  KeyType type = KeyType::u32;
  bool descending = false;
  Distribution distribution = Distribution::random;
};

Plan plan_for(const Sort& s, std::uint32_t n, bool pairs) {
  Plan plan = make_plan(s.algorithm, {n, s.type, pairs, s.descending},
                        DeviceLimits::from(test::gpu().properties()));
  return s.algorithm == "mergesort" ? expand_phases(plan) : plan;  // blocksort phase by phase
}

// Where the value `index` sits after every step of the pairs sort: read back whole, searched.
std::vector<std::uint32_t> value_path(const Sort& s, const KeyArray& input, std::uint32_t index) {
  const Plan plan = plan_for(s, std::uint32_t(input.size()), true);
  Stepper stepper(test::gpu(), plan, input);
  std::vector<std::uint32_t> path;
  for (;;) {
    const KeyArray now = stepper.read_current();
    const auto it = std::find(now.values.begin(), now.values.end(), index);
    REQUIRE(it != now.values.end());
    path.push_back(std::uint32_t(it - now.values.begin()));
    if (stepper.at_end()) break;
    stepper.next();
  }
  return path;
}

// The follower's path through the sort (keys only, or pairs), with a reason for every step.
std::vector<std::uint32_t> followed_path(const Sort& s, const KeyArray& input, bool pairs,
                                         std::uint32_t index, std::size_t start = 0) {
  KeyArray keys = input;
  if (!pairs) {
    keys.has_values = false;
    keys.values.clear();
  }
  const Plan plan = plan_for(s, std::uint32_t(input.size()), pairs);
  Stepper stepper(test::gpu(), plan, keys);
  stepper.jump(start);  // then `index` is where the key stands at `start`
  render::KeyFollower follower(test::gpu(), stepper, index);
  while (!stepper.at_end()) {
    follower.before_step(stepper);
    stepper.next();
    follower.after_step(stepper);
  }
  std::vector<std::uint32_t> path;
  for (const render::FollowedStep& f : follower.path()) {
    CHECK_FALSE(f.why.empty());
    path.push_back(f.at);
  }
  return path;
}

}  // namespace

TEST_CASE("follow: a key's path equals its original index's place in the pairs sort",
          "[render][follow][gpu]") {
  // 200 keys: no power of two, so networks pad and the last tiles are partial.
  const std::uint32_t n = 200;
  const std::vector<Sort> sorts = {
      {"batcher"},
      {"batcher", KeyType::f32, true},
      {"batcher-fused"},
      {"bitonic"},
      {"transposition"},
      {"radix4"},
      {"radix4", KeyType::u64, true},
      {"onesweep"},
      {"onesweep", KeyType::f32, true},
      {"onesweep", KeyType::u64},
      {"mergesort"},
      {"mergesort", KeyType::i32, true},
      // Equal keys: stable sorts and flagged networks still name the very key.
      {"batcher", KeyType::u32, false, Distribution::few_unique},
      {"onesweep", KeyType::u32, false, Distribution::few_unique},
      {"radix4", KeyType::u32, false, Distribution::few_unique},
      {"mergesort", KeyType::u32, false, Distribution::few_unique},
  };
  for (const Sort& s : sorts) {
    const KeyArray input = generate_keys(s.distribution, n, s.type, 7, true);
    for (std::uint32_t index : {0u, 17u, 123u, n - 1}) {
      INFO(s.algorithm << " " << to_string(s.type) << (s.descending ? " descending " : " ")
                       << to_string(s.distribution) << ", key " << index);
      const std::vector<std::uint32_t> truth = value_path(s, input, index);
      CHECK(followed_path(s, input, false, index) == truth);
      CHECK(followed_path(s, input, true, index) == truth);
      // Followed from a step in the middle (mergesort: inside its blocksort's phases), from
      // where the key stands there.
      const std::size_t mid = s.algorithm == "mergesort" ? 2 : truth.size() / 2;
      const std::vector<std::uint32_t> rest(truth.begin() + std::ptrdiff_t(mid), truth.end());
      CHECK(followed_path(s, input, false, truth[mid], mid) == rest);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("follow: among equal keys a fused network's key stays on its value; bad indices refused",
          "[render][follow][gpu]") {
  const std::uint32_t n = 300;
  const Sort fused{"batcher-fused", KeyType::u32, false, Distribution::few_unique};
  KeyArray input = generate_keys(fused.distribution, n, fused.type, 3, false);
  const Plan plan = plan_for(fused, n, false);
  Stepper stepper(test::gpu(), plan, input);
  // after_step() checks the key's value where the move puts it, and throws when it differs.
  render::KeyFollower follower(test::gpu(), stepper, 77);
  while (!stepper.at_end()) {
    follower.before_step(stepper);
    stepper.next();
    follower.after_step(stepper);
  }
  const KeyArray sorted = stepper.read_current();
  CHECK(sorted.words[follower.at()] == input.words[77]);
  CHECK(follower.path().size() == plan.steps.size() + 1);
  // Back cuts the path; indices past the array are a usage error.
  follower.back_to(0);
  CHECK(follower.path().size() == 1);
  Stepper fresh(test::gpu(), plan, input);
  CHECK_THROWS_AS(render::KeyFollower(test::gpu(), fresh, n), UsageError);
  test::require_validation_clean();
}
