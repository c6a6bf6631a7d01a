#include "gui/full_speed_panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "algorithms/algorithm.hpp"
#include "common/bench_plot.hpp"
#include "common/bench_rows.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "gui/panel_widgets.hpp"
#include "render/views/throughput_plot.hpp"

namespace ss::gui {

namespace {

std::string duration_text(double seconds) {
  if (seconds < 0) return "estimating time left";
  if (seconds < 90) return "about " + fixed("%.0f", std::ceil(seconds)) + " s left";
  return "about " + fixed("%.0f", std::ceil(seconds / 60)) + " min left";
}

void progress_line(App& app) {
  const SweepProgress p = app.work_progress();
  ImGui::TextUnformatted(p.what.c_str());
  const std::string overlay = duration_text(p.seconds_left);
  ImGui::ProgressBar(float(p.fraction), {-ImGui::GetFrameHeight() * 4, 0}, overlay.c_str());
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) app.perform(Action::cancel);
}

void result_table(const FullSpeedState& f) {
  const BenchRow& g = *f.gpu;
  if (!ImGui::BeginTable(
          "result", 2,
          ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit))
    return;
  ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthFixed,
                          ImGui::CalcTextSize("device copy bandwidth").x);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
  auto row = [](const char* name, const std::string& value) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    ImGui::TableNextColumn();
    wrapped_text(value);
  };
  if (!f.run_tiles.empty()) row("tiles", f.run_tiles + ", whatever the stepping view uses");
  row("median GPU time",
      fixed("%.3f ms", g.ms) + " (" + std::to_string(g.reps.value_or(0)) + " timed runs)");
  row("fastest run", g.ms_min ? fixed("%.3f ms", *g.ms_min) : "-");
  row("throughput", figure(g.gkeys_per_s) + " Gkeys/s");
  row("effective bandwidth",
      g.gb_per_s ? figure(*g.gb_per_s) + " GB/s (" +
                       fixed("%.1f MB", double(g.bytes_moved.value_or(0)) / 1e6) +
                       " read + written by " + std::to_string(g.steps.value_or(0)) + " steps)"
                 : "-");
  if (f.copy && f.copy->gb_per_s > 0) {
    const CopyBandwidth& c = *f.copy;
    row("device copy bandwidth",
        figure(c.gb_per_s) + " GB/s (" + fixed("%.0f MiB", double(c.bytes) / (1 << 20)) +
            " copied one uvec4 per thread, " +
            (c.from_cache ? "measured " + c.date : "just measured") + ")" +
            (g.gb_per_s ? ": this sort moved data at " +
                              fixed("%.0f%%", *g.gb_per_s / c.gb_per_s * 100) + " of it"
                        : ""));
  }
  row("vs std::sort (1 core)",
      f.cpu ? figure(g.speedup_vs_std_sort.value_or(0)) + "x (" + fixed("%.3f ms", f.cpu->ms) + ")"
            : "-");
  row("vs parallel std::sort", f.cpu_par ? figure(g.speedup_vs_std_sort_par.value_or(0)) + "x (" +
                                               fixed("%.3f ms", f.cpu_par->ms) + ")"
                                         : "-");
  row("verified", !g.verified   ? "-"
                  : *g.verified ? "yes: matches std::stable_sort"
                                : "NO: the result differs from std::sort");
  ImGui::EndTable();
}

