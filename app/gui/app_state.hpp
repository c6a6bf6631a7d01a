#pragma once
// The app's state and every command that changes it. Keys, buttons and the --actions script all
// go through perform(), so the GUI smoke test drives the same path a lecturer's keyboard does.
// Long work (replays for big n) is split into chunks across frames, so the UI never stalls.
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/bench_rows.hpp"
#include "common/scenario.hpp"
#include "common/sweep.hpp"
#include "gui/follow_room.hpp"
#include "gui/race_lane.hpp"
#include "gui/replay_room.hpp"
#include "gui/verify_job.hpp"
#include "plan/stepper.hpp"
#include "render/animation.hpp"
#include "render/sound/step_sound.hpp"
#include "render/step_state.hpp"
#include "render/views/network_view.hpp"
#include "render/views/views_panel.hpp"

namespace ss::gui {

enum class Action {
  step_forward,       // Right
  step_back,          // Left
  toggle_play,        // Space
  reset,              // R: back to the input
  step_to_end,        // End: to the last step (a long jump at large n; Cancel stops it)
  new_input,          // N: a new random seed
  toggle_fullscreen,  // F11
  toggle_panels,      // H: hide the side panels for the audience
  toggle_presenter,   // P: presenter mode (high contrast, UI scale at least 2)
  toggle_phases,      // O: open (or close) steps that have phases, mergesort's blocksort
  pick_previous,      // [: the previous output list (merge-path grid) or tile (blocksort)
  pick_next,          // ]: the next one
  toggle_full_speed,  // F: the full-speed panel (or back to stepping)
  next_view,          // V: the next of the step's detail views, when they take turns
  toggle_density,     // D: density view or min..max bars for more keys than pixel columns
  toggle_caption,     // T: the step's narration and invariant under the heading
  toggle_controls,    // C: open (or close) the controls drawer
  toggle_step_panel,  // S: open (or close) the step drawer
  close_drawers,      // Escape
  full_speed_run,     // time the scenario at full speed (on the worker thread)
  sweep,              // start the sweep set in the full-speed panel
  cancel,             // cancel the full-speed run or sweep in progress
  export_sweep,       // write the sweep as JSON Lines, CSV and PNG (App::full_speed.export_prefix)
  slowest_kind,       // step to the first step of the kind that took longest at full speed
  record,             // G: write every step of the scenario and view as an animation (App::record)
  race_run,           // time both sorts of the race at full speed (on the worker thread)
  verify,             // the 0-1 check of the network shown (App::start_verify)
  step_counterexample,  // load the 0-1 check's failing input as the input, at step 0
  restore_network,      // enable every comparator again
  quit,
  reconnect,    // answers the lost-GPU offer (gui/lost_device_offer.hpp); nothing otherwise
  toggle_mute,  // M: mutes (or unmutes) the sound (gui/sound_room.hpp)
  zoom_in,      // + (or =): the bars twice as close (gui/zoom_room.hpp)
  zoom_out,     // -: half as close
  pan_left,     // Shift+Left: a quarter window towards the first key
  pan_right,    // Shift+Right
  zoom_fit,     // 0: the whole array
  unfollow,     // U: stop following the key (gui/follow_room.hpp)
  show_start,   // the toolbar's "start": the start screen (gui/start_room.hpp)
};

// "next", "back", "play", "reset", "end", "new-input", "fullscreen", "panels", "presenter",
// "phases", "pick-previous", "pick-next", "fullspeed", "next-view", "density", "controls",
// "step-panel", "close-drawers", "fullspeed-run", "sweep", "cancel", "export", "slowest-kind",
// "record", "race-run", "verify", "counterexample", "restore-network", "quit", "reconnect",
// "mute", "zoom-in", "zoom-out", "pan-left", "pan-right", "fit", "unfollow", "start".
std::optional<Action> parse_action(const std::string& name);

enum class Mode { stepping, full_speed };

// The sound's settings, edited by the controls panel and M; gui/sound_room.hpp plays.
struct SoundSettings {
  bool enabled = true;  // the "sound" checkbox
  bool muted = false;   // M
  float volume = 0.8f;
  render::SoundOptions options;  // what sounds (compared comparators too)
  std::string status;  // what the sound room says: the device it plays on, or why it is silent
  bool audible() const { return enabled && !muted && volume > 0.0f; }
};

// The full-speed panel's settings and results (the panel is gui/full_speed_panel.cpp).
struct FullSpeedState {
  // This scenario at full speed.
  std::string n_text;  // "2^24" or decimal; empty: full_speed_default_n()
  int reps = 10;
  int warmup = 2;
  std::optional<BenchRow> gpu;        // with step_kinds
  std::optional<BenchRow> cpu;        // std::sort, one core
  std::optional<BenchRow> cpu_par;    // parallel std::sort
  std::string run_scenario;           // what was run, for the heading
  std::string run_tiles;              // Plan::tiles of the run (always the tuned ones)
  std::optional<CopyBandwidth> copy;  // the device's, from the last run or sweep
  // The sweep.
  std::vector<std::string> sweep_impls;  // algorithm names, std::sort, std::sort-par
  int sweep_from = 10;                   // log2 n
  int sweep_to = 16;
  KeyType sweep_type = KeyType::u32;
  bool sweep_pairs = false;
  int sweep_reps = 5;
  int sweep_warmup = 1;
  std::vector<BenchRow> sweep_rows;
  std::vector<std::string> sweep_notes;
  bool log_y = false;
  std::string overlay_path;
  std::vector<BenchRow> overlay;
  std::string export_prefix = "sortscope-sweep";  // + .jsonl, .csv, .png
  std::string message;               // the last job's outcome ("cancelled", "wrote ...")
  bool show_sweep_tab = false;       // select the sweep tab on the next frame
  bool fold_sweep_settings = false;  // fold the sweep's settings on the next frame
};

class App {
 public:
  App(const Context& context, Scenario scenario);
  ~App();  // cancels and joins the worker
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  const Context& context() const { return context_; }
  const Scenario& scenario() const { return scenario_; }
  // Edited by the controls panel; apply_edits() re-plans when it differs from scenario().
  Scenario edits;
  void apply_edits();
  // A re-plan is pending (apply_edits asked for one; update() makes it).
  bool replanning() const { return replan_pending_; }
  // Where the next re-plan starts instead of the input (the lesson player's first stop).
  std::optional<std::size_t> target_after_replan;
  // While set, a pending plan waits (the lost-GPU offer is open: nothing runs on the new
  // connection until the user accepts).
  bool plan_held = false;
  // The lesson picker asks the window's lesson player (gui/lesson_player.hpp) to play a lesson
  // (a built-in name or a file) or, with an empty string, to stop; lesson_playing says whether
  // one plays.
  std::optional<std::string> lesson_request;
  bool lesson_playing = false;

