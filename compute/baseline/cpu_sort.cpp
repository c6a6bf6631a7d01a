#include "baseline/cpu_sort.hpp"

#include <algorithm>
#include <execution>
#include <numeric>
#include <utility>
#include <vector>

#include "input/key_file.hpp"

namespace ss {

namespace {

std::vector<std::uint64_t> encode_all(const KeyArray& keys, bool descending) {
  std::vector<std::uint64_t> encoded(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) encoded[i] = encoded_key(keys, i, descending);
  return encoded;
}

std::string describe(const KeyArray& keys, std::size_t i) {
  std::string text = format_text_key(keys.bits(i), keys.type);
  if (keys.has_values) text += " (value " + std::to_string(keys.values[i]) + ")";
  return text;
}

}  // namespace

KeyArray cpu_sort(const KeyArray& input, bool descending, bool stable) {
  const auto encoded = encode_all(input, descending);
  std::vector<std::uint32_t> order(input.size());
  std::iota(order.begin(), order.end(), 0u);
  auto less = [&](std::uint32_t a, std::uint32_t b) { return encoded[a] < encoded[b]; };
  // Parallel: verifying a 2^28-key GPU sort would otherwise cost a minute of one core.
  if (stable) {
    std::stable_sort(std::execution::par, order.begin(), order.end(), less);
  } else {
    std::sort(std::execution::par, order.begin(), order.end(), less);
  }
  KeyArray out;
  out.type = input.type;
  out.has_values = input.has_values;
  out.words.reserve(input.words.size());
  for (std::uint32_t i : order) out.push_back_bits(input.bits(i));
  if (input.has_values) {
    out.values.reserve(input.size());
    for (std::uint32_t i : order) out.values.push_back(input.values[i]);
  }
  return out;
}

Verification verify_sorted(const KeyArray& input, const KeyArray& output, bool descending,
                           bool stable) {
  return verify_sorted_against(input, cpu_sort(input, descending, /*stable=*/true), output, stable);
}

Verification verify_sorted_against(const KeyArray& input, const KeyArray& expected,
                                   const KeyArray& output, bool stable) {
  if (output.size() != input.size() || output.type != input.type ||
      output.has_values != input.has_values) {
    return {false, "the result has " + std::to_string(output.size()) + " keys, the input " +
                       std::to_string(input.size())};
  }
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (expected.bits(i) != output.bits(i)) {
      return {false, "position " + std::to_string(i) + " holds key " + describe(output, i) +
                         ", std::sort has " + describe(expected, i)};
    }
  }
  if (!input.has_values) return {true, "keys match std::sort"};

  if (stable) {
    for (std::size_t i = 0; i < input.size(); ++i) {
      if (expected.values[i] != output.values[i]) {
        return {false, "not stable: position " + std::to_string(i) + " holds " +
                           describe(output, i) + ", std::stable_sort has " + describe(expected, i)};
      }
    }
    return {true, "keys and values match std::stable_sort"};
  }
  // Unstable: the same (key, value) pairs, each once.
  auto pairs_of = [](const KeyArray& keys) {
    std::vector<std::pair<std::uint64_t, std::uint32_t>> pairs(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) pairs[i] = {keys.bits(i), keys.values[i]};
    std::sort(pairs.begin(), pairs.end());
    return pairs;
  };
  const auto want = pairs_of(input);
  const auto got = pairs_of(output);
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (want[i] != got[i]) {
      return {false, "the (key, value) pairs differ from the input's: key " +
                         format_text_key(want[i].first, input.type) + " with value " +
                         std::to_string(want[i].second) + " is missing or duplicated"};
    }
  }
  return {true, "keys match std::sort; every (key, value) pair kept once"};
}

}  // namespace ss
