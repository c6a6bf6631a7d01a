#include "algorithms/network_facts.hpp"

#include <array>
#include <mutex>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_plan.hpp"

namespace ss {

NetworkFacts network_facts(const Plan& plan) {
  NetworkFacts facts;
  facts.steps = plan.steps.size();
  for (const Step& step : plan.steps) {
    bool layer_runs = false;
    for (const Comparator& c : step_comparators(step)) {
      if (c.disabled) {
        ++facts.disabled;
      } else {
        ++facts.comparators;
        layer_runs = true;
      }
    }
    if (layer_runs) ++facts.depth;
  }
  return facts;
}

std::uint64_t batcher_comparators_pow2(std::uint32_t k) {
  // For k = 1 the formula's 2^(k-2) is 1/2: (1 - 1 + 4) / 2 - 1 = 1.
  if (k == 0) return 0;
  if (k == 1) return 1;
  return (std::uint64_t(k * k - k + 4) << (k - 2)) - 1;
}

std::uint64_t bitonic_comparators_pow2(std::uint32_t k) {
  // n/2 comparators in each of k(k+1)/2 layers.
  if (k == 0) return 0;
  return (std::uint64_t(k) * (k + 1) << k) / 4;
}

std::uint32_t batcher_depth_pow2(std::uint32_t k) {
  return k * (k + 1) / 2;
}

std::uint64_t transposition_comparators(std::uint32_t n) {
  return n < 2 ? 0 : std::uint64_t(n) * (n - 1) / 2;
}

std::uint32_t transposition_depth(std::uint32_t n) {
  if (n < 2) return 0;
  return n == 2 ? 1 : n;
}

namespace {

// Best known sorting networks, n = 1..17. Sizes and depths as listed by B. Dobbelaere, "Smallest
// and fastest sorting networks for a given number of inputs"
// (https://bertdobbelaere.github.io/sorting_networks.html), which gives for each n the bounds and
// their sources:
// - n <= 8: size and depth optimal, D. E. Knuth, The Art of Computer Programming vol. 3, §5.3.4.
// - n = 9, 10: size 25 and 29 proven optimal by M. Codish, L. Cruz-Filipe, M. Frank and
//   P. Schneider-Kamp, "Sorting nine inputs requires twenty-five comparisons" (JCSS 2016); depth
//   7 optimal (I. Parberry 1989; for n = 10 depth 7 needs 31 comparators, not 29).
// - n = 11, 12: size 35 and 39 proven optimal by J. Harder, "An answer to the Bose-Nelson sorting
//   problem for 11 and 12 channels" (2020); depth 8 optimal (D. Bundala and J. Závodný, "Optimal
//   sorting networks", LATA 2014; for n = 12 depth 8 needs 40 comparators).
// - n = 13..16: depth 9 optimal (Bundala and Závodný 2014); sizes 45, 51, 56, 60 (TAOCP) are
//   best known upper bounds, the proven lower bounds 43, 47, 51, 55 (Dobbelaere's table).
// - n = 17: size 71 best known (S. W. A.-H. Baddar 2009), lower bound 60; depth 10 optimal
//   (T. Ehlers, "Merging almost sorted sequences yields a 24-sorter" (IPL 2017) for the upper
//   bound; Codish, Cruz-Filipe, Ehlers, Müller and Schneider-Kamp, "Sorting networks: to the end
//   and back again" (JCSS 2019) for the lower bound).
// Size and depth may come from different networks (n = 10, 12, 13..17); the comments give the
// (size, depth) pairs Dobbelaere lists for those.
// n >= 18 is left out: the best known upper bounds there keep changing (e.g. C. Wang, "Depth-13
// sorting networks for 28 channels", 2025) and could not be checked here.
constexpr std::array<BestKnownNetwork, k_best_known_max_n + 1> k_best = {{
    {0, 0, 0, 0, true},       // n = 0 (unused)
    {0, 0, 0, 0, true},       // 1
    {1, 1, 1, 1, true},       // 2
    {3, 3, 3, 3, true},       // 3
    {5, 5, 3, 3, true},       // 4
    {9, 9, 5, 5, true},       // 5
    {12, 12, 5, 5, true},     // 6
    {16, 16, 6, 6, true},     // 7
    {19, 19, 6, 6, true},     // 8
    {25, 25, 7, 7, true},     // 9
    {29, 29, 7, 7, false},    // 10: (29, 8) and (31, 7)
    {35, 35, 8, 8, true},     // 11
    {39, 39, 8, 8, false},    // 12: (39, 9) and (40, 8)
    {45, 43, 9, 9, false},    // 13: (45, 10) and (46, 9)
    {51, 47, 9, 9, false},    // 14: (51, 10) and (52, 9)
    {56, 51, 9, 9, false},    // 15: (56, 10) and (57, 9)
    {60, 55, 9, 9, false},    // 16: (60, 10) and (61, 9)
    {71, 60, 10, 10, false},  // 17: (71, 12), (72, 11) and (74, 10)
}};

std::string figures(const NetworkFacts& f) {
  return std::to_string(f.comparators) + " / " + std::to_string(f.depth);
}

std::string best_text(const BestKnownNetwork& b) {
  std::string text = "best known " + std::to_string(b.size) + " / " + std::to_string(b.depth);
  std::string notes;
  if (b.size_optimal() && b.depth_optimal()) {
    notes = "optimal";
  } else if (b.depth_optimal()) {
    notes = "depth optimal; size >= " + std::to_string(b.size_lower) + " proven";
  }
  if (!b.one_network) notes += std::string(notes.empty() ? "" : ", ") + "not both in one network";
  return notes.empty() ? text : text + " (" + notes + ")";
}

std::string own_text(const Plan& plan) {
  const NetworkFacts own = network_facts(plan);
  std::string text = plan.algorithm + ": " + std::to_string(own.comparators) +
                     " comparators, depth " + std::to_string(own.depth);
  if (own.disabled != 0) text += " (" + std::to_string(own.disabled) + " disabled)";
  return text;
}

std::string compute_text(const Plan& plan) {
  std::string text = own_text(plan);
  SortSpec spec{plan.spec.n, KeyType::u32, false, false};
  for (const Algorithm& other : algorithms()) {
    if (!other.network || other.name == plan.algorithm || spec.n > other.max_n) continue;
    const Plan other_plan = other.make_plan(spec, DeviceLimits{});
    text += " · " + std::string(other.name) + " " + figures(network_facts(other_plan));
  }
  if (const auto best = best_known_network(plan.spec.n)) text += " · " + best_text(*best);
  return text;
}

}  // namespace

std::optional<BestKnownNetwork> best_known_network(std::uint32_t n) {
  if (n < 1 || n > k_best_known_max_n) return std::nullopt;
  return k_best[n];
}

std::string network_facts_short_text(const Plan& plan) {
  const Algorithm* algorithm = find_algorithm(plan.algorithm);
  if (algorithm == nullptr || !algorithm->network || plan.spec.n > k_facts_max_n) return {};
  std::string text = own_text(plan);
  if (const auto best = best_known_network(plan.spec.n)) text += " · " + best_text(*best);
  return text;
}

std::string network_facts_text(const Plan& plan) {
  const Algorithm* algorithm = find_algorithm(plan.algorithm);
  if (algorithm == nullptr || !algorithm->network || plan.spec.n > k_facts_max_n) return {};
  // The step panel asks every frame: keep the last answer (plans of one scenario repeat).
  static std::mutex mutex;
  static std::string last_algorithm;
  static std::uint32_t last_n = 0;
  static std::vector<DisabledComparator> last_disabled;
  static std::string last_text;
  std::lock_guard lock(mutex);
  if (last_text.empty() || last_algorithm != plan.algorithm || last_n != plan.spec.n ||
      last_disabled != plan.spec.disabled) {
    last_text = compute_text(plan);
    last_algorithm = plan.algorithm;
    last_n = plan.spec.n;
    last_disabled = plan.spec.disabled;
  }
  return last_text;
}

}  // namespace ss
