#pragma once
// The app's state and every command that changes it. Keys, buttons and the --actions script all
// go through perform(), so the GUI smoke test drives the same path a lecturer's keyboard does.
// Long work (replays for big n) is split into chunks across frames, so the UI never stalls.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "common/scenario.hpp"
#include "plan/stepper.hpp"
#include "render/step_state.hpp"
#include "render/views/network_view.hpp"
#include "render/views/views_panel.hpp"

namespace ss::gui {

enum class Action {
  step_forward,       // Right
  step_back,          // Left
  toggle_play,        // Space
  reset,              // R: back to the input
  new_input,          // N: a new random seed
  toggle_fullscreen,  // F11
  toggle_panels,      // H: hide the side panels for the audience
  toggle_presenter,   // P: presenter mode (high contrast, UI scale at least 2)
  toggle_phases,      // O: open (or close) steps that have phases, mergesort's blocksort
  pick_previous,      // [: the previous output list (merge-path grid) or tile (blocksort)
  pick_next,          // ]: the next one
  quit,
};

// "next", "back", "play", "reset", "new-input", "fullscreen", "panels", "presenter", "phases",
// "pick-previous", "pick-next", "quit".
std::optional<Action> parse_action(const std::string& name);

class App {
 public:
  App(const Context& context, Scenario scenario);

  const Context& context() const { return context_; }
  const Scenario& scenario() const { return scenario_; }
  // Edited by the controls panel; apply_edits() re-plans when it differs from scenario().
  Scenario edits;
  void apply_edits();

  void perform(Action action);
  void jump_to(std::size_t position);  // the timeline slider
  // Mergesort: shows output list (partition, merge steps) or tile (blocksort) `index`, read back
  // at once (clamped to what the step has).
  void pick(std::uint32_t index);
  // Advances playback and pending replays; call once per frame with the frame time.
  void update(double seconds);

  bool ready() const { return stepper_ != nullptr; }
  const Stepper* stepper() const { return stepper_.get(); }
  const render::StepState& state() const { return state_; }
  const render::NetworkLayout* layout() const { return layout_ ? &*layout_ : nullptr; }
  std::size_t target() const { return target_; }
  bool busy() const { return replan_pending_ || (stepper_ && stepper_->position() != target_); }
  std::string busy_text() const;
  float busy_fraction() const;

  // True once after the state shown changed (the bars view must rebind and upload marks).
  bool take_state_changed() {
    const bool changed = state_changed_;
    state_changed_ = false;
    return changed;
  }

  bool playing = false;
  float steps_per_second = 2.0f;
  render::ViewsOptions views;
  render::UiStyle style;
  bool panels = true;
  bool fullscreen_requested = false;
  bool quit_requested = false;
  std::string error;  // shown in a dialog until dismissed

 private:
  void replan();
  void capture();

  const Context& context_;
  Scenario scenario_;
  std::optional<Plan> plan_;
  KeyArray input_;
  render::KeyRange range_;
  std::unique_ptr<Stepper> stepper_;
  std::optional<render::NetworkLayout> layout_;
  render::StepState state_;
  std::size_t target_ = 0;
  std::size_t chunk_ = 8;  // steps replayed per frame, adapted to keep frames short
  double play_clock_ = 0;
  bool replan_pending_ = true;
  int replan_wait_ = 0;  // frames drawn since the replan was asked for (to show progress)
  bool state_changed_ = false;
};

}  // namespace ss::gui
