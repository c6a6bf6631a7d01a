#include "gui/offscreen_presenter.hpp"

#include <algorithm>
#include <stdexcept>
#include <thread>

#include <imgui.h>

#include "core/context.hpp"

namespace ss::gui {

namespace {

// A 60 Hz display's frame time, as the window's vsync would give.
constexpr std::chrono::nanoseconds k_offscreen_frame_time{1'000'000'000 / 60};

}  // namespace

OffscreenPresenter::OffscreenPresenter(const Context& context, vk::Extent2D extent,
                                       render::UiStyle style)
    : context_(context), frame_(context) {
  // The render pass leaves the image ready for the readback copy, as the CLI's renderer does;
  // two frames of ImGui buffers, as the window has with two swapchain images.
  renderer_ = std::make_unique<render::FrameRenderer>(
      context, render::OffscreenTarget::k_format, vk::ImageLayout::eTransferSrcOptimal, 2, style);
  target_ = std::make_unique<render::OffscreenTarget>(context, renderer_->render_pass(),
                                                      extent.width, extent.height);
  next_frame_ = std::chrono::steady_clock::now();
}

OffscreenPresenter::~OffscreenPresenter() {
  context_.wait_idle_noexcept();
}

void OffscreenPresenter::new_frame(double dt_s) {
  renderer_->imgui().new_frame();
  // What ImGui's GLFW backend would set: the view's size in pixels at scale 1 and the time since
  // the last frame (ImGui wants it above 0; the first frame has none, as GLFW's backend says).
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(float(target_->extent().width), float(target_->extent().height));
  io.DisplayFramebufferScale = ImVec2(1, 1);
  io.DeltaTime = dt_s > 0 ? float(dt_s) : 1.0f / 60.0f;
}

void OffscreenPresenter::draw_frame(render::Image* capture) {
  const auto& device = context_.device();
  // One frame in flight, as with the window: the last frame's commands are done before the
  // command buffer and the image are used again.
  if (device.waitForFences(*frame_.done, VK_TRUE, UINT64_MAX) != vk::Result::eSuccess)
    throw std::runtime_error("waiting for the previous frame failed");
  device.resetFences(*frame_.done);
  frame_.cmd.reset();
  frame_.cmd.begin(vk::CommandBufferBeginInfo(vk::CommandBufferUsageFlagBits::eOneTimeSubmit));
  renderer_->record(frame_.cmd, target_->framebuffer(), target_->extent());
  if (capture != nullptr) target_->record_readback(frame_.cmd);
  frame_.cmd.end();
  // Straight to the queue, as the window's frames go: frames are not the plans' submissions that
  // the context times and counts.
  context_.queue().submit(vk::SubmitInfo({}, {}, *frame_.cmd), *frame_.done);
  if (capture != nullptr) {
    if (device.waitForFences(*frame_.done, VK_TRUE, UINT64_MAX) != vk::Result::eSuccess)
      throw std::runtime_error("waiting for the screenshot frame failed");
    *capture = target_->read();
    // Opaque, as the window's screenshot is.
    for (std::size_t i = 3; i < capture->rgba.size(); i += 4) capture->rgba[i] = 255;
  }
  pace();
}

void OffscreenPresenter::pace() {
  const auto now = std::chrono::steady_clock::now();
  // A frame that took longer than the refresh is not made up for by later ones drawn faster.
  next_frame_ = std::max(next_frame_ + k_offscreen_frame_time, now);
  std::this_thread::sleep_until(next_frame_);
}

}  // namespace ss::gui
