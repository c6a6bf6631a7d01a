#include "distributed/device_key_reads.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "core/buffer.hpp"
#include "core/context.hpp"
#include "core/kernel.hpp"
#include "distributed/kernel_bindings.hpp"
#include "plan/device_limits.hpp"
#include "plan/plan.hpp"
#include "shaders/common/sample_sort.h"

namespace ss {

KeyArray read_keys_at(const Context& context, const Buffer& keys, const Buffer* values,
                      KeyType type, std::span<const std::uint64_t> positions) {
  KeyArray out;
  out.type = type;
  out.has_values = values != nullptr;
  if (positions.empty()) return out;
  const auto count = static_cast<std::uint32_t>(positions.size());
  const std::uint32_t words = key_words(type);
  std::vector<std::uint32_t> narrow;
  for (std::uint64_t p : positions) {
    if (p > 0xffffffffull) throw std::invalid_argument("read_keys_at: a position beyond 2^32");
    narrow.push_back(static_cast<std::uint32_t>(p));
  }
  KernelSpec spec;
  spec.shader = "gather_keys.comp";
  spec.workgroup_size = std::min(64u, context.properties().max_workgroup_invocations);
  spec.bindings = gpu::GATHER_KEYS_BINDING_COUNT;
  spec.push_size = sizeof(gpu::GatherKeys);
  const Kernel& kernel = context.kernel(spec);

  const vk::BufferUsageFlags usage = storage_usage();
  Buffer where(context, 4u * count, usage, MemoryKind::upload);
  std::memcpy(where.mapped(), narrow.data(), 4u * count);
  Buffer out_keys(context, 4u * words * count, usage, MemoryKind::readback);
  Buffer out_values(context, values ? 4u * count : 16u, usage, MemoryKind::readback);
  const Buffer& in_values = values ? *values : out_values;  // bound but unread without pairs
  const KernelBindings bindings(context, kernel,
                                {{&keys, &in_values, &where, &out_keys, &out_values}});
  const GroupCount groups =
      groups_for(count, spec.workgroup_size, DeviceLimits::from(context.properties()));
  const gpu::GatherKeys push{count, words, values ? 1u : 0u, groups.x};
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
      "reading " + std::to_string(count) + " keys at given positions");
  out.words.resize(std::size_t(count) * words);
  std::memcpy(out.words.data(), out_keys.mapped(), 4u * words * count);
  if (values) {
    out.values.resize(count);
    std::memcpy(out.values.data(), out_values.mapped(), 4u * count);
  }
  return out;
}

}  // namespace ss