  void perform(Action action);
  void jump_to(std::size_t position);  // the timeline slider
  // Mergesort: shows output list (partition, merge steps) or tile (blocksort) `index`, read back
  // at once (clamped to what the step has).
  void pick(std::uint32_t index);
  // Advances playback and pending replays; call once per frame with the frame time.
  void update(double seconds);

  bool ready() const { return stepper_ != nullptr; }

  // Race: a second algorithm sorting the same input under the first, following its steps
  // (render/views/race_view.hpp). Empty: no race. set_race plans it now (a message in `error`
  // when the algorithm cannot sort this scenario).
  void set_race(const std::string& algorithm);
  const std::string& race_algorithm() const { return race_algorithm_; }
  bool racing() const { return race_ != nullptr; }
  const render::StepState& race_state() const;
  std::string race_facts() const { return race_ ? race_->facts() : std::string(); }
  std::string race_first_facts() const { return race_ ? race_->first_facts() : std::string(); }
  render::RaceSync race_sync = render::RaceSync::steps;
  // Steps or fraction; the second sort moves to match at once (no re-plan).
  void set_race_sync(render::RaceSync sync);
  // True once after the race's state changed (its bars rebind).
  bool take_race_changed() {
    const bool changed = race_changed_;
    race_changed_ = false;
    return changed;
  }
  // Times both sorts at the scenario's n on the worker, as the full-speed run does.
  void start_race_run();
  std::string race_result;  // "batcher is 1.21x faster than bitonic at full speed: ..."

  // Network lab: the 0-1 check of the network shown (with its disabled comparators) on a
  // thread of its own; the verdict, and the failing input a class can then step through.
  void start_verify();
  bool verifying() const { return verify_job_->running(); }
  float verify_fraction() const;
  void cancel_verify() { verify_job_->cancel(); }
  std::string verify_result;
  bool verify_allow_slow = false;  // check above k_zero_one_cpu_max_n on a CPU device too
  std::optional<std::uint32_t> counterexample;  // bits of the failing 0-1 input
  // Comparator `index` (increasing left wire) of network layer `layer`: on <-> off; re-plans.
  void toggle_comparator(std::uint32_t layer, std::uint32_t index);

