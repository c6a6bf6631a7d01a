#include "input/distributions.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/interrupt.hpp"
#include "core/interruptible_vector.hpp"
#include "input/rng.hpp"

namespace ss {

namespace {

constexpr std::uint32_t k_fill_check_every = 1u << 22;

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

// Levels of keys [first, first + count) of n, nearly-sorted's swaps left out; `rng` stands where
// key `first` starts drawing.
void fill_levels(Distribution d, std::uint64_t n, std::uint64_t first, std::uint64_t count,
                 SplitMix64& rng, scratch_vector<std::uint64_t>& levels) {
  // Each loop takes about a second at 2^28 keys on one core: fill() looks at the interrupt every
  // 2^22 keys, and `levels` is not zeroed first (every element is written).
  auto fill = [&](auto level_of) {
    for (std::uint64_t k = 0; k < count; ++k) {
      if (k % k_fill_check_every == 0) throw_if_interrupted();
      levels[k] = level_of(first + k);
    }
  };
  switch (d) {
    case Distribution::random:
      fill([&](std::uint64_t) { return rng.next(); });
      break;
    case Distribution::sorted:
    case Distribution::nearly_sorted:
      fill([&](std::uint64_t i) { return fraction(i, n); });
      break;
    case Distribution::reverse:
      fill([&](std::uint64_t i) { return fraction(n - 1 - i, n); });
      break;
    case Distribution::few_unique:
      fill([&](std::uint64_t) {
        return fraction(2 * rng.below(k_few_unique_values) + 1, 2 * k_few_unique_values);
      });
      break;
    case Distribution::all_equal:
      fill([&](std::uint64_t) { return fraction(1, 2); });
      break;
    case Distribution::organ_pipe:
      // Rises to the middle, then falls back: 0, 2, 4, ..., 5, 3, 1 in rank terms.
      fill([&](std::uint64_t i) {
        const std::uint64_t rank = std::min(i, n - 1 - i);
        return fraction(2 * rank + (i > n - 1 - i ? 1 : 0), n + 1);
      });
      break;
    case Distribution::sawtooth: {
      const std::uint64_t period =
          std::max<std::uint64_t>(1, (n + k_sawtooth_teeth - 1) / k_sawtooth_teeth);
      fill([&](std::uint64_t i) { return fraction(i % period, period); });
      break;
    }
    case Distribution::gaussian:
      // Mean of four uniforms (Irwin-Hall): bell-shaped around the middle, integer-exact.
      fill([&](std::uint64_t) {
        uint128 sum = 0;
        for (int k = 0; k < 4; ++k) sum += rng.next();
        return static_cast<std::uint64_t>(sum >> 2);
      });
      break;
    case Distribution::small:
      // Not a level: the key itself, which keys_from_levels writes as a whole number.
      fill([&](std::uint64_t) { return rng.below(k_small_key_count); });
      break;
  }
}

// About 5% of keys exchanged with a neighbour at most 8 places away.
void swap_neighbours(SplitMix64& rng, scratch_vector<std::uint64_t>& levels, std::uint64_t n) {
  const std::uint64_t swaps = n / 20 + (n >= 2 ? 1 : 0);
  for (std::uint64_t s = 0; s < swaps && n >= 2; ++s) {
    const std::uint64_t i = rng.below(n);
    const std::uint64_t distance = 1 + rng.below(8);
    const std::uint64_t j =
        i + distance < n ? i + distance : (i >= distance ? i - distance : n - 1);
    std::swap(levels[i], levels[j]);
  }
}

KeyArray keys_from_levels(Distribution d, const scratch_vector<std::uint64_t>& levels,
                          std::uint64_t count, KeyType type, bool pairs,
                          std::uint64_t first_value) {
  KeyArray keys;
  keys.type = type;
  keys.has_values = pairs;
  keys.words.reserve(std::size_t(count) * key_words(type));
  for (std::uint64_t k = 0; k < count; ++k) {
    if (k % k_fill_check_every == 0) throw_if_interrupted();
    keys.push_back_bits(d == Distribution::small
                            ? key_bits_from_whole_number(std::uint32_t(levels[k]), type)
                            : key_bits_from_level(levels[k], type));
  }
  if (pairs) {
    keys.values.reserve(count);
    for (std::uint64_t k = 0; k < count; ++k) {
      if (k % k_fill_check_every == 0) throw_if_interrupted();
      keys.values.push_back(static_cast<std::uint32_t>(first_value + k));
    }
  }
  return keys;
}

SplitMix64 generator(Distribution d, std::uint64_t seed) {
  return SplitMix64(seed * 0x2545f4914f6cdd1dull + static_cast<std::uint64_t>(d));
}

}  // namespace

KeyArray generate_keys(Distribution d, std::uint32_t n, KeyType type, std::uint64_t seed,
                       bool pairs) {
  SplitMix64 rng = generator(d, seed);
  scratch_vector<std::uint64_t> levels(n);
  fill_levels(d, n, 0, n, rng, levels);
  if (d == Distribution::nearly_sorted) swap_neighbours(rng, levels, n);
  return keys_from_levels(d, levels, n, type, pairs, 0);
}

KeyArray generate_key_slice(Distribution d, std::uint64_t n, std::uint64_t first,
                            std::uint64_t count, KeyType type, std::uint64_t seed, bool pairs) {
  SplitMix64 rng = generator(d, seed);
  rng.skip(first * draws_per_key(d));
  scratch_vector<std::uint64_t> levels(count);
  fill_levels(d, n, first, count, rng, levels);
  if (d == Distribution::nearly_sorted) {
    SplitMix64 swaps = generator(d, seed ^ (first * 0xd1342543de82ef95ull));
    swap_neighbours(swaps, levels, count);
  }
  return keys_from_levels(d, levels, count, type, pairs, first);
}

}  // namespace ss
