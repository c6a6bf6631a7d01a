#include "gui/kept_settings.hpp"

#include <algorithm>
#include <type_traits>

#include <nlohmann/json.hpp>

namespace ss::gui {

KeptSettings keep_settings(const App& app) {
  KeptSettings kept;
  kept.scenario = app.scenario();
  kept.target = app.target();
  kept.race = app.race_algorithm();
  kept.race_sync = app.race_sync;
  kept.full_speed = app.full_speed;
  kept.views = app.views;
  kept.style = app.style;
  kept.mode = app.mode;
  kept.panels = app.panels;
  kept.controls_open = app.controls_open;
  kept.step_open = app.step_open;
  kept.steps_per_second = app.steps_per_second;
  kept.sound = app.sound;
  kept.verify_allow_slow = app.verify_allow_slow;
  kept.record_path = app.record_path;
  kept.record_width = app.record_width;
  kept.record_height = app.record_height;
  kept.record_options = app.record_options;
  return kept;
}

void restore_settings(const KeptSettings& kept, App& app) {
  app.target_after_replan = kept.target;
  app.race_sync = kept.race_sync;
  if (!kept.race.empty()) app.set_race(kept.race);  // planned with the scenario
  app.full_speed = kept.full_speed;
  app.views = kept.views;
  restore_display_settings(kept, app);
  app.mode = kept.mode;
  app.panels = kept.panels;
  app.controls_open = kept.controls_open;
  app.step_open = kept.step_open;
  app.verify_allow_slow = kept.verify_allow_slow;
  app.record_path = kept.record_path;
  app.record_width = kept.record_width;
  app.record_height = kept.record_height;
  app.record_options = kept.record_options;
}

std::string describe(const KeptSettings& kept) {
  const Scenario& s = kept.scenario;
  std::string text = s.algorithm + ", " + std::to_string(s.n) + " " +
                     std::string(to_string(s.type)) + (s.pairs ? " key-value pairs" : " keys") +
                     ", step " + std::to_string(kept.target);
  if (!kept.race.empty()) text += "; race: " + kept.race;
  if (kept.mode == Mode::full_speed) text += "; full-speed panel";
  if (kept.style.presenter) text += "; presenter mode";
  if (!kept.full_speed.sweep_rows.empty())
    text += "; a sweep of " + std::to_string(kept.full_speed.sweep_rows.size()) + " rows";
  return text;
}

nlohmann::json display_settings_json(const KeptSettings& kept, float hidpi) {
  return {
      {"presenter", kept.style.presenter}, {"ui_scale", kept.style.scale / std::max(hidpi, 0.25f)},
      {"caption", kept.views.caption},     {"steps_per_second", kept.steps_per_second},
      {"sound", kept.sound.enabled},       {"muted", kept.sound.muted},
      {"volume", kept.sound.volume}};
}

namespace {

// json[key] into `out` when it is there with the type of `out`.
template <class T>
void read_kept_field(const nlohmann::json& json, const char* key, T& out) {
  const auto it = json.find(key);
  if (it == json.end()) return;
  if constexpr (std::is_same_v<T, bool>) {
    if (it->is_boolean()) out = it->template get<bool>();
  } else {
    if (it->is_number()) out = it->template get<T>();
  }
}

}  // namespace

void read_display_settings(const nlohmann::json& json, float hidpi, KeptSettings& kept) {
  if (!json.is_object()) return;
  float ui_scale = kept.style.scale / std::max(hidpi, 0.25f);
  read_kept_field(json, "presenter", kept.style.presenter);
  read_kept_field(json, "ui_scale", ui_scale);
  kept.style.scale = std::clamp(ui_scale, 0.5f, 4.0f) * hidpi;
  if (kept.style.presenter) kept.style.scale = std::max(kept.style.scale, 2.0f);
  read_kept_field(json, "caption", kept.views.caption);
  read_kept_field(json, "steps_per_second", kept.steps_per_second);
  kept.steps_per_second = std::clamp(kept.steps_per_second, 0.25f, 60.0f);
  read_kept_field(json, "sound", kept.sound.enabled);
  read_kept_field(json, "muted", kept.sound.muted);
  read_kept_field(json, "volume", kept.sound.volume);
  kept.sound.volume = std::clamp(kept.sound.volume, 0.0f, 1.0f);
}

void restore_display_settings(const KeptSettings& kept, App& app) {
  app.style = kept.style;
  app.views.caption = kept.views.caption;
  app.steps_per_second = kept.steps_per_second;
  app.sound = kept.sound;
}

}  // namespace ss::gui
