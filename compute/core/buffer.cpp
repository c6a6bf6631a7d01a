#include "core/buffer.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"

namespace ss {

namespace {

std::uint32_t find_memory_type(const Context& context, std::uint32_t type_bits, MemoryKind kind) {
  const auto memory = context.physical_device().getMemoryProperties();
  using F = vk::MemoryPropertyFlagBits;
  std::vector<vk::MemoryPropertyFlags> wanted;
  switch (kind) {
    case MemoryKind::device:
      wanted = {F::eDeviceLocal, {}};
      break;
    case MemoryKind::upload:
      wanted = {F::eHostVisible | F::eHostCoherent};
      break;
    case MemoryKind::readback:
      wanted = {F::eHostVisible | F::eHostCoherent | F::eHostCached,
                F::eHostVisible | F::eHostCoherent};
      break;
  }
  for (const auto& flags : wanted) {
    for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
      if ((type_bits & (1u << i)) && (memory.memoryTypes[i].propertyFlags & flags) == flags)
        return i;
    }
  }
  throw SetupError("the Vulkan device offers no suitable memory type for a buffer");
}

std::string mib(vk::DeviceSize bytes) {
  return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB";
}

}  // namespace

void full_barrier(const vk::raii::CommandBuffer& cmd) {
  using A = vk::AccessFlagBits;
  cmd.pipelineBarrier(vk::PipelineStageFlagBits::eAllCommands,
                      vk::PipelineStageFlagBits::eAllCommands, {},
                      vk::MemoryBarrier(A::eMemoryWrite, A::eMemoryRead | A::eMemoryWrite), {}, {});
}

void transfer_to_host_barrier(const vk::raii::CommandBuffer& cmd) {
  cmd.pipelineBarrier(
      vk::PipelineStageFlagBits::eTransfer, vk::PipelineStageFlagBits::eHost, {},
      vk::MemoryBarrier(vk::AccessFlagBits::eTransferWrite, vk::AccessFlagBits::eHostRead), {}, {});
}

void compute_to_host_barrier(const vk::raii::CommandBuffer& cmd) {
  cmd.pipelineBarrier(
      vk::PipelineStageFlagBits::eComputeShader, vk::PipelineStageFlagBits::eHost, {},
      vk::MemoryBarrier(vk::AccessFlagBits::eShaderWrite, vk::AccessFlagBits::eHostRead), {}, {});
}

vk::BufferUsageFlags storage_usage() {
  using U = vk::BufferUsageFlagBits;
  return U::eStorageBuffer | U::eTransferSrc | U::eTransferDst | U::eVertexBuffer;
}

Buffer::Buffer(const Context& context, vk::DeviceSize bytes, vk::BufferUsageFlags usage,
               MemoryKind kind)
    : size_(bytes) {
  // Vulkan forbids empty buffers; an empty sort still binds one.
  const vk::DeviceSize allocated = std::max<vk::DeviceSize>(bytes, 16);
  const auto& device = context.device();
  buffer_ = vk::raii::Buffer(device, vk::BufferCreateInfo({}, allocated, usage));
  const auto requirements = buffer_.getMemoryRequirements();
  if (requirements.size > context.properties().max_allocation_size) {
    throw SetupError("a buffer of " + mib(requirements.size) + " exceeds the largest allocation " +
                     context.properties().name + " allows (" +
                     mib(context.properties().max_allocation_size) + "); use a smaller n");
  }
  try {
    vk::MemoryAllocateInfo info(requirements.size,
                                find_memory_type(context, requirements.memoryTypeBits, kind));
    // GPU buffers get memory of their own (Vulkan 1.1's dedicated allocations). Without it, on an
    // H100, onesweep's passes that scatter into the second key and value buffers took 5-7% longer
    // when 2^28 pairs followed 2^24 pairs in one process (9.36-9.39 ms against 9.10-9.11, three
    // alternate runs; BENCHMARKS.md note 76).
    vk::MemoryDedicatedAllocateInfo dedicated({}, *buffer_);
    if (kind == MemoryKind::device) info.pNext = &dedicated;
    memory_ = vk::raii::DeviceMemory(device, info);
  } catch (const vk::OutOfDeviceMemoryError&) {
    throw SetupError("out of GPU memory allocating " + mib(requirements.size) + " on " +
                     context.properties().name + "; use a smaller n");
  } catch (const vk::OutOfHostMemoryError&) {
    throw SetupError("out of host memory allocating " + mib(requirements.size) +
                     "; use a smaller n");
  }
  buffer_.bindMemory(*memory_, 0);
  if (kind != MemoryKind::device) {
    mapped_ = static_cast<std::byte*>(memory_.mapMemory(0, VK_WHOLE_SIZE));
  }
}

namespace {
// Bytes one transfer submission moves: large arrays (gigabytes at 2^28 keys) go in pieces, so an
// interrupt waits for one piece (tens of milliseconds on lavapipe) and staging stays small.
constexpr vk::DeviceSize k_transfer_piece = vk::DeviceSize(64) << 20;
}  // namespace

void upload(const Context& context, const Buffer& dst, std::span<const std::byte> bytes,
            vk::DeviceSize offset) {
  if (bytes.empty()) return;
  const vk::DeviceSize piece = std::min<vk::DeviceSize>(bytes.size(), k_transfer_piece);
  Buffer staging(context, piece, vk::BufferUsageFlagBits::eTransferSrc, MemoryKind::upload);
  for (vk::DeviceSize done = 0; done < bytes.size(); done += piece) {
    if (done != 0) throw_if_interrupted();
    const vk::DeviceSize size = std::min<vk::DeviceSize>(piece, bytes.size() - done);
    std::memcpy(staging.mapped(), bytes.data() + done, size);
    context.run_commands([&](const vk::raii::CommandBuffer& cmd) {
      full_barrier(cmd);
      cmd.copyBuffer(staging.handle(), dst.handle(), vk::BufferCopy(0, offset + done, size));
    });
  }
}

void download_into(const Context& context, const Buffer& src, std::span<std::byte> out,
                   vk::DeviceSize offset) {
  const vk::DeviceSize bytes = out.size();
  if (bytes == 0) return;
  const vk::DeviceSize piece = std::min<vk::DeviceSize>(bytes, k_transfer_piece);
  Buffer staging(context, piece, vk::BufferUsageFlagBits::eTransferDst, MemoryKind::readback);
  for (vk::DeviceSize done = 0; done < bytes; done += piece) {
    if (done != 0) throw_if_interrupted();
    const vk::DeviceSize size = std::min<vk::DeviceSize>(piece, bytes - done);
    context.run_commands([&](const vk::raii::CommandBuffer& cmd) {
      full_barrier(cmd);
      cmd.copyBuffer(src.handle(), staging.handle(), vk::BufferCopy(offset + done, 0, size));
      transfer_to_host_barrier(cmd);
    });
    std::memcpy(out.data() + done, staging.mapped(), size);
  }
}

}  // namespace ss
