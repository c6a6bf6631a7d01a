#pragma once
// The catalogue of sorting algorithms. Each turns a SortSpec and device limits into a Plan.
#include <cstdint>
#include <span>
#include <string_view>

#include "plan/plan.hpp"

namespace ss {

struct Algorithm {
  std::string_view name;
  std::string_view summary;  // one line for `sortscope-cli list`
  bool stable;               // equal keys keep their input order (checked against stable_sort)
  bool network;              // a comparator network: the wire diagram applies
  // Largest n the algorithm accepts regardless of device (e.g. n dispatches for transposition).
  std::uint64_t max_n;
  Plan (*make_plan)(const SortSpec& spec, const DeviceLimits& limits);
  // Another catalogue entry whose network this one runs (batcher-fused runs batcher's), so
  // comparisons between networks list it once.
  std::string_view same_network_as = {};
};

std::span<const Algorithm> algorithms();
const Algorithm* find_algorithm(std::string_view name);
std::string algorithm_names();          // "batcher, transposition", for error messages
std::string network_algorithm_names();  // the comparator networks only

// Plans `spec` with the named algorithm after checking n against the algorithm's own limit.
// Throws UsageError for an unknown name or an n the algorithm refuses. Disabled comparators in
// the spec are applied (network plans only; others throw UsageError).
Plan make_plan(std::string_view algorithm, const SortSpec& spec, const DeviceLimits& limits);

}  // namespace ss
