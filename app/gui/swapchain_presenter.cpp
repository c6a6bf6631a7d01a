#include "gui/swapchain_presenter.hpp"

#include <algorithm>
#include <string>

#define GLFW_INCLUDE_VULKAN
#include <GLFW/glfw3.h>

#include "core/context.hpp"
#include "core/errors.hpp"

namespace ss::gui {

SwapchainPresenter::SwapchainPresenter(const Context& context, const Window& window,
                                       render::UiStyle style)
    : context_(context), window_(window), frame_(context) {
  VkSurfaceKHR raw = VK_NULL_HANDLE;
  if (glfwCreateWindowSurface(*context.instance(), window.handle(), nullptr, &raw) != VK_SUCCESS)
    throw SetupError("cannot create a Vulkan surface for the window");
  surface_ = vk::raii::SurfaceKHR(context.instance(), raw);
  if (!context.physical_device().getSurfaceSupportKHR(context.queue_family(), *surface_)) {
    throw SetupError(context.properties().name +
                     " cannot present to this window on its compute queue; pick another device "
                     "with --device (see 'sortscope-cli list')");
  }
  const auto formats = context.physical_device().getSurfaceFormatsKHR(*surface_);
  // UNORM like the offscreen target, so the window and the PNGs show the same colours.
  format_ = formats.front().format;
  for (const auto& f : formats) {
    if (f.format == vk::Format::eB8G8R8A8Unorm || f.format == vk::Format::eR8G8B8A8Unorm) {
      format_ = f.format;
      break;
    }
  }
  const auto caps = context.physical_device().getSurfaceCapabilitiesKHR(*surface_);
  min_images_ = std::max(2u, caps.minImageCount);
  if (caps.maxImageCount != 0) min_images_ = std::min(min_images_, caps.maxImageCount);
  renderer_ = std::make_unique<render::FrameRenderer>(
      context, format_, vk::ImageLayout::ePresentSrcKHR, std::max(min_images_, 2u), style);
  const auto& device = context.device();
  image_ready_ = vk::raii::Semaphore(device, vk::SemaphoreCreateInfo());
  platform_ = std::make_unique<GlfwImGui>(window.handle());
  create_swapchain();
}

SwapchainPresenter::~SwapchainPresenter() {
  context_.wait_idle_noexcept();
}

void SwapchainPresenter::new_frame(double) {
  renderer_->imgui().new_frame();
  platform_->new_frame();  // measures its own time step
}

void SwapchainPresenter::create_swapchain() {
  const auto& device = context_.device();
  device.waitIdle();
  const auto caps = context_.physical_device().getSurfaceCapabilitiesKHR(*surface_);
  int width = 0, height = 0;
  glfwGetFramebufferSize(window_.handle(), &width, &height);
  extent_ = caps.currentExtent;
  if (extent_.width == UINT32_MAX) {
    extent_.width = std::clamp<std::uint32_t>(std::uint32_t(width), caps.minImageExtent.width,
                                              caps.maxImageExtent.width);
    extent_.height = std::clamp<std::uint32_t>(std::uint32_t(height), caps.minImageExtent.height,
                                               caps.maxImageExtent.height);
  }
  needs_recreate_ = false;
  framebuffers_.clear();
  views_.clear();
  if (extent_.width == 0 || extent_.height == 0) return;  // minimised: nothing to draw into

  vk::ImageUsageFlags usage = vk::ImageUsageFlagBits::eColorAttachment;
  if (caps.supportedUsageFlags & vk::ImageUsageFlagBits::eTransferSrc)
    usage |= vk::ImageUsageFlagBits::eTransferSrc;  // for --screenshot
  vk::SwapchainCreateInfoKHR info(
      {}, *surface_, min_images_, format_, vk::ColorSpaceKHR::eSrgbNonlinear, extent_, 1, usage,
      vk::SharingMode::eExclusive, {}, caps.currentTransform,
      vk::CompositeAlphaFlagBitsKHR::eOpaque, vk::PresentModeKHR::eFifo,  // FIFO = vsync
      true, *swapchain_);
  try {
    swapchain_ = vk::raii::SwapchainKHR(device, info);
  } catch (const vk::SystemError& e) {
    // NVIDIA's driver 580 answers ErrorUnknown here on an X server without its GLX (Xvfb), the
    // case a user meets on a GPU server: say what still works there.
    throw SetupError(std::string("the GPU's driver cannot show frames on this display (") +
                     e.what() +
                     "); on a server, run the scripted session with --headless, which draws the "
                     "same frames offscreen, or render with 'sortscope-cli render'");
  }
  images_ = swapchain_.getImages();
  render_done_.clear();
  for (vk::Image image : images_) {
    views_.emplace_back(device,
                        vk::ImageViewCreateInfo({}, image, vk::ImageViewType::e2D, format_, {},
                                                {vk::ImageAspectFlagBits::eColor, 0, 1, 0, 1}));
    framebuffers_.emplace_back(
        device, vk::FramebufferCreateInfo({}, renderer_->render_pass(), *views_.back(),
                                          extent_.width, extent_.height, 1));
    render_done_.emplace_back(device, vk::SemaphoreCreateInfo());
  }
}

void SwapchainPresenter::draw_frame(render::Image* capture) {
  const auto& device = context_.device();
  int width = 0, height = 0;
  glfwGetFramebufferSize(window_.handle(), &width, &height);
  if (needs_recreate_ || std::uint32_t(width) != extent_.width ||
      std::uint32_t(height) != extent_.height)
    create_swapchain();
  if (framebuffers_.empty()) return;

  if (device.waitForFences(*frame_.done, VK_TRUE, UINT64_MAX) != vk::Result::eSuccess)
    throw std::runtime_error("waiting for the previous frame failed");
  std::uint32_t index = 0;
  try {
    const auto [result, acquired] = swapchain_.acquireNextImage(UINT64_MAX, *image_ready_);
    if (result == vk::Result::eSuboptimalKHR) needs_recreate_ = true;
    index = acquired;
  } catch (const vk::OutOfDateKHRError&) {
    needs_recreate_ = true;  // the window changed under us; draw the next frame at the new size
    return;
  }
  device.resetFences(*frame_.done);

  frame_.cmd.reset();
  frame_.cmd.begin(vk::CommandBufferBeginInfo(vk::CommandBufferUsageFlagBits::eOneTimeSubmit));
  renderer_->record(frame_.cmd, *framebuffers_[index], extent_);
  if (capture != nullptr) {
    const vk::DeviceSize bytes = vk::DeviceSize(extent_.width) * extent_.height * 4;
    if (capture_buffer_.size() < bytes)
      capture_buffer_ =
          Buffer(context_, bytes, vk::BufferUsageFlagBits::eTransferDst, MemoryKind::readback);
    const vk::ImageSubresourceRange range(vk::ImageAspectFlagBits::eColor, 0, 1, 0, 1);
    const vk::ImageMemoryBarrier to_copy(
        vk::AccessFlagBits::eColorAttachmentWrite, vk::AccessFlagBits::eTransferRead,
        vk::ImageLayout::ePresentSrcKHR, vk::ImageLayout::eTransferSrcOptimal,
        VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED, images_[index], range);
    frame_.cmd.pipelineBarrier(vk::PipelineStageFlagBits::eColorAttachmentOutput,
                               vk::PipelineStageFlagBits::eTransfer, {}, {}, {}, to_copy);
    render::record_image_to_host(frame_.cmd, images_[index], extent_, capture_buffer_);
    const vk::ImageMemoryBarrier to_present(
        vk::AccessFlagBits::eTransferRead, {}, vk::ImageLayout::eTransferSrcOptimal,
        vk::ImageLayout::ePresentSrcKHR, VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED,
        images_[index], range);
    frame_.cmd.pipelineBarrier(vk::PipelineStageFlagBits::eTransfer,
                               vk::PipelineStageFlagBits::eBottomOfPipe, {}, {}, {}, to_present);
  }
  frame_.cmd.end();
  const vk::PipelineStageFlags wait_stage = vk::PipelineStageFlagBits::eColorAttachmentOutput;
  const vk::SubmitInfo submit(*image_ready_, wait_stage, *frame_.cmd, *render_done_[index]);
  context_.queue().submit(submit, *frame_.done);
  try {
    const vk::Result result =
        context_.queue().presentKHR(vk::PresentInfoKHR(*render_done_[index], *swapchain_, index));
    if (result == vk::Result::eSuboptimalKHR) needs_recreate_ = true;
  } catch (const vk::OutOfDateKHRError&) {
    needs_recreate_ = true;
  }
  if (capture != nullptr) {
    if (device.waitForFences(*frame_.done, VK_TRUE, UINT64_MAX) != vk::Result::eSuccess)
      throw std::runtime_error("waiting for the screenshot frame failed");
    const bool bgra = format_ == vk::Format::eB8G8R8A8Unorm || format_ == vk::Format::eB8G8R8A8Srgb;
    *capture = render::read_host_image(capture_buffer_, extent_, bgra);
    // The swapchain's alpha is whatever compositing left there; a screenshot is opaque.
    for (std::size_t i = 3; i < capture->rgba.size(); i += 4) capture->rgba[i] = 255;
  }
}

}  // namespace ss::gui
