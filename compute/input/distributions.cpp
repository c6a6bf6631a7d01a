#include "input/distributions.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include <tbb/parallel_for.h>

#include "core/interrupt.hpp"
#include "input/rng.hpp"

namespace ss {

namespace {

struct Named {
  Distribution d;
  std::string_view name;
};

constexpr Named k_names[] = {
    {Distribution::random, "random"},         {Distribution::sorted, "sorted"},
    {Distribution::reverse, "reverse"},       {Distribution::nearly_sorted, "nearly-sorted"},
    {Distribution::few_unique, "few-unique"}, {Distribution::all_equal, "all-equal"},
    {Distribution::organ_pipe, "organ-pipe"}, {Distribution::sawtooth, "sawtooth"},
    {Distribution::gaussian, "gaussian"},     {Distribution::small, "small"},
};

// i / count as a fraction of 2^64, exact in integer arithmetic.
std::uint64_t fraction(std::uint64_t i, std::uint64_t count) {
  if (count == 0) return 0;
  return static_cast<std::uint64_t>((static_cast<uint128>(i) << 64) / count);
}

constexpr std::uint32_t k_few_unique_values = 8;
constexpr std::uint32_t k_sawtooth_teeth = 8;

}  // namespace

std::string_view to_string(Distribution d) {
  for (const Named& n : k_names) {
    if (n.d == d) return n.name;
  }
  return "?";
}

std::optional<Distribution> parse_distribution(std::string_view name) {
  for (const Named& n : k_names) {
    if (n.name == name) return n.d;
  }
  return std::nullopt;
}

std::string distribution_names() {
  std::string out;
  for (const Named& n : k_names) {
    if (!out.empty()) out += ", ";
    out += n.name;
  }
  return out;
}

std::uint64_t key_bits_from_level(std::uint64_t level, KeyType type) {
  switch (type) {
    case KeyType::u32:
      return level >> 32;
    case KeyType::i32:
      return (level >> 32) ^ 0x80000000u;  // bottom of the range is INT32_MIN
    case KeyType::f32: {
      // [-1000, 1000): negatives and positives, so the sign handling is exercised. Pure IEEE
      // arithmetic on exact inputs, hence identical on every machine.
      const double unit = double(level >> 11) * 0x1.0p-53;
      const float value = static_cast<float>(unit * 2000.0 - 1000.0);
      return std::bit_cast<std::uint32_t>(value);
    }
    case KeyType::u64:
      return level;
  }
  return 0;
}

std::uint64_t key_bits_from_whole_number(std::uint32_t value, KeyType type) {
  switch (type) {
    case KeyType::u32:
    case KeyType::i32:  // two's complement: a non-negative int32 has the same bits as its u32
    case KeyType::u64:
      return value;
    case KeyType::f32:
      return std::bit_cast<std::uint32_t>(static_cast<float>(value));
  }
  return 0;
}

namespace {

// Calls of the generator each key of a distribution takes (the index-based ones take none).
std::uint64_t draws_per_key(Distribution d) {
  switch (d) {
    case Distribution::random:
    case Distribution::few_unique:
    case Distribution::small:
      return 1;
    case Distribution::gaussian:
      return 4;
    default:
      return 0;
  }
}

// Keys are made in pieces of this many side by side on every core, each piece's generator
// skipped to where the piece starts: a rank's 2^29 pairs took 4.5 to 8 s on one core (BENCHMARKS
// note 158). The pieces write the very keys the serial loop wrote.
constexpr std::uint64_t k_piece_keys = 1u << 18;

// The level of key i of n (where it lies in the distribution's 64-bit range; small's key
// itself), drawing from `rng` as draws_per_key says.
std::uint64_t level_of_key(Distribution d, std::uint64_t n, std::uint64_t i, SplitMix64& rng) {
  switch (d) {
    case Distribution::random:
      return rng.next();
    case Distribution::sorted:
    case Distribution::nearly_sorted:
      return fraction(i, n);
    case Distribution::reverse:
      return fraction(n - 1 - i, n);
    case Distribution::few_unique:
      return fraction(2 * rng.below(k_few_unique_values) + 1, 2 * k_few_unique_values);
    case Distribution::all_equal:
      return fraction(1, 2);
    case Distribution::organ_pipe: {
      // Rises to the middle, then falls back: 0, 2, 4, ..., 5, 3, 1 in rank terms.
      const std::uint64_t rank = std::min(i, n - 1 - i);
      return fraction(2 * rank + (i > n - 1 - i ? 1 : 0), n + 1);
    }
    case Distribution::sawtooth: {
      const std::uint64_t period =
          std::max<std::uint64_t>(1, (n + k_sawtooth_teeth - 1) / k_sawtooth_teeth);
      return fraction(i % period, period);
    }
    case Distribution::gaussian: {
      // Mean of four uniforms (Irwin-Hall): bell-shaped around the middle, integer-exact.
      uint128 sum = 0;
      for (int k = 0; k < 4; ++k) sum += rng.next();
      return static_cast<std::uint64_t>(sum >> 2);
    }
    case Distribution::small:
      return rng.below(k_small_key_count);
  }
  return 0;
}

// Keys [first, first + count) of n, nearly-sorted's swaps left out; `rng` stands where key 0
// starts drawing. Pairs' values are the keys' indices in the whole input.
KeyArray make_keys(Distribution d, std::uint64_t n, std::uint64_t first, std::uint64_t count,
                   KeyType type, const SplitMix64& rng, bool pairs) {
  KeyArray keys;
  keys.type = type;
  keys.has_values = pairs;
  const std::size_t words = key_words(type);
  keys.words.resize(std::size_t(count) * words);
  if (pairs) keys.values.resize(std::size_t(count));
  const std::uint64_t pieces = (count + k_piece_keys - 1) / k_piece_keys;
  tbb::parallel_for<std::uint64_t>(0, pieces, [&](std::uint64_t piece) {
    throw_if_interrupted();
    const std::uint64_t begin = piece * k_piece_keys;
    const std::uint64_t end = std::min(count, begin + k_piece_keys);
    SplitMix64 draws = rng;
    draws.skip((first + begin) * draws_per_key(d));
    for (std::uint64_t k = begin; k < end; ++k) {
      const std::uint64_t level = level_of_key(d, n, first + k, draws);
      const std::uint64_t bits = d == Distribution::small
                                     ? key_bits_from_whole_number(std::uint32_t(level), type)
                                     : key_bits_from_level(level, type);
      keys.words[k * words] = static_cast<std::uint32_t>(bits);
      if (words == 2) keys.words[k * words + 1] = static_cast<std::uint32_t>(bits >> 32);
      if (pairs) keys.values[k] = static_cast<std::uint32_t>(first + k);
    }
  });
  return keys;
}

// About 5% of keys exchanged with a neighbour at most 8 places away (values stay in place).
void swap_neighbours(SplitMix64& rng, KeyArray& keys) {
  const std::uint64_t n = keys.size();
  const std::size_t words = key_words(keys.type);
  const std::uint64_t swaps = n / 20 + (n >= 2 ? 1 : 0);
  for (std::uint64_t s = 0; s < swaps && n >= 2; ++s) {
    const std::uint64_t i = rng.below(n);
    const std::uint64_t distance = 1 + rng.below(8);
    const std::uint64_t j =
        i + distance < n ? i + distance : (i >= distance ? i - distance : n - 1);
    for (std::size_t w = 0; w < words; ++w)
      std::swap(keys.words[i * words + w], keys.words[j * words + w]);
  }
}

SplitMix64 generator(Distribution d, std::uint64_t seed) {
  return SplitMix64(seed * 0x2545f4914f6cdd1dull + static_cast<std::uint64_t>(d));
}

}  // namespace

KeyArray generate_keys(Distribution d, std::uint32_t n, KeyType type, std::uint64_t seed,
                       bool pairs) {
  SplitMix64 rng = generator(d, seed);
  KeyArray keys = make_keys(d, n, 0, n, type, rng, pairs);
  if (d == Distribution::nearly_sorted) swap_neighbours(rng, keys);
  return keys;
}

KeyArray generate_key_slice(Distribution d, std::uint64_t n, std::uint64_t first,
                            std::uint64_t count, KeyType type, std::uint64_t seed, bool pairs) {
  KeyArray keys = make_keys(d, n, first, count, type, generator(d, seed), pairs);
  if (d == Distribution::nearly_sorted) {
    SplitMix64 swaps = generator(d, seed ^ (first * 0xd1342543de82ef95ull));
    swap_neighbours(swaps, keys);
  }
  return keys;
}

}  // namespace ss
