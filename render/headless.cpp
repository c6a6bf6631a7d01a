#include "render/headless.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <optional>
#include <vector>

#include "algorithms/network_facts.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/ms_since.hpp"
#include "render/frame_renderer.hpp"
#include "render/step_text.hpp"
#include "render/views/race_view.hpp"
#include "render/views/sample_sort_view.hpp"

namespace ss::render {

namespace {

// One undecorated window covering the frame, the image's margin left out, into which `draw`
// draws; both offscreen renderers of one picture draw this way.
Image render_image_window(const Context& context, FrameRenderer& frame, OffscreenTarget& target,
                          float margin, const std::function<void(ImVec2 min, ImVec2 max)>& draw) {
  return render_frame_offscreen(context, frame, target, [&] {
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos({0, 0});
    ImGui::SetNextWindowSize(size);
    ImGui::Begin("image", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    draw({margin, margin}, {size.x - margin, size.y - margin});
    ImGui::End();
  });
}

// Makes `context` current for a scope and the previous one current again after.
class CurrentImGui {
 public:
  explicit CurrentImGui(ImGuiContext* context) : previous_(ImGui::GetCurrentContext()) {
    if (context != nullptr) ImGui::SetCurrentContext(context);
  }
  ~CurrentImGui() { ImGui::SetCurrentContext(previous_); }
  CurrentImGui(const CurrentImGui&) = delete;
  CurrentImGui& operator=(const CurrentImGui&) = delete;

 private:
  ImGuiContext* previous_;
};

}  // namespace

OffscreenRenderer::OffscreenRenderer(const Context& context, const OffscreenOptions& options)
    : context_(context), options_(options) {
  const CurrentImGui restore(nullptr);  // the new renderer's context is made current; undo that
  frame_ = std::make_unique<FrameRenderer>(context, OffscreenTarget::k_format,
                                           vk::ImageLayout::eTransferSrcOptimal, 2, options.style);
  imgui_ = ImGui::GetCurrentContext();
  target_ = std::make_unique<OffscreenTarget>(context, frame_->render_pass(), options.width,
                                              options.height);
}

OffscreenRenderer::~OffscreenRenderer() {
  // The ImGui backend shuts down in whichever context is current: it must be this one.
  const CurrentImGui own(imgui_);
  target_.reset();
  frame_.reset();
}

Image OffscreenRenderer::render(const Stepper& stepper, const KeyRange& range) {
  ViewPicks picks = options_.picks;
  picks.window = options_.window;  // the scatter and merge views read the window's keys
  return render(capture_step_state(context_, stepper, range, picks));
}

Image OffscreenRenderer::render(const StepState& state) {
  const CurrentImGui own(imgui_);
  FrameRenderer& frame = *frame_;
  frame.bars().update(state);
  if (layout_plan_ != state.plan) {
    layout_.reset();
    if (state.n() <= k_max_network_n && is_network_plan(*state.plan))
      layout_ = layout_network(*state.plan);
    layout_plan_ = state.plan;
  }

  ViewsOptions views;
  views.selection = options_.selection;
  views.bars_style = options_.bars_style;
  views.window = options_.window;
  views.follow = options_.follow;
  views.caption = options_.caption;
  views.network_note = options_.network_note;
  views.network.ui_scale = options_.style.scale;
  Image image = render_image_window(context_, frame, *target_, 16.0f * options_.style.scale,
                                    [&](ImVec2 min, ImVec2 max) {
                                      draw_views(frame.bars(), frame.imgui(), state,
                                                 layout_ ? &*layout_ : nullptr, views, min, max);
                                    });
  if (options_.timed_frames > 0 && options_.frame_times != nullptr)
    *options_.frame_times = time_frames(frame);
  return image;
}

Image OffscreenRenderer::render_race(const Stepper& first, const Stepper& second,
                                     const KeyRange& range) {
  const CurrentImGui own(imgui_);
  FrameRenderer& frame = *frame_;
  const StepState a = capture_step_state(context_, first, range, options_.picks);
  const StepState b = capture_step_state(context_, second, range, options_.picks);
  frame.bars().update(a);
  frame.race_bars().update(b);
  const std::string first_facts = network_facts_short_text(first.plan());
  const std::string second_facts = network_facts_short_text(second.plan());
  ViewsOptions views;
  views.bars_style = options_.bars_style;
  views.caption = options_.caption;
  return render_image_window(context_, frame, *target_, 16.0f * options_.style.scale,
                             [&](ImVec2 min, ImVec2 max) {
                               draw_race(frame.bars(), frame.race_bars(), frame.imgui(), a, b,
                                         views, min, max, {}, first_facts, second_facts);
                             });
}

Image OffscreenRenderer::render_replay(const SampleSortReplay& replay, std::size_t step) {
  const CurrentImGui own(imgui_);
  FrameRenderer& frame = *frame_;
  ViewsOptions views;
  views.caption = options_.caption;
  return render_image_window(
      context_, frame, *target_, 16.0f * options_.style.scale, [&](ImVec2 min, ImVec2 max) {
        draw_sample_sort_replay(frame.imgui(), replay, step, views, min, max);
      });
}

OffscreenOptions::FrameTimes OffscreenRenderer::time_frames(FrameRenderer& frame) {
  const vk::raii::QueryPool queries(
      context_.device(),
      vk::QueryPoolCreateInfo({}, vk::QueryType::eTimestamp, FrameRenderer::k_timestamps));
  frame.time_with(*queries);
  std::vector<double> wall, gpu, bars, cached, moving;
  const double tick_ms = double(context_.properties().timestamp_period_ns) * 1e-6;
  // Re-queues the bars (each frame consumes them; ImGui's draw data is still valid), draws, and
  // returns the bars' and the whole frame's GPU time and the wall time.
  auto redraw = [&](bool forced, std::int64_t pan, bool* windows) {
    frame.bars().force_prepass(forced);
    const auto start = std::chrono::steady_clock::now();
    const bool any = frame.bars().queue_again(pan);
    if (windows != nullptr) *windows = any;
    context_.run_commands(
        [&](const vk::raii::CommandBuffer& cmd) {
          frame.record(cmd, target_->framebuffer(), target_->extent());
        },
        "the drawing of a timed frame");
    const double wall_ms = ms_since(start);
    const auto [result, stamps] = queries.getResults<std::uint64_t>(
        0, FrameRenderer::k_timestamps, FrameRenderer::k_timestamps * sizeof(std::uint64_t),
        sizeof(std::uint64_t), vk::QueryResultFlagBits::e64 | vk::QueryResultFlagBits::eWait);
    if (result != vk::Result::eSuccess) throw GpuError("frame timestamps were not available");
    return std::array<double, 3>{double(stamps[1] - stamps[0]) * tick_ms,
                                 double(stamps[2] - stamps[0]) * tick_ms, wall_ms};
  };
  // First the worst case, the pre-pass in every frame (stepping, playing), then frames that
  // reuse its output (a step on screen), then, with a window, frames whose window moved a key
  // (zooming and panning: the window's pre-pass runs, the minimap's is still valid).
  bool windows = false;
  for (std::uint32_t i = 0; i < options_.timed_frames; ++i) {
    const auto t = redraw(true, 0, &windows);
    bars.push_back(t[0]);
    gpu.push_back(t[1]);
    wall.push_back(t[2]);
  }
  for (std::uint32_t i = 0; i < options_.timed_frames; ++i)
    cached.push_back(redraw(false, 0, nullptr)[0]);
  if (windows) {
    for (std::uint32_t i = 0; i < options_.timed_frames; ++i)
      moving.push_back(redraw(false, i % 2 == 0 ? 1 : -1, nullptr)[0]);
  }
  frame.bars().force_prepass(false);
  frame.time_with({});
  auto median = [](std::vector<double>& v) {
    if (v.empty()) return 0.0;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  return {median(wall), median(gpu), median(bars), median(cached), median(moving)};
}

Image render_offscreen(const Context& context, const Stepper& stepper, const KeyRange& range,
                       const OffscreenOptions& options) {
  return OffscreenRenderer(context, options).render(stepper, range);
}

Image render_imgui_offscreen(const Context& context, std::uint32_t width, std::uint32_t height,
                             const UiStyle& style,
                             const std::function<void(ImDrawList* list, ImVec2 min, ImVec2 max,
                                                      const Palette& colors)>& draw) {
  FrameRenderer frame(context, OffscreenTarget::k_format, vk::ImageLayout::eTransferSrcOptimal, 2,
                      style);
  OffscreenTarget target(context, frame.render_pass(), width, height);
  return render_image_window(
      context, frame, target, 16.0f * style.scale,
      [&](ImVec2 min, ImVec2 max) { draw(ImGui::GetWindowDrawList(), min, max, palette(style)); });
}

Image render_frame_offscreen(const Context& context, FrameRenderer& frame, OffscreenTarget& target,
                             const std::function<void()>& draw,
                             const std::function<void()>& inspect, bool read_back) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(float(target.extent().width), float(target.extent().height));
  io.DisplayFramebufferScale = ImVec2(1, 1);
  io.DeltaTime = 1.0f / 60.0f;
  frame.imgui().new_frame();
  ImGui::NewFrame();
  draw();
  ImGui::Render();
  if (inspect) inspect();
  context.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) {
        frame.record(cmd, target.framebuffer(), target.extent());
        if (read_back) target.record_readback(cmd);
      },
      "the drawing of a frame");
  return read_back ? target.read() : Image{};
}

std::string render_network_svg(const Context& context, const Stepper& stepper,
                               const KeyRange& range) {
  const Plan& plan = stepper.plan();
  if (!is_network_plan(plan))
    throw UsageError("--svg draws a sorting network's wire diagram; " + plan.algorithm +
                     " has no comparator steps");
  if (plan.spec.n > k_max_network_n)
    throw UsageError("--svg draws wire diagrams for n <= " + std::to_string(k_max_network_n) +
                     " (got n = " + std::to_string(plan.spec.n) + ")");
  const StepState state = capture_step_state(context, stepper, range);
  return network_svg(layout_network(plan), state, scenario_text(plan) + ", " + step_heading(state));
}

}  // namespace ss::render
