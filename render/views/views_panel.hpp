#pragma once
// The central picture, shared by the app and the headless renderer: a heading (scenario, step,
// GPU counts), the bars, and the wire diagram for network plans, the radix views (histograms,
// scatter, tile status) for radix plans or the mergesort views (merge_views.hpp), laid out in one
// rectangle.
#include <string_view>
#include <vector>

#include <imgui.h>

#include "render/imgui_layer.hpp"
#include "render/step_state.hpp"
#include "render/views/bars_view.hpp"
#include "render/views/blocksort_view.hpp"
#include "render/views/follow_view.hpp"
#include "render/views/histogram_view.hpp"
#include "render/views/merge_path_view.hpp"
#include "render/views/minimap_view.hpp"
#include "render/views/network_view.hpp"
#include "render/views/scatter_view.hpp"

namespace ss::render {

// bars: plain bars (mergesort: A/B-coloured, runs outlined). network: the wire diagram. both:
// bars and the plan's detail view (the wire diagram, for radix plans digit-coloured bars and the
// radix view that matches the step, for mergesort the blocksort tile or the merge-path grid).
// digits: bars coloured by the digit of the radix pass shown. histogram, scatter, tiles: digit
// bars and that radix view. mergepath, blocksort: that mergesort view alone.
enum class ViewSelection {
  bars,
  network,
  both,
  digits,
  histogram,
  scatter,
  tiles,
  mergepath,
  blocksort
};

// The selection named as --view and lessons name it ("bars", ..., "blocksort"); UsageError naming
// the choices for anything else.
ViewSelection parse_view_selection(std::string_view name);

// Radix views drawn under the bars.
enum class RadixView { histogram, scatter, tiles };
// The radix views that explain the step shown: histograms for count/scan/histogram steps, the
// scatter for scatter/pass steps (n <= k_max_scatter_read_n), tile status for onesweep passes.
std::vector<RadixView> radix_views_for_step(const RadixState& radix);

// The bars' height below which they no longer read as bars.
float bars_min_height(float line);

struct ViewsOptions {
  ViewSelection selection = ViewSelection::both;
  NetworkStyle network;
  ViewPicks picks;  // mergesort: the output list and tile shown (read back at capture)
  // Which of the step's detail views shows when there is no room to stack them (key V).
  std::uint32_t cycle = 0;
  BarsStyle bars_style = BarsStyle::automatic;  // density or min..max bars at large n (key D)
  KeyWindow window;   // the keys the bars show (zoom and pan); the whole array by default
  FollowMark follow;  // a followed key at the step shown (not shown: none)
  // Under the wire diagram's caption, in the accent colour: the network lab's verdict.
  std::string network_note;
  bool legend = true;  // the bars' legend (a race leaves it out: half the height each)
  // The step's narration and the verdict of what holds after it, under the heading: whole, in a
  // smaller font where the views cannot give up the room for it (heading.hpp's fit_heading), or
  // where `caption_may_go` (a race's halves) left out when even that does not fit.
  bool caption = true;
  bool caption_may_go = false;
  // A lecturer's words (a lesson's) after the narration, and words that stand instead of it.
  std::string lecturer;
  std::string narration_override;
  // Where a lesson stands ("networks: scene 3 of 7, stop 2 of 5"), at the heading's right.
  std::string progress;
};

// Draws into the current ImGui window's draw list inside [min, max]; the bars are queued on
// `bars` and drawn by the frame's render pass. The window must have no background (ImGui draws
// after the bars). `layout` may be null when the plan is not a network or n is too large.
void draw_views(BarsView& bars, ImGuiLayer& ui, const StepState& state, const NetworkLayout* layout,
                const ViewsOptions& options, ImVec2 min, ImVec2 max);

// The rectangle the wire diagram got in the last draw_views call (for zoom and pan input).
struct ViewRects {
  ImVec2 bars_min, bars_max, network_min, network_max;
  // The whole array's strip above the bars of a window (minimap_min == minimap_max: none), and the
  // window the bars show.
  ImVec2 minimap_min, minimap_max;
  KeyWindow window;
  bool bars_plan_colors = false;  // digits (radix) or lists A and B (mergesort)
  BarsStyle bars_style = BarsStyle::automatic;
  ImVec2 radix_min, radix_max;   // the radix views' area (all of them, stacked)
  ScatterGeometry scatter;       // the scatter view's rows (n = 0: not drawn)
  HistogramGeometry histogram;   // the histogram view's columns (buckets = 0: not drawn)
  MergePathGeometry merge_path;  // mergesort: the grid (a_count = 0: not drawn)
  BlocksortGeometry blocksort;   // mergesort: the tile's rows (rows = 0: not drawn)
};
const ViewRects& last_view_rects();

}  // namespace ss::render
