#pragma once
// Size (comparators) and depth (layers) of sortscope's comparator networks, counted from the
// plans' own steps, beside the closed forms for powers of two and the best networks known from
// the literature for small n.
#include <cstdint>
#include <optional>
#include <string>

#include "plan/plan.hpp"

namespace ss {

struct NetworkFacts {
  std::uint64_t comparators = 0;  // comparators that run (disabled ones left out)
  std::uint32_t depth = 0;        // layers with at least one comparator that runs
  std::uint64_t disabled = 0;     // comparators the spec takes out
  std::size_t steps = 0;          // dispatches, empty layers of a padded network included
};

// Counts step_comparators() over the plan's steps, i.e. what the kernels execute.
NetworkFacts network_facts(const Plan& plan);

// Closed forms for n = 2^k (k >= 1), from the constructions (Knuth, TAOCP vol. 3, §5.3.4):
// Batcher's odd-even merge sort has (k^2 - k + 4) 2^(k-2) - 1 comparators, the bitonic sort
// k(k+1) 2^(k-2); both k(k+1)/2 layers. Odd-even transposition: n(n-1)/2 comparators in n
// layers, for any n >= 2 (n = 2: one comparator, but the second pass is empty, so depth 1).
std::uint64_t batcher_comparators_pow2(std::uint32_t k);
std::uint64_t bitonic_comparators_pow2(std::uint32_t k);
std::uint32_t batcher_depth_pow2(std::uint32_t k);
std::uint64_t transposition_comparators(std::uint32_t n);
std::uint32_t transposition_depth(std::uint32_t n);

// The best sorting networks known for n inputs, from the literature (see network_facts.cpp).
struct BestKnownNetwork {
  std::uint32_t size = 0;        // fewest comparators known
  std::uint32_t size_lower = 0;  // proven lower bound; == size when proven optimal
  std::uint32_t depth = 0;       // fewest layers known
  std::uint32_t depth_lower = 0;
  bool one_network = true;  // one known network has both the size and the depth
  bool size_optimal() const { return size == size_lower; }
  bool depth_optimal() const { return depth == depth_lower; }
};

// Known for 1 <= n <= k_best_known_max_n; nullopt otherwise.
inline constexpr std::uint32_t k_best_known_max_n = 32;
std::optional<BestKnownNetwork> best_known_network(std::uint32_t n);

// Largest n the facts text counts (three networks' comparators, one by one).
inline constexpr std::uint32_t k_facts_max_n = 4096;

// One line for the step text, the wire diagram and the CLI, e.g. "batcher: 19 comparators,
// depth 6 · bitonic 24 / 6 · transposition 28 / 8 · best known 19 / 6 (optimal)". The
// plan's own figures count what runs (disabled comparators named); the other networks are
// planned at the same n. Empty for plans that are not networks or n > k_facts_max_n.
std::string network_facts_text(const Plan& plan);
// The plan's own figures and the best known only, for a race where the other network's figures
// stand beside it: "batcher: 63 comparators, depth 10 · best known 60 / 10 ...".
std::string network_facts_short_text(const Plan& plan);

}  // namespace ss
