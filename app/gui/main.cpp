// sortscope: the desktop app. Steps through real GPU sorts and draws what each dispatch did.
#include <algorithm>
#include <bit>
#include <chrono>
#include <deque>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include <GLFW/glfw3.h>  // key codes only: the keys are GLFW's, with a window or without
#include <CLI/CLI.hpp>

#include "algorithms/algorithm.hpp"
#include "common/lesson.hpp"
#include "common/sample_sort_replay.hpp"
#include "common/scenario.hpp"
#include "common/sweep.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "gui/app_state.hpp"
#include "gui/kept_settings.hpp"
#include "gui/key_queue.hpp"
#include "gui/keys.hpp"
#include "gui/lesson_keys.hpp"
#include "gui/lost_device_offer.hpp"
#include "gui/panels.hpp"
#include "gui/sound_room.hpp"
#include "gui/start_room.hpp"
#include "gui/window.hpp"
#include "gui/windowless.hpp"
#include "platform/console.hpp"
#include "platform/this_process.hpp"

namespace {

constexpr int k_exit_ok = 0;
constexpr int k_exit_usage = 2;
constexpr int k_exit_validation = 3;

struct Options {
  ss::ScenarioOptions scenario;
  std::string screenshot;
  int frames = 10;
  std::string actions;
  float ui_scale = 1.0f;
  bool presenter = false;
  bool headless = false;  // no window: frames into an offscreen image, input from the script
  int width = 1600;
  int height = 900;
  // The full-speed panel's settings (for scripts; the panel edits them too).
  std::string fullspeed_n;
  int reps = 10;
  int warmup = 2;
  std::string sweep_algos;
  std::string sweep_n;
  std::string sweep_type;
  bool sweep_pairs = false;
  int sweep_reps = 5;
  int sweep_warmup = 1;
  bool sweep_log_y = false;
  std::string export_prefix;
  std::string overlay;
  std::string record;
  ss::render::AnimationOptions record_options;
  std::string race;
  std::string race_sync = "steps";
  bool verify_slow = false;
  std::string lesson;  // a built-in lesson's name, a lesson file, or "list"
  std::string replay;  // a recorded sample sort's folder (or its replay.json)
  std::string keys;    // scripted key presses (tests), e.g. "pagedown,pagedown,b"
  bool mute = false;
  float steps_per_second = 2.0f;
  std::string window;                   // "A..B": the keys the bars show at first
  std::optional<std::uint32_t> follow;  // the input index of a key followed from the start
  bool start = false;                   // --start: begin on the start screen whatever else is given
  // Set after parsing: the session begins on the start screen (gui/start_room.hpp), with the
  // settings file's display settings where the command line gives none.
  bool start_screen = false;
  bool only_display_options = false;  // nothing on the command line names what to show
  bool style_given = false;           // --presenter or --ui-scale
  bool mute_given = false;
};

// Options that say how to show, not what: they leave the start screen in place.
constexpr const char* k_display_options[] = {"presenter", "ui-scale",   "width",           "height",
                                             "mute",      "screenshot", "frames",          "keys",
                                             "start",     "device",     "steps-per-second"};

bool only_display_options_given(const CLI::App& cli) {
  for (const CLI::Option* option : cli.get_options()) {
    if (option->count() == 0) continue;
    if (std::none_of(std::begin(k_display_options), std::end(k_display_options),
                     [&](const char* name) { return option->check_lname(name); }))
      return false;
  }
  return true;
}

// Key names --keys takes, as GLFW codes: what a clicker and the lesson player use.
std::deque<int> parse_keys(const std::string& list) {
  static const std::pair<const char*, int> names[] = {{"pagedown", GLFW_KEY_PAGE_DOWN},
                                                      {"pageup", GLFW_KEY_PAGE_UP},
                                                      {"right", GLFW_KEY_RIGHT},
                                                      {"left", GLFW_KEY_LEFT},
                                                      {"space", GLFW_KEY_SPACE},
                                                      {"b", GLFW_KEY_B},
                                                      {"t", GLFW_KEY_T},
                                                      {"p", GLFW_KEY_P},
                                                      {"m", GLFW_KEY_M},
                                                      {"f", GLFW_KEY_F},
                                                      {"enter", GLFW_KEY_ENTER},
                                                      {"escape", GLFW_KEY_ESCAPE},
                                                      {"1", GLFW_KEY_1},
                                                      {"2", GLFW_KEY_2},
                                                      {"3", GLFW_KEY_3},
                                                      {"4", GLFW_KEY_4},
                                                      {"5", GLFW_KEY_5},
                                                      {"6", GLFW_KEY_6}};
  std::deque<int> keys;
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');) {
    if (name.empty()) continue;
    const auto it = std::find_if(std::begin(names), std::end(names),
                                 [&](const auto& entry) { return name == entry.first; });
    if (it == std::end(names)) {
      throw ss::UsageError("--keys: unknown key '" + name +
                           "'; use pagedown, pageup, right, left, space, b, t, p, m, f, enter, "
                           "escape, 1 .. 6");
    }
    keys.push_back(it->second);
  }
  return keys;
}

