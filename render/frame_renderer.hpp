#pragma once
// One frame = one render pass: the views' GPU draws (bars) first, then Dear ImGui's draw lists
// (panels, wire diagrams, labels) on top. The window and the headless renderer both record
// frames through this class, so a PNG from the CLI shows exactly what the app shows.
#include <cstdint>
#include <memory>

#include <vulkan/vulkan_raii.hpp>

#include "render/imgui_layer.hpp"
#include "render/views/bars_view.hpp"

namespace ss::render {

class FrameRenderer {
 public:
  FrameRenderer(const Context& context, vk::Format format, vk::ImageLayout final_layout,
                std::uint32_t image_count, UiStyle style);

  vk::RenderPass render_pass() const { return *render_pass_; }
  ImGuiLayer& imgui() { return *imgui_; }
  BarsView& bars() { return *bars_; }
  // The second sort's bars in a race (render/views/race_view.hpp).
  BarsView& race_bars() { return *race_bars_; }

  // Records: a barrier making compute writes to the keys visible, the bars' pre-pass, the render
  // pass over `framebuffer`, the queued view draws, then ImGui::GetDrawData().
  void record(const vk::raii::CommandBuffer& cmd, vk::Framebuffer framebuffer, vk::Extent2D extent);
  // When set, record() resets and writes 3 timestamps into `pool`: before the bars' pre-pass,
  // after the bars' draws, after ImGui (render --time-frames).
  void time_with(vk::QueryPool pool) { timestamps_ = pool; }
  static constexpr std::uint32_t k_timestamps = 3;

 private:
  // The render pass outlives the pipelines and the ImGui backend made for it.
  vk::raii::RenderPass render_pass_ = nullptr;
  std::unique_ptr<ImGuiLayer> imgui_;
  std::unique_ptr<BarsView> bars_;
  std::unique_ptr<BarsView> race_bars_;
  vk::QueryPool timestamps_;
};

}  // namespace ss::render
