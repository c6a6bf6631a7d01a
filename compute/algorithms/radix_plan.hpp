#pragma once
// Pieces the radix-sort planners (radix4, onesweep) share: the ping-pong key/value buffers, the
// binding of a pass's input and output, and kernel specialization.
#include <cstdint>
#include <string>
#include <vector>

#include "plan/plan.hpp"

namespace ss {

// Buffers 0..3: keys, values, and their ping-pong partners (values are a 4-byte stub for
// keys-only sorts). Input in 0/1; with an even number of passes the result ends there too.
Plan radix_plan_skeleton(std::string algorithm, const SortSpec& spec);

// Plan buffers bound to slots 0..3 (keys in, values in, keys out, values out) in pass `pass`,
// followed by `rest` for the algorithm's own slots 4...
std::vector<std::uint32_t> radix_pass_bindings(std::uint32_t pass,
                                               const std::vector<std::uint32_t>& rest);
std::uint32_t radix_keys_after(std::uint32_t pass);    // where a pass leaves the keys
std::uint32_t radix_values_after(std::uint32_t pass);  // and the values

// The subgroup size radix kernels are built for (the device's default size, required with full
// subgroups); throws SetupError when the device cannot guarantee it or the workgroup cannot be
// made of whole subgroups.
std::uint32_t radix_subgroup_size(const DeviceLimits& limits, std::uint32_t workgroup_size,
                                  const std::string& algorithm);

struct RadixKernelParams {
  std::uint32_t workgroup_size = 256;
  std::uint32_t subgroup_size = 0;  // 0: the kernel uses no subgroup-size-dependent layout
  std::uint32_t keys_per_thread = 1;
  std::uint32_t shared_words = 1;
  std::uint32_t lookback_spins = 1;
  std::uint32_t withhold_mode = 0;
  std::uint32_t withhold_period = 0;
  std::uint32_t withhold_first = 0;
  bool partial_tiles = false;      // tile_keys < workgroup_size * keys_per_thread
  bool packed_counters = true;     // RADIX_SPEC_PACKED_COUNTERS
  std::uint32_t pairs_in = 0;      // RADIX_SPEC_PAIRS_IN (RADIX_PAIRS_*)
  std::uint32_t pairs_out = 0;     // RADIX_SPEC_PAIRS_OUT
  bool keys_in_encoded = false;    // RADIX_SPEC_KEYS_IN_ENCODED
  bool keys_out_encoded = false;   // RADIX_SPEC_KEYS_OUT_ENCODED
  bool tiles_from_counter = true;  // RADIX_SPEC_TILES_FROM_COUNTER
};

// Shared words of the ranking counters of `subgroups` subgroups for `digits` digits
// (radix_rank.glsl: RANK_WORDS).
std::uint32_t radix_rank_words(std::uint32_t subgroups, std::uint32_t digits, bool packed);

// Appends one step: `push` is both what the kernel receives and what the views read; after it
// the live keys and values are in buffers keys_after and values_after.
template <class Push>
Step& add_radix_step(Plan& plan, std::string label, std::uint32_t kernel,
                     std::vector<std::uint32_t> bindings, const Push& push, GroupCount groups,
                     std::uint32_t keys_after, std::uint32_t values_after) {
  Step step;
  step.label = std::move(label);
  step.kernel = kernel;
  step.bindings = std::move(bindings);
  step.push = push_bytes(push);
  step.groups = groups;
  step.view = push;
  step.keys_after = keys_after;
  step.values_after = values_after;
  plan.steps.push_back(std::move(step));
  return plan.steps.back();
}

// A radix kernel with every RADIX_SPEC_* constant set (ids in radix_digits.h).
KernelSpec radix_kernel(const SortSpec& spec, std::string shader, std::uint32_t push_size,
                        const RadixKernelParams& params);

}  // namespace ss
