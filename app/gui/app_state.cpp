#include "gui/app_state.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <system_error>

#include <imgui.h>

#include "algorithms/algorithm.hpp"
#include "common/bench_plot.hpp"
#include "common/full_speed_size.hpp"
#include "core/atomic_file.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "gui/zoom_room.hpp"
#include "input/key_file.hpp"

namespace ss::gui {

namespace {

// The scenario's input and keys timed at n for `impls`, with the full-speed panel's repetitions:
// the full-speed run and the race time alike.
SweepRequest timing_request(const Scenario& s, std::vector<std::string> impls, std::uint32_t n,
                            const FullSpeedState& f) {
  SweepRequest request;
  request.impls = std::move(impls);
  request.sizes = {n};
  request.types = {s.type};
  request.pairs = s.pairs;
  request.descending = s.descending;
  request.distribution = s.distribution;
  request.seed = s.seed;
  request.reps = std::max(1, f.reps);
  request.warmup = std::max(0, f.warmup);
  return request;
}

// The network a plan runs: algorithm, n and the comparators taken out (the input does not matter
// to the 0-1 check, so stepping its counterexample keeps the verdict).
std::string plan_key(const Plan& plan) {
  std::string key = plan.algorithm + "/" + std::to_string(plan.spec.n);
  for (const DisabledComparator& c : plan.spec.disabled) {
    // Appended piece by piece: "/" + std::to_string(...) draws GCC 12's false -Wrestrict.
    key += '/';
    key += std::to_string(c.layer);
    key += ':';
    key += std::to_string(c.index);
  }
  return key;
}

}  // namespace

std::optional<Action> parse_action(const std::string& name) {
  if (name == "next") return Action::step_forward;
  if (name == "back") return Action::step_back;
  if (name == "play") return Action::toggle_play;
  if (name == "reset") return Action::reset;
  if (name == "end") return Action::step_to_end;
  if (name == "new-input") return Action::new_input;
  if (name == "fullscreen") return Action::toggle_fullscreen;
  if (name == "panels") return Action::toggle_panels;
  if (name == "presenter") return Action::toggle_presenter;
  if (name == "phases") return Action::toggle_phases;
  if (name == "pick-previous") return Action::pick_previous;
  if (name == "pick-next") return Action::pick_next;
  if (name == "fullspeed") return Action::toggle_full_speed;
  if (name == "next-view") return Action::next_view;
  if (name == "density") return Action::toggle_density;
  if (name == "caption") return Action::toggle_caption;
  if (name == "mute") return Action::toggle_mute;
  if (name == "zoom-in") return Action::zoom_in;
  if (name == "zoom-out") return Action::zoom_out;
  if (name == "pan-left") return Action::pan_left;
  if (name == "pan-right") return Action::pan_right;
  if (name == "fit") return Action::zoom_fit;
  if (name == "unfollow") return Action::unfollow;
  if (name == "start") return Action::show_start;
  if (name == "controls") return Action::toggle_controls;
  if (name == "step-panel") return Action::toggle_step_panel;
  if (name == "close-drawers") return Action::close_drawers;
  if (name == "fullspeed-run") return Action::full_speed_run;
  if (name == "sweep") return Action::sweep;
  if (name == "cancel") return Action::cancel;
  if (name == "export") return Action::export_sweep;
  if (name == "slowest-kind") return Action::slowest_kind;
  if (name == "record") return Action::record;
  if (name == "race-run") return Action::race_run;
  if (name == "verify") return Action::verify;
  if (name == "counterexample") return Action::step_counterexample;
  if (name == "restore-network") return Action::restore_network;
  if (name == "quit") return Action::quit;
  if (name == "reconnect") return Action::reconnect;
  return std::nullopt;
}

App::App(const Context& context, Scenario scenario)
    : edits(scenario),
      context_(context),
      scenario_(std::move(scenario)),
      worker_(std::make_unique<SweepWorker>(scenario_.device)),
      verify_job_(std::make_unique<VerifyJob>(scenario_.device)) {
  full_speed.sweep_impls = {scenario_.algorithm, k_std_sort};
  full_speed.sweep_type = scenario_.type;
  full_speed.sweep_pairs = scenario_.pairs;
}

App::~App() {
  stop_worker();
}

void App::apply_edits() {
  const Scenario& a = edits;
  const Scenario& b = scenario_;
  if (a.algorithm == b.algorithm && a.n == b.n && a.type == b.type &&
      a.distribution == b.distribution && a.seed == b.seed && a.pairs == b.pairs &&
      a.descending == b.descending && a.input == b.input && a.phases == b.phases &&
      a.disabled == b.disabled && a.tile_keys == b.tile_keys && a.delayed_tile == b.delayed_tile &&
      a.delayed_late == b.delayed_late)
    return;
  replan_pending_ = true;
  replan_wait_ = 0;
  playing = false;
  replay.close();  // a new scenario to step through: the recorded run gives way
}

void App::replan() {
  replan_pending_ = false;
  Scenario next = edits;
  try {
    std::optional<KeyArray> file_input;
    if (!next.input.empty()) file_input = make_input(next, false);
    const std::uint32_t n = file_input ? std::uint32_t(file_input->size()) : next.n;
    const SortSpec spec = sort_spec(next, n);
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
    if (std::string lost = follow.on_new_stepper(context_, *stepper_); !lost.empty()) error = lost;
    layout_.reset();
    if (n <= render::k_max_network_n && render::is_network_plan(*plan_))
      layout_ = render::layout_network(*plan_);
    scenario_ = next;
    edits = next;
    target_ = std::min(target_after_replan.value_or(0), stepper_->step_count());
    target_after_replan.reset();
    plan_race();  // the same input for the second sort
    // A verdict is about the network it checked: keep it only while that network is shown.
    if (!verify_result.empty() && verify_plan_key_ != plan_key(*plan_)) {
      verify_result.clear();
      counterexample.reset();
    }
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
  views.picks.window = views.window;
  state_ = render::capture_step_state(context_, *stepper_, range_, views.picks);
  views.picks = state_.picks;  // a pick outside the window moved into it
  state_changed_ = true;
  if (race_ && race_->follow(stepper_->position(), stepper_->step_count(), race_sync))
    race_changed_ = true;
}

void App::set_race(const std::string& algorithm) {
  race_algorithm_ = algorithm;
  race_result.clear();
  plan_race();
}

void App::plan_race() {
  context_.device().waitIdle();
  race_.reset();
  race_changed_ = false;
  if (race_algorithm_.empty() || !plan_ || !stepper_) return;
  try {
    race_ = std::make_unique<RaceLane>(context_, race_algorithm_, *plan_, input_, range_);
    race_->follow(stepper_->position(), stepper_->step_count(), race_sync);
    race_changed_ = true;
  } catch (const UsageError& e) {
    error = "race: " + std::string(e.what());
    race_algorithm_.clear();
  } catch (const SetupError& e) {
    error = "race: " + std::string(e.what());
    race_algorithm_.clear();
  }
}

void App::toggle_comparator(std::uint32_t layer, std::uint32_t index) {
  const DisabledComparator c{layer, index};
  auto& list = edits.disabled;
  const auto at = std::find(list.begin(), list.end(), c);
  if (at != list.end())
    list.erase(at);
  else
    list.push_back(c);
  apply_edits();
}

void App::start_verify() {
  if (verify_job_->running()) return;
  if (!plan_) return;
  try {
    require_zero_one_checkable(context_, *plan_, verify_allow_slow);
  } catch (const UsageError& e) {
    error = e.what();
    return;
  }
  const std::size_t off = plan_->spec.disabled.size();
  verify_scenario_ = scenario_.algorithm + ", n = " + std::to_string(plan_->spec.n) +
                     (off > 0 ? ", " + std::to_string(off) +
                                    (off == 1 ? " comparator disabled" : " comparators disabled")
                              : "");
  verify_result = verify_scenario_ + ": checking all 2^" + std::to_string(plan_->spec.n) +
                  " inputs of 0s and 1s on the GPU ...";
  counterexample.reset();
  verify_plan_key_ = plan_key(*plan_);
  verify_job_->start(*plan_, verify_allow_slow);
}

float App::verify_fraction() const {
  const std::uint64_t total = verify_job_->total();
  return total > 0 ? float(double(verify_job_->done()) / double(total)) : 0.0f;
}

void App::poll_verify() {
  std::optional<VerifyOutcome> outcome = verify_job_->take_result();
  if (!outcome) return;
  if (!outcome->error.empty()) {
    verify_result = verify_scenario_ + ": the check stopped: " + outcome->error;
  } else if (outcome->result) {
    const ZeroOneResult& r = *outcome->result;
    const std::string timing = " (" + fixed("%.2f", r.seconds) + " s, " +
                               figure(r.inputs_per_second() / 1e6) + " M inputs/s)";
    verify_result = verify_scenario_ + ": " + zero_one_verdict(r);
    if (r.failing_input) {
      counterexample = r.failing_input;
      verify_result +=
          ", found in " + fixed("%.2f", r.seconds) + " s; step the counterexample to watch it";
    } else if (!r.cancelled) {
      verify_result += timing;
    }
  }
  std::cout << "verify: " << verify_result << "\n";  // for scripts (--actions verify)
}

void App::load_counterexample() {
  poll_verify();  // a check that just ended may not have been read yet
  if (!counterexample || !plan_) return;
  try {
    const KeyArray keys = zero_one_keys(*counterexample, plan_->spec);
    const auto path = std::filesystem::temp_directory_path() /
                      ("sortscope-counterexample-" + std::to_string(*counterexample) + ".txt");
    write_key_file(path, keys);
    edits.input = path.string();
    edits.n = std::uint32_t(keys.size());
    apply_edits();
  } catch (const UsageError& e) {
    error = e.what();
  }
}

void App::set_race_sync(render::RaceSync sync) {
  race_sync = sync;
  if (race_ && stepper_ && race_->follow(stepper_->position(), stepper_->step_count(), race_sync))
    race_changed_ = true;
}

const render::StepState& App::race_state() const {
  static const render::StepState none;
  return race_ ? race_->state() : none;
}

void App::start_race_run() {
  if (worker_->running()) {
    error = "a full-speed run or sweep is still running; cancel it first";
    return;
  }
  if (!race_ || !plan_) {
    error = "choose a second algorithm to race first";
    return;
  }
  const Scenario& s = scenario_;
  SweepRequest request =
      timing_request(s, {s.algorithm, race_algorithm_}, plan_->spec.n, full_speed);
  request.copy_bandwidth = false;
  race_result = "timing " + s.algorithm + " and " + race_algorithm_ + " at full speed ...";
  job_ = Job::race;
  worker_->start(std::move(request));
}

void App::perform(Action action) {
  if (replay.active() && replay.perform(action, playing)) return;
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
    case Action::step_to_end:
      playing = false;
      if (stepper_) jump_to(stepper_->step_count());
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
    case Action::show_start:
      start_requested = true;
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
    case Action::toggle_full_speed:
      mode = mode == Mode::stepping ? Mode::full_speed : Mode::stepping;
      playing = false;
      break;
    case Action::next_view:
      ++views.cycle;
      break;
    case Action::toggle_density:
      views.bars_style = views.bars_style == render::BarsStyle::minmax ? render::BarsStyle::density
                                                                       : render::BarsStyle::minmax;
      break;
    case Action::toggle_caption:
      views.caption = !views.caption;
      break;
    case Action::toggle_mute:
      sound.muted = !sound.muted;
      break;
    case Action::zoom_in:
    case Action::zoom_out:
      zoom_step(*this, action == Action::zoom_in);
      break;
    case Action::pan_left:
    case Action::pan_right:
      pan_step(*this, action == Action::pan_left ? -1 : 1);
      break;
    case Action::zoom_fit:
      zoom_fit(*this);
      break;
    case Action::unfollow:
      follow.stop();
      break;
    case Action::toggle_controls:
      controls_open = !controls_open;
      step_open = false;
      break;
    case Action::toggle_step_panel:
      step_open = !step_open;
      controls_open = false;
      break;
    case Action::close_drawers:
      controls_open = step_open = false;
      break;
    case Action::full_speed_run:
      mode = Mode::full_speed;
      start_full_speed();
      break;
    case Action::sweep:
      mode = Mode::full_speed;
      full_speed.show_sweep_tab = true;
      start_sweep();
      break;
    case Action::cancel:
      stop_stepping();
      worker_->cancel();
      verify_job_->cancel();
      record_pending_ = false;
      if (recorder_) {
        recorder_.reset();  // the unfinished GIF or video is removed
        std::cout << "recording cancelled\n";
      }
      break;
    case Action::export_sweep:
      if (!working()) export_pending_ = true;
      break;
    case Action::slowest_kind: {
      // The breakdown's row with the most time, as if clicked.
      if (!full_speed.gpu || full_speed.gpu->step_kinds.empty()) break;
      const auto& kinds = full_speed.gpu->step_kinds;
      const auto slowest = std::max_element(
          kinds.begin(), kinds.end(),
          [](const StepKindTime& a, const StepKindTime& b) { return a.ms < b.ms; });
      if (!jump_to_kind(slowest->kind))
        error = "the stepping plan has no step of kind '" + slowest->kind + "'";
      break;
    }
    case Action::record:
      // Started by update(), between frames: the recorder makes its own ImGui context.
      if (!recorder_ && stepper_) record_pending_ = true;
      break;
    case Action::race_run:
      start_race_run();
      break;
    case Action::verify:
      start_verify();
      break;
    case Action::step_counterexample:
      load_counterexample();
      break;
    case Action::restore_network:
      edits.disabled.clear();
      apply_edits();
      break;
    case Action::quit:
      quit_requested = true;
      break;
    case Action::reconnect:
      break;
  }
}

void App::start_recording() {
  playing = false;
  const std::string path = !record_path.empty() ? record_path
                                                : "sortscope-" + scenario_.algorithm + "-" +
                                                      std::to_string(plan_->spec.n) + ".gif";
  render::OffscreenOptions frame;
  frame.width = record_width;
  frame.height = record_height;
  frame.selection = views.selection;
  frame.picks = views.picks;
  frame.bars_style = views.bars_style;
  frame.style = style;
  render::AnimationOptions options = record_options;
  options.steps = {0, plan_->steps.size()};
  // A video takes the soundtrack along while the sound is on; GIFs and PNGs stay silent.
  if (sound.audible() && path.ends_with(".mp4")) {
    options.sound = true;
    options.sound_options = sound.options;
  }
  try {
    recorder_ = std::make_unique<render::AnimationRecorder>(context_, *plan_, input_, range_, frame,
                                                            options, path);
  } catch (const UsageError& e) {
    error = e.what();
  }
}

void App::advance_recording() {
  try {
    recorder_->advance();
    if (recorder_->done()) {
      std::cout << "wrote " << recorder_->out() << " (" << recorder_->total() << " steps)\n";
      recorder_.reset();
    }
  } catch (const UsageError& e) {
    recorder_.reset();
    error = e.what();
  } catch (const std::system_error& e) {
    recorder_.reset();
    error = std::string("recording failed: ") + e.what();
  }
}

void App::pick(std::uint32_t index) {
  if (!stepper_ || !state_.merge || stepper_->mid_step()) return;
  const render::MergeStepInfo& d = state_.merge->info;
  if (d.merging())
    views.picks.pair = std::min(index, std::max(d.output_lists, 1u) - 1);
  else
    views.picks.tile = std::min(index, std::max(d.tiles, 1u) - 1);
  if (stepper_->position() == target_ && !stepper_->mid_step()) capture();
}

void App::read_window_when_rested(double seconds) {
  constexpr double k_window_rest = 0.15;
  if (stepper_->mid_step() || stepper_->position() != target_) return;
  render::ViewPicks wanted = views.picks;
  wanted.window = views.window;
  bool stale = state_.radix && state_.radix->scatter && !(state_.picks.window == wanted.window);
  if (state_.merge) {
    wanted = render::picks_in_window(wanted, state_.merge->info);
    stale = wanted.pair != state_.picks.pair || wanted.tile != state_.picks.tile;
  }
  if (!stale) {
    window_rest_ = 0;
    return;
  }
  window_rest_ += seconds;
  if (window_rest_ < k_window_rest) return;
  window_rest_ = 0;
  capture();
}

void App::jump_to(std::size_t position) {
  if (replay.active()) {
    replay.jump_to(position);
    return;
  }
  if (!stepper_) return;
  target_ = std::min(position, stepper_->step_count());
}

std::string App::busy_text() const {
  if (recorder_)
    return "recording " + recorder_->out() + ": step " + std::to_string(recorder_->frames_done()) +
           " of " + std::to_string(recorder_->total());
  if (replan_pending_)
    return "planning " + edits.algorithm + " for n = " + std::to_string(edits.n) + " ...";
  if (stepper_ && stepper_->position() != target_)
    return "running steps on the GPU: " + std::to_string(stepper_->position()) + " of " +
           std::to_string(target_);
  return {};
}

float App::busy_fraction() const {
  if (recorder_) return float(recorder_->frames_done()) / float(recorder_->total());
  if (!stepper_ || target_ == 0) return 0.0f;
  return float(stepper_->position()) / float(target_);
}

void App::update(double seconds) {
  poll_worker();
  poll_verify();
  if (export_pending_) {
    export_pending_ = false;
    export_sweep();
  }
  if (record_pending_) {
    record_pending_ = false;
    start_recording();
  }
  if (recorder_) {
    advance_recording();  // one step per frame, so the progress bar moves
    return;
  }
  if (replan_pending_) {
    if (plan_held) return;
    // Draw one frame with the progress message before the (blocking) planning work.
    if (replan_wait_++ < 1) return;
    replan();
    return;
  }
  if (replay.active()) {
    replay.update(seconds, playing, steps_per_second);
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
  // At the target; or stopped there midway through the next step by Cancel (the view keeps the
  // step captured last, and the next move forward goes on with that step).
  read_window_when_rested(seconds);
  if (stepper_->position() == target_) return;
  // Going back replays from the pristine input. Bounded submissions for about a frame's time,
  // so the busy overlay's Cancel and Ctrl-C stop a long jump within one of them.
  try {
    if (follow.extends(*stepper_) && stepper_->position() < target_) {
      // One whole step at a time while it extends the followed key's path, so the follower reads
      // each step's records before the next overwrites them.
      const auto deadline = Stepper::Clock::now() + k_stepping_budget;
      do {
        follow.before_step(*stepper_);
        stepper_->advance(stepper_->position() + 1, deadline - Stepper::Clock::now());
        follow.after_step(*stepper_);
      } while (!stepper_->mid_step() && stepper_->position() < target_ &&
               Stepper::Clock::now() < deadline);
    } else {
      // Forward, no further than the path's end: following goes on from there step by step.
      std::size_t stop = target_;
      if (follow.active() && stepper_->position() < follow.last_position())
        stop = std::min(target_, follow.last_position());
      stepper_->advance(stop, k_stepping_budget);
    }
  } catch (const Interrupted&) {
    clear_interrupt();
    stop_stepping();
  }
  if (!stepper_->mid_step()) capture();
}

void App::stop_stepping() {
  if (!stepper_ || stepper_->position() == target_) return;
  target_ = stepper_->position();
  playing = false;
  std::cout << "stepping stopped at step " << target_ << "\n";
}

}  // namespace ss::gui

namespace ss::gui {

namespace {

// "batcher is 1.21x faster than bitonic at full speed: 1.200 vs 1.450 ms (medians of R runs,
// n = N)", the verdict first so a narrow line keeps it.
std::string race_text(const std::vector<BenchRow>& rows, bool cancelled) {
  if (cancelled) return "race timing cancelled";
  if (rows.size() != 2) return "race timing gave no result";
  auto name = [](const BenchRow& r) {
    const std::string prefix = "sortscope-";
    return r.impl.rfind(prefix, 0) == 0 ? r.impl.substr(prefix.size()) : r.impl;
  };
  const BenchRow& winner = rows[0].ms <= rows[1].ms ? rows[0] : rows[1];
  const BenchRow& loser = rows[0].ms <= rows[1].ms ? rows[1] : rows[0];
  return name(winner) + " is " + fixed("%.2f", loser.ms / std::max(winner.ms, 1e-9)) +
         "x faster than " + name(loser) + " at full speed: " + fixed("%.3f", winner.ms) + " vs " +
         fixed("%.3f", loser.ms) + " ms (medians of " + std::to_string(winner.reps.value_or(0)) +
         " runs, n = " + pow2_text(winner.n) + ")";
}

// "onesweep, n = 2^20 uint32 keys: 1.234 ms (median of R runs), 0.850 Gkeys/s, verified", or
// "NOT verified" when the sorted result did not match.
std::string full_speed_text(const BenchRow& gpu) {
  const std::string prefix = "sortscope-";
  const std::string name =
      gpu.impl.rfind(prefix, 0) == 0 ? gpu.impl.substr(prefix.size()) : gpu.impl;
  return name + ", n = " + pow2_text(gpu.n) + " " + gpu.type + (gpu.pairs ? " pairs" : " keys") +
         ": " + fixed("%.3f", gpu.ms) + " ms (median of " + std::to_string(gpu.reps.value_or(0)) +
         " runs), " + fixed("%.3g", gpu.gkeys_per_s) + " Gkeys/s" +
         (!gpu.verified   ? ""
          : *gpu.verified ? ", verified"
                          : ", NOT verified");
}

std::string scenario_summary(const Scenario& s, std::uint32_t n) {
  return s.algorithm + ", " + std::string(to_string(s.type)) + (s.pairs ? " pairs" : " keys") +
         ", n = " + pow2_text(n) + ", " + (s.descending ? "descending" : "ascending") + ", " +
         std::string(to_string(s.distribution)) + " (seed " + std::to_string(s.seed) + ")";
}

}  // namespace

std::uint32_t App::full_speed_default_n() {
  const Scenario& s = scenario_;
  const std::string key =
      s.algorithm + "/" + std::string(to_string(s.type)) + "/" + (s.pairs ? "pairs" : "keys");
  if (key == default_n_key_) return default_n_;
  default_n_key_ = key;
  default_n_ = sized_full_speed_n(s, context_);
  return default_n_;
}

std::uint32_t App::full_speed_n() {
  if (full_speed.n_text.empty()) return full_speed_default_n();
  return parse_count(full_speed.n_text, "n");
}

void App::start_full_speed() {
  if (worker_->running()) {
    error = "a full-speed run or sweep is still running; cancel it first";
    return;
  }
  const Scenario& s = scenario_;
  try {
    const std::uint32_t n = full_speed_n();
    const Algorithm* algorithm = find_algorithm(s.algorithm);
    if (algorithm != nullptr && n > algorithm->max_n) {
      throw UsageError(s.algorithm + " takes n <= " + std::to_string(algorithm->max_n) +
                       " (got n = " + std::to_string(n) + ")");
    }
    // Refused here with the planner's or check_plan_fits' message when it does not fit.
    const DeviceLimits limits = DeviceLimits::from(context_.properties());
    const Plan plan = make_plan(s.algorithm, full_speed_spec(s, n), limits);
    check_plan_fits(plan, limits, context_.properties().name);
    SweepRequest request =
        timing_request(s, {s.algorithm, k_std_sort, k_std_sort_par}, n, full_speed);
    request.steps = true;
    full_speed.run_scenario = scenario_summary(s, n);
    full_speed.run_tiles = plan.tiles;
    full_speed.message.clear();
    job_ = Job::full_speed;
    worker_->start(std::move(request));
  } catch (const UsageError& e) {
    error = e.what();
  } catch (const SetupError& e) {
    error = e.what();
  }
}

void App::start_sweep() {
  if (worker_->running()) {
    error = "a full-speed run or sweep is still running; cancel it first";
    return;
  }
  FullSpeedState& f = full_speed;
  if (f.sweep_impls.empty()) {
    error = "pick at least one implementation for the sweep";
    return;
  }
  const int from = std::clamp(f.sweep_from, 1, 30);
  const int to = std::clamp(f.sweep_to, from, 30);
  SweepRequest request;
  request.impls = f.sweep_impls;
  for (int k = from; k <= to; ++k) request.sizes.push_back(1u << k);
  request.types = {f.sweep_type};
  request.pairs = f.sweep_pairs;
  request.descending = scenario_.descending;
  request.distribution = scenario_.distribution;
  request.seed = scenario_.seed;
  request.reps = std::max(1, f.sweep_reps);
  request.warmup = std::max(0, f.sweep_warmup);
  f.sweep_rows.clear();
  f.sweep_notes.clear();
  f.fold_sweep_settings = true;
  f.message.clear();
  job_ = Job::sweep;
  worker_->start(std::move(request));
}

void App::poll_worker() {
  std::optional<SweepResult> result = worker_->take_result();
  if (!result) {
    // The plot grows while the sweep runs.
    if (job_ == Job::sweep) {
      SweepProgress progress = worker_->progress();
      if (progress.rows.size() != full_speed.sweep_rows.size())
        full_speed.sweep_rows = std::move(progress.rows);
    }
    return;
  }
  FullSpeedState& f = full_speed;
  if (!result->error.empty()) error = "the full-speed worker stopped: " + result->error;
  if (result->copy) f.copy = result->copy;
  if (job_ == Job::full_speed) {
    f.gpu.reset();
    f.cpu.reset();
    f.cpu_par.reset();
    for (const BenchRow& row : result->rows) {
      if (row.impl == k_std_sort)
        f.cpu = row;
      else if (row.impl == k_std_sort_par)
        f.cpu_par = row;
      else
        f.gpu = row;
    }
    // The speed-ups need both baselines; a cancelled run keeps only the GPU row's own figures.
    if (result->cancelled) {
      f.message = "cancelled";
      std::cout << "full-speed run cancelled\n";  // for scripts and the tests
    } else if (f.gpu) {
      // For scripts (--actions fullspeed-run), as the race's verdict: without a window
      // (--headless) the printed line is how a script on a GPU server reads the result.
      std::cout << "full speed: " << full_speed_text(*f.gpu) << "\n";
    }
  } else if (job_ == Job::race) {
    race_result = race_text(result->rows, result->cancelled);
    std::cout << "race: " << race_result << "\n";  // for scripts (--actions race-run)
  } else if (job_ == Job::sweep) {
    f.sweep_rows = std::move(result->rows);
    f.sweep_notes = std::move(result->notes);
    f.message =
        result->cancelled
            ? "sweep cancelled after " + std::to_string(f.sweep_rows.size()) + " configurations"
            : "sweep done: " + std::to_string(f.sweep_rows.size()) + " configurations";
    if (result->cancelled) std::cout << f.message << "\n";
  }
  job_ = Job::none;
}

bool App::jump_to_kind(const std::string& kind) {
  if (!stepper_) return false;
  const Plan& plan = stepper_->plan();
  for (std::size_t i = 0; i < plan.steps.size(); ++i) {
    const Step& step = plan.steps[i];
    if ((step.kind.empty() ? step.label : step.kind) == kind) {
      mode = Mode::stepping;
      playing = false;
      jump_to(i + 1);  // position i + 1 shows step i done, highlighted
      return true;
    }
  }
  return false;
}

void App::load_overlay() {
  try {
    full_speed.overlay = read_rows(full_speed.overlay_path);
    // Named after their file, so an overlay's line never joins the sweep's of the same impl.
    const std::string stem = std::filesystem::path(full_speed.overlay_path).stem().string();
    for (BenchRow& row : full_speed.overlay) row.impl += " [" + stem + "]";
    full_speed.message = "overlay: " + std::to_string(full_speed.overlay.size()) + " rows from " +
                         full_speed.overlay_path;
  } catch (const UsageError& e) {
    error = e.what();
  }
}

void App::export_sweep() {
  const FullSpeedState& f = full_speed;
  if (f.sweep_rows.empty()) {
    error = "nothing to export: run a sweep first";
    return;
  }
  try {
    std::string jsonl, csv = csv_header();
    for (const BenchRow& row : f.sweep_rows) {
      jsonl += to_json(row).dump() + "\n";
      csv += csv_lines(row);
    }
    write_file_atomically(f.export_prefix + ".jsonl", jsonl);
    write_file_atomically(f.export_prefix + ".csv", csv);
    std::vector<BenchRow> plotted = f.sweep_rows;
    plotted.insert(plotted.end(), f.overlay.begin(), f.overlay.end());
    PlotSettings settings;
    settings.log_y = f.log_y;
    settings.title =
        "sorting throughput on " + context_.properties().name + ", " + f.sweep_rows.front().date;
    // The headless plot renders with its own ImGui context; the app's is current again after.
    ImGuiContext* current = ImGui::GetCurrentContext();
    try {
      write_plot(context_, plotted, settings, f.export_prefix + ".png");
    } catch (...) {
      ImGui::SetCurrentContext(current);
      throw;
    }
    ImGui::SetCurrentContext(current);
    full_speed.message = "wrote " + f.export_prefix + ".jsonl, .csv and .png";
  } catch (const UsageError& e) {
    error = e.what();
  } catch (const std::system_error& e) {
    error = std::string("export failed: ") + e.what();
  }
}

}  // namespace ss::gui

namespace ss::gui {

void App::follow_key(std::uint32_t at) {
  if (!stepper_ || stepper_->mid_step() || stepper_->position() != target_) return;
  try {
    follow.start(context_, *stepper_, at);
  } catch (const UsageError& e) {
    error = e.what();
  }
}

}  // namespace ss::gui
