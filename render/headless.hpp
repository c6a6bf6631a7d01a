#pragma once
// Renders the views offscreen, without any window system: the same frame code as the app
// (FrameRenderer + draw_views), into an image read back to the host. Works on lavapipe and on
// GPU servers with no display.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "distributed/sample_sort_record.hpp"
#include "plan/stepper.hpp"
#include "render/imgui_layer.hpp"
#include "render/offscreen_target.hpp"
#include "render/step_state.hpp"
#include "render/views/views_panel.hpp"

namespace ss::render {

class FrameRenderer;

struct OffscreenOptions {
  std::uint32_t width = 1920;
  std::uint32_t height = 1080;
  ViewSelection selection = ViewSelection::both;
  ViewPicks picks;  // mergesort: output list and blocksort tile shown
  UiStyle style;
  BarsStyle bars_style = BarsStyle::automatic;
  KeyWindow window;   // the keys the bars show (render --window)
  FollowMark follow;  // a followed key at the step drawn (render --follow)
  // The step's narration and invariant verdict under the heading (--caption).
  bool caption = false;
  // Words under the wire diagram, as the app writes its 0-1 check's verdict there.
  std::string network_note;
  // Draw the same frame this many more times (pre-pass included) and report medians into
  // `frame_times`. 0: draw once.
  std::uint32_t timed_frames = 0;
  struct FrameTimes {
    double wall_ms = 0;         // submit to fence
    double gpu_ms = 0;          // GPU timestamps around the whole frame
    double bars_ms = 0;         // GPU timestamps around the bars' pre-pass and draws
    double bars_cached_ms = 0;  // the same when the pre-pass's output is still valid
    // With a window: the same while the window moves a key each frame (zoom and pan), so its
    // pre-pass runs and the minimap's stays cached (0 without a window).
    double bars_moving_ms = 0;
  }* frame_times = nullptr;
};

class FrameRenderer;

// Draws stepper positions one after another into one offscreen target: the pipelines, font atlas
// and ImGui context are made once, so an animation of many steps does not pay for them per frame.
// Its ImGui context is current only within its own calls, so the app can record between frames.
class OffscreenRenderer {
 public:
  OffscreenRenderer(const Context& context, const OffscreenOptions& options);
  ~OffscreenRenderer();
  OffscreenRenderer(const OffscreenRenderer&) = delete;
  OffscreenRenderer& operator=(const OffscreenRenderer&) = delete;

  // The stepper's current position, drawn as the app would draw its central view.
  Image render(const Stepper& stepper, const KeyRange& range);
  // A state already captured (with this renderer's picks), for callers that read it too.
  Image render(const StepState& state);
  // The followed key drawn with the next frames (an animation's, step by step).
  void set_follow(FollowMark mark) { options_.follow = std::move(mark); }
  // Two sorts of the same input at their steppers' positions, one above the other (race_view).
  Image render_race(const Stepper& first, const Stepper& second, const KeyRange& range);
  // Step `step` of a recorded sample sort (sample_sort_view.hpp), its caption when options say.
  Image render_replay(const SampleSortReplay& replay, std::size_t step);

 private:
  OffscreenOptions::FrameTimes time_frames(FrameRenderer& frame);

  const Context& context_;
  OffscreenOptions options_;
  std::unique_ptr<FrameRenderer> frame_;
  std::unique_ptr<OffscreenTarget> target_;
  std::optional<NetworkLayout> layout_;
  const Plan* layout_plan_ = nullptr;
  ImGuiContext* imgui_ = nullptr;
};

// The stepper's current position, drawn as the app would draw its central view.
Image render_offscreen(const Context& context, const Stepper& stepper, const KeyRange& range,
                       const OffscreenOptions& options);

// Whatever `draw` puts in the current ImGui window's draw list inside [min, max] (the image less
// a margin), on the theme's background, as an image: for views that are pure ImGui drawing,
// such as the throughput plot.
Image render_imgui_offscreen(const Context& context, std::uint32_t width, std::uint32_t height,
                             const UiStyle& style,
                             const std::function<void(ImDrawList* list, ImVec2 min, ImVec2 max,
                                                      const Palette& colors)>& draw);

// One frame of whatever ImGui windows `draw` submits (the app's panels), in a frame of the
// target's size, rendered with any bars queued. `inspect` sees ImGui's draw data before it is
// rendered. `frame` keeps ImGui's state from call to call, as a window's frames do (tables size
// their columns from the frame before). The image is read back only when `read_back` is set.
Image render_frame_offscreen(const Context& context, FrameRenderer& frame, OffscreenTarget& target,
                             const std::function<void()>& draw,
                             const std::function<void()>& inspect = {}, bool read_back = true);

// The wire diagram of the stepper's plan as SVG, the step shown highlighted. Throws UsageError
// when the plan is not a comparator network or n exceeds k_max_network_n.
std::string render_network_svg(const Context& context, const Stepper& stepper,
                               const KeyRange& range);

}  // namespace ss::render
