#include "algorithms/algorithm.hpp"

#include <array>
#include <string>

#include "algorithms/batcher.hpp"
#include "algorithms/batcher_fused.hpp"
#include "algorithms/bitonic.hpp"
#include "algorithms/mergesort.hpp"
#include "algorithms/network_plan.hpp"
#include "algorithms/onesweep.hpp"
#include "algorithms/radix4.hpp"
#include "algorithms/transposition.hpp"
#include "core/errors.hpp"

namespace ss {

namespace {

const std::array k_algorithms = {
    Algorithm{"batcher",
              "Batcher's odd-even mergesort: one dispatch per network layer, any n (virtual +inf "
              "padding)",
              false, true, 1ull << 31, &plan_batcher},
    Algorithm{
        "batcher-fused",
        "Batcher's odd-even mergesort, the same network with consecutive layers fused: merges "
        "up to a tile in shared memory, larger merges' layers in halo and strided windows",
        false, true, 1ull << 31, &plan_batcher_fused, "batcher"},
    Algorithm{"bitonic",
              "Batcher's bitonic sorting network: one dispatch per layer, every comparator "
              "pointing the same way (mirror, then half-cleaners), any n (virtual +inf padding)",
              false, true, 1ull << 31, &plan_bitonic},
    Algorithm{"transposition",
              "odd-even transposition sort: n passes of neighbour compare-exchange, stable", true,
              true, 1ull << 17, &plan_transposition},
    Algorithm{"mergesort",
              "Modern GPU mergesort: blocksort of NT x VT-key tiles (in-register transposition, "
              "then shared-memory merges), then per pass merge-path partitions and a merge, stable",
              true, false, 1ull << 30, &plan_mergesort},
    Algorithm{"radix4",
              "LSD radix sort, 4-bit digits: per digit a count, scan and scatter dispatch, stable",
              true, false, 1ull << 31, &plan_radix4},
    Algorithm{"onesweep",
              "OneSweep radix sort, 8-bit digits: one histogram pass, then one chained-scan pass "
              "per digit (decoupled lookback with fallback), stable; n <= 2^30 - 1",
              true, false, gpu::ONESWEEP_MAX_N, &plan_onesweep},
};

}  // namespace

std::span<const Algorithm> algorithms() {
  return k_algorithms;
}

const Algorithm* find_algorithm(std::string_view name) {
  for (const Algorithm& a : k_algorithms) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

std::string algorithm_names() {
  std::string names;
  for (const Algorithm& a : k_algorithms) {
    if (!names.empty()) names += ", ";
    names += a.name;
  }
  return names;
}

std::string network_algorithm_names() {
  std::string names;
  for (const Algorithm& a : k_algorithms) {
    if (!a.network) continue;
    if (!names.empty()) names += ", ";
    names += a.name;
  }
  return names;
}

Plan make_plan(std::string_view name, const SortSpec& spec, const DeviceLimits& limits) {
  const Algorithm* algorithm = find_algorithm(name);
  if (algorithm == nullptr) {
    throw UsageError("unknown algorithm '" + std::string(name) +
                     "'; choose one of: " + algorithm_names());
  }
  if (spec.n > algorithm->max_n) {
    throw UsageError(std::string(algorithm->name) +
                     " takes n <= " + std::to_string(algorithm->max_n) +
                     " (got n = " + std::to_string(spec.n) + ")" +
                     (algorithm->name == "transposition" ? "; it runs one dispatch per key"
                      : algorithm->name == "onesweep" ? "; its tile status words hold 30-bit counts"
                                                      : ""));
  }
  if (!spec.disabled.empty() && !algorithm->network) {
    throw UsageError("comparators can only be disabled in a network (" + network_algorithm_names() +
                     "); got " + std::string(algorithm->name));
  }
  Plan plan = algorithm->make_plan(spec, limits);
  apply_disabled_comparators(plan);
  return plan;
}

}  // namespace ss
