#include "distributed/gpu_splitter_search.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "core/buffer.hpp"
#include "core/context.hpp"
#include "core/kernel.hpp"
#include "distributed/kernel_bindings.hpp"
#include "plan/device_limits.hpp"
#include "plan/plan.hpp"
#include "shaders/common/sample_sort.h"

namespace ss {

std::vector<SplitterBounds> find_splitters(const Context& context, const Buffer& sorted_keys,
                                           std::uint32_t n, KeyType type, bool descending,
                                           std::span<const std::uint64_t> splitters) {
  std::vector<SplitterBounds> bounds(splitters.size());
  if (splitters.empty()) return bounds;
  KernelSpec spec;
  spec.shader = "splitter_search.comp";
  spec.workgroup_size = std::min(64u, context.properties().max_workgroup_invocations);
  spec.bindings = gpu::SPLITTER_SEARCH_BINDING_COUNT;
  spec.push_size = sizeof(gpu::SplitterSearch);
  const Kernel& kernel = context.kernel(spec);

  const auto count = static_cast<std::uint32_t>(splitters.size());
  Buffer words(context, 8u * count, storage_usage(), MemoryKind::upload);
  for (std::uint32_t s = 0; s < count; ++s) {
    const std::uint32_t hi_lo[2] = {static_cast<std::uint32_t>(splitters[s] >> 32),
                                    static_cast<std::uint32_t>(splitters[s])};
    std::memcpy(words.mapped() + 8u * s, hi_lo, 8);
  }
  Buffer found(context, 8u * count, storage_usage(), MemoryKind::readback);
  const KernelBindings bindings(context, kernel, {{&sorted_keys, &words, &found}});

  gpu::SplitterSearch push{n, count, static_cast<std::uint32_t>(type), descending ? 1u : 0u};
  const GroupCount groups =
      groups_for(count, spec.workgroup_size, DeviceLimits::from(context.properties()));
  context.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) {
        full_barrier(cmd);
        bindings.bind(cmd, 0);
        (*cmd).pushConstants(kernel.layout(), vk::ShaderStageFlagBits::eCompute, 0, sizeof(push),
                             &push);
        cmd.dispatch(groups.x, groups.y, groups.z);
        cmd.pipelineBarrier(
            vk::PipelineStageFlagBits::eComputeShader, vk::PipelineStageFlagBits::eHost, {},
            vk::MemoryBarrier(vk::AccessFlagBits::eShaderWrite, vk::AccessFlagBits::eHostRead), {},
            {});
      },
      "the splitters' search in the sorted keys");
  for (std::uint32_t s = 0; s < count; ++s) {
    std::uint32_t pair[2];
    std::memcpy(pair, found.mapped() + 8u * s, 8);
    bounds[s] = {pair[0], pair[1]};
  }
  return bounds;
}

}  // namespace ss
