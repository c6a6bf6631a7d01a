#include "render/views/views_panel.hpp"

#include <cfloat>
#include <string>
#include <vector>

#include "render/layout_audit.hpp"
#include "render/step_text.hpp"
#include "render/text_fit.hpp"
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

// Share of the radix area each view gets (the tile strip needs less than the others).
float view_weight(RadixView view) {
  return view == RadixView::tiles ? 0.6f : 1.0f;
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
      return radix.scatter ? scatter_min_height(line) : line;
    case RadixView::tiles:
      break;
  }
  return radix.tile_status.empty() ? line : tile_status_min_height(width, line, scale);
}

}  // namespace

float bars_min_height(float line) {
  return 3.0f * line;
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

void draw_views(BarsView& bars, ImGuiLayer& ui, const StepState& state, const NetworkLayout* layout,
                const ViewsOptions& options, ImVec2 min, ImVec2 max) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const Palette colors = palette(ui.style());
  const float s = ui.style().scale;
  if (state.plan == nullptr) return;

  // Heading: what runs, which step, what the GPU counted.
  ImFont* large = ui.large();
  const std::string heading = step_heading(state);
  const float wrap = max.x - min.x;
  float y =
      min.y + draw_wrapped(list, large, large->FontSize, min, colors.accent, heading, wrap) + 2 * s;
  // Scenario and GPU counts on one line, or two when the view is narrow.
  const std::string scenario = scenario_text(*state.plan);
  std::string counts = step_counts(state);
  if (!counts.empty()) counts += " (counted on the GPU)";
  const std::string one_line = counts.empty() ? scenario : scenario + "  |  " + counts;
  const bool fits = ImGui::CalcTextSize(one_line.c_str()).x <= max.x - min.x;
  for (const std::string& line :
       fits ? std::vector<std::string>{one_line} : std::vector<std::string>{scenario, counts}) {
    y += draw_wrapped(list, {min.x, y}, colors.text, line, wrap);
  }
  y += 8 * s;

  const ViewSelection selection = options.selection;
  g_rects.merge_path = {};
  g_rects.blocksort = {};
  if (state.merge) {
    MergeViewChoice choice;
    const bool both = selection == ViewSelection::both;
    choice.bars = selection != ViewSelection::mergepath && selection != ViewSelection::blocksort;
    choice.path = selection == ViewSelection::mergepath || (both && state.merge->info.merging());
    choice.blocksort =
        selection == ViewSelection::blocksort || (both && !state.merge->info.merging());
    const MergeViewRects r =
        draw_merge_views(list, bars, state, choice, colors, s, {min.x, y}, max);
    g_rects.bars_min = r.bars_min;
    g_rects.bars_max = r.bars_max;
    g_rects.bars_plan_colors = r.bars_plan_colors;
    g_rects.merge_path = r.path;
    g_rects.blocksort = r.blocksort;
    g_rects.network_min = g_rects.network_max = g_rects.radix_min = g_rects.radix_max = max;
    g_rects.scatter = {};
    return;
  }
  const bool radix = state.radix.has_value();
  const std::vector<RadixView> radix_views =
      radix ? radix_views_for(selection, *state.radix) : std::vector<RadixView>{};
  const bool by_digit = radix && selection != ViewSelection::bars;
  const bool network = layout != nullptr &&
                       (selection == ViewSelection::network || selection == ViewSelection::both);
  const bool show_bars = selection != ViewSelection::network || layout == nullptr;
  const float legend_h = ImGui::GetFontSize() + 6 * s;
  const float available = max.y - y;
  float bars_bottom = y;
  g_rects.bars_plan_colors = by_digit;
  if (show_bars) {
    const float bars_h = network                ? available * 0.42f
                         : !radix_views.empty() ? available * 0.36f - legend_h
                                                : available - legend_h;
    bars_bottom = y + bars_h;
    g_rects.bars_min = {min.x, y};
    g_rects.bars_max = {max.x, bars_bottom};
    bars.queue(g_rects.bars_min, g_rects.bars_max, by_digit);
    audit_room("bars", g_rects.bars_min, g_rects.bars_max,
               {0, bars_min_height(ImGui::GetFontSize())});
    const float ly = bars_bottom + 3 * s;
    if (by_digit) {
      list->PushClipRect({min.x, ly}, {max.x, ly + legend_h}, true);
      draw_digit_legend(list, {min.x, ly}, max.x - min.x, state.radix->digits, colors, s);
      list->PopClipRect();
    } else {
      // Legend for the marker strip under the bars.
      const float box = ImGui::GetFontSize() * 0.8f;
      float x = min.x;
      auto legend = [&](ImU32 color, const char* text) {
        list->AddRectFilled({x, ly + 0.15f * box}, {x + box, ly + 1.15f * box}, color);
        x += box + 6 * s;
        draw_text(list, {x, ly}, colors.text, text);
        x += ImGui::CalcTextSize(text).x + 24 * s;
      };
      if (!radix) {
        legend(colors.compared, "compared this step");
        legend(colors.swapped, "swapped (GPU flags)");
      }
      draw_text(
          list, {x, ly}, colors.dim,
          state.plan->spec.pairs ? "colour: original index (stability)" : "height and colour: key");
    }
    bars_bottom += legend_h;
  }
  if (network) {
    g_rects.network_min = {min.x, bars_bottom + 6 * s};
    g_rects.network_max = max;
    audit_room("wire diagram", g_rects.network_min, g_rects.network_max,
               {0, network_min_height(*layout, ImGui::GetFontSize())});
    draw_network(list, g_rects.network_min, g_rects.network_max, *layout, state, options.network,
                 colors, ui.mono());
  } else {
    g_rects.network_min = g_rects.network_max = max;
  }
  g_rects.radix_min = g_rects.radix_max = max;
  g_rects.scatter = {};
  if (!radix_views.empty()) {
    // Stack the radix views under the bars, separated by a thin rule.
    const float top = bars_bottom + 10 * s, gap = 14 * s;
    float total_weight = 0;
    for (RadixView v : radix_views) total_weight += view_weight(v);
    const float height = max.y - top - gap * float(radix_views.size() - 1);
    g_rects.radix_min = {min.x, top};
    g_rects.radix_max = max;
    // The tile strip needs a few lines whatever the window (legend, depth bars, tiles).
    const float line = ImGui::GetFontSize();
    std::vector<float> heights;
    float fixed = 0;
    for (RadixView v : radix_views) {
      float h = height * view_weight(v) / total_weight;
      if (v == RadixView::tiles && radix_views.size() > 1)
        h = std::max(h, std::min(8.5f * line, height * 0.5f));
      heights.push_back(h);
      if (v == RadixView::tiles) fixed += h;
    }
    // The others share what the tile strip leaves.
    float other_weight = 0;
    for (RadixView v : radix_views)
      if (v != RadixView::tiles) other_weight += view_weight(v);
    for (std::size_t i = 0; i < radix_views.size(); ++i)
      if (radix_views[i] != RadixView::tiles)
        heights[i] = (height - fixed) * view_weight(radix_views[i]) / other_weight;
    float vy = top;
    for (std::size_t i = 0; i < radix_views.size(); ++i) {
      const RadixView v = radix_views[i];
      const float h = heights[i];
      const ImVec2 a{min.x, vy}, z{max.x, vy + h};
      list->AddLine({min.x, vy - 6 * s}, {max.x, vy - 6 * s}, colors.dim, 1.0f);
      // Long captions in a narrow window are cut at the view's edge, not drawn over the panels.
      audit_room(radix_view_name(v), a, z,
                 {0, radix_view_min_height(v, *state.radix, z.x - a.x, s)});
      list->PushClipRect(a, z, true);
      if (v == RadixView::histogram) draw_histogram(list, a, z, *state.radix, colors, s);
      if (v == RadixView::scatter)
        g_rects.scatter = draw_scatter(list, a, z, *state.radix, colors, s);
      if (v == RadixView::tiles) draw_tile_status(list, a, z, *state.radix, colors, s);
      list->PopClipRect();
      vy += h + gap;
    }
  } else if (radix == false &&
             (selection == ViewSelection::histogram || selection == ViewSelection::scatter ||
              selection == ViewSelection::tiles)) {
    draw_text(list, {min.x, bars_bottom + 6 * s}, colors.dim,
              "histogram, scatter and tile views are for radix plans (radix4, onesweep)");
  } else if (selection == ViewSelection::mergepath || selection == ViewSelection::blocksort) {
    draw_text(list, {min.x, bars_bottom + 6 * s}, colors.dim,
              "merge-path and blocksort views are for mergesort");
  }
}

}  // namespace ss::render
