#include "gui/panels.hpp"

#include "gui/full_speed_panel.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "algorithms/algorithm.hpp"
#include "core/context.hpp"
#include "core/embedded_shader.hpp"
#include "input/distributions.hpp"
#include "render/step_text.hpp"
#include "render/views/merge_views.hpp"

namespace ss::gui {

namespace {

constexpr ImGuiWindowFlags k_fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
constexpr std::uint32_t k_gui_max_n = 1u << 22;

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

template <class T, std::size_t N, class Name>
bool combo(const char* label, T& value, const T (&items)[N], Name name) {
  bool changed = false;
  if (ImGui::BeginCombo(label, std::string(name(value)).c_str())) {
    for (const T& item : items) {
      if (ImGui::Selectable(std::string(name(item)).c_str(), item == value)) {
        value = item;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

void controls_panel(App& app, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("Sort", nullptr, k_fixed);
  ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);  // room for the labels
  Scenario& e = app.edits;
  bool changed = false;
  if (ImGui::BeginCombo("algorithm", e.algorithm.c_str())) {
    for (const Algorithm& a : algorithms()) {
      if (ImGui::Selectable(std::string(a.name).c_str(), a.name == e.algorithm)) {
        e.algorithm = a.name;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  std::uint32_t n = e.n;
  if (ImGui::InputScalar("n", ImGuiDataType_U32, &n, nullptr, nullptr, "%u",
                         ImGuiInputTextFlags_EnterReturnsTrue)) {
    e.n = std::min(n, k_gui_max_n);
    e.input.clear();
    changed = true;
  }
  if (ImGui::Button("n / 2") && e.n > 1) {
    e.n /= 2;
    e.input.clear();
    changed = true;
  }
  ImGui::SameLine();
  if (ImGui::Button("n x 2") && e.n * 2 <= k_gui_max_n) {
    e.n = std::max(1u, e.n * 2);
    e.input.clear();
    changed = true;
  }
  ImGui::SameLine();
  ImGui::TextDisabled("(max %u)", k_gui_max_n);
  changed |= combo("key type", e.type, k_key_types, [](KeyType t) { return to_string(t); });
  if (combo("input", e.distribution, k_distributions,
            [](Distribution d) { return to_string(d); })) {
    e.input.clear();
    changed = true;
  }
  int seed = static_cast<int>(e.seed & 0x7fffffff);
  if (ImGui::InputInt("seed", &seed, 1, 10, ImGuiInputTextFlags_EnterReturnsTrue) ||
      (ImGui::IsItemDeactivatedAfterEdit())) {
    e.seed = std::uint64_t(std::max(seed, 0));
    changed = true;
  }
  changed |= ImGui::Checkbox("key-value pairs", &e.pairs);
  changed |= ImGui::Checkbox("descending", &e.descending);
  changed |= ImGui::Checkbox("open the blocksort phases (O)", &e.phases);
  if (changed) app.apply_edits();

  ImGui::Separator();
  const Stepper* stepper = app.stepper();
  const int total = stepper ? int(stepper->step_count()) : 0;
  const float button = ImGui::GetFrameHeight() * 1.6f;
  if (ImGui::Button("|<", {button, 0})) app.perform(Action::reset);
  ImGui::SameLine();
  if (ImGui::Button("<", {button, 0})) app.perform(Action::step_back);
  ImGui::SameLine();
  if (ImGui::Button(app.playing ? "pause" : "play", {button * 1.8f, 0}))
    app.perform(Action::toggle_play);
  ImGui::SameLine();
  if (ImGui::Button(">", {button, 0})) app.perform(Action::step_forward);
  ImGui::SameLine();
  if (ImGui::Button(">|", {button, 0})) app.jump_to(std::size_t(total));
  int position = int(app.target());
  if (ImGui::SliderInt("step", &position, 0, total)) app.jump_to(std::size_t(position));
  ImGui::SliderFloat("steps/s", &app.steps_per_second, 0.25f, 60.0f, "%.2f",
                     ImGuiSliderFlags_Logarithmic);
  if (ImGui::Button("new input (N)")) app.perform(Action::new_input);
  ImGui::SameLine();
  if (ImGui::Button(app.mode == Mode::full_speed ? "stepping (F)" : "full speed (F)"))
    app.perform(Action::toggle_full_speed);
  ImGui::TextDisabled(
      "keys: Left/Right step, Space play,\nR reset, N new input, F11 full\nscreen, H hide panels, "
      "P presenter,\nO phases, [ ] pick list or tile,\nF full speed / stepping");

  ImGui::Separator();
  ImGui::TextUnformatted("views");
  int selection = static_cast<int>(app.views.selection);
  ImGui::RadioButton("bars", &selection, int(render::ViewSelection::bars));
  ImGui::SameLine();
  ImGui::RadioButton("network", &selection, int(render::ViewSelection::network));
  ImGui::SameLine();
  ImGui::RadioButton("both", &selection, int(render::ViewSelection::both));
  if (app.state().radix) {
    // Radix plans: the digit-coloured bars and the radix views.
    ImGui::RadioButton("digits", &selection, int(render::ViewSelection::digits));
    ImGui::SameLine();
    ImGui::RadioButton("histogram", &selection, int(render::ViewSelection::histogram));
    ImGui::RadioButton("scatter", &selection, int(render::ViewSelection::scatter));
    ImGui::SameLine();
    ImGui::RadioButton("tiles", &selection, int(render::ViewSelection::tiles));
    ImGui::TextDisabled("both: bars + the view for the step");
  }
  if (app.state().merge) {
    // Mergesort: the merge-path grid of one output list, one blocksort tile.
    ImGui::RadioButton("merge path", &selection, int(render::ViewSelection::mergepath));
    ImGui::SameLine();
    ImGui::RadioButton("blocksort", &selection, int(render::ViewSelection::blocksort));
    ImGui::TextDisabled("both: bars + the view for the step;\nclick a list in the bars or [ ]");
  }
  app.views.selection = static_cast<render::ViewSelection>(selection);
  ImGui::Checkbox("colour comparators by workgroup", &app.views.network.color_by_workgroup);
  ImGui::SliderFloat("zoom", &app.views.network.zoom, 1.0f, 64.0f, "%.1fx",
                     ImGuiSliderFlags_Logarithmic);
  if (ImGui::Button("fit diagram")) {
    app.views.network.zoom = 1.0f;
    app.views.network.pan = {0, 0};
  }
  ImGui::TextDisabled("wheel: zoom, drag: pan");

  ImGui::Separator();
  // The fonts are rebuilt for a new scale once the slider is released, not on every drag.
  static float scale_edit = 0;
  static bool editing = false;
  if (!editing) scale_edit = app.style.scale;
  ImGui::SliderFloat("UI scale", &scale_edit, 0.75f, 3.0f, "%.2f");
  editing = ImGui::IsItemActive();
  if (ImGui::IsItemDeactivatedAfterEdit()) app.style.scale = scale_edit;
  if (ImGui::Checkbox("presenter mode", &app.style.presenter) && app.style.presenter)
    app.style.scale = std::max(app.style.scale, 2.0f);
  if (ImGui::Button("fullscreen (F11)")) app.perform(Action::toggle_fullscreen);
  ImGui::Separator();
  ImGui::TextWrapped("device: %s", app.context().properties().name.c_str());
  ImGui::PopItemWidth();
  ImGui::End();
}

void step_panel(App& app, render::FrameRenderer& renderer, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("Step", nullptr, k_fixed);
  const render::StepState& state = app.state();
  if (state.plan == nullptr) {
    ImGui::TextUnformatted("no plan yet");
    ImGui::End();
    return;
  }
  const Plan& plan = *state.plan;
  ImGui::TextWrapped("%s", render::step_heading(state).c_str());
  const Step* step = state.shown_step();
  if (step == nullptr && !plan.steps.empty()) step = &plan.steps.front();
  if (step == nullptr) {
    ImGui::TextUnformatted("nothing to run (n < 2)");
    ImGui::End();
    return;
  }
  if (state.position == 0) ImGui::TextDisabled("next step: %s", step->label.c_str());
  const KernelSpec& kernel = plan.kernels[step->kernel];
  if (ImGui::BeginTable("facts", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    auto row = [](const char* name, const std::string& value) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(name);
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", value.c_str());
    };
    row("kernel", kernel.shader + " (entry point main)");
    row("dispatch", std::to_string(step->groups.x) + " x " + std::to_string(step->groups.y) +
                        " x " + std::to_string(step->groups.z) + " groups of " +
                        std::to_string(kernel.workgroup_size));
    row("subgroup size", std::to_string(state.subgroup_size));
    if (state.position > 0 && state.stats_counts.available) {
      row("comparisons", std::to_string(state.stats_counts.comparisons) + " (GPU count)");
      row("swaps", std::to_string(state.stats_counts.swaps) + " (GPU count)");
    }
    for (const auto& fact : render::step_facts(*step)) row(fact.name.c_str(), fact.value);
    row("bytes read", bytes_text(step->bytes_read));
    row("bytes written", bytes_text(step->bytes_written));
    ImGui::EndTable();
  }
  if (ImGui::CollapsingHeader("push constants", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::PushFont(renderer.imgui().mono());
    for (const auto& field : render::push_fields(*step))
      ImGui::Text("%-16s %s", field.name.c_str(), field.value.c_str());
    ImGui::PopFont();
  }
  if (ImGui::CollapsingHeader("GLSL source", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::BeginChild("source", {0, 0}, true, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::PushFont(renderer.imgui().mono());
    const std::string_view glsl = find_shader(kernel.shader).glsl;
    ImGui::TextUnformatted(glsl.data(), glsl.data() + glsl.size());
    ImGui::PopFont();
    ImGui::EndChild();
  }
  ImGui::End();
}

void views_window(App& app, render::FrameRenderer& renderer, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("views", nullptr,
               k_fixed | ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  const float pad = 12.0f * app.style.scale;
  const ImVec2 min{pos.x + pad, pos.y + pad}, max{pos.x + size.x - pad, pos.y + size.y - pad};
  app.views.network.ui_scale = app.style.scale;
  render::draw_views(renderer.bars(), renderer.imgui(), app.state(), app.layout(), app.views, min,
                     max);
  const auto& rects = render::last_view_rects();
  // Mergesort: a click on the bars picks the output list (or tile) holding the key clicked.
  const ImVec2 click = ImGui::GetIO().MousePos;
  if (app.state().merge && ImGui::IsMouseClicked(ImGuiMouseButton_Left) &&
      ImGui::IsWindowHovered() && click.x >= rects.bars_min.x && click.x < rects.bars_max.x &&
      click.y >= rects.bars_min.y && click.y < rects.bars_max.y && app.state().n() > 0) {
    const float f = (click.x - rects.bars_min.x) / (rects.bars_max.x - rects.bars_min.x);
    const auto key = std::min(std::uint32_t(f * float(app.state().n())), app.state().n() - 1);
    app.pick(render::merge_pick_at(app.state().merge->info, key));
  }
  // Zoom (wheel, about the mouse) and pan (drag) on the wire diagram.
  ImGui::SetCursorScreenPos(rects.network_min);
  const ImVec2 area{rects.network_max.x - rects.network_min.x,
                    rects.network_max.y - rects.network_min.y};
  if (area.x > 1 && area.y > 1) {
    ImGui::InvisibleButton("network", area);
    auto& style = app.views.network;
    if (ImGui::IsItemHovered() && ImGui::GetIO().MouseWheel != 0) {
      const float old_zoom = style.zoom;
      style.zoom = std::clamp(style.zoom * std::pow(1.2f, ImGui::GetIO().MouseWheel), 1.0f, 64.0f);
      const ImVec2 mouse{ImGui::GetIO().MousePos.x - rects.network_min.x,
                         ImGui::GetIO().MousePos.y - rects.network_min.y};
      style.pan.x = (style.pan.x + mouse.x) * style.zoom / old_zoom - mouse.x;
      style.pan.y = (style.pan.y + mouse.y) * style.zoom / old_zoom - mouse.y;
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
      style.pan.x -= ImGui::GetIO().MouseDelta.x;
      style.pan.y -= ImGui::GetIO().MouseDelta.y;
    }
    style.pan.x = std::clamp(style.pan.x, 0.0f, area.x * (style.zoom - 1));
    style.pan.y = std::clamp(style.pan.y, 0.0f, area.y * (style.zoom - 1));
  }
  ImGui::End();
}

void busy_overlay(App& app, ImVec2 center) {
  if (!app.busy()) return;
  ImGui::SetNextWindowPos(center, ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::Begin("busy", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::TextUnformatted(app.busy_text().c_str());
  ImGui::ProgressBar(app.busy_fraction(), {ImGui::GetFontSize() * 20, 0});
  ImGui::End();
}

void error_dialog(App& app) {
  if (app.error.empty()) return;
  ImGui::OpenPopup("Cannot do that");
  if (ImGui::BeginPopupModal("Cannot do that", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::TextUnformatted(app.error.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button("OK") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
      app.error.clear();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
}

}  // namespace

void draw_panels(App& app, render::FrameRenderer& renderer) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float s = app.style.scale;
  float left = 0, right = 0;
  if (app.panels) {
    left = std::min(300.0f * s, display.x * 0.24f);
    controls_panel(app, {0, 0}, {left, display.y});
    // The full-speed panel takes the step panel's room too.
    if (app.mode == Mode::stepping) {
      right = std::min(400.0f * s, display.x * 0.28f);
      step_panel(app, renderer, {display.x - right, 0}, {right, display.y});
    }
  }
  if (app.mode == Mode::full_speed) {
    full_speed_window(app, renderer, {left, 0}, {display.x - left - right, display.y});
  } else {
    views_window(app, renderer, {left, 0}, {display.x - left - right, display.y});
    busy_overlay(app, {left + (display.x - left - right) * 0.5f, display.y * 0.5f});
  }
  error_dialog(app);
}

}  // namespace ss::gui
