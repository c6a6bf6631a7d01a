#pragma once
// Seeded, reproducible inputs. Each distribution is defined as a sequence of 64-bit "levels"
// (fixed-point fractions of the key range); each key type maps levels monotonically onto its own
// range, so "sorted" is sorted and "few-unique" has few values whatever the type. The exception
// is "small": whole numbers 0..99 in every type, for views that print the keys (a class reads
// "37" where a full-range key prints as 3221225472).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "plan/key_array.hpp"

namespace ss {

enum class Distribution {
  random,
  sorted,
  reverse,
  nearly_sorted,
  few_unique,
  all_equal,
  organ_pipe,
  sawtooth,
  gaussian,
  small,  // random whole numbers 0..k_small_key_count - 1, whatever the type
};

inline constexpr std::uint32_t k_small_key_count = 100;

inline constexpr Distribution k_distributions[] = {
    Distribution::random,        Distribution::sorted,     Distribution::reverse,
    Distribution::nearly_sorted, Distribution::few_unique, Distribution::all_equal,
    Distribution::organ_pipe,    Distribution::sawtooth,   Distribution::gaussian,
    Distribution::small,
};

std::string_view to_string(Distribution d);
std::optional<Distribution> parse_distribution(std::string_view name);
std::string distribution_names();  // "random, sorted, ..." for help and error messages

// n keys of `type`; with pairs, values are the original indices 0..n-1.
KeyArray generate_keys(Distribution d, std::uint32_t n, KeyType type, std::uint64_t seed,
                       bool pairs);

// Keys [first, first + count) of the n keys generate_keys makes, made without the others (values:
// their indices in the n, modulo 2^32), so ranks of a distributed sort each make their own part
// of the same input. Exact for every distribution but nearly-sorted, whose neighbour swaps are
// drawn within the slice: its slices are each nearly sorted.
KeyArray generate_key_slice(Distribution d, std::uint64_t n, std::uint64_t first,
                            std::uint64_t count, KeyType type, std::uint64_t seed, bool pairs);

// Maps a level (a fraction of 2^64) to raw key bits of `type`, preserving order.
std::uint64_t key_bits_from_level(std::uint64_t level, KeyType type);
// Raw key bits of `type` holding the whole number `value` (< 2^24, exact in f32 too).
std::uint64_t key_bits_from_whole_number(std::uint32_t value, KeyType type);

}  // namespace ss