constexpr const char* k_action_names =
    "next, back, play, reset, end, new-input, fullscreen, panels, presenter, phases, "
    "pick-previous, "
    "pick-next, fullspeed, next-view, density, controls, step-panel, close-drawers, fullspeed-run, "
    "sweep, "
    "cancel, export, slowest-kind, record, race-run, verify, counterexample, restore-network, "
    "quit, reconnect (answers the lost-GPU dialog), mute, zoom-in, zoom-out, pan-left, "
    "pan-right, fit, unfollow, start";

std::deque<ss::gui::Action> parse_actions(const std::string& list) {
  std::deque<ss::gui::Action> actions;
  std::stringstream in(list);
  std::string name;
  while (std::getline(in, name, ',')) {
    if (name.empty()) continue;
    const auto action = ss::gui::parse_action(name);
    if (!action) {
      throw ss::UsageError("--actions: unknown action '" + name + "'; use " + k_action_names);
    }
    actions.push_back(*action);
  }
  return actions;
}

// The full-speed options into the panel's state; throws UsageError naming a bad value.
void apply_full_speed_options(const Options& o, ss::gui::FullSpeedState& f) {
  using namespace ss;
  if (!o.fullspeed_n.empty()) {
    (void)parse_count(o.fullspeed_n, "--fullspeed-n");
    f.n_text = o.fullspeed_n;
  }
  if (o.reps < 1 || o.warmup < 0 || o.sweep_reps < 1 || o.sweep_warmup < 0)
    throw UsageError("--reps and --sweep-reps must be >= 1, --warmup and --sweep-warmup >= 0");
  f.reps = o.reps;
  f.warmup = o.warmup;
  f.sweep_reps = o.sweep_reps;
  f.sweep_warmup = o.sweep_warmup;
  f.log_y = o.sweep_log_y;
  if (!o.sweep_algos.empty()) {
    f.sweep_impls.clear();
    std::stringstream in(o.sweep_algos);
    for (std::string name; std::getline(in, name, ',');) {
      if (name.empty()) continue;
      if (name != k_std_sort && name != k_std_sort_par && find_algorithm(name) == nullptr) {
        throw UsageError("--sweep-algos: unknown implementation '" + name + "'; choose from " +
                         algorithm_names() + ", std::sort, std::sort-par");
      }
      f.sweep_impls.push_back(name);
    }
  }
  if (!o.sweep_n.empty()) {
    const auto sizes = parse_count_list(o.sweep_n, "--sweep-n");
    for (std::uint32_t n : sizes) {
      if (n < 2 || (n & (n - 1)) != 0)
        throw UsageError("--sweep-n: the sweep times powers of two from 2^1; got " +
                         std::to_string(n));
    }
    const auto [lo, hi] = std::minmax_element(sizes.begin(), sizes.end());
    f.sweep_from = std::countr_zero(*lo);
    f.sweep_to = std::countr_zero(*hi);
  }
  if (!o.sweep_type.empty()) {
    const auto type = parse_key_type(o.sweep_type);
    if (!type) throw UsageError("--sweep-type: unknown key type '" + o.sweep_type + "'");
    f.sweep_type = *type;
  }
  if (o.sweep_pairs) f.sweep_pairs = true;
  if (!o.export_prefix.empty()) f.export_prefix = o.export_prefix;
}

// A lost device: what happened, and what the user had set (gui/kept_settings.hpp).
struct LostDevice {
  std::string message;
  ss::gui::KeptSettings kept;
};

// What ended one connection to the GPU: the user (exit code), or a lost device, after which the
// app makes a new connection, says what happened and offers to re-plan what the user had.
struct SessionEnd {
  int exit_code = k_exit_ok;
  std::optional<LostDevice> lost;
  std::size_t validation_messages = 0;  // of a session that lost its device
};

