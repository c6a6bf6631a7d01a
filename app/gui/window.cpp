#include "gui/window.hpp"

#include <algorithm>

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <vulkan/vulkan.h>

#include "core/errors.hpp"
#include "gui/key_queue.hpp"
#include "gui/swapchain_presenter.hpp"
#include "platform/graphics_driver.hpp"

namespace ss::gui {

Window::Window(const std::string& title, int width, int height) {
  if (glfwInit() != GLFW_TRUE) {
    throw SetupError(
        "cannot open a window: GLFW found no display (is DISPLAY set? on a server run the "
        "scripted session with --headless, or render offscreen with 'sortscope-cli render')");
  }
  if (glfwVulkanSupported() != GLFW_TRUE) {
    glfwTerminate();
    throw SetupError("GLFW finds no Vulkan loader; " + ss::platform::vulkan_driver_advice());
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (window_ == nullptr) {
    glfwTerminate();
    throw SetupError("GLFW could not create a window");
  }
}

Window::~Window() {
  glfwDestroyWindow(window_);
  glfwTerminate();
}

std::vector<std::string> Window::instance_extensions() const {
  std::uint32_t count = 0;
  const char** names = glfwGetRequiredInstanceExtensions(&count);
  if (names == nullptr)
    throw SetupError("GLFW reports no Vulkan surface support for this window system");
  return std::vector<std::string>(names, names + count);
}

std::vector<std::string> Window::device_extensions() const {
  return {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
}

float Window::hidpi_scale() const {
  // X11 reports a content scale with framebuffer = window pixels, so fonts grow by it; where the
  // framebuffer itself is scaled (Wayland, macOS) ImGui's coordinates already are.
  int window_w = 0, window_h = 0, framebuffer_w = 0, framebuffer_h = 0;
  glfwGetWindowSize(window_, &window_w, &window_h);
  glfwGetFramebufferSize(window_, &framebuffer_w, &framebuffer_h);
  const float framebuffer_scale = window_w > 0 ? float(framebuffer_w) / float(window_w) : 1.0f;
  float x = 1, y = 1;
  glfwGetWindowContentScale(window_, &x, &y);
  const float content_scale = std::max(1.0f, std::max(x, y));
  return std::max(1.0f, content_scale / std::max(framebuffer_scale, 1.0f));
}

std::unique_ptr<Presenter> Window::presenter(const Context& context, render::UiStyle style) {
  return std::make_unique<SwapchainPresenter>(context, *this, style);
}

bool Window::poll_events() {
  glfwPollEvents();
  return glfwWindowShouldClose(window_) == GLFW_FALSE;
}

void Window::toggle_fullscreen() {
  if (GLFWmonitor* monitor = glfwGetWindowMonitor(window_)) {
    (void)monitor;
    glfwSetWindowMonitor(window_, nullptr, windowed_[0], windowed_[1], windowed_[2], windowed_[3],
                         GLFW_DONT_CARE);
    return;
  }
  glfwGetWindowPos(window_, &windowed_[0], &windowed_[1]);
  glfwGetWindowSize(window_, &windowed_[2], &windowed_[3]);
  GLFWmonitor* primary = glfwGetPrimaryMonitor();
  if (primary == nullptr) return;
  const GLFWvidmode* mode = glfwGetVideoMode(primary);
  glfwSetWindowMonitor(window_, primary, 0, 0, mode->width, mode->height, mode->refreshRate);
}

GlfwImGui::GlfwImGui(GLFWwindow* window) {
  ImGui_ImplGlfw_InitForVulkan(window, true);
  // After the backend's callbacks: the queue's forwards to them. The backend's shutdown puts
  // back the callback it found (none), so each connection to the GPU installs the queue again.
  install_key_queue(window);
}

GlfwImGui::~GlfwImGui() {
  ImGui_ImplGlfw_Shutdown();
}

void GlfwImGui::new_frame() {
  ImGui_ImplGlfw_NewFrame();
}

}  // namespace ss::gui
