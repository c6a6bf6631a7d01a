#include "gui/app_state.hpp"

#include <algorithm>
#include <chrono>

#include "algorithms/algorithm.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"

namespace ss::gui {

std::optional<Action> parse_action(const std::string& name) {
  if (name == "next") return Action::step_forward;
  if (name == "back") return Action::step_back;
  if (name == "play") return Action::toggle_play;
  if (name == "reset") return Action::reset;
  if (name == "new-input") return Action::new_input;
  if (name == "fullscreen") return Action::toggle_fullscreen;
  if (name == "panels") return Action::toggle_panels;
  if (name == "presenter") return Action::toggle_presenter;
  if (name == "phases") return Action::toggle_phases;
  if (name == "pick-previous") return Action::pick_previous;
  if (name == "pick-next") return Action::pick_next;
  if (name == "quit") return Action::quit;
  return std::nullopt;
}

App::App(const Context& context, Scenario scenario)
    : edits(scenario), context_(context), scenario_(std::move(scenario)) {}

void App::apply_edits() {
  const Scenario& a = edits;
  const Scenario& b = scenario_;
  if (a.algorithm == b.algorithm && a.n == b.n && a.type == b.type &&
      a.distribution == b.distribution && a.seed == b.seed && a.pairs == b.pairs &&
      a.descending == b.descending && a.input == b.input && a.phases == b.phases)
    return;
  replan_pending_ = true;
  replan_wait_ = 0;
  playing = false;
}

void App::replan() {
  replan_pending_ = false;
  Scenario next = edits;
  try {
    std::optional<KeyArray> file_input;
    if (!next.input.empty()) file_input = make_input(next, false);
    const std::uint32_t n = file_input ? std::uint32_t(file_input->size()) : next.n;
    const SortSpec spec{n, next.type, next.pairs, next.descending};
    const DeviceLimits limits = DeviceLimits::from(context_.properties());
    Plan plan = make_plan(next.algorithm, spec, limits);
    check_plan_fits(plan, limits, context_.properties().name);
    if (next.phases) plan = expand_phases(plan);  // the same dispatches, split at their phases
    KeyArray input = file_input ? std::move(*file_input) : make_input(next, false);
    // Drop the old stepper (and its buffers) before the new one allocates.
    context_.device().waitIdle();
    stepper_.reset();
    plan_ = std::move(plan);
    input_ = std::move(input);
    range_ = render::key_range(input_);
    stepper_ = std::make_unique<Stepper>(context_, *plan_, input_);
    layout_.reset();
    if (n <= render::k_max_network_n && render::is_network_plan(*plan_))
      layout_ = render::layout_network(*plan_);
    scenario_ = next;
    edits = next;
    target_ = 0;
    capture();
  } catch (const UsageError& e) {
    error = e.what();
    edits = scenario_;  // back to what runs
  } catch (const SetupError& e) {
    error = e.what();
    edits = scenario_;
  }
}

void App::capture() {
  state_ = render::capture_step_state(context_, *stepper_, range_, views.picks);
  state_changed_ = true;
}

void App::perform(Action action) {
  switch (action) {
    case Action::step_forward:
      playing = false;
      if (stepper_) jump_to(target_ + 1);
      break;
    case Action::step_back:
      playing = false;
      if (stepper_ && target_ > 0) jump_to(target_ - 1);
      break;
    case Action::toggle_play:
      playing = !playing;
      play_clock_ = 0;
      if (playing && stepper_ && target_ == stepper_->step_count()) jump_to(0);  // replay
      break;
    case Action::reset:
      playing = false;
      jump_to(0);
      break;
    case Action::new_input:
      edits.seed = scenario_.seed + 1;
      edits.input.clear();
      apply_edits();
      break;
    case Action::toggle_fullscreen:
      fullscreen_requested = true;
      break;
    case Action::toggle_panels:
      panels = !panels;
      break;
    case Action::toggle_presenter:
      style.presenter = !style.presenter;
      style.scale = style.presenter ? std::max(style.scale, 2.0f) : 1.0f;
      break;
    case Action::toggle_phases:
      edits.phases = !scenario_.phases;
      apply_edits();
      break;
    case Action::pick_previous:
    case Action::pick_next: {
      if (!state_.merge) break;
      const bool path = state_.merge->info.merging();
      const std::uint32_t current =
          path ? (state_.merge->path ? state_.merge->path->pair : 0)
               : (state_.merge->blocksort ? state_.merge->blocksort->tile : 0);
      if (action == Action::pick_previous && current > 0) pick(current - 1);
      if (action == Action::pick_next) pick(current + 1);
      break;
    }
    case Action::quit:
      quit_requested = true;
      break;
  }
}

void App::pick(std::uint32_t index) {
  if (!stepper_ || !state_.merge) return;
  const render::MergeStepInfo& d = state_.merge->info;
  if (d.merging())
    views.picks.pair = std::min(index, std::max(d.output_lists, 1u) - 1);
  else
    views.picks.tile = std::min(index, std::max(d.tiles, 1u) - 1);
  if (stepper_->position() == target_) capture();
}

void App::jump_to(std::size_t position) {
  if (!stepper_) return;
  target_ = std::min(position, stepper_->step_count());
}

std::string App::busy_text() const {
  if (replan_pending_)
    return "planning " + edits.algorithm + " for n = " + std::to_string(edits.n) + " ...";
  if (stepper_ && stepper_->position() != target_)
    return "running steps on the GPU: " + std::to_string(stepper_->position()) + " of " +
           std::to_string(target_);
  return {};
}

float App::busy_fraction() const {
  if (!stepper_ || target_ == 0) return 0.0f;
  return float(stepper_->position()) / float(target_);
}

void App::update(double seconds) {
  if (replan_pending_) {
    // Draw one frame with the progress message before the (blocking) planning work.
    if (replan_wait_++ < 1) return;
    replan();
    return;
  }
  if (!stepper_) return;
  if (playing && stepper_->position() == target_) {
    play_clock_ += seconds * steps_per_second;
    const auto due = static_cast<std::size_t>(play_clock_);
    if (due > 0) {
      play_clock_ -= double(due);
      jump_to(target_ + due);
    }
    if (target_ == stepper_->step_count() && stepper_->position() == target_) playing = false;
  }
  if (stepper_->position() == target_) return;
  // Going back replays from the pristine input: restore now, replay forward in chunks.
  if (target_ < stepper_->position()) stepper_->jump(0);
  const auto start = std::chrono::steady_clock::now();
  stepper_->jump(std::min(target_, stepper_->position() + chunk_));
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (ms < 15 && chunk_ < (1u << 16)) chunk_ *= 2;
  if (ms > 60 && chunk_ > 1) chunk_ /= 2;
  capture();
}

}  // namespace ss::gui
