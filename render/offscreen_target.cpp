#include "render/offscreen_target.hpp"

#include <cstring>
#include <utility>

#include <stb_image_write.h>

#include "core/atomic_file.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "platform/utf8_paths.hpp"

namespace ss::render {

void write_png(const Image& image, const std::string& path) {
  std::string png;
  const auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), std::size_t(size));
  };
  const int ok = stbi_write_png_to_func(append, &png, static_cast<int>(image.width),
                                        static_cast<int>(image.height), 4, image.rgba.data(),
                                        static_cast<int>(image.width * 4));
  if (ok == 0) throw UsageError("cannot encode the PNG image for '" + path + "'");
  write_file_atomically(platform::path_from_utf8(path), png);
}

vk::raii::RenderPass make_render_pass(const vk::raii::Device& device, vk::Format format,
                                      vk::ImageLayout final_layout) {
  const vk::AttachmentDescription color(
      {}, format, vk::SampleCountFlagBits::e1, vk::AttachmentLoadOp::eClear,
      vk::AttachmentStoreOp::eStore, vk::AttachmentLoadOp::eDontCare,
      vk::AttachmentStoreOp::eDontCare, vk::ImageLayout::eUndefined, final_layout);
  const vk::AttachmentReference ref(0, vk::ImageLayout::eColorAttachmentOptimal);
  const vk::SubpassDescription subpass({}, vk::PipelineBindPoint::eGraphics, {}, ref);
  // Waits for earlier work on the image (a presented frame, a readback copy) before writing it,
  // and makes the writes available to the copy that may follow.
  const std::array<vk::SubpassDependency, 2> dependencies = {
      vk::SubpassDependency(
          VK_SUBPASS_EXTERNAL, 0,
          vk::PipelineStageFlagBits::eColorAttachmentOutput | vk::PipelineStageFlagBits::eTransfer,
          vk::PipelineStageFlagBits::eColorAttachmentOutput, vk::AccessFlagBits::eTransferRead,
          vk::AccessFlagBits::eColorAttachmentWrite),
      vk::SubpassDependency(
          0, VK_SUBPASS_EXTERNAL, vk::PipelineStageFlagBits::eColorAttachmentOutput,
          vk::PipelineStageFlagBits::eTransfer, vk::AccessFlagBits::eColorAttachmentWrite,
          vk::AccessFlagBits::eTransferRead)};
  return vk::raii::RenderPass(device, vk::RenderPassCreateInfo({}, color, subpass, dependencies));
}

OffscreenTarget::OffscreenTarget(const Context& context, vk::RenderPass render_pass,
                                 std::uint32_t width, std::uint32_t height)
    : extent_(width, height) {
  if (width == 0 || height == 0 || width > 16384 || height > 16384) {
    throw UsageError("image size " + std::to_string(width) + "x" + std::to_string(height) +
                     " is out of range (1 to 16384 pixels each way)");
  }
  const auto& device = context.device();
  image_ = vk::raii::Image(
      device, vk::ImageCreateInfo(
                  {}, vk::ImageType::e2D, k_format, vk::Extent3D(width, height, 1), 1, 1,
                  vk::SampleCountFlagBits::e1, vk::ImageTiling::eOptimal,
                  vk::ImageUsageFlagBits::eColorAttachment | vk::ImageUsageFlagBits::eTransferSrc));
  const auto requirements = image_.getMemoryRequirements();
  const auto memory = context.physical_device().getMemoryProperties();
  std::uint32_t type = UINT32_MAX;
  for (std::uint32_t i = 0; i < memory.memoryTypeCount && type == UINT32_MAX; ++i) {
    if ((requirements.memoryTypeBits & (1u << i)) &&
        (memory.memoryTypes[i].propertyFlags & vk::MemoryPropertyFlagBits::eDeviceLocal))
      type = i;
  }
  if (type == UINT32_MAX)
    throw SetupError("no device-local memory for an image on " + context.properties().name);
  memory_ = vk::raii::DeviceMemory(device, vk::MemoryAllocateInfo(requirements.size, type));
  image_.bindMemory(*memory_, 0);
  view_ = vk::raii::ImageView(
      device, vk::ImageViewCreateInfo({}, *image_, vk::ImageViewType::e2D, k_format, {},
                                      {vk::ImageAspectFlagBits::eColor, 0, 1, 0, 1}));
  framebuffer_ = vk::raii::Framebuffer(
      device, vk::FramebufferCreateInfo({}, render_pass, *view_, width, height, 1));
  readback_ = Buffer(context, vk::DeviceSize(width) * height * 4,
                     vk::BufferUsageFlagBits::eTransferDst, MemoryKind::readback);
}

void OffscreenTarget::record_readback(const vk::raii::CommandBuffer& cmd) const {
  record_image_to_host(cmd, *image_, extent_, readback_);
}

Image OffscreenTarget::read() const {
  return read_host_image(readback_, extent_, false);
}

void record_image_to_host(const vk::raii::CommandBuffer& cmd, vk::Image image, vk::Extent2D extent,
                          const Buffer& buffer) {
  const vk::BufferImageCopy region(0, 0, 0, {vk::ImageAspectFlagBits::eColor, 0, 0, 1}, {0, 0, 0},
                                   vk::Extent3D(extent.width, extent.height, 1));
  cmd.copyImageToBuffer(image, vk::ImageLayout::eTransferSrcOptimal, buffer.handle(), region);
  transfer_to_host_barrier(cmd);
}

Image read_host_image(const Buffer& buffer, vk::Extent2D extent, bool bgra) {
  Image image;
  image.width = extent.width;
  image.height = extent.height;
  image.rgba.resize(std::size_t(image.width) * image.height * 4);
  std::memcpy(image.rgba.data(), buffer.mapped(), image.rgba.size());
  if (bgra) {
    for (std::size_t i = 0; i < image.rgba.size(); i += 4)
      std::swap(image.rgba[i], image.rgba[i + 2]);
  }
  return image;
}

}  // namespace ss::render
