#include <bit>

#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_facts.hpp"
#include "shaders/common/batcher_layer.h"
#include "shaders/common/bitonic_layer.h"

using namespace ss;

namespace {

NetworkFacts facts(const char* algorithm, std::uint32_t n) {
  return network_facts(make_plan(algorithm, {n, KeyType::u32, false, false}, DeviceLimits{}));
}

// A count of the padded networks straight from the header functions, wire by wire, without the
// planner or step_comparators: comparators and non-empty layers.
template <class Layer>
std::pair<std::uint64_t, std::uint32_t> header_count(std::uint32_t n,
                                                     bool (*runs)(Layer, std::uint32_t),
                                                     Layer (*layer_of)(std::uint32_t, std::uint32_t,
                                                                       std::uint32_t)) {
  std::uint64_t comparators = 0;
  std::uint32_t depth = 0;
  for (std::uint32_t merge = 2; merge <= std::bit_ceil(n); merge *= 2) {
    for (std::uint32_t stride = merge / 2; stride >= 1; stride /= 2) {
      const Layer layer = layer_of(n, merge, stride);
      std::uint64_t here = 0;
      for (std::uint32_t i = 0; i < n; ++i) here += runs(layer, i) ? 1 : 0;
      comparators += here;
      depth += here != 0 ? 1 : 0;
    }
  }
  return {comparators, depth};
}

gpu::BatcherLayer batcher_layer(std::uint32_t n, std::uint32_t merge, std::uint32_t stride) {
  gpu::BatcherLayer p{};
  p.n = n;
  p.stride = stride;
  p.stride_shift = std::uint32_t(std::countr_zero(stride));
  p.inner_remainder = stride == merge / 2 ? 0u : 1u;
  p.inner_last_idx = merge / stride - 1;
  p.merge_size = merge;
  return p;
}

gpu::BitonicLayer bitonic_layer(std::uint32_t n, std::uint32_t merge, std::uint32_t stride) {
  gpu::BitonicLayer p{};
  p.n = n;
  p.merge_size = merge;
  p.stride = stride;
  p.mirror = stride == merge / 2 ? 1u : 0u;
  return p;
}

}  // namespace

TEST_CASE("network facts: n = 2^k against the closed forms of batcher, bitonic, transposition",
          "[network][facts]") {
  for (std::uint32_t k = 1; k <= 5; ++k) {
    const std::uint32_t n = 1u << k;
    INFO("n = " << n);
    const NetworkFacts batcher = facts("batcher", n);
    CHECK(batcher.comparators == (std::uint64_t(k * k - k + 4) * n) / 4 - 1);
    CHECK(batcher.comparators == batcher_comparators_pow2(k));
    CHECK(batcher.depth == k * (k + 1) / 2);
    const NetworkFacts bitonic = facts("bitonic", n);
    CHECK(bitonic.comparators == std::uint64_t(n) / 2 * k * (k + 1) / 2);
    CHECK(bitonic.comparators == bitonic_comparators_pow2(k));
    CHECK(bitonic.depth == k * (k + 1) / 2);
    CHECK(bitonic.steps == k * (k + 1) / 2);
  }
  CHECK(facts("batcher", 8).comparators == 19);
  CHECK(facts("bitonic", 8).comparators == 24);
  CHECK(facts("batcher", 16).comparators == 63);
  CHECK(facts("bitonic", 16).comparators == 80);
  CHECK(facts("batcher", 32).comparators == 191);
  CHECK(facts("bitonic", 32).comparators == 240);
}

TEST_CASE("network facts: every n from 2 to 32 against closed forms or a count of the index math",
          "[network][facts]") {
  for (std::uint32_t n = 2; n <= 32; ++n) {
    INFO("n = " << n);
    const NetworkFacts transposition = facts("transposition", n);
    CHECK(transposition.comparators == std::uint64_t(n) * (n - 1) / 2);
    CHECK(transposition.comparators == transposition_comparators(n));
    CHECK(transposition.depth == transposition_depth(n));
    CHECK(transposition.depth == (n == 2 ? 1u : n));

    const auto [batcher_count, batcher_depth] =
        header_count<gpu::BatcherLayer>(n, &gpu::batcher_comparator_runs, &batcher_layer);
    const NetworkFacts batcher = facts("batcher", n);
    CHECK(batcher.comparators == batcher_count);
    CHECK(batcher.depth == batcher_depth);
    const auto [bitonic_count, bitonic_depth] =
        header_count<gpu::BitonicLayer>(n, &gpu::bitonic_comparator_runs, &bitonic_layer);
    const NetworkFacts bitonic = facts("bitonic", n);
    CHECK(bitonic.comparators == bitonic_count);
    CHECK(bitonic.depth == bitonic_depth);

    // Padding only removes comparators from the network of the next power of two.
    const auto k = std::uint32_t(std::countr_zero(std::bit_ceil(n)));
    CHECK(batcher.comparators <= batcher_comparators_pow2(k));
    CHECK(bitonic.comparators <= bitonic_comparators_pow2(k));
    CHECK(batcher.depth <= batcher_depth_pow2(k));
    // No network beats the proven lower bounds of the literature.
    if (const auto best = best_known_network(n)) {
      CHECK(batcher.comparators >= best->size_lower);
      CHECK(bitonic.comparators >= best->size_lower);
      CHECK(transposition.comparators >= best->size_lower);
      CHECK(batcher.depth >= best->depth_lower);
      CHECK(bitonic.depth >= best->depth_lower);
      CHECK(batcher.comparators >= best->size);  // Batcher's is no smaller than the best known
    }
  }
}

