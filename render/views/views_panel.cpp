#include "render/views/views_panel.hpp"

#include <cfloat>
#include <string>
#include <vector>

#include "render/step_text.hpp"

namespace ss::render {

namespace {
ViewRects g_rects;
}  // namespace

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
  list->AddText(large, large->FontSize, min, colors.accent, heading.c_str(), nullptr, wrap);
  float y = min.y + large->CalcTextSizeA(large->FontSize, FLT_MAX, wrap, heading.c_str()).y + 2 * s;
  // Scenario and GPU counts on one line, or two when the view is narrow.
  const std::string scenario = scenario_text(*state.plan);
  std::string counts = step_counts(state);
  if (!counts.empty()) counts += " (counted on the GPU)";
  const std::string one_line = counts.empty() ? scenario : scenario + "  |  " + counts;
  const bool fits = ImGui::CalcTextSize(one_line.c_str()).x <= max.x - min.x;
  for (const std::string& line :
       fits ? std::vector<std::string>{one_line} : std::vector<std::string>{scenario, counts}) {
    list->AddText(ImGui::GetFont(), ImGui::GetFontSize(), {min.x, y}, colors.text, line.c_str(),
                  nullptr, wrap);
    y += ImGui::CalcTextSize(line.c_str(), nullptr, false, wrap).y;
  }
  y += 8 * s;

  const bool network = layout != nullptr && options.selection != ViewSelection::bars;
  const bool show_bars = options.selection != ViewSelection::network || layout == nullptr;
  const float legend_h = ImGui::GetFontSize() + 6 * s;
  const float available = max.y - y;
  float bars_bottom = y;
  if (show_bars) {
    const float bars_h = network ? available * 0.42f : available - legend_h;
    bars_bottom = y + bars_h;
    g_rects.bars_min = {min.x, y};
    g_rects.bars_max = {max.x, bars_bottom};
    bars.queue(g_rects.bars_min, g_rects.bars_max);
    // Legend for the marker strip under the bars.
    const float box = ImGui::GetFontSize() * 0.8f;
    float x = min.x;
    const float ly = bars_bottom + 3 * s;
    auto legend = [&](ImU32 color, const char* text) {
      list->AddRectFilled({x, ly + 0.15f * box}, {x + box, ly + 1.15f * box}, color);
      x += box + 6 * s;
      list->AddText({x, ly}, colors.text, text);
      x += ImGui::CalcTextSize(text).x + 24 * s;
    };
    legend(colors.compared, "compared this step");
    legend(colors.swapped, "swapped (GPU flags)");
    list->AddText(
        {x, ly}, colors.dim,
        state.plan->spec.pairs ? "colour: original index (stability)" : "height and colour: key");
    bars_bottom += legend_h;
  }
  if (network) {
    g_rects.network_min = {min.x, bars_bottom + 6 * s};
    g_rects.network_max = max;
    draw_network(list, g_rects.network_min, g_rects.network_max, *layout, state, options.network,
                 colors, ui.mono());
  } else {
    g_rects.network_min = g_rects.network_max = max;
  }
}

}  // namespace ss::render
