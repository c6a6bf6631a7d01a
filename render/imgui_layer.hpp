#pragma once
// Dear ImGui on sortscope's VkDevice: the ImGui context, its Vulkan renderer backend bound to one
// render pass, the bundled fonts at the UI scale, and the two themes (normal and presenter). No
// window-system code: the app adds the GLFW platform backend, the headless renderer sets the
// display size itself, so both draw the very same panels.
#include <cstdint>

#include <imgui.h>
#include <vulkan/vulkan_raii.hpp>

namespace ss {
class Context;
}

namespace ss::render {

struct UiStyle {
  float scale = 1.0f;      // everything (fonts, padding, lines) scales with it
  bool presenter = false;  // high-contrast theme for projectors
  bool operator==(const UiStyle&) const = default;
};

// Colours views share with the theme, so bars and diagrams sit on the same background.
struct Palette {
  ImVec4 background;  // clear colour behind everything
  ImU32 text;
  ImU32 dim;       // wires, idle comparators, axes
  ImU32 accent;    // the current step: highlighted layer band, labels
  ImU32 swapped;   // comparators that exchanged (orange, as in the bars' marker strip)
  ImU32 compared;  // comparators of the current step that did not exchange
  ImU32 holds;     // a statement the GPU checked and found true
  ImU32 warning;   // one it found false
};
Palette palette(const UiStyle& style);

class ImGuiLayer {
 public:
  // Creates the ImGui context; `image_count` is how many frames may be in flight (>= 2).
  ImGuiLayer(const Context& context, vk::RenderPass render_pass, std::uint32_t image_count,
             UiStyle style);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  const UiStyle& style() const { return style_; }
  // Applies the theme and, when the scale changed, rebuilds the fonts at the new size (waits
  // for the device to go idle first, since the old font texture may still be in use).
  void set_style(const UiStyle& style);

  ImFont* mono() const { return mono_; }
  ImFont* large() const { return large_; }

  void new_frame();                                 // renderer part of ImGui's NewFrame
  void record(const vk::raii::CommandBuffer& cmd);  // draws ImGui::GetDrawData()

 private:
  void init_backend();
  void shutdown_backend();

  const Context& context_;
  vk::RenderPass render_pass_;
  std::uint32_t image_count_;
  UiStyle style_;
  vk::raii::DescriptorPool pool_ = nullptr;
  ImGuiContext* imgui_ = nullptr;
  ImFont* mono_ = nullptr;
  ImFont* large_ = nullptr;
  bool backend_ready_ = false;
};

}  // namespace ss::render
