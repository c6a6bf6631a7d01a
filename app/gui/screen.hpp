#pragma once
// Where the app's frames go, chosen once in main.cpp: a GLFW window on a display (gui/window.hpp,
// frames presented through a swapchain) or no window at all (gui/windowless.hpp, frames drawn
// into an offscreen image, for scripted sessions on a GPU server without a display). The App,
// panels, views and ImGui frames are the same either way; only the Vulkan extensions, ImGui's
// platform part (display size, time, input) and where a finished frame goes differ.
#include <memory>
#include <string>
#include <vector>

#include "render/frame_renderer.hpp"
#include "render/offscreen_target.hpp"

namespace ss {
class Context;
}

namespace ss::gui {

// The frames of one connection to the GPU: the FrameRenderer (views + ImGui) and what its
// frames are drawn into. Made again, with the Context, after a lost device.
class Presenter {
 public:
  virtual ~Presenter() = default;

  virtual render::FrameRenderer& renderer() = 0;
  // Starts ImGui's frame before ImGui::NewFrame: the renderer's part, then the platform's
  // (display size, framebuffer scale, time step `dt_s` in seconds, input).
  virtual void new_frame(double dt_s) = 0;
  // Renders ImGui's current draw data (and the queued views) and shows it. With `capture`, also
  // copies the frame to the host (RGBA, opaque).
  virtual void draw_frame(render::Image* capture = nullptr) = 0;
};

// The window, or its absence: lives as long as the process, across lost devices.
class Screen {
 public:
  virtual ~Screen() = default;

  // What the Vulkan instance and device must enable to show frames here.
  virtual std::vector<std::string> instance_extensions() const = 0;
  virtual std::vector<std::string> device_extensions() const = 0;
  // The HiDPI factor the UI scale is multiplied by (2 on a "200%" display).
  virtual float hidpi_scale() const = 0;
  // The presenter of one connection to the GPU.
  virtual std::unique_ptr<Presenter> presenter(const Context& context, render::UiStyle style) = 0;
  // Handles the window system's events; false once the user asked to close the window.
  virtual bool poll_events() = 0;
  virtual void toggle_fullscreen() = 0;
};

}  // namespace ss::gui
