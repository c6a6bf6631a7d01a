#pragma once
// bench --stepping: what the GPU's invariant check after every step costs when stepping.
#include <cstdint>
#include <span>

#include "algorithms/algorithm.hpp"
#include "core/context.hpp"
#include "input/distributions.hpp"

namespace ss::cli {

struct SteppingCostOptions {
  Distribution distribution = Distribution::random;
  std::uint64_t seed = 1;
  bool pairs = false;
  bool descending = false;
};

// Steps each plan to its end twice with the Stepper, once without and once with the invariant
// check (and its verdict read back) after every step, and prints the wall time per step of each
// and what the check adds. Plans of more than k_stepping_max_steps steps are skipped.
void print_stepping_cost(const Context& context, std::span<const Algorithm* const> algorithms,
                         std::span<const std::uint32_t> sizes, std::span<const KeyType> types,
                         const SteppingCostOptions& options);

inline constexpr std::size_t k_stepping_max_steps = 4096;

}  // namespace ss::cli
