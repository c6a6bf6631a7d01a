#include "algorithms/batcher.hpp"

#include <bit>
#include <string>

#include "algorithms/network_plan.hpp"

namespace ss {

Plan plan_batcher(const SortSpec& spec, const DeviceLimits& limits) {
  return merge_layers_plan<gpu::BatcherLayer>(
      "batcher", spec, limits, "batcher.comp",
      [&](std::uint32_t merge, std::uint32_t stride, std::uint32_t layer, std::uint32_t groups_x) {
        gpu::BatcherLayer p{};
        p.n = spec.n;
        p.stride = stride;
        p.stride_shift = static_cast<std::uint32_t>(std::countr_zero(stride));
        p.inner_remainder = stride == merge / 2 ? 0u : 1u;
        p.inner_last_idx = merge / stride - 1;
        p.merge_size = merge;
        p.layer = layer;
        p.groups_x = groups_x;
        return p;
      },
      [](const gpu::BatcherLayer& p) {
        return "merge " + std::to_string(p.merge_size) + ", stride " + std::to_string(p.stride);
      });
}

}  // namespace ss
