#include "render/views/views_panel.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "render/layout_audit.hpp"
#include "render/step_text.hpp"
#include "render/text_fit.hpp"
#include "render/views/flow_legend.hpp"
#include "render/views/heading.hpp"
#include "render/views/histogram_view.hpp"
#include "render/views/merge_views.hpp"
#include "render/views/radix_legend.hpp"
#include "render/views/scatter_view.hpp"
#include "render/views/tile_status_view.hpp"
#include "shaders/common/onesweep_step.h"
#include "shaders/common/radix4_step.h"

namespace ss::render {

namespace {

ViewRects g_rects;

// Lines the wire diagram's caption (the network's facts) may take.
constexpr std::size_t k_facts_lines = 2;
// The bars' share of the room the bars and detail views share when the views need less.
constexpr float k_bars_share = 0.36f;
constexpr float k_network_bars_share = 0.42f;
// Views are stacked only while the bars keep at least this share of the room.
constexpr float k_stacked_bars_share = 0.25f;

std::vector<RadixView> radix_views_for(ViewSelection selection, const RadixState& radix) {
  switch (selection) {
    case ViewSelection::histogram:
      return {RadixView::histogram};
    case ViewSelection::scatter:
      return {RadixView::scatter};
    case ViewSelection::tiles:
      return {RadixView::tiles};
    case ViewSelection::both:
      return radix_views_for_step(radix);
    default:
      return {};
  }
}

// Share of the room left over after every view got what it needs (the tile strip gains little
// from more height).
float view_weight(RadixView view) {
  return view == RadixView::tiles ? 0.3f : 1.0f;
}

const char* radix_view_name(RadixView view) {
  switch (view) {
    case RadixView::histogram:
      return "histogram";
    case RadixView::scatter:
      return "scatter";
    case RadixView::tiles:
      break;
  }
  return "tile strip";
}

float radix_view_min_height(RadixView view, const RadixState& radix, float width, float scale) {
  const float line = ImGui::GetFontSize();
  switch (view) {
    case RadixView::histogram:
      return histogram_min_height(radix.histogram, line, scale);
    case RadixView::scatter:
      return radix.scatter ? scatter_min_height(radix, width, line) : line;
    case RadixView::tiles:
      break;
  }
  return radix.tile_status.empty() ? line : tile_status_min_height(width, line, scale);
}

// What the marker strip under plain bars shows.
std::vector<LegendItem> marker_legend(const StepState& state, bool radix, bool density,
                                      const Palette& colors) {
  std::vector<LegendItem> items;
  if (!radix) {
    items.push_back({colors.compared, "compared this step", colors.text});
    items.push_back({colors.swapped, "swapped (GPU flags)", colors.text});
  }
  // The text set after the item is made: GCC 12 (-Warray-bounds, at -O2) misread a literal
  // copied into a braced LegendItem as overrunning it.
  const bool pairs = state.plan->spec.pairs;
  LegendItem axes{0, {}, colors.dim};
  if (density) {
    axes.text = pairs ? "x: position, y: key, colour: original index, brightness: keys (log)"
                      : "x: position, y: key, brightness: keys per pixel (log)";
  } else {
    axes.text = pairs ? "colour: original index (stability)" : "height and colour: key";
  }
  items.push_back(std::move(axes));
  return items;
}

// The bars' height above detail views that need `need` pixels of `room` (gaps included): their
// share of it, less when the views need more, never below what bars need to be read.
float bars_height(float room, float share, float need, float bars_min) {
  return std::max(bars_min, std::min(room * share, room - need));
}

}  // namespace

float bars_min_height(float line) {
  return 2.5f * line;
}

ViewSelection parse_view_selection(std::string_view name) {
  for (const auto& [text, view] :
       {std::pair{"bars", ViewSelection::bars}, std::pair{"network", ViewSelection::network},
        std::pair{"both", ViewSelection::both}, std::pair{"digits", ViewSelection::digits},
        std::pair{"histogram", ViewSelection::histogram},
        std::pair{"scatter", ViewSelection::scatter}, std::pair{"tiles", ViewSelection::tiles},
        std::pair{"mergepath", ViewSelection::mergepath},
        std::pair{"blocksort", ViewSelection::blocksort}})
    if (name == text) return view;
  throw UsageError(
      "unknown view '" + std::string(name) +
      "'; choose one of: bars, network, both, digits, histogram, scatter, tiles, mergepath, "
      "blocksort");
}

std::vector<RadixView> radix_views_for_step(const RadixState& radix) {
  const DigitPass& d = radix.digits;
  const bool moved = d.stepped && (d.onesweep ? d.stage == gpu::ONESWEEP_STAGE_PASS
                                              : d.stage == gpu::RADIX4_STAGE_SCATTER);
  if (!moved) return {RadixView::histogram};
  std::vector<RadixView> views;
  views.push_back(radix.scatter ? RadixView::scatter : RadixView::histogram);
  if (d.onesweep) views.push_back(RadixView::tiles);
  return views;
}

const ViewRects& last_view_rects() {
  return g_rects;
}

namespace {

void draw_views_in(BarsView& bars, ImGuiLayer& ui, const StepState& state,
                   const NetworkLayout* layout, const ViewsOptions& options, ImVec2 min,
                   ImVec2 max) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const Palette colors = palette(ui.style());
  const float s = ui.style().scale;
  const float line = ImGui::GetFontSize();
  const float width = max.x - min.x;
  g_rects.merge_path = {};
  g_rects.blocksort = {};
  g_rects.scatter = {};
  g_rects.histogram = {};
  g_rects.network_min = g_rects.network_max = g_rects.radix_min = g_rects.radix_max = max;
  g_rects.minimap_min = g_rects.minimap_max = min;
  g_rects.bars_min = g_rects.bars_max = min;  // none until drawn (the mouse acts on what shows)
  g_rects.window = options.window;
  if (state.plan == nullptr) return;