// The scripted answer to the lost-GPU offer: the first `reconnect` or `quit` still queued.
std::optional<ss::gui::Action> take_offer_answer(std::deque<ss::gui::Action>& actions) {
  using ss::gui::Action;
  const auto it = std::find_if(actions.begin(), actions.end(), [](Action a) {
    return a == Action::reconnect || a == Action::quit;
  });
  if (it == actions.end()) return std::nullopt;
  const Action answer = *it;
  actions.erase(it);
  return answer;
}

// What to keep from a session that lost its device: the App's settings, unless the loss came
// before the user answered the previous offer or before the new plan was made (then the App
// holds nothing new yet).
ss::gui::KeptSettings keep_lost(const ss::gui::App& app, const std::optional<LostDevice>& earlier) {
  if (earlier && (app.plan_held || !app.ready())) return earlier->kept;
  return ss::gui::keep_settings(app);
}

SessionEnd run_session(const Options& o, ss::gui::Screen& screen, const ss::Scenario& scenario,
                       std::deque<ss::gui::Action>& actions, std::deque<int>& keys,
                       std::optional<ss::gui::LessonPlayer>& lesson_slot, ss::gui::SoundRoom& sound,
                       const std::optional<LostDevice>& lost,
                       const std::optional<ss::SampleSortReplay>& replay,
                       ss::gui::StartRoom& start) {
  using namespace ss;
  ContextOptions context_options;
  context_options.device_selector = scenario.device;
  context_options.instance_extensions = screen.instance_extensions();
  context_options.device_extensions = screen.device_extensions();
  Context context(context_options);
  render::UiStyle style{o.ui_scale * screen.hidpi_scale(), o.presenter};
  if (o.presenter) style.scale = std::max(style.scale, 2.0f);
  if (lost) style = lost->kept.style;
  const std::unique_ptr<gui::Presenter> presenter = screen.presenter(context, style);
  gui::App app(context, lost ? lost->kept.scenario : scenario);
  // After a lost device everything comes from the old App; nothing is planned until the user
  // accepts the offer.
  std::optional<gui::LostDeviceOffer> offer;
  if (lost) {
    gui::restore_settings(lost->kept, app);
    app.plan_held = true;
    offer.emplace(lost->message, gui::describe(lost->kept));
  } else {
    app.style = style;
    apply_full_speed_options(o, app.full_speed);
    app.record_path = o.record;
    app.record_options = o.record_options;
    app.record_width = std::uint32_t(o.width);
    app.record_height = std::uint32_t(o.height);
    app.race_sync = render::parse_race_sync(o.race_sync);
    app.verify_allow_slow = o.verify_slow;
    app.sound.muted = o.mute;
    app.steps_per_second = o.steps_per_second;
    // Checked against n before the window opened; kept inside the array by the zoom room.
    if (!o.window.empty()) app.views.window = render::parse_window(o.window, UINT32_MAX);
    if (o.follow) app.follow.request(*o.follow);
    if (!o.race.empty()) app.set_race(o.race);  // planned with the scenario
    if (!o.overlay.empty()) {
      app.full_speed.overlay_path = o.overlay;
      app.load_overlay();
    }
    if (o.start_screen) {
      // The display settings kept from the last start, where the command line gives none.
      gui::KeptSettings kept = gui::keep_settings(app);
      gui::read_display_settings(start.settings().display, screen.hidpi_scale(), kept);
      if (o.style_given) kept.style = app.style;
      if (o.mute_given) kept.sound.muted = true;
      gui::restore_display_settings(kept, app);
      start.open();
    }
  }
  // Host data only: a replay opens again, at its input, on a new GPU connection too.
  if (replay) app.replay.open(*replay, o.replay);
  ss::gui::LessonPlayer* lesson = lesson_slot ? &*lesson_slot : nullptr;
  if (lesson != nullptr && !lost) lesson->start(app);

  try {
    using Clock = std::chrono::steady_clock;
    Clock::time_point last = Clock::now();
    int settled = 0;  // frames drawn with nothing left to do
    for (int frame = 0;; ++frame) {
      if (!screen.poll_events() || app.quit_requested) break;
      // Ctrl-C in the terminal: cancel a full-speed run or sweep, or stop playing, and stay
      // (idle); a second one closes the app.
      if (interrupt_requested()) {
        clear_interrupt();
        if (app.working() || app.recording() || app.busy()) {
          app.perform(gui::Action::cancel);
        } else if (!app.playing) {
          break;
        }
        app.playing = false;
      }
      const Clock::time_point now = Clock::now();
      const double dt = std::chrono::duration<double>(now - last).count();
      last = now;

      std::optional<gui::Action> scripted_answer;
      if (offer) scripted_answer = take_offer_answer(actions);
      // The scripted actions take the same path as the keys, one per frame once idle.
      // A full-speed run or sweep on the worker finishes before the next action.
      if (!actions.empty() && app.ready() && !app.busy() && !app.working()) {
        app.perform(actions.front());
        actions.pop_front();
      }
      // Scripted key presses, the same way: one per frame once idle, through the key queue.
      if (actions.empty() && !keys.empty() && app.ready() && !app.busy() && !app.working()) {
        gui::queue_key_press(keys.front());
        keys.pop_front();
      }
      try {
        app.update(dt);
      } catch (const Interrupted&) {  // Ctrl-C inside a race lane's jump: as Cancel
        clear_interrupt();
        app.perform(gui::Action::cancel);
      }
      sound.follow(app);
      if (!o.screenshot.empty() && !app.ready() && !app.error.empty()) {
        // A script asked for a scenario that cannot run: say so instead of waiting forever.
        throw UsageError(app.error);
      }
      auto& renderer = presenter->renderer();
      if (app.take_state_changed()) renderer.bars().update(app.state());
      if (app.take_race_changed()) renderer.race_bars().update(app.race_state());
      renderer.imgui().set_style(app.style);
      if (app.fullscreen_requested) {
        app.fullscreen_requested = false;
        screen.toggle_fullscreen();
      }

      presenter->new_frame(dt);
      ImGui::NewFrame();
      // G records; handled here, beside handle_keys, which leaves other keys to it.
      if (gui::take_key_press(GLFW_KEY_G) && !ImGui::GetIO().WantTextInput && app.error.empty())
        app.perform(gui::Action::record);
      if (app.lesson_request) {
        // The lesson picker: play another lesson, or stop (a bad file is shown, the app goes on).
        const std::string request = *app.lesson_request;
        app.lesson_request.reset();
        try {
          if (request.empty()) {
            lesson_slot.reset();
            lesson = nullptr;
            app.views.progress.clear();
            app.views.lecturer.clear();
            app.views.narration_override.clear();
          } else {
            lesson_slot.emplace(find_lesson(request));
            lesson = &*lesson_slot;
            lesson->start(app);
          }
        } catch (const UsageError& e) {
          app.error = e.what();
        }
      }
      app.lesson_playing = lesson != nullptr;
      if (app.start_requested) {
        app.start_requested = false;
        start.open();
      }
      if (lesson != nullptr) {
        if (!start.is_open()) gui::handle_lesson_keys(*lesson, app);
        lesson->update(app);
      }
      if (start.is_open()) {
        start.draw(app, renderer.imgui().large());  // over the whole window, taking the keys
      } else {
        gui::handle_keys(app);
        gui::draw_panels(app, renderer);
      }
      if (lesson != nullptr) gui::draw_lesson_overlay(*lesson, app);
      if (offer) {
        gui::LostDeviceChoice choice = offer->draw();
        if (scripted_answer == gui::Action::reconnect) choice = gui::LostDeviceChoice::reconnect;
        if (scripted_answer == gui::Action::quit) choice = gui::LostDeviceChoice::quit;
        if (choice == gui::LostDeviceChoice::reconnect) {
          std::cout << "sortscope: re-planning on a new connection to the GPU, kept: "
                    << gui::describe(lost->kept) << "\n";
          offer.reset();
          app.plan_held = false;
        } else if (choice == gui::LostDeviceChoice::quit) {
          app.quit_requested = true;
        }
      }
      ImGui::Render();

      // Two frames after the last change, so tables have measured their columns.
      // An offer no script answers waits for the user: a screenshot shows it.
      const bool waiting_for_answer =
          offer && std::none_of(actions.begin(), actions.end(), [](gui::Action a) {
            return a == gui::Action::reconnect || a == gui::Action::quit;
          });
      const bool idle = waiting_for_answer || (actions.empty() && keys.empty() && app.ready() &&
                                               !app.busy() && !app.working() && !app.playing);
      settled = idle ? settled + 1 : 0;
      const bool shoot = !o.screenshot.empty() && frame >= o.frames && settled > 2;
      render::Image image;
      presenter->draw_frame(shoot ? &image : nullptr);
      if (shoot) {
        render::write_png(image, o.screenshot);
        std::cout << "wrote " << o.screenshot << " (" << image.width << "x" << image.height
                  << ", step " << app.target() << ")\n";
        if (app.follow.active()) std::cout << app.follow.summary() << "\n";
        if (!app.views.window.whole(app.state().n()))
          std::cout << "bars: " << render::window_text(app.views.window, app.state().n()) << "\n";
        if (start.is_open()) {
          std::cout << "start screen: open"
                    << (start.settings().last
                            ? ", continue: " + gui::describe(*start.settings().last)
                            : std::string())
                    << "\n";
        }
        if (lesson != nullptr) {
          std::cout << "lesson " << lesson->lesson().name << ": " << lesson->progress()
                    << (lesson->at_end() ? ", at its end" : "") << "\n";
        }
        // What the screenshot shows under the wire diagram (the 0-1 check's verdict), for scripts.
        if (app.layout() != nullptr && !app.views.network_note.empty())
          std::cout << "under the wire diagram: " << app.views.network_note << "\n";
        break;
      }
    }
  } catch (const GpuError& e) {
    // Frames in flight still use the App's buffers: wait for them (a lost device returns at
    // once, a hung one is not waited for) before the App goes.
    context.wait_idle_noexcept();
    return {k_exit_ok, LostDevice{e.what(), keep_lost(app, lost)},
            context.validation_log().count() + app.worker_validation_count()};
  } catch (const vk::DeviceLostError& e) {
    context.wait_idle_noexcept();
    return {k_exit_ok,
            LostDevice{std::string("the GPU was lost while drawing (") + e.what() + ")",
                       keep_lost(app, lost)},
            context.validation_log().count() + app.worker_validation_count()};
  }
  if (o.start_screen) start.remember_display(app, screen.hidpi_scale());
  app.stop_worker();
  context.wait_idle_noexcept();
  const std::size_t messages = context.validation_log().count() + app.worker_validation_count();
  if (messages != 0) {
    std::cerr << "sortscope: the Vulkan validation layer reported " << messages << " message(s)\n";
    SessionEnd end;
    end.exit_code = k_exit_validation;
    return end;
  }
  return SessionEnd{};
}

