#include "gui/controls_panel.hpp"
#include "common/lesson.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "algorithms/algorithm.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "gui/panel_widgets.hpp"
#include "input/distributions.hpp"
#include "verify/zero_one.hpp"

namespace ss::gui {

namespace {

constexpr std::uint32_t k_gui_max_n = 1u << 22;
constexpr const char* k_key_help =
    "keys: Left/Right step, Space play, R reset, N new input, V next view, C controls, S step "
    "panel, Esc close, H hide panels, P presenter, F11 full screen, O phases, [ ] pick list or "
    "tile, F full speed / stepping, G record, T narration, M mute, + - zoom the bars, "
    "Shift+Left/Right pan, 0 fit, click a bar: follow its key, U stop following";

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

// Tiles of a tiled plan (radix4, onesweep, mergesort: Plan::tiles says which it used) and
// onesweep's delayed tile, the lookback made visible. True when an edit asks for a re-plan.
bool tile_controls(App& app) {
  Scenario& e = app.edits;
  const Stepper* stepper = app.stepper();
  if (stepper == nullptr || stepper->plan().tiles.empty()) return false;
  bool changed = false;
  static char text[16] = "";
  if (!ImGui::IsAnyItemActive() || text[0] == 0)
    std::snprintf(text, sizeof text, "%s", tile_keys_text(e.tile_keys).c_str());
  if (ImGui::InputTextWithHint("tile keys", "auto, tuned or K", text, sizeof text,
                               ImGuiInputTextFlags_EnterReturnsTrue)) {
    try {
      e.tile_keys = parse_tile_keys(text);
      changed = true;
    } catch (const UsageError& error) {
      app.error = error.what();
    }
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "auto: teaching tiles for n <= 1024, tuned above; tuned; or K keys per "
        "tile (Enter applies)");
  }
  wrapped_text_disabled(stepper->plan().tiles);
  if (stepper->plan().algorithm != "onesweep") return changed;
  bool delayed = e.delayed_tile != k_no_delayed_tile;
  if (checkbox("delay a tile (lookback)", &delayed)) {
    e.delayed_tile = delayed ? 1u : k_no_delayed_tile;
    changed = true;
  }
  if (delayed) {
    // Counted from 1, as the tile strip and the narration count tiles.
    int tile = int(e.delayed_tile) + 1;
    if (ImGui::InputInt("tile", &tile, 1, 1, ImGuiInputTextFlags_EnterReturnsTrue) ||
        ImGui::IsItemDeactivatedAfterEdit()) {
      e.delayed_tile = std::uint32_t(std::max(tile, 1) - 1);
      changed = true;
    }
    changed |= checkbox("publishes late", &e.delayed_late);
  }
  return changed;
}

// What runs: a change here re-plans. One control after another, each marking `changed`.
void scenario_controls(App& app) {
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
  same_line_if_fits(button_width("n x 2"));
  if (ImGui::Button("n x 2") && e.n * 2 <= k_gui_max_n) {
    e.n = std::max(1u, e.n * 2);
    e.input.clear();
    changed = true;
  }
  const std::string max = "(max " + std::to_string(k_gui_max_n) + ")";
  same_line_if_fits(ImGui::CalcTextSize(max.c_str()).x);
  ImGui::TextDisabled("%s", max.c_str());
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
  changed |= checkbox("key-value pairs", &e.pairs);
  changed |= checkbox("descending", &e.descending);
  changed |= checkbox("blocksort phases (O)", &e.phases);
  changed |= tile_controls(app);
  if (changed) app.apply_edits();
}

// The sound checkbox (M mutes without unticking it), the volume, and where it plays or why not.
void sound_controls(SoundSettings& sound) {
  bool on = sound.enabled && !sound.muted;
  if (ImGui::Checkbox("sound (M)", &on)) {
    sound.enabled = on;
    sound.muted = false;
  }
  ImGui::SliderFloat("volume", &sound.volume, 0.0f, 1.0f, "%.2f");
  ImGui::Checkbox("unswapped comparators too", &sound.options.compared);
  if (!sound.status.empty()) wrapped_text_disabled(sound.status.c_str());
}

void stepping_controls(App& app) {
  const int total = int(app.step_count());
  if (app.replay.active())
    wrapped_text_disabled("stepping the recorded sample sort " + app.replay.source() +
                          "; changing the sort above leaves it");
  const float button = ImGui::GetFrameHeight() * 1.6f;
  if (ImGui::Button("|<", {button, 0})) app.perform(Action::reset);
  same_line_if_fits(button);
  if (ImGui::Button("<", {button, 0})) app.perform(Action::step_back);
  same_line_if_fits(button * 1.8f);
  if (ImGui::Button(app.playing ? "pause" : "play", {button * 1.8f, 0}))
    app.perform(Action::toggle_play);
  same_line_if_fits(button);
  if (ImGui::Button(">", {button, 0})) app.perform(Action::step_forward);
  same_line_if_fits(button);
  if (ImGui::Button(">|", {button, 0})) app.jump_to(std::size_t(total));
  int position = int(app.target());
  if (ImGui::SliderInt("step", &position, 0, total)) app.jump_to(std::size_t(position));
  ImGui::SliderFloat("steps/s", &app.steps_per_second, 0.25f, 60.0f, "%.2f",
                     ImGuiSliderFlags_Logarithmic);
  sound_controls(app.sound);
  if (ImGui::Button("new input (N)")) app.perform(Action::new_input);
  const char* mode = app.mode == Mode::full_speed ? "stepping (F)" : "full speed (F)";
  same_line_if_fits(button_width(mode));
  if (ImGui::Button(mode)) app.perform(Action::toggle_full_speed);
  wrapped_text_disabled(k_key_help);
}

void radio(const char* label, int& selection, render::ViewSelection value, bool same_line) {
  if (same_line) same_line_if_fits(checkbox_width(label));
  ImGui::RadioButton(label, &selection, int(value));
}

void view_controls(App& app) {
  ImGui::TextUnformatted("views");
  using render::ViewSelection;
  int selection = static_cast<int>(app.views.selection);
  radio("bars", selection, ViewSelection::bars, false);
  radio("network", selection, ViewSelection::network, true);
  radio("both", selection, ViewSelection::both, true);
  if (app.state().radix) {
    // Radix plans: the digit-coloured bars and the radix views.
    radio("digits", selection, ViewSelection::digits, true);
    radio("histogram", selection, ViewSelection::histogram, true);
    radio("scatter", selection, ViewSelection::scatter, true);
    radio("tiles", selection, ViewSelection::tiles, true);
    wrapped_text_disabled("both: bars + the views for the step");
  }
  if (app.state().merge) {
    // Mergesort: the merge-path grid of one output list, one blocksort tile.
    radio("merge path", selection, ViewSelection::mergepath, true);
    radio("blocksort", selection, ViewSelection::blocksort, true);
    wrapped_text_disabled("both: bars + the view for the step; click a list in the bars or [ ]");
  }
  app.views.selection = static_cast<ViewSelection>(selection);
  if (ImGui::Button("next view (V)")) app.perform(Action::next_view);
  checkbox("narration and invariant (T)", &app.views.caption);
  // More keys than pixel columns: the density view, or bars of each column's min..max.
  ImGui::TextUnformatted("many keys (D)");
  int bars = static_cast<int>(app.views.bars_style);
  ImGui::RadioButton("auto", &bars, int(render::BarsStyle::automatic));
  same_line_if_fits(checkbox_width("density"));
  ImGui::RadioButton("density", &bars, int(render::BarsStyle::density));
  same_line_if_fits(checkbox_width("min..max bars"));
  ImGui::RadioButton("min..max bars", &bars, int(render::BarsStyle::minmax));
  app.views.bars_style = static_cast<render::BarsStyle>(bars);
  // The bars' window along the array (gui/zoom_room.hpp).
  const std::uint32_t n = app.state().n();
  ImGui::TextUnformatted(render::window_text(app.views.window, n).c_str());
  if (ImGui::Button("zoom in (+)")) app.perform(Action::zoom_in);
  same_line_if_fits(ImGui::CalcTextSize("zoom out (-)").x + 2 * ImGui::GetStyle().FramePadding.x);
  if (ImGui::Button("zoom out (-)")) app.perform(Action::zoom_out);
  same_line_if_fits(ImGui::CalcTextSize("fit (0)").x + 2 * ImGui::GetStyle().FramePadding.x);
  if (ImGui::Button("fit (0)")) app.perform(Action::zoom_fit);
  wrapped_text_disabled("over the bars: wheel zooms, drag pans, Shift+Left/Right pans");
  // A followed key (gui/follow_room.hpp).
  if (app.follow.active()) {
    wrapped_text(app.follow.summary());
    if (ImGui::Button("stop following (U)")) app.perform(Action::unfollow);
    checkbox("keep it in the zoomed bars", &app.follow.keep_in_window);
  } else {
    wrapped_text_disabled("click a bar to follow its key through the sort");
  }
  checkbox("colour by workgroup", &app.views.network.color_by_workgroup);
  ImGui::SliderFloat("zoom", &app.views.network.zoom, 1.0f, 64.0f, "%.1fx",
                     ImGuiSliderFlags_Logarithmic);
  if (ImGui::Button("fit diagram")) {
    app.views.network.zoom = 1.0f;
    app.views.network.pan = {0, 0};
  }
  same_line_if_fits(ImGui::CalcTextSize("wheel: zoom, drag: pan").x);
  ImGui::TextDisabled("wheel: zoom, drag: pan");
}

void display_controls(App& app) {
  // The fonts are rebuilt for a new scale once the slider is released, not on every drag.
  static float scale_edit = 0;
  static bool editing = false;
  if (!editing) scale_edit = app.style.scale;
  ImGui::SliderFloat("UI scale", &scale_edit, 0.75f, 3.0f, "%.2f");
  editing = ImGui::IsItemActive();
  if (ImGui::IsItemDeactivatedAfterEdit()) app.style.scale = scale_edit;
  if (checkbox("presenter mode (P)", &app.style.presenter) && app.style.presenter)
    app.style.scale = std::max(app.style.scale, 2.0f);
  if (ImGui::Button("fullscreen (F11)")) app.perform(Action::toggle_fullscreen);
  wrapped_text("device: " + app.context().properties().name);
}

}  // namespace

