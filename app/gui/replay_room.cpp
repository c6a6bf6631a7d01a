#include "gui/replay_room.hpp"

#include <algorithm>
#include <utility>

#include "gui/app_state.hpp"
#include "render/narration/sample_sort_narration.hpp"

namespace ss::gui {

void ReplayRoom::open(SampleSortReplay replay, std::string source) {
  replay_ = std::move(replay);
  source_ = std::move(source);
  step_ = 0;
  play_clock_ = 0;
}

void ReplayRoom::close() {
  replay_.reset();
  source_.clear();
  step_ = 0;
}

std::size_t ReplayRoom::step_count() const {
  return k_replay_steps - 1;
}

void ReplayRoom::jump_to(std::size_t step) {
  step_ = std::min(step, step_count());
}

bool ReplayRoom::perform(Action action, bool& playing) {
  switch (action) {
    case Action::step_forward:
      playing = false;
      jump_to(step_ + 1);
      return true;
    case Action::step_back:
      playing = false;
      if (step_ > 0) jump_to(step_ - 1);
      return true;
    case Action::toggle_play:
      playing = !playing;
      play_clock_ = 0;
      if (playing && step_ == step_count()) step_ = 0;  // play it again
      return true;
    case Action::reset:
      playing = false;
      step_ = 0;
      return true;
    case Action::step_to_end:
      playing = false;
      step_ = step_count();
      return true;
    case Action::new_input:
    case Action::toggle_phases:
    case Action::pick_previous:
    case Action::pick_next:
    case Action::toggle_full_speed:
    case Action::next_view:
    case Action::toggle_density:
    case Action::full_speed_run:
    case Action::sweep:
    case Action::export_sweep:
    case Action::slowest_kind:
    case Action::record:
    case Action::race_run:
    case Action::verify:
    case Action::step_counterexample:
    case Action::restore_network:
    case Action::zoom_in:
    case Action::zoom_out:
    case Action::pan_left:
    case Action::pan_right:
    case Action::zoom_fit:
    case Action::unfollow:
      return true;
    default:
      return false;
  }
}

void ReplayRoom::update(double seconds, bool& playing, float steps_per_second) {
  if (!playing) return;
  play_clock_ += seconds * steps_per_second;
  const auto due = static_cast<std::size_t>(play_clock_);
  if (due > 0) {
    play_clock_ -= double(due);
    jump_to(step_ + due);
  }
  if (step_ == step_count()) playing = false;
}

}  // namespace ss::gui
