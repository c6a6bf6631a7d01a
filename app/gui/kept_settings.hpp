#pragma once
// What the user set in the app (through panels, keys, the lesson player or the command line),
// taken from an App before its GPU connection is dropped and given to the App of the next one:
// after a lost device the app re-plans on a new connection and nothing the user set is lost.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "common/scenario.hpp"
#include "gui/app_state.hpp"
#include "render/animation.hpp"
#include "render/imgui_layer.hpp"
#include "render/views/views_panel.hpp"

namespace ss::gui {

struct KeptSettings {
  Scenario scenario;       // the one planned (edits not yet applied are dropped)
  std::size_t target = 0;  // the step shown
  std::string race;        // the race's second algorithm, empty for none
  render::RaceSync race_sync = render::RaceSync::steps;
  FullSpeedState full_speed;  // settings, results, sweep and overlay
  render::ViewsOptions views;
  render::UiStyle style;
  Mode mode = Mode::stepping;
  bool panels = true;
  bool controls_open = false;
  bool step_open = false;
  float steps_per_second = 2.0f;
  SoundSettings sound;
  bool verify_allow_slow = false;
  std::string record_path;
  std::uint32_t record_width = 0;
  std::uint32_t record_height = 0;
  render::AnimationOptions record_options;
};

KeptSettings keep_settings(const App& app);
// Gives a new App (made with kept.scenario) everything else: the race is planned with the
// scenario, and the first plan starts at kept.target.
void restore_settings(const KeptSettings& kept, App& app);
// "batcher, 16 u32 keys, step 3; race: mergesort; presenter mode" for the log and the dialog.
std::string describe(const KeptSettings& kept);

// The display part of the settings (theme, UI scale, caption, playback speed, sound), which the
// settings file (gui/user_settings.hpp) keeps between starts, as JSON and back. The UI scale is
// kept without the display's HiDPI factor, which may differ at the next start.
nlohmann::json display_settings_json(const KeptSettings& kept, float hidpi);
// Reads `json`'s fields over kept's display part; a field missing or of the wrong type is left.
void read_display_settings(const nlohmann::json& json, float hidpi, KeptSettings& kept);
// Gives `app` kept's display part only.
void restore_display_settings(const KeptSettings& kept, App& app);

}  // namespace ss::gui
