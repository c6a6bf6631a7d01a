#include "distributed/device_key_reads.hpp"

#include <cstring>
#include <vector>

#include "core/buffer.hpp"
#include "core/context.hpp"

namespace ss {

KeyArray read_keys_at(const Context& context, const Buffer& keys, const Buffer* values,
                      KeyType type, std::span<const std::uint64_t> positions) {
  KeyArray out;
  out.type = type;
  out.has_values = values != nullptr;
  if (positions.empty()) return out;
  const vk::DeviceSize key_bytes = 4u * key_words(type);
  const vk::DeviceSize count = positions.size();
  Buffer host(context, count * (key_bytes + (values ? 4 : 0)),
              vk::BufferUsageFlagBits::eTransferDst, MemoryKind::readback);
  std::vector<vk::BufferCopy> key_regions, value_regions;
  for (vk::DeviceSize i = 0; i < count; ++i) {
    key_regions.emplace_back(positions[i] * key_bytes, i * key_bytes, key_bytes);
    if (values) value_regions.emplace_back(positions[i] * 4, count * key_bytes + i * 4, 4);
  }
  context.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) {
        full_barrier(cmd);
        cmd.copyBuffer(keys.handle(), host.handle(), key_regions);
        if (values) cmd.copyBuffer(values->handle(), host.handle(), value_regions);
        cmd.pipelineBarrier(
            vk::PipelineStageFlagBits::eTransfer, vk::PipelineStageFlagBits::eHost, {},
            vk::MemoryBarrier(vk::AccessFlagBits::eTransferWrite, vk::AccessFlagBits::eHostRead),
            {}, {});
      },
      "reading " + std::to_string(count) + " keys");
  out.words.resize(count * key_words(type));
  std::memcpy(out.words.data(), host.mapped(), count * key_bytes);
  if (values) {
    out.values.resize(count);
    std::memcpy(out.values.data(), host.mapped() + count * key_bytes, count * 4);
  }
  return out;
}

}  // namespace ss
