#pragma once
// SplitMix64: a tiny generator whose output is fixed by its definition, so a seed produces the
// same keys with every compiler and standard library (std:: distributions do not promise that).
#include <cstdint>

namespace ss {

// GCC/Clang's 128-bit integer, for exact 64x64-bit products; __extension__ keeps -Wpedantic quiet.
__extension__ typedef unsigned __int128 uint128;

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() { return mix(state_ += k_gamma); }

  // SplitMix64's output function: a bijection of 64-bit words that spreads every input bit over
  // the output (also a hash for order-free digests).
  static std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  // Moves on as `calls` calls of next() would: the state only ever adds a constant.
  void skip(std::uint64_t calls) { state_ += calls * k_gamma; }

  // Uniform in [0, bound) by multiply-shift (Lemire), bias below 2^-32 for bound < 2^32.
  std::uint64_t below(std::uint64_t bound) {
    return static_cast<std::uint64_t>((static_cast<uint128>(next() >> 32) * bound) >> 32);
  }

 private:
  static constexpr std::uint64_t k_gamma = 0x9e3779b97f4a7c15ull;
  std::uint64_t state_;
};

}  // namespace ss