  // What goes under the heading.
  const ViewSelection selection = options.selection;
  const bool both = selection == ViewSelection::both;
  MergeViewChoice choice;
  g_rects.bars_style = options.bars_style;
  if (state.merge) {
    choice.bars_style = options.bars_style;
    choice.window = options.window;
    choice.bars = selection != ViewSelection::mergepath && selection != ViewSelection::blocksort;
    choice.path = selection == ViewSelection::mergepath || (both && state.merge->info.merging());
    choice.blocksort =
        selection == ViewSelection::blocksort || (both && !state.merge->info.merging());
  }
  const bool radix = state.radix.has_value();
  const bool by_digit = radix && selection != ViewSelection::bars;
  const bool network = layout != nullptr && (selection == ViewSelection::network || both);
  const bool show_bars = !state.merge && (selection != ViewSelection::network || layout == nullptr);
  std::vector<RadixView> views =
      radix ? radix_views_for(selection, *state.radix) : std::vector<RadixView>{};
  std::vector<float> needs;
  for (RadixView v : views) needs.push_back(radix_view_min_height(v, *state.radix, width, s));
  const float gap = 14 * s, detail_gap = 10 * s;
  auto stacked_need = [&] {
    return std::accumulate(needs.begin(), needs.end(), 0.0f) +
           gap * float(std::max<std::size_t>(views.size(), 1) - 1);
  };
  const bool density = BarsGeometry::density(
      options.bars_style, options.window.size(state.n()),
      std::uint32_t(std::lround(width * ImGui::GetIO().DisplayFramebufferScale.x)));
  float legend_h = 0;
  if (show_bars && options.legend) {
    legend_h =
        3 * s + (by_digit ? draw_digit_legend(nullptr, {}, width, state.radix->digits, colors, s)
                          : flow_legend(nullptr, {}, width,
                                        marker_legend(state, radix, density, colors), s));
  }
  // A window's bars need their own least height under the minimap.
  const float bars_min = bars_min_height(line) + minimap_height(options.window, state.n(), line, s);

