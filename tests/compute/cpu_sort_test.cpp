// The host reference every GPU result is verified against: it must be std::stable_sort by the
// shared key encoding, for every key type and direction, since a wrong reference would make
// every verification meaningless.
#include <algorithm>
#include <numeric>
#include <vector>

#include <catch2/catch.hpp>

#include "baseline/cpu_sort.hpp"
#include "baseline/interruptible_sort.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/interruptible_vector.hpp"
#include "input/distributions.hpp"
#include "plan/sort_spec.hpp"
#include "support/host_sort.hpp"

using namespace ss;

using test::stable_sorted_by_encoding;

TEST_CASE("cpu_sort: std::stable_sort by the key encoding, for every type and direction",
          "[cpu_sort]") {
  for (KeyType type : k_key_types) {
    for (bool descending : {false, true}) {
      for (Distribution d : {Distribution::few_unique, Distribution::random}) {
        INFO(to_string(type) << (descending ? " descending " : " ascending ") << to_string(d));
        const KeyArray input = generate_keys(d, 5000, type, 7, /*pairs=*/true);
        const KeyArray want = stable_sorted_by_encoding(input, descending);
        const KeyArray got = cpu_sort(input, descending);
        CHECK(got.words == want.words);
        CHECK(got.values == want.values);
        CHECK(verify_sorted(input, got, descending, /*stable=*/true).ok);
      }
    }
  }
}

TEST_CASE("cpu_sort: verification rejects equal keys out of input order for stable sorts",
          "[cpu_sort]") {
  const KeyArray input = generate_keys(Distribution::few_unique, 1000, KeyType::u32, 3, true);
  KeyArray result = cpu_sort(input, false);
  // Two neighbours with one key: swapping their values breaks only the stability.
  std::size_t i = 0;
  while (result.bits(i) != result.bits(i + 1)) ++i;
  std::swap(result.values[i], result.values[i + 1]);
  CHECK_FALSE(verify_sorted(input, result, false, /*stable=*/true).ok);
  CHECK(verify_sorted(input, result, false, /*stable=*/false).ok);
  // A key changed is caught either way.
  result.words[i] += 1;
  CHECK_FALSE(verify_sorted(input, result, false, /*stable=*/false).ok);
}

TEST_CASE("cpu sort: the interruptible sort merges its blocks into std::sort's order", "[cpu]") {
  // Blocks are 2^21 records: three and a bit of them, so merges of unequal runs and pieces cut
  // along merge paths are all taken, with many equal values across blocks.
  const std::size_t n = (std::size_t(3) << 21) + 12345;
  std::vector<std::uint64_t> v(n);
  std::uint64_t x = 88172645463325252ull;
  for (auto& e : v) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    e = x % 1000003;
  }
  std::vector<std::uint64_t> expected = v;
  std::sort(expected.begin(), expected.end());
  ss::interruptible_sort(v);
  CHECK(v == expected);
}

TEST_CASE("cpu sort: large host arrays grow in pieces and stop at an interrupt", "[cpu]") {
  // Sized by resize_interruptibly, a vector's new elements are zeroed as resize() does.
  std::vector<std::uint32_t> v{7, 8};
  resize_interruptibly(v, (std::size_t(1) << 25) + 3);  // two 64 MiB pieces and a bit
  REQUIRE(v.size() == (std::size_t(1) << 25) + 3);
  CHECK(v[0] == 7);
  CHECK(v[1] == 8);
  CHECK(std::all_of(v.begin() + 2, v.end(), [](std::uint32_t e) { return e == 0; }));
  resize_interruptibly(v, 5);
  CHECK(v.size() == 5);
  // An interrupt stops it before the first piece, and the generator and the reference sort too.
  request_interrupt();
  std::vector<std::uint32_t> w;
  CHECK_THROWS_AS(resize_interruptibly(w, std::size_t(1) << 26), Interrupted);
  CHECK(w.size() < (std::size_t(1) << 26));
  CHECK_THROWS_AS(generate_keys(Distribution::random, 1u << 20, KeyType::u32, 1, true),
                  Interrupted);
  const KeyArray keys = [] {
    clear_interrupt();
    return generate_keys(Distribution::gaussian, 1u << 20, KeyType::u64, 1, true);
  }();
  request_interrupt();
  CHECK_THROWS_AS(cpu_sort(keys, false), Interrupted);
  clear_interrupt();
  // A scratch vector sorts as a std::vector does.
  scratch_vector<std::uint64_t> s(keys.size());
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = keys.bits(i);
  std::vector<std::uint64_t> expected(s.begin(), s.end());
  std::sort(expected.begin(), expected.end());
  interruptible_sort(s);
  CHECK(std::equal(s.begin(), s.end(), expected.begin(), expected.end()));
}
