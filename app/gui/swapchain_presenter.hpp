#pragma once
// The window's side of the presenter: surface, swapchain, one frame in flight, the shared
// FrameRenderer (views + ImGui) and ImGui's GLFW platform backend. Swapchain out-of-date and
// resizes are handled here, where they happen: the next frame recreates the swapchain and goes on.
#include <cstdint>
#include <memory>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "core/buffer.hpp"
#include "gui/frame_commands.hpp"
#include "gui/screen.hpp"
#include "gui/window.hpp"

namespace ss::gui {

class SwapchainPresenter : public Presenter {
 public:
  SwapchainPresenter(const Context& context, const Window& window, render::UiStyle style);
  ~SwapchainPresenter() override;

  render::FrameRenderer& renderer() override { return *renderer_; }
  void new_frame(double dt_s) override;
  // Into the next swapchain image, then presented; a capture copies that image.
  void draw_frame(render::Image* capture = nullptr) override;

 private:
  void create_swapchain();

  const Context& context_;
  const Window& window_;
  vk::Format format_ = vk::Format::eUndefined;
  vk::Extent2D extent_;
  std::uint32_t min_images_ = 2;
  bool needs_recreate_ = false;
  // Member order = destruction in reverse: frame objects and the swapchain before the surface,
  // the GLFW backend before the ImGui context the renderer owns.
  vk::raii::SurfaceKHR surface_ = nullptr;
  std::unique_ptr<render::FrameRenderer> renderer_;
  std::unique_ptr<GlfwImGui> platform_;
  vk::raii::SwapchainKHR swapchain_ = nullptr;
  std::vector<vk::Image> images_;  // owned by the swapchain
  std::vector<vk::raii::ImageView> views_;
  std::vector<vk::raii::Framebuffer> framebuffers_;
  std::vector<vk::raii::Semaphore> render_done_;  // one per swapchain image
  vk::raii::Semaphore image_ready_ = nullptr;
  FrameCommands frame_;
  Buffer capture_buffer_;
};

}  // namespace ss::gui