  // The step's radix views are stacked when each gets what it needs and the bars keep their
  // share; else they take turns (V shows the next), and the heading says which shows.
  Caption caption_text;
  if (options.caption) {
    caption_text = step_caption(state);
    if (!options.narration_override.empty()) caption_text.narration = options.narration_override;
    if (!options.lecturer.empty()) caption_text.narration += "\n" + options.lecturer;
  }
  const Caption* caption = options.caption ? &caption_text : nullptr;
  HeadingText heading_text = step_heading_text(state, options.progress);
  Heading heading = measure_heading(ui, heading_text, width, 1, caption);
  float room = max.y - min.y - heading.height;
  if (views.size() > 1 && room - legend_h - detail_gap - stacked_need() <
                              std::max(bars_min, k_stacked_bars_share * room)) {
    const std::size_t shown = options.cycle % views.size();
    const std::size_t next = (shown + 1) % views.size();
    std::string hint = std::string(radix_view_name(views[shown])) + " (" +
                       std::to_string(shown + 1) + " of " + std::to_string(views.size()) +
                       "), V: " + radix_view_name(views[next]);
    if (!options.progress.empty()) hint += "  |  " + options.progress;
    views = {views[shown]};
    needs = {needs[shown]};
    heading_text.hint = std::move(hint);
  }
  // What the views need to be read, under a heading that takes the rest (the caption whole).
  float need = state.merge ? merge_views_min_height(state, choice, width, s) : 0.0f;
  if (show_bars) need += bars_min + legend_h;
  // The wire diagram's caption: the network's size and depth beside the others' and the best known.
  const float facts_h = network && !layout->facts.empty()
                            ? float(wrap_words(layout->facts, width, k_facts_lines).size()) * line
                            : 0.0f;
  const float note_h =
      network && !options.network_note.empty()
          ? float(wrap_words(options.network_note, width, k_facts_lines).size()) * line
          : 0.0f;
  const float facts_caption = facts_h + note_h;
  if (network) need += 6 * s + network_min_height(*layout, line) + facts_caption;
  if (!views.empty()) need += detail_gap + stacked_need();
  heading =
      fit_heading(ui, heading_text, caption, width, max.y - min.y, need, options.caption_may_go);
  draw_heading(list, ui, heading, colors, min, max);
  float y = min.y + heading.height;
  // A followed key: where it went and why, under the heading in its colour (two lines at most,
  // taken from the bars' room; the step panel has the whole sentence).
  if (options.follow.shown() && max.y - y - need > 2 * line)
    y += draw_wrapped(list, {min.x, y}, follow_color(), follow_sentence(options.follow), width,
                      max.y - y - need > 4 * line ? 2 : 1) +
         4 * s;
  room = max.y - y;

  if (state.merge) {
    const MergeViewRects r =
        draw_merge_views(list, bars, state, choice, colors, s, {min.x, y}, max);
    g_rects.bars_min = r.bars_min;
    g_rects.bars_max = r.bars_max;
    g_rects.minimap_min = r.minimap_min;
    g_rects.minimap_max = r.minimap_max;
    g_rects.bars_plan_colors = r.bars_plan_colors;
    g_rects.merge_path = r.path;
    g_rects.blocksort = r.blocksort;
    return;
  }

  // Bars and their legend.
  float bars_h = room - legend_h;
  if (network) {
    const float shared = room - legend_h - 6 * s - facts_caption;
    // The bars give up their share for a wire diagram whose every wire then reads; not for less.
    const float readable = network_readable_height(*layout, options.window, ui.mono());
    const float network_min = network_min_height(*layout, line);
    const float network_need =
        shared - bars_min >= readable ? std::max(readable, network_min) : network_min;
    bars_h = bars_height(shared, k_network_bars_share, network_need, bars_min);
  } else if (!views.empty())
    bars_h = bars_height(room - legend_h - detail_gap, k_bars_share, stacked_need(), bars_min);
  float bottom = y;
  g_rects.bars_plan_colors = by_digit;
  if (show_bars) {
    const WindowBarsRects placed =
        queue_window_bars(list, bars, state, options.window, by_digit, options.bars_style, colors,
                          s, {min.x, y}, {max.x, y + bars_h});
    g_rects.bars_min = placed.bars_min;
    g_rects.bars_max = placed.bars_max;
    g_rects.minimap_min = placed.minimap_min;
    g_rects.minimap_max = placed.minimap_max;
    audit_room("bars", {min.x, y}, g_rects.bars_max, {0, bars_min});
    const ImVec2 legend{min.x, g_rects.bars_max.y + 3 * s};
    if (options.legend && by_digit)
      draw_digit_legend(list, legend, width, state.radix->digits, colors, s);
    else if (options.legend)
      flow_legend(list, legend, width, marker_legend(state, radix, density, colors), s);
    bottom = g_rects.bars_max.y + legend_h;
  }