int run(const Options& o) {
  using namespace ss;
  Scenario scenario = resolve_scenario(o.scenario);
  // Nothing named on the command line: free play at a readable n waits behind the start screen.
  if (o.only_display_options) scenario = gui::free_play_scenario(scenario.device);
  if (!o.window.empty())
    (void)render::parse_window(o.window, scenario.n > 0 ? scenario.n : UINT32_MAX);
  auto actions = parse_actions(o.actions);
  auto keys = parse_keys(o.keys);
  std::optional<gui::LessonPlayer> lesson;
  if (o.lesson == "list") {
    for (const std::string& name : builtin_lesson_names()) {
      const Lesson l = builtin_lesson(name);
      std::cout << name << ": " << l.title << " (" << l.scenes.size() << " scenes)\n  " << l.summary
                << "\n";
    }
    return k_exit_ok;
  }
  if (!o.lesson.empty()) lesson.emplace(find_lesson(o.lesson));
  // Read before the window opens: a wrong folder exits 2 without one.
  std::optional<SampleSortReplay> replay;
  if (!o.replay.empty()) {
    if (!o.lesson.empty() || !o.race.empty() || o.follow)
      throw UsageError(
          "--replay shows a recorded sample sort; leave out --lesson, --race and --follow");
    replay = read_replay(o.replay);
  }
  if (!(o.ui_scale >= 0.5f && o.ui_scale <= 4.0f))
    throw UsageError("--ui-scale must be between 0.5 and 4");
  // Without a window nobody can close it: the script must end the session.
  if (o.headless && o.screenshot.empty() &&
      std::find(actions.begin(), actions.end(), gui::Action::quit) == actions.end()) {
    throw UsageError(
        "--headless has no window to close: give --screenshot FILE.png (the session ends with "
        "it) or end --actions with quit");
  }
  install_interrupt_handlers();
  // The one choice between a window and none: everything after draws the same frames.
  std::unique_ptr<gui::Screen> screen;
  if (o.headless) {
    screen = std::make_unique<gui::Windowless>(o.width, o.height);
  } else {
    screen = std::make_unique<gui::Window>("sortscope", o.width, o.height);
  }
  std::optional<LostDevice> lost;
  std::size_t lost_sessions_messages = 0;  // validation messages of sessions that lost the GPU
  gui::SoundRoom sound;  // outlives a lost GPU: the audio device has nothing to do with it
  gui::StartRoom start(gui::default_user_settings_file());
  for (int reconnects = 0;; ++reconnects) {
    SessionEnd end =
        run_session(o, *screen, scenario, actions, keys, lesson, sound, lost, replay, start);
    lost_sessions_messages += end.validation_messages;
    if (!end.lost) {
      std::cout << sound.summary() << "\n";
      if (end.exit_code == k_exit_ok && lost_sessions_messages != 0) {
        std::cerr << "sortscope: the Vulkan validation layer reported " << lost_sessions_messages
                  << " message(s) before the GPU was lost\n";
        return k_exit_validation;
      }
      return end.exit_code;
    }
    std::cerr << "sortscope: " << end.lost->message << "; offering to reconnect\n";
    if (reconnects == 3)
      throw SetupError("the GPU was lost 4 times; giving up: " + end.lost->message);
    lost = std::move(end.lost);
  }
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything is written: --help, errors and messages reach the console the app was started
  // from, though it opens none of its own.
  ss::platform::attach_to_parent_console();
  CLI::App cli{
      "sortscope: step through GPU sorting kernels (Vulkan compute), one dispatch at a "
      "time, as bars and wire diagrams",
      "sortscope"};
  // Options are --name on every OS: CLI11 would also read /name as one on Windows, taking a path
  // such as /data/keys.txt for an unknown option.
  cli.allow_windows_style_options(false);
  Options o;
  ss::add_scenario_options(cli, o.scenario);
  cli.add_option("--screenshot", o.screenshot,
                 "save the window (with --headless its offscreen image) as PNG after --frames "
                 "frames (and the --actions) and exit");
  cli.add_option("--frames", o.frames, "frames to draw before --screenshot")->capture_default_str();
  cli.add_option("--actions", o.actions,
                 std::string("comma-separated commands run as if keys were pressed (a full-speed "
                             "run or sweep finishes before the next): ") +
                     k_action_names);
  cli.add_option("--fullspeed-n", o.fullspeed_n,
                 "n of the full-speed run (decimal or 2^K; default 2^24 or the largest that fits)");
  cli.add_option("--reps", o.reps, "timed runs of the full-speed run")->capture_default_str();
  cli.add_option("--warmup", o.warmup, "warm-up runs of the full-speed run")->capture_default_str();
  cli.add_option("--sweep-algos", o.sweep_algos,
                 "comma-separated implementations of the sweep: algorithms, std::sort, "
                 "std::sort-par (default: the scenario's algorithm and std::sort)");
  cli.add_option("--sweep-n", o.sweep_n, "sizes of the sweep, powers of two: 2^A..2^B");
  cli.add_option("--sweep-type", o.sweep_type, "key type of the sweep (default: the scenario's)");
  cli.add_flag("--sweep-pairs", o.sweep_pairs, "the sweep sorts key-value pairs");
  cli.add_option("--sweep-reps", o.sweep_reps, "timed runs per sweep configuration")
      ->capture_default_str();
  cli.add_option("--sweep-warmup", o.sweep_warmup, "warm-up runs per sweep configuration")
      ->capture_default_str();
  cli.add_flag("--sweep-log-y", o.sweep_log_y,
               "log10 Gkeys/s axis of the sweep plot (std::sort's rows can sit 100x below the "
               "GPU's, or above them at small n)");
  cli.add_option("--export", o.export_prefix,
                 "file name prefix of the export action: PREFIX.jsonl, PREFIX.csv, PREFIX.png");
  cli.add_option("--overlay", o.overlay, "bench JSON Lines file drawn over the sweep plot");
  cli.add_option("--race", o.race,
                 "a second algorithm sorting the same input, drawn under the first and stepped "
                 "with it (controls: race)");
  cli.add_option("--race-sync", o.race_sync,
                 "race: steps (one step each) or fraction (the same share of each plan)")
      ->capture_default_str();
  cli.add_flag("--verify-slow", o.verify_slow,
               "verify network: check n above the CPU limit on a CPU device too (slow)");
  cli.add_option("--record", o.record,
                 "file of the record action (G): .gif, .mp4 (needs ffmpeg), a name with %04d or "
                 "a folder/ (default: sortscope-<algorithm>-<n>.gif)");
  cli.add_option("--fps", o.record_options.fps, "record: animation frames per second")
      ->capture_default_str();
  cli.add_option("--frames-per-step", o.record_options.frames_per_step,
                 "record: frames each step stays on screen")
      ->capture_default_str();
  cli.add_option("--hold-ms", o.record_options.hold_ms,
                 "record: milliseconds the last step stays on screen longer")
      ->capture_default_str();
  cli.add_option("--ui-scale", o.ui_scale, "scale of text and controls (0.5 to 4)")
      ->capture_default_str();
  cli.add_flag("--presenter", o.presenter, "presenter mode: high contrast, large text");
  cli.add_flag("--headless", o.headless,
               "no window: draw every frame into an offscreen image of --width x --height, "
               "without GLFW, a display or a swapchain; input comes from --actions and --keys "
               "alone, --screenshot saves that image, and the session ends with it or with a quit "
               "action. For running the app's scripted sessions on a GPU server without a "
               "display");
  cli.add_option("--steps-per-second", o.steps_per_second,
                 "playback speed (Space plays; the controls' steps/s slider)")
      ->check(CLI::Range(0.25f, 60.0f))
      ->capture_default_str();
  cli.add_flag("--mute", o.mute,
               "start with the sound muted (M or the sound checkbox turns it on); without an "
               "audio device the app is silent anyway (SDL_AUDIODRIVER picks SDL's driver)");
  cli.add_option("--window", o.window,
                 "start zoomed to keys A..B - 1 (decimal or 2^K), the detail views following; the "
                 "wheel over the bars zooms, a drag pans, 0 shows the whole array")
      ->type_name("A..B");
  cli.add_option("--follow", o.follow,
                 "follow the key at input position I through the sort: marked in the bars, its "
                 "path plotted beside them, where it went and why in the step panel (a click on a "
                 "bar follows another, U stops)")
      ->type_name("I");
  cli.add_option("--lesson", o.lesson,
                 "play a lesson: a built-in one's name (--lesson list names them) or a lesson "
                 "file; PageDown, Right or Space: next stop, PageUp or Left: back, B: blank");
  cli.add_option("--replay", o.replay,
                 "step through a recorded sample sort (mpirun -np R sortscope-cli run --algo "
                 "sample-sort --record DIR): the ranks' keys after each phase, the splitters, the "
                 "exchange's counts; Right, Left and Space step and play as for a sort")
      ->type_name("DIR");
  cli.add_option("--keys", o.keys,
                 "comma-separated key presses, one per frame once idle, as if typed (for "
                 "scripts): pagedown, pageup, right, left, space, b, t, p, m, f, enter, escape, "
                 "1 .. 6 (the start screen's lessons)");
  cli.add_option("--width", o.width, "window width (with --headless: the image's)")
      ->capture_default_str();
  cli.add_option("--height", o.height, "window height (with --headless: the image's)")
      ->capture_default_str();
  cli.add_flag("--start", o.start,
               "begin on the start screen (lessons, files, free play), as the app does without "
               "options naming what to show; with --headless only when given");
  // In UTF-8 on every OS, so paths in the options (--screenshot, --input, --lesson FILE) reach
  // platform::path_from_utf8 intact.
  std::vector<std::string> arguments = ss::platform::utf8_arguments(argc, argv);
  std::vector<char*> argument_pointers;
  for (std::string& argument : arguments) argument_pointers.push_back(argument.data());
  try {
    cli.parse(static_cast<int>(argument_pointers.size()), argument_pointers.data());
  } catch (const CLI::ParseError& e) {
    return cli.exit(e);
  }
  o.only_display_options = only_display_options_given(cli);
  o.start_screen = o.start || (!o.headless && o.only_display_options);
  o.style_given = cli.count("--presenter") > 0 || cli.count("--ui-scale") > 0;
  o.mute_given = cli.count("--mute") > 0;
  try {
    return run(o);
  } catch (const std::exception& e) {  // UsageError, SetupError and the rest alike
    ss::platform::report_fatal_error("sortscope", e.what());
  }
  return k_exit_usage;
}
