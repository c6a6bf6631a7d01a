#include "baseline/cpu_sort.hpp"

#include <algorithm>
#include <execution>
#include <utility>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "baseline/interruptible_sort.hpp"
#include "core/interruptible_vector.hpp"
#include "input/key_file.hpp"

namespace ss {

namespace {

// Calls f(i) for i in [0, n) on all cores: the reference sort of 2^28 keys is otherwise bound
// by single-threaded loops around the parallel sort.
template <class F>
void parallel_for(std::size_t n, F f) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n),
                    [&](const tbb::blocked_range<std::size_t>& r) {
                      for (std::size_t i = r.begin(); i != r.end(); ++i) f(i);
                    });
}

// The input positions in the order of their encoded keys, equal keys in input order (the order
// of std::stable_sort, and a valid std::sort result). Sorted as (key, position) records rather
// than positions through a comparator that looks the keys up: no random reads into the keys, and
// an unstable sort suffices since no two records are equal. The bench verifies every timed
// sort against this; 2^24 random u32 keys on two cores: 1.73 s through positions (with a
// parallel std::stable_sort), 1.19 s as records (then with a parallel std::sort, which
// interruptible_sort now runs on blocks of 2^21 records before merging them); u64 pairs 2.16 ->
// 1.50 s.
// Its arrays are scratch vectors (core/interruptible_vector.hpp): each element is written before
// it is read, and zeroing them first cost seconds at 2^28 keys with no look at the interrupt.
scratch_vector<std::uint32_t> sorted_positions(const KeyArray& input, bool descending) {
  const std::size_t n = input.size();
  scratch_vector<std::uint32_t> order(n);
  if (key_words(input.type) == 1) {
    // A one-word key encodes to 32 bits: key and position in one 64-bit word, which sorts
    // faster than 16-byte records (2^24 keys on two cores: 0.86 s against 1.11 s).
    scratch_vector<std::uint64_t> records(n);
    parallel_for(
        n, [&](std::size_t i) { records[i] = (encoded_key(input, i, descending) << 32) | i; });
    interruptible_sort(records);
    parallel_for(n, [&](std::size_t i) { order[i] = static_cast<std::uint32_t>(records[i]); });
    return order;
  }
  struct Record {
    std::uint64_t key;
    std::uint32_t position;
    bool operator<(const Record& o) const {
      return key != o.key ? key < o.key : position < o.position;
    }
  };
  scratch_vector<Record> records(n);
  parallel_for(n, [&](std::size_t i) {
    records[i] = {encoded_key(input, i, descending), static_cast<std::uint32_t>(i)};
  });
  interruptible_sort(records);
  parallel_for(n, [&](std::size_t i) { order[i] = records[i].position; });
  return order;
}

// Elements a verification loop checks between looks at the interrupt flag.
constexpr std::size_t k_sort_check_every = std::size_t(1) << 22;

std::string describe(const KeyArray& keys, std::size_t i) {
  std::string text = format_text_key(keys.bits(i), keys.type);
  if (keys.has_values) text += " (value " + std::to_string(keys.values[i]) + ")";
  return text;
}

}  // namespace

KeyArray cpu_sort(const KeyArray& input, bool descending) {
  const scratch_vector<std::uint32_t> order = sorted_positions(input, descending);
  KeyArray out;
  out.type = input.type;
  out.has_values = input.has_values;
  const std::size_t words = key_words(input.type);
  resize_interruptibly(out.words, input.words.size());
  parallel_for(order.size(), [&](std::size_t i) {
    for (std::size_t w = 0; w < words; ++w)
      out.words[words * i + w] = input.words[words * order[i] + w];
  });
  if (input.has_values) {
    resize_interruptibly(out.values, input.size());
    parallel_for(order.size(), [&](std::size_t i) { out.values[i] = input.values[order[i]]; });
  }
  return out;
}

Verification verify_sorted(const KeyArray& input, const KeyArray& output, bool descending,
                           bool stable) {
  return verify_sorted_against(input, cpu_sort(input, descending), output, stable);
}

Verification verify_sorted_against(const KeyArray& input, const KeyArray& expected,
                                   const KeyArray& output, bool stable) {
  if (output.size() != input.size() || output.type != input.type ||
      output.has_values != input.has_values) {
    return {false, "the result has " + std::to_string(output.size()) + " keys, the input " +
                       std::to_string(input.size())};
  }
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (i % k_sort_check_every == 0) throw_if_interrupted();
    if (expected.bits(i) != output.bits(i)) {
      return {false, "position " + std::to_string(i) + " holds key " + describe(output, i) +
                         ", std::sort has " + describe(expected, i)};
    }
  }
  if (!input.has_values) return {true, "keys match std::sort"};

  if (stable) {
    for (std::size_t i = 0; i < input.size(); ++i) {
      if (i % k_sort_check_every == 0) throw_if_interrupted();
      if (expected.values[i] != output.values[i]) {
        return {false, "not stable: position " + std::to_string(i) + " holds " +
                           describe(output, i) + ", std::stable_sort has " + describe(expected, i)};
      }
    }
    return {true, "keys and values match std::stable_sort"};
  }
  // Unstable: the same (key, value) pairs, each once.
  auto pairs_of = [](const KeyArray& keys) {
    scratch_vector<std::pair<std::uint64_t, std::uint32_t>> pairs(keys.size());
    parallel_for(keys.size(), [&](std::size_t i) { pairs[i] = {keys.bits(i), keys.values[i]}; });
    interruptible_sort(pairs);
    return pairs;
  };
  const auto want = pairs_of(input);
  const auto got = pairs_of(output);
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (i % k_sort_check_every == 0) throw_if_interrupted();
    if (want[i] != got[i]) {
      return {false, "the (key, value) pairs differ from the input's: key " +
                         format_text_key(want[i].first, input.type) + " with value " +
                         std::to_string(want[i].second) + " is missing or duplicated"};
    }
  }
  return {true, "keys match std::sort; every (key, value) pair kept once"};
}

}  // namespace ss
