#include "render/views/race_view.hpp"

#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "render/text_fit.hpp"
#include "render/views/caption_block.hpp"

namespace ss::render {

namespace {

// The most of the race's height a lesson's words take above the halves before they are set
// smaller.
constexpr float k_race_band_share = 0.3f;

}  // namespace

std::string_view race_sync_name(RaceSync sync) {
  return sync == RaceSync::fraction ? "fraction" : "steps";
}

RaceSync parse_race_sync(std::string_view text) {
  if (text == "steps") return RaceSync::steps;
  if (text == "fraction") return RaceSync::fraction;
  throw UsageError("unknown race sync '" + std::string(text) +
                   "': choose steps (one step each) or fraction (the same share of each plan)");
}

std::size_t race_position(std::size_t position, std::size_t steps, std::size_t other_steps,
                          RaceSync sync) {
  if (sync == RaceSync::steps || steps == 0) return std::min(position, other_steps);
  // Rounded to the nearest step; both ends meet exactly.
  const double share = double(std::min(position, steps)) / double(steps);
  return std::min(other_steps, std::size_t(std::llround(share * double(other_steps))));
}

RaceRects race_rects(ImVec2 min, ImVec2 max, float scale, bool result_line) {
  const float gap = 12 * scale + (result_line ? ImGui::GetFontSize() + 8 * scale : 0.0f);
  const float half = (max.y - min.y - gap) / 2;
  return {min, {max.x, min.y + half}, {min.x, min.y + half + gap}, max};
}

void draw_race(BarsView& first_bars, BarsView& second_bars, ImGuiLayer& ui, const StepState& first,
               const StepState& second, const ViewsOptions& options, ImVec2 min, ImVec2 max,
               std::string_view result, std::string_view first_facts,
               std::string_view second_facts) {
  const float s = ui.style().scale, line = ImGui::GetFontSize();
  // Half the height each: the bars, not the detail views, carry the comparison.
  ViewsOptions bars_only = options;
  bars_only.selection = ViewSelection::bars;
  // The marker strip and colours read as in the single view; the bars need the lines.
  bars_only.legend = false;
  // A lesson's words once, whole, above both halves; each half's own narration where it fits
  // whole (the step panel has it).
  bars_only.lecturer.clear();
  bars_only.narration_override.clear();
  bars_only.caption_may_go = true;
  std::string words = options.narration_override;
  if (!options.lecturer.empty()) words += (words.empty() ? "" : "\n") + options.lecturer;
  CaptionLines band;
  if (options.caption && !words.empty()) {
    const Caption lesson_words{words, "", false};
    for (float scale : caption_scales()) {
      band = wrap_caption(lesson_words, max.x - min.x, line * scale);
      if (band.height() <= k_race_band_share * (max.y - min.y) && caption_whole(band)) break;
    }
  }
  const float band_h = band.height() > 0 ? band.height() + 8 * s : 0.0f;
  const RaceRects r = race_rects({min.x, min.y + band_h}, max, s, !result.empty());
  const Palette colors = palette(ui.style());
  ImDrawList* list = ImGui::GetWindowDrawList();
  if (band_h > 0) draw_caption(list, band, colors, min);
  // Each half: its views, then its facts on the half's last line.
  auto half = [&](BarsView& bars, const StepState& state, std::string_view facts, ImVec2 a,
                  ImVec2 z) {
    if (facts.empty()) {
      draw_views(bars, ui, state, nullptr, bars_only, a, z);
      return;
    }
    // Two lines of facts when the half holds them beside a readable heading and bars, else one.
    const std::size_t lines = z.y - a.y >= 16 * line ? 2 : 1;
    const float h = float(wrap_words(facts, z.x - a.x, lines).size()) * line;
    draw_views(bars, ui, state, nullptr, bars_only, a, {z.x, z.y - h});
    draw_wrapped(list, {a.x, z.y - h}, colors.dim, facts, z.x - a.x, lines);
  };
  half(first_bars, first, first_facts, r.first_min, r.first_max);
  if (result.empty()) {
    const float line_y = (r.first_max.y + r.second_min.y) / 2;
    list->AddLine({min.x, line_y}, {max.x, line_y}, colors.dim, 1.0f * s);
  } else {
    const float y = r.first_max.y + 4 * s;
    list->AddLine({min.x, y}, {max.x, y}, colors.dim, 1.0f * s);
    draw_text(list, {min.x, y + 4 * s}, colors.accent, elide(result, max.x - min.x));
  }
  half(second_bars, second, second_facts, r.second_min, r.second_max);
}

}  // namespace ss::render
