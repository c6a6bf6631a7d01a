#pragma once
// Network view: Knuth's wire diagram of a comparator network (batcher, transposition, any plan
// whose steps have comparators). One column group per network layer (a step covers one layer,
// or several in batcher-fused, and then all its layers are highlighted together); comparators
// of a layer that overlap are packed into sub-columns. The comparators come from step_comparators,
// the function that mirrors the kernels' own index math, so wires >= n and skipped comparators
// never appear. Drawn with ImGui draw lists in the app and the headless renderer, or written as
// SVG.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "algorithms/network_plan.hpp"
#include "render/imgui_layer.hpp"
#include "render/key_window.hpp"
#include "render/step_state.hpp"

namespace ss::render {

struct NetworkLayout {
  struct Placed {
    Comparator comparator;
    std::uint32_t column = 0;  // sub-column inside its layer
  };
  struct Layer {
    std::size_t step = 0;             // index into Plan::steps
    std::uint32_t network_layer = 0;  // the layer's number in the network, from 0
    std::uint32_t first_column = 0;
    std::uint32_t columns = 0;
    std::uint32_t workgroup_size = 1;  // of the step's kernel, for colouring by workgroup
    std::vector<Placed> comparators;
  };
  std::uint32_t wires = 0;
  std::uint32_t total_columns = 0;
  std::vector<Layer> layers;  // network layers with at least one comparator, in plan order
  std::string facts;          // network_facts_text of the plan: the diagram's caption

  // Index of the (first) layer of plan step `step`, or -1 when that step has no comparators.
  int layer_of_step(std::size_t step) const;
};

// Largest n the wire diagram is drawn for (zoom and pan reach every wire up to this).
inline constexpr std::uint32_t k_max_network_n = 1024;

bool is_network_plan(const Plan& plan);  // some step executes comparators
NetworkLayout layout_network(const Plan& plan);

struct NetworkStyle {
  bool color_by_workgroup = false;
  float zoom = 1.0f;    // 1: the whole network fits the rectangle
  ImVec2 pan = {0, 0};  // content offset in pixels, (0, 0) = top-left corner
  float ui_scale = 1.0f;
  // The wires the diagram's height holds at zoom 1: the bars' window, so a zoomed window shows
  // the comparators of its keys (whole: every wire).
  KeyWindow wires;
};

// The height the diagram needs at zoom 1: wires far enough apart to follow (larger networks are
// read by zooming in).
float network_min_height(const NetworkLayout& layout, float line);
// The height at which each of the `wires` shown (up to k_max_printed_wires) gets its number and
// key in `mono` at the smallest size the diagram still prints them, one read from the back of a
// lecture room: the bars give up their share for it, down to their own minimum.
float network_readable_height(const NetworkLayout& layout, KeyWindow wires, ImFont* mono);
// Draws into `list` inside [min, max], highlighting the layer of the step shown in `state`.
void draw_network(ImDrawList* list, ImVec2 min, ImVec2 max, const NetworkLayout& layout,
                  const StepState& state, const NetworkStyle& style, const Palette& colors,
                  ImFont* mono);

// A comparator of the diagram: its plan step, its network layer and its place among the layer's
// comparators (from the lowest left wire); layer and index are what SortSpec::disabled names.
struct NetworkPick {
  std::uint32_t step = 0;
  std::uint32_t layer = 0;
  std::uint32_t index = 0;
};
// The comparator drawn under `point` (within a few pixels of its line) in a diagram drawn by
// draw_network with the same arguments, for clicks.
std::optional<NetworkPick> network_comparator_at(ImVec2 min, ImVec2 max,
                                                 const NetworkLayout& layout,
                                                 const StepState& state, const NetworkStyle& style,
                                                 ImFont* mono, ImVec2 point);

// The whole diagram as a standalone SVG document (light background, for slides). Every
// comparator is a <line class="comparator"> with data-step, data-left and data-right.
std::string network_svg(const NetworkLayout& layout, const StepState& state,
                        const std::string& title);

// Eight colour-blind-safe colours (Okabe-Ito) for workgroups.
ImU32 workgroup_color(std::uint32_t workgroup);

}  // namespace ss::render
