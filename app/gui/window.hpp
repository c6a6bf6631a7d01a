#pragma once
// The GLFW window and what draws into it: surface, swapchain, one frame in flight, and the
// shared FrameRenderer (views + ImGui). Swapchain out-of-date and resizes are handled here,
// where they happen: the next frame recreates the swapchain and goes on.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "core/buffer.hpp"
#include "render/frame_renderer.hpp"
#include "render/offscreen_target.hpp"

struct GLFWwindow;

namespace ss {
class Context;
}

namespace ss::gui {

// glfwInit + a resizable window without a GL context. Throws SetupError when there is no display.
class Window {
 public:
  Window(const std::string& title, int width, int height);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  GLFWwindow* handle() const { return window_; }
  // Instance extensions Vulkan needs to present to this window system.
  static std::vector<std::string> required_instance_extensions();
  float content_scale() const;  // HiDPI: 2 on a "200%" display
  void toggle_fullscreen();

 private:
  GLFWwindow* window_ = nullptr;
  int windowed_[4] = {0, 0, 0, 0};  // x, y, width, height before going fullscreen
};

class Presenter {
 public:
  Presenter(const Context& context, const Window& window, render::UiStyle style);
  ~Presenter();

  render::FrameRenderer& renderer() { return *renderer_; }

  // Renders ImGui's current draw data (and the queued views) into the next swapchain image and
  // presents it. With `capture`, also copies that image to the host (RGBA).
  void draw_frame(render::Image* capture = nullptr);

 private:
  void create_swapchain();

  const Context& context_;
  const Window& window_;
  vk::Format format_ = vk::Format::eUndefined;
  vk::Extent2D extent_;
  std::uint32_t min_images_ = 2;
  bool needs_recreate_ = false;
  // Member order = destruction in reverse: frame objects and the swapchain before the surface.
  vk::raii::SurfaceKHR surface_ = nullptr;
  std::unique_ptr<render::FrameRenderer> renderer_;
  vk::raii::SwapchainKHR swapchain_ = nullptr;
  std::vector<vk::Image> images_;  // owned by the swapchain
  std::vector<vk::raii::ImageView> views_;
  std::vector<vk::raii::Framebuffer> framebuffers_;
  std::vector<vk::raii::Semaphore> render_done_;  // one per swapchain image
  vk::raii::Semaphore image_ready_ = nullptr;
  vk::raii::Fence frame_done_ = nullptr;
  vk::raii::CommandPool pool_ = nullptr;
  vk::raii::CommandBuffer cmd_ = nullptr;
  Buffer capture_buffer_;
};

}  // namespace ss::gui