  // A full-speed run or sweep is in progress on the worker thread or its result not yet taken
  // (update() takes it), or an export is pending.
  bool working() const {
    return job_ != Job::none || worker_->running() || export_pending_ || verify_job_->running();
  }
  SweepProgress work_progress() const { return worker_->progress(); }
  bool work_is_sweep() const { return job_ == Job::sweep; }
  // Starts the jobs; a message in `error` when one is already running or the n does not fit.
  void start_full_speed();
  void start_sweep();
  // The default n of the full-speed run: 2^24 or the largest power of two the algorithm and
  // device hold for the scenario's key type, whichever is smaller.
  std::uint32_t full_speed_default_n();
  std::uint32_t full_speed_n();  // from full_speed.n_text (UsageError when malformed)
  // Back to stepping at the first step of `kind` in the stepping plan (false when it has none).
  bool jump_to_kind(const std::string& kind);
  // Loads full_speed.overlay_path (bench JSON Lines); a message in `error` when it fails.
  void load_overlay();
  std::size_t worker_validation_count() const { return worker_->validation_count(); }
  void stop_worker() {
    worker_->cancel();
    worker_->wait();
  }
  const Stepper* stepper() const { return stepper_.get(); }
  const render::StepState& state() const { return state_; }
  const render::NetworkLayout* layout() const { return layout_ ? &*layout_ : nullptr; }
  // The step shown, or going to be: the replay's while one is open.
  std::size_t target() const { return replay.active() ? replay.step() : target_; }
  // The last step of what the timeline moves through (the replay's while one is open).
  std::size_t step_count() const {
    return replay.active() ? replay.step_count() : stepper_ ? stepper_->step_count() : 0;
  }
  bool busy() const {
    return replan_pending_ || recording() || (stepper_ && stepper_->position() != target_);
  }
  bool recording() const { return record_pending_ || recorder_ != nullptr; }
  std::string busy_text() const;
  float busy_fraction() const;

  // True once after the state shown changed (the bars view must rebind and upload marks).
  bool take_state_changed() {
    const bool changed = state_changed_;
    state_changed_ = false;
    return changed;
  }

  Mode mode = Mode::stepping;
  FullSpeedState full_speed;
  SoundSettings sound;
  FollowRoom follow;  // a followed key; update() steps one at a time to extend its path
  ReplayRoom replay;  // a recorded sample sort, shown instead of the sort while open
  // Follows the key at index `at` of the step shown (a click on the bars).
  void follow_key(std::uint32_t at);
  // The input's key range: bar heights and sound pitches.
  const render::KeyRange& key_range() const { return range_; }
  bool playing = false;
  float steps_per_second = 2.0f;
  render::ViewsOptions views;
  render::UiStyle style;
  bool panels = true;
  // Drawers (gui/panel_layout.hpp): a panel that does not dock opens over the view, one at a time.
  bool controls_open = false;
  bool step_open = false;
  bool fullscreen_requested = false;
  bool start_requested = false;  // the start screen (show_start), opened by the window's loop
  bool quit_requested = false;
  std::string error;  // shown in a dialog until dismissed
  // The record action: the file (empty: sortscope-<algorithm>-<n>.gif; .gif, .mp4, %04d or a
  // folder/ as for `render --steps`), its frame size and timing. Every step is recorded, drawn
  // offscreen as `sortscope-cli render` draws it, with the current view, picks and style.
  std::string record_path;
  std::uint32_t record_width = 1600;
  std::uint32_t record_height = 900;
  render::AnimationOptions record_options;

 private:
  void replan();
  void capture();
  // The scatter and merge views read the window's keys at capture: a window moved since is read
  // again once it has rested k_window_rest seconds (not on every frame of a drag).
  void read_window_when_rested(double seconds);
  void poll_worker();
  void export_sweep();
  void start_recording();
  void advance_recording();

  const Context& context_;
  Scenario scenario_;
  std::optional<Plan> plan_;
  KeyArray input_;
  render::KeyRange range_;
  std::unique_ptr<Stepper> stepper_;
  std::optional<render::NetworkLayout> layout_;
  render::StepState state_;
  std::size_t target_ = 0;
  // GPU time a frame spends on a jump (at least one bounded submission).
  static constexpr std::chrono::milliseconds k_stepping_budget{30};
  void stop_stepping();  // Cancel of a long jump: stay at the last whole step done
  double play_clock_ = 0;
  double window_rest_ = 0;
  bool replan_pending_ = true;
  int replan_wait_ = 0;  // frames drawn since the replan was asked for (to show progress)
  bool state_changed_ = false;
  enum class Job { none, full_speed, sweep, race } job_ = Job::none;
  std::unique_ptr<SweepWorker> worker_;
  bool export_pending_ = false;
  bool record_pending_ = false;
  std::unique_ptr<render::AnimationRecorder> recorder_;  // one frame per update()
  std::string race_algorithm_;
  std::unique_ptr<VerifyJob> verify_job_;
  std::string verify_scenario_;  // what the running check checks, for its verdict
  std::string verify_plan_key_;  // the network it checks (plan_key in app_state.cpp)
  void poll_verify();
  void load_counterexample();
  std::unique_ptr<RaceLane> race_;
  bool race_changed_ = false;
  void plan_race();
  std::string default_n_key_;  // algorithm/type/pairs the cached default n is for
  std::uint32_t default_n_ = 0;
};

}  // namespace ss::gui
