#pragma once
// The windowless side of the presenter: each frame is rendered into one offscreen image (the
// CLI's OffscreenTarget, read back for a screenshot) instead of a swapchain image, and ImGui's
// platform part (display size, framebuffer scale, time step) is set by hand, since there is no
// GLFW backend. Like the window's FIFO presentation, frames are paced at 60 a second.
#include <chrono>
#include <memory>

#include <vulkan/vulkan_raii.hpp>

#include "gui/frame_commands.hpp"
#include "gui/screen.hpp"

namespace ss::gui {

class OffscreenPresenter : public Presenter {
 public:
  OffscreenPresenter(const Context& context, vk::Extent2D extent, render::UiStyle style);
  ~OffscreenPresenter() override;

  render::FrameRenderer& renderer() override { return *renderer_; }
  void new_frame(double dt_s) override;
  void draw_frame(render::Image* capture = nullptr) override;

 private:
  // Waits until a display's refresh would have come: scripted waits on the worker (a full-speed
  // run, a race) do not draw frames as fast as the GPU, or lavapipe's CPU cores, can.
  void pace();

  const Context& context_;
  // Member order = destruction in reverse: the target, made for the renderer's render pass,
  // goes first; the command buffer before its pool.
  std::unique_ptr<render::FrameRenderer> renderer_;
  std::unique_ptr<render::OffscreenTarget> target_;
  FrameCommands frame_;
  std::chrono::steady_clock::time_point next_frame_;
};

}  // namespace ss::gui
