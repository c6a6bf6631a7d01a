#pragma once
// The GLFW window: glfwInit, one resizable window without a GL context, its events and HiDPI
// scale, and ImGui's GLFW platform backend. Its frames go through a swapchain
// (gui/swapchain_presenter.hpp).
#include <string>
#include <vector>

#include "gui/screen.hpp"

struct GLFWwindow;

namespace ss::gui {

// Throws SetupError when there is no display.
class Window : public Screen {
 public:
  Window(const std::string& title, int width, int height);
  ~Window() override;
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  GLFWwindow* handle() const { return window_; }

  // The surface extensions of this window system, and VK_KHR_swapchain.
  std::vector<std::string> instance_extensions() const override;
  std::vector<std::string> device_extensions() const override;
  float hidpi_scale() const override;
  std::unique_ptr<Presenter> presenter(const Context& context, render::UiStyle style) override;
  bool poll_events() override;
  void toggle_fullscreen() override;

 private:
  GLFWwindow* window_ = nullptr;
  int windowed_[4] = {0, 0, 0, 0};  // x, y, width, height before going fullscreen
};

// ImGui's GLFW platform backend (display size, time, mouse) with the key queue
// (gui/key_queue.hpp) on top, for the ImGui context current when made; shut down before that
// context goes.
class GlfwImGui {
 public:
  explicit GlfwImGui(GLFWwindow* window);
  ~GlfwImGui();
  GlfwImGui(const GlfwImGui&) = delete;
  GlfwImGui& operator=(const GlfwImGui&) = delete;

  void new_frame();  // the platform part of ImGui's NewFrame
};

}  // namespace ss::gui
