// Matching a step's input against its output: each wanted item found where it went, equal items
// in order, two-word items compared whole, and a missing item reported rather than guessed.
#include <numeric>
#include <random>
#include <stdexcept>

#include <catch2/catch.hpp>

#include "render/move_matching.hpp"

namespace {

using ss::render::k_unmatched;
using ss::render::match_moves;

}  // namespace

TEST_CASE("move matching: a stable move's destinations, equal items in order", "[render]") {
  // Sorted stably: the three 5s keep their order, as do the two 2s.
  const std::vector<std::uint32_t> before = {5, 2, 5, 7, 2, 5, 4, 1};
  const std::vector<std::uint32_t> after = {1, 2, 2, 4, 5, 5, 5, 7};
  const std::vector<std::uint32_t> all = {0, 1, 2, 3, 4, 5, 6, 7};
  CHECK(match_moves(before, after, 1, all) == std::vector<std::uint32_t>{4, 1, 5, 7, 2, 6, 3, 0});
  // A subset gives the same destinations for the positions it names.
  const std::vector<std::uint32_t> some = {2, 4, 5};
  CHECK(match_moves(before, after, 1, some) == std::vector<std::uint32_t>{5, 2, 6});
}

TEST_CASE("move matching: two-word items compare both words", "[render]") {
  // Low words equal, high words differ: matching on one word would swap them.
  const std::vector<std::uint32_t> before = {9, 1, 9, 0};  // items (lo, hi): (9,1), (9,0)
  const std::vector<std::uint32_t> after = {9, 0, 9, 1};
  const std::vector<std::uint32_t> both = {0, 1};
  CHECK(match_moves(before, after, 2, both) == std::vector<std::uint32_t>{1, 0});
}

TEST_CASE("move matching: a large random permutation, sampled", "[render]") {
  const std::uint32_t n = 1 << 16;
  std::mt19937 rng(7);
  std::vector<std::uint32_t> before(n);
  for (auto& v : before) v = rng() % 5000;  // many equal items
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return before[a] < before[b]; });
  std::vector<std::uint32_t> after(n), where(n);
  for (std::uint32_t j = 0; j < n; ++j) {
    after[j] = before[order[j]];
    where[order[j]] = j;
  }
  std::vector<std::uint32_t> wanted;
  for (std::uint32_t i = 3; i < n; i += 97) wanted.push_back(i);
  const auto found = match_moves(before, after, 1, wanted);
  for (std::size_t k = 0; k < wanted.size(); ++k) CHECK(found[k] == where[wanted[k]]);
}

TEST_CASE("move matching: an item missing from the output is reported, bad input refused",
          "[render]") {
  const std::vector<std::uint32_t> before = {3, 8, 3};
  const std::vector<std::uint32_t> after = {3, 3, 6};  // 8 lost, a 6 appeared
  const std::vector<std::uint32_t> all = {0, 1, 2};
  CHECK(match_moves(before, after, 1, all) == std::vector<std::uint32_t>{0, k_unmatched, 1});
  const std::vector<std::uint32_t> shorter = {3, 3};
  const std::vector<std::uint32_t> unordered = {2, 1};
  const std::vector<std::uint32_t> outside = {3};
  CHECK_THROWS_AS(match_moves(before, shorter, 1, all), std::invalid_argument);
  CHECK_THROWS_AS(match_moves(before, after, 3, all), std::invalid_argument);
  CHECK_THROWS_AS(match_moves(before, after, 1, unordered), std::invalid_argument);
  CHECK_THROWS_AS(match_moves(before, after, 1, outside), std::invalid_argument);
}
