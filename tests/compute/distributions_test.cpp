#include <algorithm>
#include <bit>
#include <cmath>
#include <set>

#include <catch2/catch.hpp>

#include "input/distributions.hpp"
#include "input/rng.hpp"
#include "plan/sort_spec.hpp"

using namespace ss;

namespace {
std::vector<std::uint64_t> encoded(const KeyArray& keys) {
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < keys.size(); ++i) out.push_back(encoded_key(keys, i, false));
  return out;
}
}  // namespace

TEST_CASE("distributions: a seed gives the same keys on every machine", "[input]") {
  // Golden values: SplitMix64 and integer level mapping are fully specified, so these never
  // change with the compiler or standard library.
  const KeyArray keys = generate_keys(Distribution::random, 4, KeyType::u32, 1, false);
  const KeyArray again = generate_keys(Distribution::random, 4, KeyType::u32, 1, false);
  CHECK(keys.words == again.words);
  CHECK(keys.words ==
        std::vector<std::uint32_t>{3235998486u, 2299186573u, 3012074890u, 1778620645u});
  CHECK(generate_keys(Distribution::random, 4, KeyType::u32, 2, false).words != keys.words);
}

TEST_CASE("distributions: each has its shape for every key type", "[input]") {
  for (KeyType type : k_key_types) {
    INFO("type " << to_string(type));
    const std::uint32_t n = 1000;
    auto sorted = encoded(generate_keys(Distribution::sorted, n, type, 7, false));
    CHECK(std::is_sorted(sorted.begin(), sorted.end()));
    auto reverse = encoded(generate_keys(Distribution::reverse, n, type, 7, false));
    CHECK(std::is_sorted(reverse.rbegin(), reverse.rend()));
    auto equal = encoded(generate_keys(Distribution::all_equal, n, type, 7, false));
    CHECK(std::set(equal.begin(), equal.end()).size() == 1);
    auto few = encoded(generate_keys(Distribution::few_unique, n, type, 7, false));
    CHECK(std::set(few.begin(), few.end()).size() <= 8);
    CHECK(std::set(few.begin(), few.end()).size() >= 2);
    auto random = encoded(generate_keys(Distribution::random, n, type, 7, false));
    CHECK(std::set(random.begin(), random.end()).size() > n * 9 / 10);
    auto organ = encoded(generate_keys(Distribution::organ_pipe, n, type, 7, false));
    CHECK(std::is_sorted(organ.begin(), organ.begin() + n / 2));
    CHECK(std::is_sorted(organ.rbegin(), organ.rbegin() + n / 2));
    auto nearly = encoded(generate_keys(Distribution::nearly_sorted, n, type, 7, false));
    CHECK_FALSE(std::is_sorted(nearly.begin(), nearly.end()));
    auto saw = encoded(generate_keys(Distribution::sawtooth, n, type, 7, false));
    CHECK(std::is_sorted(saw.begin(), saw.begin() + n / 8));
    CHECK_FALSE(std::is_sorted(saw.begin(), saw.end()));
  }
}

TEST_CASE("distributions: pairs carry the original indices", "[input]") {
  const KeyArray keys = generate_keys(Distribution::gaussian, 100, KeyType::f32, 3, true);
  REQUIRE(keys.has_values);
  REQUIRE(keys.values.size() == 100);
  for (std::uint32_t i = 0; i < 100; ++i) CHECK(keys.values[i] == i);
}

TEST_CASE("distributions: small gives whole numbers 0..99 in every key type", "[input]") {
  for (KeyType type : k_key_types) {
    INFO("type " << to_string(type));
    const KeyArray keys = generate_keys(Distribution::small, 2000, type, 5, false);
    std::set<std::uint64_t> seen;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const std::uint64_t bits = keys.bits(i);
      std::uint64_t value = bits;
      if (type == KeyType::f32) {
        const float f = std::bit_cast<float>(std::uint32_t(bits));
        REQUIRE(f == std::floor(f));
        value = std::uint64_t(f);
      }
      REQUIRE(value < k_small_key_count);
      seen.insert(value);
    }
    // 2000 draws of 100 values: every value comes up (missing one has odds below 1e-6).
    CHECK(seen.size() == k_small_key_count);
  }
  CHECK(parse_distribution("small") == Distribution::small);
  CHECK(distribution_names().find("small") != std::string::npos);
}

TEST_CASE("distributions: a slice of small keys is that part of the whole", "[input]") {
  const KeyArray whole = generate_keys(Distribution::small, 300, KeyType::i32, 9, true);
  const KeyArray slice =
      generate_key_slice(Distribution::small, 300, 120, 50, KeyType::i32, 9, true);
  for (std::size_t k = 0; k < 50; ++k) {
    CHECK(slice.bits(k) == whole.bits(120 + k));
    CHECK(slice.values[k] == whole.values[120 + k]);
  }
}

// Golden digests of inputs large enough to be made in many pieces side by side, taken from the
// serial generator that came before: a piece that drew from the wrong place, or a swap of
// nearly-sorted's applied to the wrong keys, changes them.
TEST_CASE("distributions: large inputs are the same keys however they are made", "[input]") {
  struct Golden {
    std::string_view distribution, type;
    std::uint64_t digest;
  };
  const Golden goldens[] = {
      {"random", "f32", 8503676826742371266ull},
      {"random", "u64", 11606210235472213262ull},
      {"sorted", "f32", 1890170613514039487ull},
      {"sorted", "u64", 3533201445923195668ull},
      {"reverse", "f32", 18023888134287339093ull},
      {"reverse", "u64", 11219058785109216403ull},
      {"nearly-sorted", "f32", 13524973806052942061ull},
      {"nearly-sorted", "u64", 17153179802596424577ull},
      {"few-unique", "f32", 16187440409934919974ull},
      {"few-unique", "u64", 1187781835941182367ull},
      {"all-equal", "f32", 206881968071579712ull},
      {"all-equal", "u64", 13058203173539665247ull},
      {"organ-pipe", "f32", 11612899056445027581ull},
      {"organ-pipe", "u64", 11156773101215138123ull},
      {"sawtooth", "f32", 14682378427353500454ull},
      {"sawtooth", "u64", 260512842204875655ull},
      {"gaussian", "f32", 10150105664691205134ull},
      {"gaussian", "u64", 14337803708432712370ull},
      {"small", "f32", 8240145159487675509ull},
      {"small", "u64", 1627590329047149627ull},
  };
  const std::uint32_t n = 3 * (1u << 20) + 7;
  for (const Golden& g : goldens) {
    INFO(g.distribution << " " << g.type);
    const Distribution d = *parse_distribution(g.distribution);
    const KeyType type = *parse_key_type(g.type);
    const KeyArray keys = generate_keys(d, n, type, 5, true);
    std::uint64_t digest = 0;
    for (std::size_t i = 0; i < keys.words.size(); ++i) {
      digest = SplitMix64::mix(digest ^ (keys.words[i] + (std::uint64_t(i) << 32)));
    }
    for (std::size_t i = 0; i < keys.values.size(); i += 4099) digest += keys.values[i];
    const KeyArray slice = generate_key_slice(d, n, 1u << 20, n - (1u << 20), type, 5, false);
    CHECK(slice.values.empty());
    for (std::size_t i = 0; i < slice.words.size(); ++i) {
      digest = SplitMix64::mix(digest ^ (slice.words[i] + (std::uint64_t(i) << 32)));
    }
    CHECK(digest == g.digest);
  }
}
