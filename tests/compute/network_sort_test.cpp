#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "baseline/cpu_sort.hpp"
#include "input/distributions.hpp"
#include "plan/runner.hpp"
#include "support/gpu.hpp"

using namespace ss;

namespace {

void check_sort(std::string_view algorithm, std::uint32_t n, KeyType type, bool descending,
                Distribution distribution, bool pairs, std::uint64_t seed = 1) {
  const Context& context = test::gpu();
  const KeyArray input = generate_keys(distribution, n, type, seed, pairs);
  const SortSpec spec{n, type, pairs, descending};
  const Plan plan = make_plan(algorithm, spec, DeviceLimits::from(context.properties()));
  Runner runner(context, plan);
  runner.set_input(input);
  runner.run();
  const Verification v =
      verify_sorted(input, runner.result(), descending, find_algorithm(algorithm)->stable);
  INFO(algorithm << " n=" << n << " " << to_string(type) << (descending ? " desc " : " asc ")
                 << to_string(distribution) << (pairs ? " pairs" : "") << ": " << v.message);
  CHECK(v.ok);
}

const std::uint32_t k_sizes[] = {0, 1, 2, 3, 7, 8, 9, 255, 256, 257, 1000, 4097};

// Every key type, direction and distribution at the sizes of k_sizes; pairs on alternate sizes.
void check_matrix(std::string_view algorithm, std::uint32_t pairs_parity) {
  for (KeyType type : k_key_types) {
    for (bool descending : {false, true}) {
      for (Distribution d : k_distributions) {
        for (std::uint32_t n : k_sizes)
          check_sort(algorithm, n, type, descending, d, n % 2 == pairs_parity);
      }
    }
  }
  test::require_validation_clean();
}

}  // namespace

TEST_CASE("batcher: every key type, direction and distribution matches std::sort",
          "[batcher][gpu]") {
  check_matrix("batcher", 1);
}

TEST_CASE("transposition: every key type, direction and distribution matches std::stable_sort",
          "[transposition][gpu]") {
  check_matrix("transposition", 0);
}

TEST_CASE("batcher: keys-only and pairs at larger n, up to 2^16 + 3", "[batcher][gpu]") {
  for (std::uint32_t n : {65535u, 65536u, 65539u, 100000u}) {
    for (KeyType type : k_key_types) {
      check_sort("batcher", n, type, n % 2 == 0, Distribution::random, false, n);
      check_sort("batcher", n, type, n % 2 == 1, Distribution::few_unique, true, n);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("transposition: stable with pairs at n = 2^16 + 3", "[transposition][gpu][slow]") {
  check_sort("transposition", 65539, KeyType::u32, false, Distribution::few_unique, true);
  test::require_validation_clean();
}

TEST_CASE("transposition: stability with pairs on few-unique keys of every type",
          "[transposition][gpu]") {
  for (KeyType type : k_key_types) {
    for (bool descending : {false, true}) {
      check_sort("transposition", 3000, type, descending, Distribution::few_unique, true, 5);
      check_sort("transposition", 2999, type, descending, Distribution::all_equal, true, 5);
    }
  }
  test::require_validation_clean();
}

TEST_CASE("networks: f32 specials and u64 high words sort in totalOrder", "[gpu]") {
  const Context& context = test::gpu();
  KeyArray f32;
  f32.type = KeyType::f32;
  for (std::uint32_t bits :
       {0x7fc00000u, 0x00000001u, 0x80000000u, 0xff800000u, 0x3f800000u, 0x00000000u, 0xffc00000u,
        0x7f800000u, 0x80000001u, 0xbf800000u, 0x7fc00000u, 0x80000000u, 0x00000000u}) {
    f32.push_back_bits(bits);
  }
  KeyArray u64;
  u64.type = KeyType::u64;
  for (std::uint64_t bits : {0xffffffff00000000ull, 1ull, 0x100000000ull, 0xffffffffffffffffull,
                             0x00000000ffffffffull, 0x8000000000000000ull, 0ull}) {
    u64.push_back_bits(bits);
  }
  for (const std::string_view algorithm : {"batcher", "transposition"}) {
    for (const KeyArray* input : {&f32, &u64}) {
      for (bool descending : {false, true}) {
        const SortSpec spec{static_cast<std::uint32_t>(input->size()), input->type, false,
                            descending};
        Runner runner(context,
                      make_plan(algorithm, spec, DeviceLimits::from(context.properties())));
        runner.set_input(*input);
        runner.run();
        const Verification v = verify_sorted(*input, runner.result(), descending, false);
        INFO(algorithm << " " << to_string(input->type) << ": " << v.message);
        CHECK(v.ok);
      }
    }
  }
  test::require_validation_clean();
}
