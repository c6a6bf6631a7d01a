#include "algorithms/radix_plan.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "shaders/common/radix_digits.h"

namespace ss {

Plan radix_plan_skeleton(std::string algorithm, const SortSpec& spec) {
  Plan plan;
  plan.algorithm = std::move(algorithm);
  plan.spec = spec;
  const std::uint64_t n = spec.n;
  const std::uint64_t key_bytes_total = std::max<std::uint64_t>(n * key_bytes(spec.key_type), 4);
  const std::uint64_t value_bytes = spec.pairs ? std::max<std::uint64_t>(n * 4u, 4) : 4u;
  plan.buffers = {
      {"keys", key_bytes_total, false},
      {"values", value_bytes, false},
      {"keys (ping-pong)", key_bytes_total, false},
      {"values (ping-pong)", value_bytes, false},
  };
  plan.keys_buffer = plan.result_keys = 0;
  plan.values_buffer = plan.result_values = 1;
  plan.instrumented_constant_id = gpu::RADIX_SPEC_INSTRUMENTED;
  plan.full_speed_constant_ids = {gpu::RADIX_SPEC_PAIRS_IN, gpu::RADIX_SPEC_PAIRS_OUT,
                                  gpu::RADIX_SPEC_KEYS_IN_ENCODED, gpu::RADIX_SPEC_KEYS_OUT_ENCODED,
                                  gpu::RADIX_SPEC_TILES_FROM_COUNTER};
  return plan;
}

std::vector<std::uint32_t> radix_pass_bindings(std::uint32_t pass,
                                               const std::vector<std::uint32_t>& rest) {
  std::vector<std::uint32_t> b = pass % 2 == 0 ? std::vector<std::uint32_t>{0, 1, 2, 3}
                                               : std::vector<std::uint32_t>{2, 3, 0, 1};
  b.insert(b.end(), rest.begin(), rest.end());
  return b;
}

std::uint32_t radix_keys_after(std::uint32_t pass) {
  return pass % 2 == 0 ? 2 : 0;
}
std::uint32_t radix_values_after(std::uint32_t pass) {
  return pass % 2 == 0 ? 3 : 1;
}

std::uint32_t radix_subgroup_size(const DeviceLimits& limits, std::uint32_t workgroup_size,
                                  const std::string& algorithm) {
  const std::uint32_t s = limits.subgroup_size;
  if (!limits.subgroup_size_control) {
    throw SetupError(algorithm +
                     " needs subgroup size control with full subgroups (Vulkan 1.3 "
                     "subgroupSizeControl and computeFullSubgroups); this device lacks them");
  }
  if (s == 0 || (s & (s - 1)) != 0 || workgroup_size % s != 0) {
    throw SetupError(algorithm + " needs workgroups of " + std::to_string(workgroup_size) +
                     " invocations made of whole subgroups; the device's subgroup size is " +
                     std::to_string(s));
  }
  if (workgroup_size / s > limits.max_workgroup_subgroups) {
    throw SetupError(algorithm + " needs " + std::to_string(workgroup_size / s) +
                     " subgroups per workgroup; the device allows " +
                     std::to_string(limits.max_workgroup_subgroups));
  }
  return s;
}

KernelSpec radix_kernel(const SortSpec& spec, std::string shader, std::uint32_t push_size,
                        const RadixKernelParams& params) {
  KernelSpec kernel;
  kernel.shader = std::move(shader);
  kernel.workgroup_size = params.workgroup_size;
  kernel.bindings = gpu::RADIX_BINDING_COUNT;
  kernel.push_size = push_size;
  kernel.required_subgroup_size = params.subgroup_size;
  kernel.constants.assign(gpu::RADIX_SPEC_COUNT, 0);
  auto set = [&](std::uint32_t id, std::uint32_t value) { kernel.constants[id - 1] = value; };
  set(gpu::RADIX_SPEC_KEY_TYPE, static_cast<std::uint32_t>(spec.key_type));
  set(gpu::RADIX_SPEC_DESCENDING, spec.descending ? 1 : 0);
  set(gpu::RADIX_SPEC_HAS_VALUES, spec.pairs ? 1 : 0);
  set(gpu::RADIX_SPEC_INSTRUMENTED, 0);
  // Kernels without a subgroup layout still size their (unused) per-subgroup array by it.
  set(gpu::RADIX_SPEC_SUBGROUP_SIZE,
      params.subgroup_size != 0 ? params.subgroup_size : params.workgroup_size);
  set(gpu::RADIX_SPEC_KEYS_PER_THREAD, params.keys_per_thread);
  set(gpu::RADIX_SPEC_SHARED_WORDS, params.shared_words);
  set(gpu::RADIX_SPEC_LOOKBACK_SPINS, params.lookback_spins);
  set(gpu::RADIX_SPEC_WITHHOLD_MODE, params.withhold_mode);
  set(gpu::RADIX_SPEC_WITHHOLD_PERIOD, params.withhold_period);
  set(gpu::RADIX_SPEC_WITHHOLD_FIRST, params.withhold_first);
  set(gpu::RADIX_SPEC_PARTIAL_TILES, params.partial_tiles ? 1 : 0);
  set(gpu::RADIX_SPEC_PACKED_COUNTERS, params.packed_counters ? 1 : 0);
  set(gpu::RADIX_SPEC_PAIRS_IN, params.pairs_in);
  set(gpu::RADIX_SPEC_PAIRS_OUT, params.pairs_out);
  set(gpu::RADIX_SPEC_KEYS_IN_ENCODED, params.keys_in_encoded ? 1 : 0);
  set(gpu::RADIX_SPEC_KEYS_OUT_ENCODED, params.keys_out_encoded ? 1 : 0);
  set(gpu::RADIX_SPEC_TILES_FROM_COUNTER, params.tiles_from_counter ? 1 : 0);
  return kernel;
}

std::uint32_t radix_rank_words(std::uint32_t subgroups, std::uint32_t digits, bool packed) {
  return subgroups * (packed ? digits / 2u : digits);
}

}  // namespace ss
