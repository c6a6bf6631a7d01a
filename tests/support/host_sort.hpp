#pragma once
// The host's reference sort for GPU results: positions stable-sorted by their encoded keys
// (values follow their keys), the straightforward form every sortscope sort must match.
#include <algorithm>
#include <numeric>
#include <vector>

#include "plan/key_array.hpp"

namespace ss::test {

inline KeyArray stable_sorted_by_encoding(const KeyArray& input, bool descending) {
  std::vector<std::size_t> order(input.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return encoded_key(input, a, descending) < encoded_key(input, b, descending);
  });
  KeyArray out;
  out.type = input.type;
  out.has_values = input.has_values;
  for (std::size_t i : order) {
    out.push_back_bits(input.bits(i));
    if (input.has_values) out.values.push_back(input.values[i]);
  }
  return out;
}

}  // namespace ss::test
