#include "algorithms/network_facts.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <vector>

#include "algorithms/algorithm.hpp"
#include "algorithms/network_plan.hpp"

namespace ss {

NetworkFacts network_facts(const Plan& plan) {
  NetworkFacts facts;
  facts.steps = plan.steps.size();
  // Depth counts layers, not steps: a fused step (batcher-fused) runs several layers.
  std::vector<bool> layer_runs(network_layer_count(plan), false);
  for (const Step& step : plan.steps) {
    for (const Comparator& c : step_comparators(step)) {
      if (c.disabled) {
        ++facts.disabled;
      } else {
        ++facts.comparators;
        layer_runs.at(c.layer) = true;
      }
    }
  }
  facts.depth = static_cast<std::uint32_t>(std::count(layer_runs.begin(), layer_runs.end(), true));
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

// Best known sorting networks, n = 1..32, as listed by B. Dobbelaere, "Smallest and fastest
// sorting networks for a given number of inputs" (https://bertdobbelaere.github.io/
// sorting_networks.html, the list of 2025-11-07), which gives for each n every (size, depth)
// pair no other network beats in both, the proven bounds and their sources:
// - n <= 8: size and depth optimal, D. E. Knuth, The Art of Computer Programming vol. 3, §5.3.4.
// - n = 9, 10: size 25 and 29 proven optimal by M. Codish, L. Cruz-Filipe, M. Frank and
//   P. Schneider-Kamp, "Sorting nine inputs requires twenty-five comparisons" (JCSS 2016); depth
//   7 optimal (I. Parberry 1989; for n = 10 depth 7 needs 31 comparators, not 29).
// - n = 11, 12: size 35 and 39 proven optimal by J. Harder, "An answer to the Bose-Nelson sorting
//   problem for 11 and 12 channels" (2020); depth 8 optimal (D. Bundala and J. Závodný, "Optimal
//   sorting networks", LATA 2014; for n = 12 depth 8 needs 40 comparators).
// - n = 13..16: depth 9 optimal (Bundala and Závodný 2014); sizes 45, 51, 56, 60 (TAOCP) are
//   best known upper bounds.
// - n = 17: size 71 (S. W. A.-H. Baddar, "Finding better sorting networks", thesis, 2009); depth
//   10 optimal (T. Ehlers and M. Müller, "Faster sorting networks for 17, 19 and 20 inputs"
//   (2014) for the network; Codish, Cruz-Filipe, Ehlers, Müller and Schneider-Kamp, "Sorting
//   networks: to the end and back again" (JCSS 2016) for the lower bound).
// - n = 18..29: sizes from Dobbelaere's SorterHunter search; depths from Baddar 2009 (18, 21,
//   22), Ehlers and Müller 2014 (19, 20), T. Ehlers, "Merging almost sorted sequences yields a
//   24-sorter" (IPL 2017) (23, 24), SorterHunter (25, 26), C. Wang, "Depth-13 sorting networks
//   for 28 channels" (2025) (27, 28), and Batcher's odd-even merge of smaller networks (29).
// - n = 30..32: Batcher's odd-even merge of two smaller best networks, e.g. two 60-comparator
//   16-sorters and the 65-comparator merge for n = 32 (185 against the plain Batcher's 191).
// Lower bounds: size from Van Voorhis' argument (D. C. Van Voorhis, "Toward a lower bound for
// sorting networks", 1972) as tightened in Dobbelaere's list of 2025-04-21; depth >= 10 for all
// n >= 17, as no more inputs can need fewer layers. Above n = 17 every figure is an upper bound
// and may still fall. Size and depth may come from different networks; the comments give the
// (size, depth) pairs Dobbelaere lists where one network does not have both.
constexpr std::array<BestKnownNetwork, k_best_known_max_n + 1> k_best = {{
    {0, 0, 0, 0, true},         // n = 0 (unused)
    {0, 0, 0, 0, true},         // 1
    {1, 1, 1, 1, true},         // 2
    {3, 3, 3, 3, true},         // 3
    {5, 5, 3, 3, true},         // 4
    {9, 9, 5, 5, true},         // 5
    {12, 12, 5, 5, true},       // 6
    {16, 16, 6, 6, true},       // 7
    {19, 19, 6, 6, true},       // 8
    {25, 25, 7, 7, true},       // 9
    {29, 29, 7, 7, false},      // 10: (29, 8) and (31, 7)
    {35, 35, 8, 8, true},       // 11
    {39, 39, 8, 8, false},      // 12: (39, 9) and (40, 8)
    {45, 44, 9, 9, false},      // 13: (45, 10) and (46, 9)
    {51, 48, 9, 9, false},      // 14: (51, 10) and (52, 9)
    {56, 53, 9, 9, false},      // 15: (56, 10) and (57, 9)
    {60, 57, 9, 9, false},      // 16: (60, 10) and (61, 9)
    {71, 63, 10, 10, false},    // 17: (71, 12), (72, 11) and (74, 10)
    {77, 68, 11, 10, false},    // 18: (77, 12) and (78, 11)
    {85, 73, 11, 10, false},    // 19: (85, 12) and (87, 11)
    {91, 78, 11, 10, false},    // 20: (91, 12) and (93, 11)
    {99, 84, 12, 10, false},    // 21: (99, 15) and (100, 12)
    {106, 89, 12, 10, false},   // 22: (106, 13) and (107, 12)
    {114, 95, 12, 10, false},   // 23: (114, 14), (115, 13) and (116, 12)
    {120, 100, 12, 10, false},  // 24: (120, 13) and (122, 12)
    {130, 106, 13, 10, false},  // 25: (130, 15) and (131, 13)
    {138, 111, 13, 10, false},  // 26: (138, 15), (139, 14) and (141, 13)
    {147, 117, 13, 10, false},  // 27: (147, 16), (148, 14) and (153, 13)
    {155, 123, 13, 10, false},  // 28: (155, 14) and (159, 13)
    {164, 129, 14, 10, false},  // 29: (164, 15) and (166, 14)
    {172, 135, 14, 10, true},   // 30
    {180, 141, 14, 10, true},   // 31
    {185, 147, 14, 10, true},   // 32
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
  } else {
    notes = "size >= " + std::to_string(b.size_lower) +
            ", depth >= " + std::to_string(b.depth_lower) + " proven";
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
    if (!other.network || other.name == plan.algorithm || spec.n > other.max_n ||
        !other.same_network_as.empty())
      continue;
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