// The stacked bar of GPU time per kind and the table; a click on a kind steps to it.
void breakdown(App& app, const BenchRow& g) {
  const float s = app.style.scale;
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = 22.0f * s;
  const double total = std::max(g.ms, 1e-12);
  float x = at.x;
  int hovered = -1;
  for (std::size_t i = 0; i < g.step_kinds.size(); ++i) {
    const StepKindTime& k = g.step_kinds[i];
    const float w = float(k.ms / total) * width;
    const ImVec2 a{x, at.y}, b{x + std::max(w, 1.0f), at.y + height};
    list->AddRectFilled(a, b, render::plot_colour(i));
    if (ImGui::IsMouseHoveringRect(a, b)) hovered = int(i);
    if (w > ImGui::CalcTextSize(k.kind.c_str()).x + 6 * s) {
      list->AddText({x + 3 * s, at.y + (height - ImGui::GetFontSize()) * 0.5f},
                    IM_COL32(0, 0, 0, 255), k.kind.c_str());
    }
    x += w;
  }
  ImGui::Dummy({width, height});
  if (hovered >= 0) {
    const StepKindTime& k = g.step_kinds[std::size_t(hovered)];
    ImGui::SetTooltip("%s: %.3f ms, %.1f%%", k.kind.c_str(), k.ms, k.share * 100);
  }
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("kinds", 5, flags)) return;
  ImGui::TableSetupColumn("step kind (click: step to it)", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("steps", ImGuiTableColumnFlags_WidthFixed,
                          ImGui::CalcTextSize("00000").x);
  ImGui::TableSetupColumn("ms", ImGuiTableColumnFlags_WidthFixed,
                          ImGui::CalcTextSize("0000.000").x);
  ImGui::TableSetupColumn("share", ImGuiTableColumnFlags_WidthFixed,
                          ImGui::CalcTextSize("100.0%").x);
  // figure() gives at most 8 characters ("0.000862", "8.62e-05") below 1 GB/s.
  ImGui::TableSetupColumn("GB/s", ImGuiTableColumnFlags_WidthFixed,
                          ImGui::CalcTextSize("0.000000").x);
  ImGui::TableHeadersRow();
  double sum = 0;
  for (std::size_t i = 0; i < g.step_kinds.size(); ++i) {
    const StepKindTime& k = g.step_kinds[i];
    sum += k.ms;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const ImVec2 swatch = ImGui::GetCursorScreenPos();
    const float box = ImGui::GetFontSize() * 0.8f;
    ImGui::GetWindowDrawList()->AddRectFilled({swatch.x, swatch.y + box * 0.15f},
                                              {swatch.x + box, swatch.y + box * 1.15f},
                                              render::plot_colour(i));
    ImGui::Dummy({box, box});
    ImGui::SameLine();
    if (ImGui::Selectable(k.kind.c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) {
      if (!app.jump_to_kind(k.kind)) {
        app.error = "the stepping plan (n = " + std::to_string(app.scenario().n) +
                    ") has no step of kind '" + k.kind + "'; it exists at the full-speed n only";
      }
    }
    ImGui::TableNextColumn();
    ImGui::Text("%zu", k.steps);
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", k.ms);
    ImGui::TableNextColumn();
    ImGui::Text("%.1f%%", k.share * 100);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(figure(k.gb_per_s).c_str());
  }
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextDisabled("all steps");
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%zu", g.steps.value_or(0));
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%.3f", sum);
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%.1f%%", g.ms > 0 ? sum / g.ms * 100 : 0.0);
  ImGui::EndTable();
}

void run_tab(App& app) {
  FullSpeedState& f = app.full_speed;
  const Scenario& s = app.scenario();
  wrapped_text(s.algorithm + ", " + std::string(to_string(s.type)) +
               (s.pairs ? " pairs, " : " keys, ") +
               (s.descending ? "descending, " : "ascending, ") +
               std::string(to_string(s.distribution)) + " input (seed " + std::to_string(s.seed) +
               "): the stepping plan's kernels, uninstrumented, in one command buffer per run "
               "(several where a run takes over half a second, so Cancel stays quick).");
  const float field = ImGui::GetFontSize() * 7;
  static char n_text[32] = "";
  static bool n_init = false;
  if (!n_init || !ImGui::IsAnyItemActive()) {
    std::snprintf(
        n_text, sizeof n_text, "%s",
        f.n_text.empty() ? pow2_text(app.full_speed_default_n()).c_str() : f.n_text.c_str());
    n_init = true;
  }
  ImGui::SetNextItemWidth(field);
  if (ImGui::InputText("n (2^K or decimal)", n_text, sizeof n_text)) f.n_text = n_text;
  ImGui::SameLine();
  if (ImGui::SmallButton("default")) f.n_text.clear();
  ImGui::SetNextItemWidth(field);
  ImGui::InputInt("timed runs", &f.reps);
  f.reps = std::clamp(f.reps, 1, 1000);
  same_line_if_fits(labelled_width(field, "warm-up"));
  ImGui::SetNextItemWidth(field);
  ImGui::InputInt("warm-up", &f.warmup);
  f.warmup = std::clamp(f.warmup, 0, 100);
  if (!s.input.empty())
    ImGui::TextDisabled("(the key file is not used: full speed generates the distribution)");
  if (app.working() && !app.work_is_sweep()) {
    progress_line(app);
  } else {
    ImGui::BeginDisabled(app.working());
    if (ImGui::Button("Run at full speed")) app.perform(Action::full_speed_run);
    ImGui::EndDisabled();
  }
  if (!f.message.empty() && !app.work_is_sweep()) ImGui::TextDisabled("%s", f.message.c_str());
  if (!f.gpu) {
    ImGui::TextDisabled("no run yet");
    return;
  }
  ImGui::Separator();
  wrapped_text(f.run_scenario);
  result_table(f);
  if (!f.gpu->step_kinds.empty()) {
    ImGui::Separator();
    ImGui::TextUnformatted("GPU time per step kind (median run)");
    breakdown(app, *f.gpu);
  }
}

void sweep_plot(App& app, ImVec2 size) {
  FullSpeedState& f = app.full_speed;
  std::vector<BenchRow> rows = f.sweep_rows;
  rows.insert(rows.end(), f.overlay.begin(), f.overlay.end());
  const std::vector<render::PlotSeries> series = plot_series(rows);
  const ImVec2 min = ImGui::GetCursorScreenPos();
  const ImVec2 max{min.x + size.x, min.y + size.y};
  ImGui::InvisibleButton("plot", size);
  render::ThroughputPlotOptions options;
  options.log_y = f.log_y;
  options.scale = app.style.scale;
  options.ceiling_note = ceiling_note(rows);

  if (ImGui::IsItemHovered()) options.mouse = ImGui::GetIO().MousePos;
  const render::PlotHover hover = render::draw_throughput_plot(
      ImGui::GetWindowDrawList(), min, max, series, options, render::palette(app.style));
  if (hover.series >= 0) {
    const auto& x = series[std::size_t(hover.series)];
    const auto& p = x.points[std::size_t(hover.point)];
    ImGui::SetTooltip("%s\nn = %s: %s Gkeys/s (%.4g ms)", x.name.c_str(),
                      pow2_text(std::uint64_t(p.n)).c_str(), figure(p.gkeys_per_s).c_str(),
                      p.gkeys_per_s > 0 ? p.n / (p.gkeys_per_s * 1e6) : 0.0);
  }
}

void sweep_settings(App& app) {
  FullSpeedState& f = app.full_speed;
  const float field = ImGui::GetFontSize() * 6;
  ImGui::BeginDisabled(app.working());
  auto check = [&](const std::string& impl) {
    bool on = std::find(f.sweep_impls.begin(), f.sweep_impls.end(), impl) != f.sweep_impls.end();
    if (ImGui::Checkbox(impl.c_str(), &on)) {
      if (on)
        f.sweep_impls.push_back(impl);
      else
        std::erase(f.sweep_impls, impl);
    }
  };
  std::vector<std::string> impls;
  for (const Algorithm& a : algorithms()) impls.emplace_back(a.name);
  impls.emplace_back(k_std_sort);
  impls.emplace_back(k_std_sort_par);
  for (std::size_t i = 0; i < impls.size(); ++i) {
    if (i > 0) same_line_if_fits(checkbox_width(impls[i].c_str()));
    check(impls[i]);
  }
  ImGui::SetNextItemWidth(field);
  ImGui::SliderInt("from n = 2^", &f.sweep_from, 1, 30);
  same_line_if_fits(labelled_width(field, "to 2^"));
  ImGui::SetNextItemWidth(field);
  ImGui::SliderInt("to 2^", &f.sweep_to, 1, 30);
  f.sweep_to = std::max(f.sweep_to, f.sweep_from);
  same_line_if_fits(labelled_width(field, "key type"));
  ImGui::SetNextItemWidth(field);
  if (ImGui::BeginCombo("key type", std::string(to_string(f.sweep_type)).c_str())) {
    for (KeyType t : k_key_types) {
      if (ImGui::Selectable(std::string(to_string(t)).c_str(), t == f.sweep_type)) f.sweep_type = t;
    }
    ImGui::EndCombo();
  }
  same_line_if_fits(checkbox_width("pairs"));
  ImGui::Checkbox("pairs", &f.sweep_pairs);
  ImGui::SetNextItemWidth(field);
  ImGui::InputInt("timed runs##sweep", &f.sweep_reps);
  f.sweep_reps = std::clamp(f.sweep_reps, 1, 1000);
  same_line_if_fits(labelled_width(field, "warm-up"));
  ImGui::SetNextItemWidth(field);
  ImGui::InputInt("warm-up##sweep", &f.sweep_warmup);
  f.sweep_warmup = std::clamp(f.sweep_warmup, 0, 100);
  ImGui::EndDisabled();
}

void sweep_tab(App& app) {
  FullSpeedState& f = app.full_speed;
  const float field = ImGui::GetFontSize() * 6;
  // The settings fold away once a sweep starts, so the plot gets the room (presenter mode).
  if (f.fold_sweep_settings) ImGui::SetNextItemOpen(false);
  f.fold_sweep_settings = false;
  const bool open =
      ImGui::CollapsingHeader("implementations, sizes, keys", ImGuiTreeNodeFlags_DefaultOpen);
  if (open) sweep_settings(app);
  if (app.working() && app.work_is_sweep()) {
    progress_line(app);
  } else {
    ImGui::BeginDisabled(app.working());
    if (ImGui::Button("Run the sweep")) app.perform(Action::sweep);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::Checkbox("log Gkeys/s", &f.log_y);
  }
  if (!f.message.empty()) {
    same_line_if_fits(ImGui::CalcTextSize(f.message.c_str()).x);
    ImGui::TextDisabled("%s", f.message.c_str());
  }
  if (!f.sweep_notes.empty()) {
    // Configurations skipped (n beyond an algorithm's or the device's limit): hover for why.
    const std::string skipped = std::to_string(f.sweep_notes.size()) + " skipped (hover)";
    same_line_if_fits(ImGui::CalcTextSize(skipped.c_str()).x);
    ImGui::TextDisabled("%s", skipped.c_str());
    if (ImGui::IsItemHovered()) {
      std::string all;
      for (const std::string& note : f.sweep_notes) all += note + "\n";
      ImGui::SetTooltip("%s", all.c_str());
    }
  }

  // Export and overlay at the bottom; the plot takes the room between.
  const float footer = ImGui::GetFrameHeightWithSpacing() * 2 + ImGui::GetStyle().ItemSpacing.y;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float plot_h = std::max(avail.y - footer, 160.0f * app.style.scale);
  sweep_plot(app, {avail.x, plot_h});

  static char overlay[512] = "";
  static char prefix[512] = "";
  if (prefix[0] == 0) std::snprintf(prefix, sizeof prefix, "%s", f.export_prefix.c_str());
  const float text_w = std::max(ImGui::GetContentRegionAvail().x * 0.5f, field);
  ImGui::SetNextItemWidth(text_w);
  if (ImGui::InputTextWithHint("##overlay", "bench JSON Lines file", overlay, sizeof overlay))
    f.overlay_path = overlay;
  ImGui::SameLine();
  if (ImGui::Button("Overlay")) app.load_overlay();
  if (!f.overlay.empty()) {
    ImGui::SameLine();
    if (ImGui::Button("clear")) f.overlay.clear();
  }
  ImGui::SetNextItemWidth(text_w);
  if (ImGui::InputTextWithHint("##prefix", "export file prefix", prefix, sizeof prefix))
    f.export_prefix = prefix;
  ImGui::SameLine();
  ImGui::BeginDisabled(f.sweep_rows.empty() || app.working());
  if (ImGui::Button("Export")) app.perform(Action::export_sweep);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("PREFIX.jsonl and PREFIX.csv (the bench schema), PREFIX.png (the plot)");
  ImGui::EndDisabled();
}

}  // namespace

void full_speed_window(App& app, render::FrameRenderer& renderer, ImVec2 pos, ImVec2 size) {
  (void)renderer;
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("Full speed (F: back to stepping)", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  FullSpeedState& f = app.full_speed;
  if (ImGui::BeginTabBar("full speed")) {
    if (ImGui::BeginTabItem("this scenario")) {
      run_tab(app);
      ImGui::EndTabItem();
    }
    const ImGuiTabItemFlags sweep_flags = f.show_sweep_tab ? ImGuiTabItemFlags_SetSelected : 0;
    f.show_sweep_tab = false;
    if (ImGui::BeginTabItem("sweep", nullptr, sweep_flags)) {
      sweep_tab(app);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace ss::gui
