#include "gui/kept_settings.hpp"

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
  app.style = kept.style;
  app.mode = kept.mode;
  app.panels = kept.panels;
  app.controls_open = kept.controls_open;
  app.step_open = kept.step_open;
  app.steps_per_second = kept.steps_per_second;
  app.sound = kept.sound;
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

}  // namespace ss::gui
