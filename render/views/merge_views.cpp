#include "render/views/merge_views.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "bars_params.h"
#include "render/layout_audit.hpp"
#include "render/text_fit.hpp"
#include "render/views/bars_view.hpp"
#include "render/views/flow_legend.hpp"
#include "render/views/minimap_view.hpp"
#include "render/views/views_panel.hpp"
#include "shaders/common/mergesort_step.h"

namespace ss::render {

namespace {

ImU32 rgb(float r, float g, float b) {
  return ImGui::ColorConvertFloat4ToU32({r, g, b, 1.0f});
}

std::vector<LegendItem> legend_items(const MergeState& m, const Plan& plan, const Palette& colors) {
  const MergeStepInfo& d = m.info;
  std::vector<LegendItem> items;
  const std::string runs = std::to_string(d.run_length);
  if (d.merging()) {
    const std::string list = std::to_string(std::min(d.list_length, d.n));
    if (d.stage == gpu::MERGESORT_STAGE_MERGE) {
      items.push_back({merge_a_color(), "from A", colors.text});
      items.push_back({merge_b_color(), "from B (GPU merge sources)", colors.text});
    } else {
      items.push_back({merge_a_color(), "A: 1st list of " + list, colors.text});
      items.push_back({merge_b_color(), "B: 2nd list", colors.text});
    }
    items.push_back({0, "outlined: sorted runs of " + runs, colors.dim});
    items.push_back({0,
                     "list " + std::to_string(m.path ? m.path->pair + 1 : 1) + " of " +
                         std::to_string(d.output_lists) + " picked ([ ] or click)",
                     colors.accent});
    return items;
  }
  items.push_back(
      {0, plan.spec.pairs ? "colour: original index" : "height and colour: key", colors.dim});
  if (d.stepped) items.push_back({0, "outlined: sorted runs of " + runs, colors.dim});
  if (m.blocksort && d.tiles > 1)
    items.push_back({0,
                     "tile " + std::to_string(m.blocksort->tile + 1) + " of " +
                         std::to_string(d.tiles) + " picked ([ ], click)",
                     colors.accent});
  return items;
}

// Sorted runs along the marker strip (alternating bars), outlined over the bars when wide enough;
// the picked list or tile framed in the accent colour.
void draw_runs(ImDrawList* list, ImVec2 min, ImVec2 max, const MergeState& m, KeyWindow window,
               bool show_pick, const Palette& colors, float scale) {
  const MergeStepInfo& d = m.info;
  const float width = max.x - min.x, height = max.y - min.y;
  const float per_key = width / float(std::max<std::uint32_t>(window.size(d.n), 1));
  const float strip_top = max.y - BarsGeometry::k_strip * height;
  const float bars_bottom = max.y - BarsGeometry::k_bar_bottom * height;
  auto key_x = [&](std::uint64_t i) { return render::key_x(window, d.n, min.x, max.x, double(i)); };
  if (d.stepped && d.run_length > 1) {
    const float run_px = float(d.run_length) * per_key;
    if (run_px >= 3.0f) {
      // The runs the window shows, whole or in part.
      const std::uint32_t first_run = window.begin(d.n) / d.run_length;
      const std::uint32_t runs =
          std::uint32_t((std::uint64_t(window.end(d.n)) + d.run_length - 1) / d.run_length);
      for (std::uint32_t r = first_run; r < runs; ++r) {
        const float x0 = key_x(std::uint64_t(r) * d.run_length);
        const float x1 = key_x(std::min<std::uint64_t>(std::uint64_t(r + 1) * d.run_length, d.n));
        const float inset = std::min(2 * scale, run_px * 0.2f);
        list->AddRectFilled({x0 + inset, strip_top + 0.2f * (max.y - strip_top)},
                            {x1 - inset, max.y - 0.2f * (max.y - strip_top)},
                            r % 2 == 0 ? colors.text : colors.dim);
        if (run_px >= 10 * scale)
          list->AddRect({x0 + inset * 0.5f, min.y}, {x1 - inset * 0.5f, bars_bottom}, colors.dim,
                        0.0f, 0, 1.5f * scale);
      }
    }
  }
  if (!show_pick) return;
  std::uint64_t begin = 0, end = 0;
  if (m.path) {
    begin = m.path->a_begin;
    end = std::uint64_t(m.path->b_begin) + m.path->b_count;
  } else if (m.blocksort && d.tiles > 1) {
    begin = m.blocksort->first;
    end = std::uint64_t(m.blocksort->first) + m.blocksort->count;
  }
  if (end > begin)
    list->AddRect({key_x(begin) - scale, min.y - scale}, {key_x(end) + scale, max.y + scale},
                  colors.accent, 0.0f, 0, 3 * scale);
}

}  // namespace

ImU32 merge_a_color() {
  return rgb(gpu::BARS_MERGE_A_R, gpu::BARS_MERGE_A_G, gpu::BARS_MERGE_A_B);
}
ImU32 merge_b_color() {
  return rgb(gpu::BARS_MERGE_B_R, gpu::BARS_MERGE_B_G, gpu::BARS_MERGE_B_B);
}

std::uint32_t merge_pick_at(const MergeStepInfo& d, std::uint32_t index) {
  if (d.merging()) return index / std::max(2 * d.list_length, 1u);
  return index / std::max(d.nv, 1u);
}

namespace {

float detail_min_height(const MergeViewChoice& choice, float line, float scale) {
  return choice.path        ? merge_path_min_height(line)
         : choice.blocksort ? blocksort_min_height(line, scale)
                            : 0.0f;
}

float legend_height(const StepState& state, float width, float scale) {
  return flow_legend(nullptr, {}, width, legend_items(*state.merge, *state.plan, {}), scale) +
         8 * scale;
}

}  // namespace

float merge_views_min_height(const StepState& state, const MergeViewChoice& choice, float width,
                             float scale) {
  const float line = ImGui::GetFontSize();
  const bool detail = choice.path || choice.blocksort;
  float need = detail ? detail_min_height(choice, line, scale) + 8 * scale : 0.0f;
  if (choice.bars)
    need += bars_min_height(line) + minimap_height(choice.window, state.n(), line, scale) +
            legend_height(state, width, scale);
  return need;
}

MergeViewRects draw_merge_views(ImDrawList* list, BarsView& bars, const StepState& state,
                                const MergeViewChoice& choice, const Palette& colors, float scale,
                                ImVec2 min, ImVec2 max) {
  MergeViewRects r;
  const MergeState& m = *state.merge;
  const bool detail = choice.path || choice.blocksort;
  const float line = ImGui::GetFontSize();
  const float need = detail_min_height(choice, line, scale);
  float y = min.y;
  r.bars_min = r.bars_max = min;
  if (choice.bars) {
    const std::vector<LegendItem> items = legend_items(m, *state.plan, colors);
    const float width = max.x - min.x;
    const float legend_h = legend_height(state, width, scale);
    const float available = max.y - y;
    // The detail views need lines of text and a square grid: the bars get a quarter, less when
    // the view needs more, never less than bars need to be read.
    const float bars_h = detail
                             ? std::max(bars_min_height(line) +
                                            minimap_height(choice.window, state.n(), line, scale),
                                        std::min(available * 0.25f - legend_h * 0.5f,
                                                 available - legend_h - 8 * scale - need))
                             : available - legend_h;
    r.bars_min = {min.x, y};
    r.bars_max = {max.x, y + bars_h};
    r.bars_plan_colors = true;
    const WindowBarsRects placed =
        queue_window_bars(list, bars, state, choice.window, true, choice.bars_style, colors, scale,
                          r.bars_min, r.bars_max);
    audit_room("bars", r.bars_min, r.bars_max, {0, bars_min_height(line)});
    r.bars_min = placed.bars_min;
    r.minimap_min = placed.minimap_min;
    r.minimap_max = placed.minimap_max;
    list->PushClipRect({min.x - 4 * scale, r.bars_min.y - 4 * scale}, {max.x + 4 * scale, max.y},
                       true);
    draw_runs(list, r.bars_min, r.bars_max, m, choice.window, detail, colors, scale);
    list->PopClipRect();
    flow_legend(list, {min.x, r.bars_max.y + 5 * scale}, width, items, scale);
    y = r.bars_max.y + legend_h;
  }
  if (!detail) return r;
  y += 8 * scale;
  list->AddLine({min.x, y - 6 * scale}, {max.x, y - 6 * scale}, colors.dim, 1.0f);
  r.detail_min = {min.x, y};
  r.detail_max = max;
  audit_room(choice.path ? "merge-path grid" : "blocksort tile", r.detail_min, r.detail_max,
             {0, need});
  list->PushClipRect(r.detail_min, r.detail_max, true);
  if (choice.path) r.path = draw_merge_path(list, r.detail_min, r.detail_max, m, colors, scale);
  if (choice.blocksort)
    r.blocksort = draw_blocksort(list, r.detail_min, r.detail_max, m, colors, scale);
  list->PopClipRect();
  return r;
}

}  // namespace ss::render
