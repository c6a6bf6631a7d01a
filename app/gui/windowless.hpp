#pragma once
// No window at all (--headless): no GLFW, no display, no surface or swapchain extensions. Frames
// are drawn into an offscreen image of the view's size (gui/offscreen_presenter.hpp) and input
// comes only from the scripted actions and keys, so the app's sessions run on a GPU server whose
// driver cannot present to a virtual display.
#include <cstdint>

#include "gui/screen.hpp"

namespace ss::gui {

class Windowless : public Screen {
 public:
  // Throws UsageError when the size is out of range, before any Vulkan object is made.
  Windowless(int width, int height);

  std::vector<std::string> instance_extensions() const override { return {}; }
  std::vector<std::string> device_extensions() const override { return {}; }
  float hidpi_scale() const override { return 1.0f; }
  std::unique_ptr<Presenter> presenter(const Context& context, render::UiStyle style) override;
  bool poll_events() override { return true; }  // nothing to close
  void toggle_fullscreen() override {}          // the image keeps the size it was given

 private:
  std::uint32_t width_;
  std::uint32_t height_;
};

}  // namespace ss::gui
