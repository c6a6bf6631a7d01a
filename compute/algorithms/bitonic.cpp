#include "algorithms/bitonic.hpp"

#include <bit>
#include <string>

#include "algorithms/network_plan.hpp"

namespace ss {

Plan plan_bitonic(const SortSpec& spec, const DeviceLimits& limits) {
  const std::uint32_t workgroup = network_workgroup_size(limits);
  Plan plan =
      network_plan_skeleton("bitonic", spec, "bitonic.comp", sizeof(gpu::BitonicLayer), workgroup);
  if (spec.n < 2) return plan;

  const std::uint64_t padded = std::bit_ceil(std::uint64_t(spec.n));
  const GroupCount groups = groups_for(spec.n, workgroup, limits);
  const std::uint64_t traffic =
      std::uint64_t(spec.n) * (key_bytes(spec.key_type) + (spec.pairs ? 4u : 0u));
  std::uint32_t layer = 0;
  for (std::uint64_t merge = 2; merge <= padded; merge *= 2) {
    for (std::uint64_t stride = merge / 2; stride >= 1; stride /= 2) {
      gpu::BitonicLayer p{};
      p.n = spec.n;
      p.merge_size = static_cast<std::uint32_t>(merge);
      p.stride = static_cast<std::uint32_t>(stride);
      p.mirror = stride == merge / 2 ? 1u : 0u;
      p.layer = layer++;
      p.groups_x = groups.x;
      const std::string what =
          p.mirror ? std::string("mirror") : "stride " + std::to_string(stride);
      Step& step = add_network_step(plan, "merge " + std::to_string(merge) + ", " + what,
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
