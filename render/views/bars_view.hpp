#pragma once
// Bars view: one bar per key, height by key, colour by key through viridis (or, for key-value
// sorts, by the value = original index, so stability shows; or, for radix plans, by the digit of
// the pass shown, extracted in the shader with the kernels' own radix_digit). Drawn by a graphics
// pipeline that reads the GPU keys buffer directly; when there are more keys than pixel columns
// each column shows the min..max of its keys. Below the bars a marker strip shows the current
// step's comparators: light where a pair was compared, orange where the GPU swapped it.
#include <cstdint>
#include <optional>
#include <vector>

#include <imgui.h>
#include <vulkan/vulkan_raii.hpp>

#include "bars_params.h"
#include "core/buffer.hpp"
#include "render/step_state.hpp"

namespace ss::render {

// Where things land inside the view's rectangle, as fractions of its height from the bottom;
// tests measure pixels with the same numbers the shader uses.
struct BarsGeometry {
  static constexpr float k_strip = 0.06f;                 // marker strip [0, k_strip)
  static constexpr float k_bar_bottom = k_strip + 0.01f;  // bars.vert: strip + 0.01
  // A bar's height above k_bar_bottom, as a fraction of the rest, for a key at `fraction` of
  // the input's range (the smallest key keeps a sliver so it stays visible).
  static constexpr float bar_height(float fraction) {
    return gpu::BARS_MIN_HEIGHT + (1.0f - gpu::BARS_MIN_HEIGHT) * fraction;
  }
  // Gap between bars, as a fraction of a column, when each bar is at least this many pixels.
  static constexpr float k_gap = 0.2f;
  static constexpr std::uint32_t k_min_pixels_for_gap = 4;
  // Columns drawn for n keys in a view `width_px` wide.
  static std::uint32_t columns(std::uint32_t n, std::uint32_t width_px) {
    return n <= width_px ? n : width_px;
  }
};

class BarsView {
 public:
  BarsView(const Context& context, vk::RenderPass render_pass);

  // Binds the buffers of the state shown and uploads its comparator marks (once per step).
  // Waits for the device to be idle first: frames in flight still read the old descriptors.
  void update(const StepState& state);
  // During replays the keys change under the marks: hide the marks until the next update().
  void hide_marks() { has_marks_ = false; }

  // Queues the bars for this frame in a rectangle given in ImGui coordinates; `plan_colors`
  // colours them as the plan's views explain it: by the digit of the radix pass shown, or for
  // mergesort's partition and merge steps by list A or B (ignored for other plans).
  void queue(ImVec2 min, ImVec2 max, bool plan_colors = false);
  // Records the queued draws (inside the frame's render pass), then forgets them.
  void record(const vk::raii::CommandBuffer& cmd, vk::Extent2D extent, const ImVec4& background);

 private:
  struct Draw {
    vk::Rect2D rect;
    bool plan_colors = false;
  };

  const Context& context_;
  vk::raii::DescriptorSetLayout set_layout_ = nullptr;
  vk::raii::PipelineLayout layout_ = nullptr;
  vk::raii::Pipeline pipeline_ = nullptr;
  vk::raii::DescriptorPool pool_ = nullptr;
  vk::raii::DescriptorSet set_ = nullptr;
  Buffer marks_;
  std::uint32_t marks_capacity_ = 0;  // keys the marks buffer holds
  std::vector<Draw> queued_;
  // The state shown (copied, the buffers are the stepper's).
  std::uint32_t n_ = 0;
  std::uint32_t key_type_ = 0;
  bool pairs_ = false;
  bool has_marks_ = false;
  bool has_flags_ = false;
  KeyRange range_;
  std::optional<DigitPass> digits_;  // radix plans: the pass whose digit colours the bars
  // Mergesort partition and merge steps: BARS_COLOR_MERGE_* and the pass's coop and NV.
  std::uint32_t merge_mode_ = gpu::BARS_COLOR_KEY;
  std::uint32_t merge_coop_ = 0, merge_nv_ = 0;
};

}  // namespace ss::render