// Network plans: the 0-1 check on the GPU, the comparators switched off by clicks on the wire
// diagram, and the counterexample loaded as the input.
void network_lab_controls(App& app) {
  if (!app.ready() || app.layout() == nullptr) return;
  ImGui::TextUnformatted("network lab");
  if (app.verifying()) {
    ImGui::ProgressBar(app.verify_fraction(), ImVec2(-1, 0), "checking 0-1 inputs");
    if (ImGui::Button("cancel check")) app.cancel_verify();
  } else if (ImGui::Button("verify network (0-1 principle)")) {
    app.perform(Action::verify);
  }
  if (app.context().properties().kind == DeviceKind::cpu)
    checkbox(("n > " + std::to_string(k_zero_one_cpu_max_n) + " on this CPU device (slow)").c_str(),
             &app.verify_allow_slow);
  if (!app.verify_result.empty()) wrapped_text_disabled(app.verify_result);
  if (app.counterexample && !app.verifying() && ImGui::Button("step the counterexample"))
    app.perform(Action::step_counterexample);
  const std::size_t off = app.scenario().disabled.size();
  wrapped_text_disabled(off == 0 ? "click a comparator in the wire diagram to disable it"
                                 : std::to_string(off) +
                                       (off == 1 ? " comparator disabled (dashed); click it "
                                                   "again to enable it"
                                                 : " comparators disabled (dashed)"));
  if (off > 0 && ImGui::Button("restore network")) app.perform(Action::restore_network);
}

