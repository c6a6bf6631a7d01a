#pragma once
// A colour image to render into without a window (GPU servers, lavapipe in CI), read back as
// RGBA8 pixels and written as PNG.
#include <cstdint>
#include <string>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "core/buffer.hpp"

namespace ss {
class Context;
}

namespace ss::render {

struct Image {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint8_t> rgba;  // row-major, 4 bytes per pixel

  // The pixel at (x, y) as 0xRRGGBB.
  std::uint32_t rgb(std::uint32_t x, std::uint32_t y) const {
    const std::uint8_t* p = &rgba[(std::size_t(y) * width + x) * 4];
    return (std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2];
  }
};

// Throws UsageError naming the path when it cannot be written.
void write_png(const Image& image, const std::string& path);

// Render pass with one colour attachment, cleared at the start, left in `final_layout`.
vk::raii::RenderPass make_render_pass(const vk::raii::Device& device, vk::Format format,
                                      vk::ImageLayout final_layout);

class OffscreenTarget {
 public:
  static constexpr vk::Format k_format = vk::Format::eR8G8B8A8Unorm;

  OffscreenTarget(const Context& context, vk::RenderPass render_pass, std::uint32_t width,
                  std::uint32_t height);

  vk::Framebuffer framebuffer() const { return *framebuffer_; }
  vk::Extent2D extent() const { return extent_; }
  vk::Image image() const { return *image_; }

  // After the render pass (which leaves the image in TRANSFER_SRC_OPTIMAL): copy to the host.
  void record_readback(const vk::raii::CommandBuffer& cmd) const;
  Image read() const;  // after the commands recorded by record_readback completed

 private:
  vk::Extent2D extent_;
  // The memory outlives the image bound to it, the image its view and framebuffer.
  vk::raii::DeviceMemory memory_ = nullptr;
  vk::raii::Image image_ = nullptr;
  vk::raii::ImageView view_ = nullptr;
  vk::raii::Framebuffer framebuffer_ = nullptr;
  Buffer readback_;
};

// Copies a colour image of `extent`, already in TRANSFER_SRC_OPTIMAL, into a host-readable
// buffer and makes the copy visible to the host once the commands complete. Shared by the
// offscreen target and the window's screenshot.
void record_image_to_host(const vk::raii::CommandBuffer& cmd, vk::Image image, vk::Extent2D extent,
                          const Buffer& buffer);
// The pixels record_image_to_host left in `buffer`, as RGBA (B and R swapped back when the image
// was BGRA).
Image read_host_image(const Buffer& buffer, vk::Extent2D extent, bool bgra);

}  // namespace ss::render
