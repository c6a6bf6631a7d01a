#include "algorithms/batcher.hpp"

#include <bit>
#include <string>

#include "algorithms/network_plan.hpp"

namespace ss {

Plan plan_batcher(const SortSpec& spec, const DeviceLimits& limits) {
  const std::uint32_t workgroup = network_workgroup_size(limits);
  Plan plan =
      network_plan_skeleton("batcher", spec, "batcher.comp", sizeof(gpu::BatcherLayer), workgroup);
  if (spec.n < 2) return plan;

  const std::uint64_t padded = std::bit_ceil(std::uint64_t(spec.n));
  const GroupCount groups = groups_for(spec.n, workgroup, limits);
  const std::uint64_t traffic =
      std::uint64_t(spec.n) * (key_bytes(spec.key_type) + (spec.pairs ? 4u : 0u));
  std::uint32_t layer = 0;
  for (std::uint64_t merge = 2; merge <= padded; merge *= 2) {
    for (std::uint64_t stride = merge / 2; stride >= 1; stride /= 2) {
      gpu::BatcherLayer p{};
      p.n = spec.n;
      p.stride = static_cast<std::uint32_t>(stride);
      p.stride_shift = static_cast<std::uint32_t>(std::countr_zero(stride));
      p.inner_remainder = stride == merge / 2 ? 0u : 1u;
      p.inner_last_idx = static_cast<std::uint32_t>(merge / stride - 1);
      p.merge_size = static_cast<std::uint32_t>(merge);
      p.layer = layer++;
      p.groups_x = groups.x;
      Step& step = add_network_step(
          plan, "merge " + std::to_string(merge) + ", stride " + std::to_string(stride),
          push_bytes(p), groups, p);
      step.kind = "merge " + std::to_string(merge);
      // Every real key is read at most once and written at most once per layer.
      step.bytes_read = traffic;
      step.bytes_written = traffic;
    }
  }
  return plan;
}

}  // namespace ss
