#pragma once
// Buffers with their own memory, and the copies between host and device. One allocation per
// buffer is enough here: a plan holds a handful of large buffers.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "core/interruptible_vector.hpp"

namespace ss {

class Context;

enum class MemoryKind {
  device,    // device-local; reached through staging copies
  upload,    // host-visible, written by the CPU
  readback,  // host-visible and cached, read by the CPU
};

class Buffer {
 public:
  Buffer() = default;
  // Throws SetupError when the device lacks the memory, naming the size asked for.
  Buffer(const Context& context, vk::DeviceSize bytes, vk::BufferUsageFlags usage, MemoryKind kind);

  vk::Buffer handle() const { return *buffer_; }
  vk::DeviceSize size() const { return size_; }
  std::byte* mapped() const { return mapped_; }  // null for device memory

 private:
  // The memory outlives the buffer bound to it (members die in reverse order).
  vk::raii::DeviceMemory memory_ = nullptr;
  vk::raii::Buffer buffer_ = nullptr;
  vk::DeviceSize size_ = 0;
  std::byte* mapped_ = nullptr;
};

// Usage every plan buffer gets: storage for kernels, transfer both ways for uploads, readbacks
// and the stepper's restore copies, vertex for views that draw straight from keys.
vk::BufferUsageFlags storage_usage();

// Orders everything submitted before against everything after, across submissions too: each
// batch sortscope records starts with one, so no command reads data an earlier batch still writes.
void full_barrier(const vk::raii::CommandBuffer& cmd);
// Copies (transfer) or shaders (compute) before it made visible to the host that maps the buffers
// they wrote.
void transfer_to_host_barrier(const vk::raii::CommandBuffer& cmd);
void compute_to_host_barrier(const vk::raii::CommandBuffer& cmd);

// Copies host bytes into a device buffer (through a staging buffer).
void upload(const Context& context, const Buffer& dst, std::span<const std::byte> bytes,
            vk::DeviceSize offset = 0);
// Copies src's bytes [offset, offset + out.size()) into `out`, the interrupt checked between
// pieces.
void download_into(const Context& context, const Buffer& src, std::span<std::byte> out,
                   vk::DeviceSize offset = 0);

template <class T>
void upload_words(const Context& context, const Buffer& dst, std::span<const T> items) {
  upload(context, dst, std::as_bytes(items));
}

template <class T>
std::vector<T> download_words(const Context& context, const Buffer& src, std::size_t count,
                              vk::DeviceSize offset = 0) {
  std::vector<T> out;
  resize_interruptibly(out, count);
  download_into(context, src, std::as_writable_bytes(std::span<T>(out)), offset);
  return out;
}

}  // namespace ss
