#pragma once
// Bars view: one bar per key, height by key, colour by key through viridis (or, for key-value
// sorts, by the value = original index, so stability shows; or, for radix plans, by the digit of
// the pass shown, extracted with the kernels' own radix_digit). With more keys than pixel columns
// it becomes a density view: x = position, y = key value, brightness = keys per pixel (log), so
// sorted runs and buckets stay visible at millions of keys; min..max bars per column remain a
// choice. Each frame a compute pre-pass (bars_columns.comp) reads the GPU keys buffer once and
// reduces it per column; the draws read only that. Below the bars a marker strip shows the
// current step's comparators: light where a pair was compared, orange where the GPU swapped it.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <imgui.h>
#include <vulkan/vulkan_raii.hpp>

#include "bars_params.h"
#include "core/buffer.hpp"
#include "render/key_window.hpp"
#include "render/step_state.hpp"

namespace ss::render {

// How the bars area draws more keys than it has pixel columns.
enum class BarsStyle {
  automatic,  // density when the keys outnumber the pixel columns, else one bar per key
  density,    // always the density view
  minmax,     // always bars (each column's min..max when it holds several keys)
};
// "auto", "density", "minmax"; parse_bars_style throws UsageError naming the choices.
std::string_view bars_style_name(BarsStyle style);
BarsStyle parse_bars_style(std::string_view text);

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
  // Density cells are cell_px x cell_px pixels: 1 on GPUs, 2 on CPU devices (lavapipe), where
  // the pre-pass's cost grows with the cells and a quarter of them keeps a step change quick.
  static std::uint32_t density_columns(std::uint32_t width_px, std::uint32_t cell_px) {
    return (width_px + cell_px - 1) / cell_px;
  }
  // Whether `style` draws n keys in a view `width_px` wide as a density view.
  static bool density(BarsStyle style, std::uint32_t n, std::uint32_t width_px) {
    return style == BarsStyle::density || (style == BarsStyle::automatic && n > width_px);
  }
  // Value rows of the density view in a view `height_px` tall: one per pixel of the bar area,
  // at most what the pre-pass holds in shared memory.
  static std::uint32_t rows(std::uint32_t height_px, std::uint32_t cell_px = 1);
};

// What the pre-pass wrote for one queued draw (tests read it back).
struct BarsPrepassOutput {
  const Buffer* columns = nullptr;  // BARS_COLUMN_WORDS words per column
  const Buffer* cells = nullptr;    // density: BARS_CELL_PLANES planes of columns x rows words
  std::uint32_t column_count = 0;
  std::uint32_t rows = 0;  // 0: no density cells
  std::uint32_t keys_per_column = 0;
};

class BarsView {
 public:
  BarsView(const Context& context, vk::RenderPass render_pass);

  // Binds the buffers of the state shown and uploads its comparator marks (once per step).
  // Waits for the device to be idle first: frames in flight still read the old descriptors.
  void update(const StepState& state);
  // The pre-pass runs when update() was called or a draw's rectangle or colours changed since
  // it last ran; forced, it runs every frame (render --time-frames measures that worst case).
  void force_prepass(bool force) { force_prepass_ = force; }
  // Pixels per density cell side (default: 1 on GPUs, 2 on CPU devices; tests set 1).
  void set_cell_pixels(std::uint32_t pixels) { cell_px_ = std::max<std::uint32_t>(pixels, 1); }

  // Queues the bars of the keys in `window` for this frame in a rectangle given in ImGui
  // coordinates; `plan_colors` colours them as the plan's views explain it: by the digit of the
  // radix pass shown, or for mergesort's partition and merge steps by list A or B (ignored for
  // other plans). The pre-pass reads only the window's keys.
  void queue(ImVec2 min, ImVec2 max, bool plan_colors = false,
             BarsStyle style = BarsStyle::automatic, KeyWindow window = {});
  // The same in framebuffer pixels.
  void queue_pixels(vk::Rect2D rect, bool plan_colors, BarsStyle style, KeyWindow window = {});
  // Queues again the draws prepared last (render --time-frames redraws one frame), the windows
  // of those that show one slid by `pan` keys; true when some draw has a window.
  bool queue_again(std::int64_t pan = 0);
  // Records the queued draws' pre-pass (outside a render pass, before record()).
  // `background` is the colour the bars are drawn over (the density view's empty cells).
  void prepare(const vk::raii::CommandBuffer& cmd, vk::Extent2D extent, const ImVec4& background);
  // Records the prepared draws (inside the frame's render pass).
  void record(const vk::raii::CommandBuffer& cmd);
  // The pre-pass output of the `draw`-th draw prepared last.
  BarsPrepassOutput prepass_output(std::size_t draw) const;

 private:
  struct Draw {
    vk::Rect2D rect;  // clipped to the framebuffer by prepare()
    bool plan_colors = false;
    BarsStyle style = BarsStyle::automatic;
    KeyWindow window;
    gpu::BarsParams params{};  // filled by prepare()
  };
  // Each draw of a frame has its own pre-pass output and descriptor set.
  struct Slot {
    Buffer columns;
    Buffer cells;
    vk::raii::DescriptorPool pool = nullptr;
    vk::raii::DescriptorSet set = nullptr;
    std::uint32_t column_count = 0, rows = 0, keys_per_column = 0;
    std::optional<gpu::BarsParams> prepared;  // what the buffers hold; reset by update()
  };

  gpu::BarsParams params_for(const Draw& draw, const ImVec4& background) const;
  Slot& slot_for(std::size_t index, std::uint32_t columns, std::uint32_t rows);
  void bind_inputs(Slot& slot) const;

  const Context& context_;
  vk::raii::DescriptorSetLayout set_layout_ = nullptr;
  vk::raii::PipelineLayout layout_ = nullptr;
  vk::raii::Pipeline columns_pipeline_ = nullptr;
  vk::raii::Pipeline shade_pipeline_ = nullptr;
  vk::raii::Pipeline bars_pipeline_ = nullptr;
  vk::raii::Pipeline density_pipeline_ = nullptr;
  std::vector<Slot> slots_;
  Buffer marks_;
  std::uint32_t marks_capacity_ = 0;  // keys the marks buffer holds
  std::vector<Draw> queued_;
  std::vector<Draw> prepared_;
  // The state shown (copied, the buffers are the stepper's).
  const Buffer* keys_ = nullptr;
  const Buffer* values_ = nullptr;
  const Buffer* stats_ = nullptr;
  const Buffer* sources_ = nullptr;
  std::uint32_t n_ = 0;
  std::uint32_t key_type_ = 0;
  bool pairs_ = false;
  bool has_marks_ = false;
  bool has_flags_ = false;
  bool force_prepass_ = false;
  std::uint32_t cell_px_ = 1;
  KeyRange range_;
  std::optional<DigitPass> digits_;  // radix plans: the pass whose digit colours the bars
  // Mergesort partition and merge steps: BARS_COLOR_MERGE_* and the pass's coop and NV.
  std::uint32_t merge_mode_ = gpu::BARS_COLOR_KEY;
  std::uint32_t merge_coop_ = 0, merge_nv_ = 0;
};

}  // namespace ss::render
