#include "gui/step_panel.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "core/embedded_shader.hpp"
#include "gui/panel_widgets.hpp"
#include "render/narration/narration.hpp"
#include "render/narration/sample_sort_narration.hpp"
#include "render/step_text.hpp"
#include "render/text_fit.hpp"

namespace ss::gui {

namespace {

using Row = std::pair<std::string, std::string>;

std::string bytes_text(std::uint64_t bytes) {
  char buffer[64];
  if (bytes >= (1u << 20))
    std::snprintf(buffer, sizeof buffer, "%.2f MiB", double(bytes) / (1 << 20));
  else if (bytes >= 1024)
    std::snprintf(buffer, sizeof buffer, "%.1f KiB", double(bytes) / 1024);
  else
    std::snprintf(buffer, sizeof buffer, "%llu B", static_cast<unsigned long long>(bytes));
  return buffer;
}

std::vector<Row> facts(const App& app, const Step& step, const KernelSpec& kernel) {
  const render::StepState& state = app.state();
  std::vector<Row> rows;
  // Room for the usual rows up front: growing from empty draws GCC 12's false -Warray-bounds.
  rows.reserve(16);
  rows.emplace_back("kernel", kernel.shader + " (entry point main)");
  rows.emplace_back("dispatch", std::to_string(step.groups.x) + " x " +
                                    std::to_string(step.groups.y) + " x " +
                                    std::to_string(step.groups.z) + " groups of " +
                                    std::to_string(kernel.workgroup_size));
  rows.emplace_back("subgroup size", std::to_string(state.subgroup_size));
  if (state.position > 0 && state.stats_counts.available) {
    rows.emplace_back("comparisons",
                      std::to_string(state.stats_counts.comparisons) + " (GPU count)");
    rows.emplace_back("swaps", std::to_string(state.stats_counts.swaps) + " (GPU count)");
  }
  const std::string* facts = app.layout() != nullptr ? &app.layout()->facts : nullptr;
  for (const auto& fact : render::step_facts(step, nullptr, facts))
    rows.emplace_back(fact.name, fact.value);
  rows.emplace_back("bytes read", bytes_text(step.bytes_read));
  rows.emplace_back("bytes written", bytes_text(step.bytes_written));
  return rows;
}

// Names in a column as wide as the widest (at most `share` of the panel), values beside them;
// both wrap at spaces inside their cells.
void table(const char* id, const std::vector<Row>& rows, float share, ImGuiTableFlags flags) {
  float names = 0;
  for (const Row& row : rows) names = std::max(names, ImGui::CalcTextSize(row.first.c_str()).x);
  names = std::min(names, ImGui::GetContentRegionAvail().x * share);
  if (!ImGui::BeginTable(id, 2, flags)) return;
  ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, names);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
  for (const Row& row : rows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    wrapped_text(row.first);
    ImGui::TableNextColumn();
    wrapped_text(row.second);
  }
  ImGui::EndTable();
}

// A recorded sample sort's step: its whole caption, and the run's facts.
void replay_panel(const App& app, render::FrameRenderer& renderer) {
  const SampleSortReplay& replay = app.replay.replay();
  const std::size_t step = app.replay.step();
  wrapped_text(render::replay_step_title(step));
  const render::Caption caption = render::replay_caption(replay, step);
  wrapped_text(caption.narration);
  const render::Palette colors = render::palette(renderer.imgui().style());
  ImGui::PushStyleColor(ImGuiCol_Text, caption.invariant_fails ? colors.warning : colors.holds);
  wrapped_text(caption.invariant);
  ImGui::PopStyleColor();
  std::vector<Row> rows = {{"recorded run", app.replay.source()},
                           {"scenario", render::replay_scenario_text(replay)}};
  for (std::uint32_t r = 0; r < replay.rank_count(); ++r) {
    const ReplayRank& rank = replay.ranks[r];
    rows.emplace_back("rank " + std::to_string(r),
                      rank.device + ": " + render::grouped_number(rank.slice.count) + " keys in, " +
                          render::grouped_number(rank.record.merged.count) + " out");
  }
  for (const auto& [phase, ms] : replay.phases_ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f ms", ms);
    std::string name = phase;  // "exchange_staging": "exchange staging"
    std::replace(name.begin(), name.end(), '_', ' ');
    rows.emplace_back(name + " (slowest rank)", text);
  }
  rows.emplace_back("verified",
                    replay.verified ? replay.verification : "NO: " + replay.verification);
  rows.emplace_back("recorded with", replay.command);
  rows.emplace_back("date", replay.date);
  table("replay facts", rows, 0.45f, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV);
}

}  // namespace

void step_panel(App& app, render::FrameRenderer& renderer) {
  if (app.replay.active()) {
    replay_panel(app, renderer);
    return;
  }
  const render::StepState& state = app.state();
  if (state.plan == nullptr) {
    ImGui::TextUnformatted("no plan yet");
    return;
  }
  const Plan& plan = *state.plan;
  wrapped_text(render::step_heading(state));
  const Step* step = state.shown_step();
  if (step == nullptr && !plan.steps.empty()) step = &plan.steps.front();
  if (step == nullptr) {
    ImGui::TextUnformatted("nothing to run (n < 2)");
    return;
  }
  if (state.position == 0) wrapped_text_disabled("next step: " + step->label);
  // The whole caption: the heading of the central view may have cut it short.
  const render::Caption caption = render::step_caption(state);
  wrapped_text(caption.narration);
  const render::Palette colors = render::palette(renderer.imgui().style());
  if (app.views.follow.shown()) {
    ImGui::PushStyleColor(ImGuiCol_Text, render::follow_color());
    wrapped_text(render::follow_sentence(app.views.follow));
    ImGui::PopStyleColor();
  }
  if (!caption.invariant.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, caption.invariant_fails ? colors.warning : colors.holds);
    wrapped_text(caption.invariant);
    ImGui::PopStyleColor();
  }
  if (app.racing() && app.race_state().plan != nullptr) {
    // The race's second sort, at the step it stands on: its own caption.
    const render::StepState& race = app.race_state();
    const render::Caption second = render::step_caption(race);
    wrapped_text_disabled(app.race_algorithm() + ", " + render::step_heading(race));
    wrapped_text(second.narration);
    if (!second.invariant.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, second.invariant_fails ? colors.warning : colors.holds);
      wrapped_text(second.invariant);
      ImGui::PopStyleColor();
    }
  }
  const KernelSpec& kernel = plan.kernels[step->kernel];
  table("facts", facts(app, *step, kernel), 0.45f,
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV);
  if (ImGui::CollapsingHeader("push constants", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::PushFont(renderer.imgui().mono());
    std::vector<Row> fields;
    for (const auto& field : render::push_fields(*step))
      fields.emplace_back(field.name, field.value);
    table("push", fields, 0.7f, ImGuiTableFlags_None);
    ImGui::PopFont();
  }
  if (ImGui::CollapsingHeader("GLSL source", ImGuiTreeNodeFlags_DefaultOpen)) {
    // At least a screenful of lines; the panel scrolls to it when the window is short.
    const float height = std::max(ImGui::GetContentRegionAvail().y, 12 * ImGui::GetFontSize());
    ImGui::BeginChild("source", {0, height}, true, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::PushFont(renderer.imgui().mono());
    const std::string_view glsl = find_shader(kernel.shader).glsl;
    ImGui::TextUnformatted(glsl.data(), glsl.data() + glsl.size());
    ImGui::PopFont();
    ImGui::EndChild();
  }
}

}  // namespace ss::gui
