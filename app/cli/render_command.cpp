// sortscope-cli render: draws a step of a sort offscreen (no window system) to PNG and/or the
// wire diagram to SVG, with the same views as the app; with --steps, a range of steps as an
// animation (GIF, PNG sequence or video).

#include <filesystem>
#include <iostream>
#include <optional>
#include <utility>

#include "algorithms/algorithm.hpp"
#include "cli/commands.hpp"
#include "cli/lesson_handout.hpp"
#include "common/sample_sort_replay.hpp"
#include "common/scenario.hpp"
#include "common/scenario_session.hpp"
#include "core/atomic_file.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "plan/step_position.hpp"
#include "plan/stepper.hpp"
#include "platform/terminal.hpp"
#include "platform/utf8_paths.hpp"
#include "render/animation.hpp"
#include "render/headless.hpp"
#include "render/narration/sample_sort_narration.hpp"
#include "render/step_text.hpp"
#include "render/video_writer.hpp"
#include "render/views/race_view.hpp"

namespace ss::cli {

namespace {

struct RenderOptions {
  ScenarioOptions scenario;
  std::int64_t step = 0;  // negative: from the end (plan/step_position.hpp)
  std::string view = "both";
  std::string bars = "auto";
  std::string window;                   // "A..B": the keys the bars show
  std::optional<std::uint32_t> follow;  // the input index of a key marked and followed
  std::string race;  // a second algorithm drawn under the first on the same input
  std::string race_sync = "steps";
  std::uint32_t width = 1920;
  std::uint32_t height = 1080;
  float ui_scale = 1.0f;
  bool presenter = false;
  // Given on the command line: --web's own defaults (web_frame_defaults) leave these alone.
  bool width_given = false, height_given = false, presenter_given = false, ui_scale_given = false;
  bool caption = false;
  std::string lesson;  // a handout of this lesson (name or file) instead of one step
  bool web = false;    // with --lesson: an offline web lesson instead of a handout
  std::string replay;  // a recorded sample sort's folder (or replay.json) instead of a sort
  std::string out;
  std::string svg;
  std::uint32_t time_frames = 0;
  render::ViewPicks picks;  // window only: the list and tile come from list and tile
  // The output list and blocksort tile, counted from 1 as the views label them.
  std::uint32_t list = 1, tile = 1;
  // Animation (--steps): empty renders the one step --step names.
  std::string steps;
  bool step_given = false;
  render::AnimationOptions animation;
};

// On a terminal one line rewritten in place; in a log a line every tenth of the frames.
render::AnimationProgress stderr_progress(const std::string& out) {
  const bool tty = platform::stderr_is_terminal();
  return [tty, out](std::size_t done, std::size_t total) {
    if (total < 2) return;
    if (tty) {
      std::cerr << "\rrendering " << out << ": frame " << done << " of " << total
                << (done == total ? "\n" : "") << std::flush;
    } else if (done == total || done % std::max<std::size_t>(1, total / 10) == 0) {
      std::cerr << "rendering " << out << ": frame " << done << " of " << total << "\n";
    }
  };
}

// The position --step names in a plan of `steps` steps; `has` says what the plan holds, for the
// message when the step lies outside it.
std::size_t step_to_draw(const RenderOptions& o, std::size_t steps, const std::string& has) {
  if (const auto position = named_position(o.step, steps)) return *position;
  throw UsageError("--step " + std::to_string(o.step) +
                   (o.step < 0 ? " is before the start: " : " is past the end: ") + has +
                   " (0 = the input, -1 = after the last step)");
}

int render_animation(const RenderOptions& o, const render::OffscreenOptions& frame) {
  if (o.out.empty() && o.animation.audio.empty())
    throw UsageError(
        "--steps needs --out: FILE.gif, FILE.mp4, a name with %04d, or a folder/ (and/or "
        "--audio FILE.wav for the soundtrack alone)");
  if (o.step_given) throw UsageError("give --step (one PNG) or --steps (an animation), not both");
  if (!o.svg.empty()) throw UsageError("--svg draws one step; leave it out with --steps");
  // Before the device is opened or anything is drawn: a wrong name or a missing ffmpeg fails fast.
  render::check_sound_options(o.animation, o.out);
  if (!o.out.empty() && render::animation_format(o.out) == render::AnimationFormat::video)
    render::require_ffmpeg();
  const Scenario scenario = resolve_scenario(o.scenario);
  ScenarioSession session(scenario, o.scenario.n_given);
  const Context& context = session.context();
  const Plan& plan = session.stepping_plan();
  render::OffscreenOptions framed = frame;
  if (!o.window.empty()) framed.window = render::parse_window(o.window, plan.spec.n);
  render::AnimationOptions animation = o.animation;
  animation.follow = o.follow;
  animation.steps = render::parse_step_range(o.steps, plan.steps.size(), plan.phases_expanded);
  const KeyArray input = session.take_input();
  const render::KeyRange range = render::key_range(input);
  if (o.out.empty()) {
    render::write_soundtrack(context, plan, input, range, animation,
                             stderr_progress(animation.audio));
    std::cout << "wrote " << animation.audio << " (soundtrack of steps " << animation.steps.first
              << ".." << animation.steps.last << " of " << plan.steps.size() << ", "
              << animation.step_seconds() << " s a step)\n";
    return exit_code_after_validation(context, k_exit_ok);
  }
  render::write_animation(context, plan, input, range, framed, animation, o.out,
                          stderr_progress(o.out));
  if (!animation.audio.empty()) std::cout << "wrote " << animation.audio << " (soundtrack)\n";
  std::cout << "wrote " << o.out << " (" << o.width << "x" << o.height << ", steps "
            << animation.steps.first << ".." << animation.steps.last << " of " << plan.steps.size();
  const std::filesystem::path out = platform::path_from_utf8(o.out);
  if (std::error_code e; std::filesystem::is_regular_file(out, e))
    std::cout << ", " << std::filesystem::file_size(out, e) << " bytes";
  std::cout << ")\n";
  return exit_code_after_validation(context, k_exit_ok);
}

render::OffscreenOptions frame_options(const RenderOptions& o) {
  render::OffscreenOptions options;
  options.width = o.width;
  options.height = o.height;
  options.selection = render::parse_view_selection(o.view);
  options.picks = o.picks;
  options.picks.pair = o.list - 1;
  options.picks.tile = o.tile - 1;
  options.bars_style = render::parse_bars_style(o.bars);
  options.style = {o.presenter ? std::max(o.ui_scale, 2.0f) : o.ui_scale, o.presenter};
  options.caption = o.caption;
  return options;
}

// A web lesson is read on a projector, a laptop or a phone, its picture scaled to the page:
// 1280x720 in presenter mode (large text and thick lines) stays legible when a phone shrinks it,
// where the 1920x1080 default's text would not. A size given on the command line is drawn in the
// theme given (as render draws it), so the site's pictures can be compared with render's.
RenderOptions web_frame_defaults(RenderOptions o) {
  if (!o.presenter_given && !o.width_given && !o.height_given) o.presenter = true;
  if (!o.width_given) o.width = 1280;
  if (!o.height_given) o.height = 720;
  return o;
}

// A handout's picture is printed 8 inches wide: 1920 pixels at 240 per inch, where the default
// scale's 17-pixel text would be 5 points. At 1.5 it is 7.7 points, and the picture holds what the
// app shows at 1280x720. A scale or theme given on the command line is drawn as given.
RenderOptions handout_frame_defaults(RenderOptions o) {
  if (!o.ui_scale_given && !o.presenter) o.ui_scale = 1.5f;
  return o;
}

// The second sort of a race: the same input and spec, planned for `algorithm`, stepped to where
// the first stands (race_view.hpp).
int render_race(const RenderOptions& o, const render::OffscreenOptions& frame) {
  if (o.out.empty()) throw UsageError("--race draws a PNG: give --out FILE.png");
  if (!o.steps.empty() || !o.svg.empty())
    throw UsageError(
        "--race draws one step of each sort to --out FILE.png; leave out --steps and --svg");
  const render::RaceSync sync = render::parse_race_sync(o.race_sync);
  const Scenario scenario = resolve_scenario(o.scenario);
  ScenarioSession session(scenario, o.scenario.n_given);
  const Context& context = session.context();
  const Plan& plan = session.stepping_plan();
  SortSpec spec = plan.spec;
  spec.delayed_tile = k_no_delayed_tile;  // an onesweep-only setting
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  Plan other = make_plan(o.race, spec, limits);
  check_plan_fits(other, limits, context.properties().name);
  if (plan.phases_expanded) other = expand_phases(other);
  const std::size_t step =
      step_to_draw(o, plan.steps.size(),
                   plan.algorithm + " has " + std::to_string(plan.steps.size()) + " steps");
  const KeyArray input = session.take_input();
  const render::KeyRange range = render::key_range(input);
  Stepper first(context, plan, input);
  first.jump(step);
  Stepper second(context, other, input);
  second.jump(render::race_position(step, plan.steps.size(), other.steps.size(), sync));
  render::OffscreenRenderer renderer(context, frame);
  render::write_png(renderer.render_race(first, second, range), o.out);
  std::cout << "wrote " << o.out << " (" << o.width << "x" << o.height << "): " << plan.algorithm
            << " step " << first.position() << " of " << plan.steps.size() << ", "
            << other.algorithm << " step " << second.position() << " of " << other.steps.size()
            << " (" << render::race_sync_name(sync) << ")\n";
  return exit_code_after_validation(context, k_exit_ok);
}

// A recorded sample sort: one step to PNG, or --steps as an animation. Nothing is sorted: the
// pictures draw the keys the run recorded.
int render_replay(const RenderOptions& o, const render::OffscreenOptions& frame) {
  if (!o.race.empty() || !o.lesson.empty() || !o.svg.empty() || !o.window.empty() || o.follow ||
      o.time_frames > 0 || o.scenario.n_given ||
      o.scenario.algorithm != ScenarioOptions{}.algorithm)
    throw UsageError(
        "--replay draws a recorded run; leave out --algo, --n, --race, --lesson, --svg, "
        "--window, --follow and --time-frames");
  if (o.out.empty())
    throw UsageError("--replay needs --out FILE.png (or an animation with --steps)");
  const SampleSortReplay replay = read_replay(platform::path_from_utf8(o.replay));
  const std::size_t last = k_replay_steps - 1;
  ContextOptions context_options;
  context_options.device_selector = o.scenario.device;
  const Context context(context_options);
  render::OffscreenRenderer renderer(context, frame);
  if (!o.steps.empty()) {
    if (o.step_given) throw UsageError("give --step (one PNG) or --steps (an animation), not both");
    render::AnimationOptions animation = o.animation;
    animation.steps = render::parse_step_range(o.steps, last, false);
    render::write_drawn_animation(
        [&](std::size_t step) { return renderer.render_replay(replay, step); }, o.width, o.height,
        animation, o.out, stderr_progress(o.out));
    std::cout << "wrote " << o.out << " (" << o.width << "x" << o.height << ", replay steps "
              << animation.steps.first << ".." << animation.steps.last << " of " << last << ")\n";
    return exit_code_after_validation(context, k_exit_ok);
  }
  const std::size_t step =
      step_to_draw(o, last,
                   "a sample sort's replay has steps 0 to " + std::to_string(last) +
                       " (input, local sort, samples, splitters, exchange, merge)");
  render::write_png(renderer.render_replay(replay, step), o.out);
  std::cout << "wrote " << o.out << " (" << o.width << "x" << o.height << ", replay step " << step
            << " of " << last << "): " << render::replay_step_title(step) << "\n";
  return exit_code_after_validation(context, k_exit_ok);
}

int render_command(const RenderOptions& o) {
  if (!(o.ui_scale >= 0.5f && o.ui_scale <= 4.0f))
    throw UsageError("--ui-scale " + std::to_string(o.ui_scale) + " is out of range (0.5 to 4)");
  if (!o.replay.empty()) return render_replay(o, frame_options(o));
  if ((!o.window.empty() || o.follow) && (!o.race.empty() || !o.lesson.empty()))
    throw UsageError(
        "--window and --follow draw one sort; leave them out with --race and --lesson");
  if (!o.lesson.empty()) {
    if (!o.steps.empty() || !o.race.empty() || !o.svg.empty() || o.step_given)
      throw UsageError(
          "--lesson draws every stop of the lesson's scenes; leave out --step, "
          "--steps, --race and --svg (the lesson names them)");
    return render_lesson_handout(
        o.lesson, o.out, o.scenario.device,
        frame_options(o.web ? web_frame_defaults(o) : handout_frame_defaults(o)), o.web);
  }
  if (o.web) throw UsageError("--web writes a lesson's site: give it with --lesson NAME|FILE");
  if (!o.race.empty()) return render_race(o, frame_options(o));
  if (!o.steps.empty()) return render_animation(o, frame_options(o));
  if (o.out.empty() && o.svg.empty())
    throw UsageError("render needs --out FILE.png and/or --svg FILE.svg");
  render::OffscreenOptions frame = frame_options(o);
  const Scenario scenario = resolve_scenario(o.scenario);
  ScenarioSession session(scenario, o.scenario.n_given);
  const Context& context = session.context();
  const Plan& plan = session.stepping_plan();
  if (!o.window.empty()) frame.window = render::parse_window(o.window, plan.spec.n);
  const std::size_t step =
      step_to_draw(o, plan.steps.size(),
                   plan.algorithm + " for n = " + std::to_string(plan.spec.n) + " has " +
                       std::to_string(plan.steps.size()) +
                       (plan.phases_expanded ? " steps and phases" : " steps"));
  const KeyArray input = session.take_input();
  const render::KeyRange range = render::key_range(input);
  Stepper stepper(context, plan, input);
  stepper.jump(step);
  if (o.follow)
    frame.follow =
        render::follow_mark(render::follow_through(context, plan, input, *o.follow, step), step);

  if (!o.out.empty()) {
    render::OffscreenOptions options = frame;
    render::OffscreenOptions::FrameTimes times;
    options.timed_frames = o.time_frames;
    options.frame_times = &times;
    render::write_png(render::render_offscreen(context, stepper, range, options), o.out);
    std::cout << "wrote " << o.out << " (" << o.width << "x" << o.height << ", step " << step
              << " of " << plan.steps.size() << ")\n";
    if (!frame.window.whole(plan.spec.n))
      std::cout << "bars: " << render::window_text(frame.window, plan.spec.n) << "\n";
    if (frame.follow.shown()) std::cout << render::follow_sentence(frame.follow) << "\n";
    if (step > 0) {
      const Step& drawn = plan.steps[step - 1];
      std::cout << "step " << step_number(plan, step - 1) << ": " << drawn.label << "\n";
      for (const render::Field& f : render::step_facts(drawn, &plan))
        std::cout << "  " << f.name << ": " << f.value << "\n";
    }
    if (o.time_frames > 0) {
      std::cout << "frame: median over " << o.time_frames << " redraws on "
                << context.properties().name << ": bars (pre-pass over "
                << frame.window.size(plan.spec.n) << " keys"
                << (frame.window.whole(plan.spec.n) ? "" : " of the window, and the minimap's")
                << " + draws, " << render::bars_style_name(options.bars_style) << ") "
                << times.bars_ms << " ms GPU (" << times.bars_cached_ms
                << " ms when the step is unchanged and the pre-pass is skipped), whole frame "
                << times.gpu_ms << " ms GPU, " << times.wall_ms << " ms submit to fence\n";
      if (times.bars_moving_ms > 0)
        std::cout << "zoom: bars " << times.bars_moving_ms
                  << " ms GPU a frame while the window moves (its pre-pass over "
                  << frame.window.size(plan.spec.n)
                  << " keys runs each frame, the minimap's stays valid)\n";
    }
  }
  if (!o.svg.empty()) {
    write_file_atomically(platform::path_from_utf8(o.svg),
                          render::render_network_svg(context, stepper, range));
    std::cout << "wrote " << o.svg << "\n";
  }
  return exit_code_after_validation(context, k_exit_ok);
}

}  // namespace

Command add_render_command(CLI::App& app) {
  auto options = std::make_shared<RenderOptions>();
  auto* sub = app.add_subcommand(
      "render", "draw a step's bars and wire diagram offscreen to PNG, or the diagram to SVG");
  add_scenario_options(*sub, options->scenario);
  sub->add_option("--step,-k", options->step,
                  "steps applied before drawing (0 = the input; negative counts from the end, -1 "
                  "= after the last step; the last one applied is highlighted; with --phases "
                  "each phase of an opened step counts as one)")
      ->capture_default_str()
      ->each([options](const std::string&) { options->step_given = true; });
  sub->add_option("--steps", options->steps,
                  "A..B or all: an animation of steps A to B (numbered as --step, -1 the last), "
                  "to --out "
                  "FILE.gif, FILE.mp4 (needs ffmpeg), a name with %04d or a folder/ (one PNG per "
                  "step)");
  sub->add_option("--fps", options->animation.fps, "animation frames per second")
      ->capture_default_str();
  sub->add_option("--frames-per-step", options->animation.frames_per_step,
                  "animation frames each step stays on screen")
      ->capture_default_str();
  sub->add_option("--hold-ms", options->animation.hold_ms,
                  "milliseconds the last step stays on screen longer")
      ->capture_default_str();
  sub->add_option("--audio", options->animation.audio,
                  "with --steps: the soundtrack as a WAV file (each step's swaps, digit counts or "
                  "merged keys as tones, in time with the frames); without --out only the WAV is "
                  "written");
  sub->add_flag("--sound", options->animation.sound,
                "with --steps and --out FILE.mp4: put the soundtrack into the video");
  sub->add_flag("--sound-compared", options->animation.sound_options.compared,
                "networks: comparators that kept their keys sound too, lighter (by default only "
                "swaps sound)");
  sub->add_option("--view", options->view,
                  "bars, network, both (bars + the plan's detail view), for radix plans: "
                  "digits, histogram, scatter, tiles; for mergesort: mergepath (merge-path grid "
                  "of one output list), blocksort (one tile's per-thread lists)")
      ->capture_default_str();
  sub->add_option("--bars", options->bars,
                  "auto (a density view when the keys outnumber the pixel columns: x position, y "
                  "key, brightness keys per pixel), density, or minmax (bars of each column's "
                  "smallest..largest key)")
      ->capture_default_str();
  sub->add_option("--window", options->window,
                  "zoom the bars to keys A..B - 1 (A..B: decimal or 2^K, e.g. 1048576..1049088); "
                  "a strip above them shows the whole array with the window framed; the wire "
                  "diagram, heat map and tile strip show the window's wires and tiles, the "
                  "scatter where its keys went, mergesort's views a list and tile of it")
      ->type_name("A..B");
  sub->add_option("--follow", options->follow,
                  "mark the key at input position I in the bars, plot where it is step by step "
                  "beside them and say in the narration where it went and why")
      ->type_name("I");
  sub->add_option("--race", options->race,
                  "a second algorithm sorting the same input, drawn under the first (heading and "
                  "bars each); --step counts the first's steps");
  sub->add_option("--race-sync", options->race_sync,
                  "steps (the second applies as many steps as the first) or fraction (it is as far "
                  "through its plan as the first is through its own)")
      ->capture_default_str();
  sub->add_option("--pair", options->list,
                  "mergesort: the output list (pair of lists A and B) the merge-path grid shows, "
                  "counted from 1 as the view labels it (clamped to the pass's lists; with "
                  "--window, one holding its keys)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_option("--tile", options->tile,
                  "mergesort: the tile the blocksort view shows, counted from 1 as the view labels "
                  "it (clamped; with --window, one holding its keys)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_option("--width", options->width, "image width in pixels (--web: 1280)")
      ->capture_default_str()
      ->each([options](const std::string&) { options->width_given = true; });
  sub->add_option("--height", options->height, "image height in pixels (--web: 720)")
      ->capture_default_str()
      ->each([options](const std::string&) { options->height_given = true; });
  sub->add_option("--ui-scale", options->ui_scale,
                  "scale of text and lines (0.5 to 4; a --lesson handout: 1.5)")
      ->capture_default_str()
      ->each([options](const std::string&) { options->ui_scale_given = true; });
  sub->add_option("--lesson", options->lesson,
                  "a handout of a lesson (a built-in one's name, or a lesson file): one page per "
                  "stop with the picture, the caption and the lecturer's text, to --out FILE.pdf "
                  "or --out folder/ (PNGs and an index.html)");
  sub->add_flag("--web", options->web,
                "with --lesson: write the lesson as an offline web site into --out FOLDER/ "
                "(index.html stepping one stop at a time by keys, buttons and swipes, playing "
                "the steps between stops and their sound; opens from disk, no server or "
                "network), drawn at 1280x720 in presenter mode unless --width, --height or "
                "--presenter say otherwise");
  sub->add_option("--replay", options->replay,
                  "draw a recorded sample sort (mpirun ... run --algo sample-sort --record DIR) "
                  "instead of a sort: --step K (0 to 5) to --out FILE.png, or --steps as an "
                  "animation")
      ->type_name("DIR");
  sub->add_flag("--caption", options->caption,
                "under the heading, what the step did (numbers the GPU wrote) and what holds "
                "after it, checked on the GPU");
  sub->add_flag("--presenter", options->presenter,
                "high-contrast theme with large text (UI scale at least 2); --web uses it unless "
                "--width, --height or --presenter=false is given")
      ->each([options](const std::string&) { options->presenter_given = true; });
  sub->add_option("--out,-o", options->out,
                  "PNG file to write; with --steps the animation (.gif, .mp4, %04d, folder/)");
  sub->add_option("--svg", options->svg, "SVG file to write with the wire diagram");
  sub->add_option("--time-frames", options->time_frames,
                  "redraw the frame this many times (the bars' pre-pass included) and print the "
                  "median GPU time of the bars and of the whole frame");
  return [options] { return render_command(*options); };
}

}  // namespace ss::cli
