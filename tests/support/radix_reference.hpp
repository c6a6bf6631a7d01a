#pragma once
// CPU reference counts for the radix-sort tests (tests only: the app never re-simulates a sort).
// Digits come from the same shared header function the kernels use.
#include <cstdint>
#include <vector>

#include "plan/key_array.hpp"
#include "shaders/common/radix_digits.h"

namespace ss::test {

// Digit of key i for a pass of `bits`-bit digits.
inline std::uint32_t key_digit(const KeyArray& keys, std::size_t i, bool descending,
                               std::uint32_t pass, std::uint32_t bits) {
  const std::uint32_t words = key_words(keys.type);
  const std::uint32_t word = keys.words[i * words + gpu::radix_pass_word(pass, bits)];
  return gpu::radix_digit(word, static_cast<std::uint32_t>(keys.type), descending,
                          gpu::radix_pass_shift(pass, bits), bits);
}

// counts[t][d]: keys of digit d among keys [t * tile_keys, (t + 1) * tile_keys).
inline std::vector<std::vector<std::uint32_t>> tile_digit_counts(const KeyArray& keys,
                                                                 bool descending,
                                                                 std::uint32_t pass,
                                                                 std::uint32_t bits,
                                                                 std::uint32_t tile_keys) {
  const std::uint32_t n = static_cast<std::uint32_t>(keys.size());
  std::vector<std::vector<std::uint32_t>> counts(gpu::radix_tiles(n, tile_keys),
                                                 std::vector<std::uint32_t>(1u << bits, 0));
  for (std::uint32_t i = 0; i < n; ++i) {
    ++counts[i / tile_keys][key_digit(keys, i, descending, pass, bits)];
  }
  return counts;
}

inline std::vector<std::uint32_t> digit_counts(const KeyArray& keys, bool descending,
                                               std::uint32_t pass, std::uint32_t bits) {
  std::vector<std::uint32_t> counts(1u << bits, 0);
  for (std::size_t i = 0; i < keys.size(); ++i)
    ++counts[key_digit(keys, i, descending, pass, bits)];
  return counts;
}

inline std::vector<std::uint32_t> exclusive_scan(const std::vector<std::uint32_t>& v) {
  std::vector<std::uint32_t> out(v.size());
  std::uint32_t sum = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    out[i] = sum;
    sum += v[i];
  }
  return out;
}

}  // namespace ss::test