TEST_CASE("network facts: best known table is consistent and cites optimal values",
          "[network][facts]") {
  CHECK_FALSE(best_known_network(0).has_value());
  CHECK_FALSE(best_known_network(k_best_known_max_n + 1).has_value());
  for (std::uint32_t n = 2; n <= k_best_known_max_n; ++n) {
    const auto best = best_known_network(n);
    const auto smaller = best_known_network(n - 1);
    REQUIRE(best.has_value());
    INFO("n = " << n);
    CHECK(best->size_lower <= best->size);
    CHECK(best->depth_lower <= best->depth);
    CHECK(best->size >= smaller->size);  // removing a wire never needs more comparators
    CHECK(best->depth >= smaller->depth);
    CHECK(best->size_lower >= smaller->size_lower);
    CHECK(best->depth_lower >= smaller->depth_lower);
    CHECK(best->size_optimal() == (n <= 12));
    CHECK(best->depth_optimal() == (n <= 17));
  }
  CHECK(best_known_network(8)->size == 19);
  CHECK(best_known_network(8)->depth == 6);
  CHECK(best_known_network(9)->size == 25);
  CHECK(best_known_network(10)->size == 29);
  CHECK(best_known_network(10)->depth == 7);
  CHECK(best_known_network(16)->size == 60);
  CHECK(best_known_network(16)->depth == 9);
  CHECK(best_known_network(11)->one_network);
  CHECK_FALSE(best_known_network(10)->one_network);
  CHECK_FALSE(best_known_network(12)->one_network);
  CHECK(best_known_network(24)->size == 120);
  CHECK(best_known_network(24)->depth == 12);
  CHECK(best_known_network(28)->depth == 13);
  // Batcher's odd-even merge of two best 16-sorters: 60 + 60 + 65 comparators in 9 + 5 layers.
  CHECK(best_known_network(32)->size == 185);
  CHECK(best_known_network(32)->depth == 14);
  CHECK(best_known_network(32)->one_network);
}

TEST_CASE("network facts: the text line names the plan's figures, the others and the best known",
          "[network][facts]") {
  const Plan plan = make_plan("batcher", {8, KeyType::u32, false, false}, DeviceLimits{});
  CHECK(network_facts_text(plan) ==
        "batcher: 19 comparators, depth 6 · bitonic 24 / 6 · transposition 28 / 8 · best known "
        "19 / 6 (optimal)");
  SortSpec broken{8, KeyType::u32, false, false};
  broken.disabled = {{0, 0}, {5, 0}};
  const Plan edited = make_plan("bitonic", broken, DeviceLimits{});
  CHECK(network_facts_text(edited) ==
        "bitonic: 22 comparators, depth 6 (2 disabled) · batcher 19 / 6 · transposition 28 / 8 · "
        "best known 19 / 6 (optimal)");
  CHECK_THAT(network_facts_text(
                 make_plan("transposition", {13, KeyType::u32, false, false}, DeviceLimits{})),
             Catch::Contains(
                 "best known 45 / 9 (depth optimal; size >= 44 proven, not both in one network)"));
  CHECK(network_facts_short_text(
            make_plan("batcher", {24, KeyType::u32, false, false}, DeviceLimits{})) ==
        "batcher: 132 comparators, depth 15 · best known 120 / 12 (size >= 100, depth >= 10 "
        "proven, not both in one network)");
  CHECK_THAT(network_facts_short_text(
                 make_plan("bitonic", {32, KeyType::u32, false, false}, DeviceLimits{})),
             Catch::EndsWith("best known 185 / 14 (size >= 147, depth >= 10 proven)"));
  Plan radix;
  radix.algorithm = "radix4";
  radix.spec.n = 8;
  CHECK(network_facts_text(radix).empty());
  CHECK(network_facts_text(make_plan("batcher", {40, KeyType::u32, false, false}, DeviceLimits{}))
            .find("best known") == std::string::npos);
}