  if (network) {
    if (facts_h > 0)
      draw_wrapped(list, {min.x, bottom + 4 * s}, colors.dim, layout->facts, width, k_facts_lines);
    if (note_h > 0)
      draw_wrapped(list, {min.x, bottom + 4 * s + facts_h}, colors.accent, options.network_note,
                   width, k_facts_lines);
    bottom += facts_caption;
    g_rects.network_min = {min.x, bottom + 6 * s};
    g_rects.network_max = max;
    audit_room("wire diagram", g_rects.network_min, g_rects.network_max,
               {0, network_min_height(*layout, line)});
    NetworkStyle wire_style = options.network;
    wire_style.wires = options.window;  // the comparators of the keys the bars show
    draw_network(list, g_rects.network_min, g_rects.network_max, *layout, state, wire_style, colors,
                 ui.mono());
  }
  if (!views.empty()) {
    // Each view gets what it needs, and a share of what is left by its weight.
    const float top = bottom + detail_gap;
    const float spare = std::max(0.0f, max.y - top - stacked_need());
    float weights = 0;
    for (RadixView v : views) weights += view_weight(v);
    // The tiles of the bars' window (whole: all): the heat map's rows and the tile strip.
    const GroupRange tiles =
        window_groups(options.window, state.n(), state.radix->digits.tile_keys);
    const GroupRange heat_rows =
        state.radix->histogram.rows == state.radix->digits.tiles ? tiles : GroupRange{};
    g_rects.radix_min = {min.x, top};
    g_rects.radix_max = max;
    float vy = top;
    for (std::size_t i = 0; i < views.size(); ++i) {
      const RadixView v = views[i];
      const float h =
          i + 1 == views.size() ? max.y - vy : needs[i] + spare * view_weight(v) / weights;
      const ImVec2 a{min.x, vy}, z{max.x, vy + h};
      list->AddLine({min.x, vy - 6 * s}, {max.x, vy - 6 * s}, colors.dim, 1.0f);
      audit_room(radix_view_name(v), a, z, {0, needs[i]});
      list->PushClipRect(a, z, true);
      if (v == RadixView::histogram)
        g_rects.histogram = draw_histogram(list, a, z, *state.radix, heat_rows, colors, s);
      if (v == RadixView::scatter)
        g_rects.scatter = draw_scatter(list, a, z, *state.radix, colors, s);
      if (v == RadixView::tiles) draw_tile_status(list, a, z, *state.radix, tiles, colors, s);
      list->PopClipRect();
      vy += h + gap;
    }
  } else if (!radix && (selection == ViewSelection::histogram ||
                        selection == ViewSelection::scatter || selection == ViewSelection::tiles)) {
    draw_text(
        list, {min.x, bottom + 6 * s}, colors.dim,
        elide("histogram, scatter and tile views are for radix plans (radix4, onesweep)", width));
  } else if (selection == ViewSelection::mergepath || selection == ViewSelection::blocksort) {
    draw_text(list, {min.x, bottom + 6 * s}, colors.dim,
              elide("merge-path and blocksort views are for mergesort", width));
  }
}

}  // namespace

void draw_views(BarsView& bars, ImGuiLayer& ui, const StepState& state, const NetworkLayout* layout,
                const ViewsOptions& options, ImVec2 min, ImVec2 max) {
  // A followed key: its path plot takes the top right corner, the views the rest.
  const FollowMark& follow = options.follow;
  const float s = ui.style().scale, gap = 14 * s;
  const float plot_w = follow.shown() ? follow_plot_width(max.x - min.x, s) : 0.0f;
  const ImVec2 views_max{plot_w > 0 ? max.x - plot_w - gap : max.x, max.y};
  draw_views_in(bars, ui, state, layout, options, min, views_max);
  if (!follow.shown() || state.plan == nullptr) return;
  ImDrawList* list = ImGui::GetWindowDrawList();
  draw_follow_marker(list, follow, options.window, state.n(), s, g_rects.bars_min,
                     g_rects.bars_max);
  if (plot_w > 0)
    draw_follow_plot(list, follow, state.plan->steps.size(), state.n(), palette(ui.style()), s,
                     {views_max.x + gap, min.y}, max);
}

}  // namespace ss::render
