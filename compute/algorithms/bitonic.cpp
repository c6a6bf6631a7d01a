#include "algorithms/bitonic.hpp"

#include <string>

#include "algorithms/network_plan.hpp"

namespace ss {

Plan plan_bitonic(const SortSpec& spec, const DeviceLimits& limits) {
  return merge_layers_plan<gpu::BitonicLayer>(
      "bitonic", spec, limits, "bitonic.comp",
      [&](std::uint32_t merge, std::uint32_t stride, std::uint32_t layer, std::uint32_t groups_x) {
        gpu::BitonicLayer p{};
        p.n = spec.n;
        p.merge_size = merge;
        p.stride = stride;
        p.mirror = stride == merge / 2 ? 1u : 0u;
        p.layer = layer;
        p.groups_x = groups_x;
        return p;
      },
      [](const gpu::BitonicLayer& p) {
        const std::string what =
            p.mirror != 0 ? std::string("mirror") : "stride " + std::to_string(p.stride);
        return "merge " + std::to_string(p.merge_size) + ", " + what;
      });
}

}  // namespace ss