// A second algorithm on the same input under the first, stepped with it, and timed against it.
void race_controls(App& app) {
  ImGui::TextUnformatted("race");
  const std::string current = app.race_algorithm().empty() ? "(none)" : app.race_algorithm();
  if (ImGui::BeginCombo("against", current.c_str())) {
    if (ImGui::Selectable("(none)", app.race_algorithm().empty())) app.set_race("");
    for (const Algorithm& a : algorithms()) {
      const std::string name(a.name);
      if (ImGui::Selectable(name.c_str(), name == app.race_algorithm())) app.set_race(name);
    }
    ImGui::EndCombo();
  }
  if (!app.racing()) return;
  int sync = static_cast<int>(app.race_sync);
  ImGui::RadioButton("one step each", &sync, int(render::RaceSync::steps));
  same_line_if_fits(checkbox_width("same fraction"));
  ImGui::RadioButton("same fraction", &sync, int(render::RaceSync::fraction));
  if (sync != static_cast<int>(app.race_sync))
    app.set_race_sync(static_cast<render::RaceSync>(sync));
  ImGui::BeginDisabled(app.working());
  if (ImGui::Button("time both at full speed")) app.perform(Action::race_run);
  ImGui::EndDisabled();
  if (!app.race_result.empty()) wrapped_text_disabled(app.race_result.c_str());
}

// The lesson picker: a built-in lesson or a lesson file, played by the app's lesson player.
void lesson_controls(App& app) {
  static int chosen = 0;
  static char path[512] = "";
  const std::vector<std::string> names = builtin_lesson_names();
  ImGui::TextUnformatted("lesson (PageDown / PageUp, B blank)");
  if (app.lesson_playing) {
    wrapped_text_disabled(app.views.progress);
    if (ImGui::Button("stop the lesson")) app.lesson_request = std::string();
    return;
  }
  if (!names.empty()) {
    chosen = std::clamp(chosen, 0, int(names.size()) - 1);
    if (ImGui::BeginCombo("built-in", names[std::size_t(chosen)].c_str())) {
      for (int i = 0; i < int(names.size()); ++i)
        if (ImGui::Selectable(names[std::size_t(i)].c_str(), i == chosen)) chosen = i;
      ImGui::EndCombo();
    }
    if (ImGui::Button("play")) app.lesson_request = names[std::size_t(chosen)];
  }
  ImGui::InputTextWithHint("file", "lesson.toml", path, sizeof path);
  if (path[0] != '\0' && ImGui::Button("play the file")) app.lesson_request = std::string(path);
}

void controls_panel(App& app) {
  // Fields leave room for the widest label at their right.
  ImGui::PushItemWidth(field_width({"algorithm", "n", "key type", "input", "seed", "step",
                                    "steps/s", "zoom", "UI scale", "against"}));
  scenario_controls(app);
  ImGui::Separator();
  stepping_controls(app);
  ImGui::Separator();
  view_controls(app);
  ImGui::Separator();
  race_controls(app);
  ImGui::Separator();
  network_lab_controls(app);
  if (app.layout() != nullptr) ImGui::Separator();
  lesson_controls(app);
  ImGui::Separator();
  display_controls(app);
  ImGui::PopItemWidth();
}

}  // namespace ss::gui
