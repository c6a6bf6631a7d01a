#include "render/move_matching.hpp"

#include <bitset>
#include <memory>
#include <stdexcept>
#include <unordered_map>

namespace ss::render {

namespace {

std::uint64_t item(std::span<const std::uint32_t> a, std::size_t i, std::uint32_t words) {
  return words == 2 ? (std::uint64_t(a[2 * i + 1]) << 32) | a[2 * i] : a[i];
}

// Most items are none of the few matched: one bit test rejects them before the hash map.
std::size_t filter_slot(std::uint64_t v) {
  return std::size_t((v * 0x9e3779b97f4a7c15ull) >> 48);
}

// The positions whose items equal one value, in increasing order, and how far each pass got.
struct Equal {
  std::vector<std::uint32_t> wanted;  // indices into `positions`
  std::uint32_t seen = 0;             // items equal to the value met so far in this pass
  std::size_t next = 0;               // the first of `wanted` not yet met in this pass
};

using Filter = std::bitset<65536>;
using EqualItems = std::unordered_map<std::uint64_t, Equal>;

// One pass over `items`: visit(e, j) for each item j equal to a wanted value, e that value's
// entry, which then counts the item in e.seen.
template <class Visit>
void visit_equal(std::span<const std::uint32_t> items, std::uint32_t words, const Filter& filter,
                 EqualItems& equal, Visit visit) {
  for (auto& [v, e] : equal) {
    e.seen = 0;
    e.next = 0;
  }
  for (std::size_t j = 0; j < items.size() / words; ++j) {
    const std::uint64_t v = item(items, j, words);
    if (!filter.test(filter_slot(v))) continue;
    const auto it = equal.find(v);
    if (it == equal.end()) continue;
    visit(it->second, std::uint32_t(j));
    ++it->second.seen;
  }
}

}  // namespace

std::vector<std::uint32_t> match_moves(std::span<const std::uint32_t> before,
                                       std::span<const std::uint32_t> after, std::uint32_t words,
                                       std::span<const std::uint32_t> positions) {
  if ((words != 1 && words != 2) || before.size() != after.size() || before.size() % words != 0)
    throw std::invalid_argument("match_moves: arrays of unequal size or items of 1 or 2 words");
  const std::size_t n = before.size() / words;
  std::vector<std::uint32_t> found(positions.size(), k_unmatched);
  auto filter = std::make_unique<Filter>();
  EqualItems equal;
  equal.reserve(positions.size());
  for (std::size_t s = 0; s < positions.size(); ++s) {
    if (positions[s] >= n || (s > 0 && positions[s] <= positions[s - 1]))
      throw std::invalid_argument("match_moves: positions must increase and lie in the array");
    const std::uint64_t v = item(before, positions[s], words);
    filter->set(filter_slot(v));
    equal[v].wanted.push_back(std::uint32_t(s));
  }
  // Which occurrence of its value each wanted item is in `before`...
  std::vector<std::uint32_t> occurrence(positions.size(), 0);
  visit_equal(before, words, *filter, equal, [&](Equal& e, std::uint32_t j) {
    if (e.next < e.wanted.size() && positions[e.wanted[e.next]] == j)
      occurrence[e.wanted[e.next++]] = e.seen;
  });
  // ... is where the same occurrence stands in `after` (wanted items of one value are in
  // increasing occurrence order, as in increasing position order).
  visit_equal(after, words, *filter, equal, [&](Equal& e, std::uint32_t j) {
    if (e.next < e.wanted.size() && occurrence[e.wanted[e.next]] == e.seen)
      found[e.wanted[e.next++]] = j;
  });
  return found;
}

}  // namespace ss::render
