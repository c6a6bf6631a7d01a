#include "cli/lesson_handout.hpp"

#include <iostream>

#include "algorithms/algorithm.hpp"
#include "baseline/cpu_timing.hpp"
#include "cli/commands.hpp"
#include "cli/handout.hpp"
#include "cli/web_lesson.hpp"
#include "common/bench_model.hpp"
#include "common/bench_rows.hpp"
#include "common/full_speed_size.hpp"
#include "common/lesson.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "platform/terminal.hpp"
#include "platform/utf8_paths.hpp"
#include "render/animation.hpp"
#include "render/narration/narration.hpp"
#include "render/narration/sample_sort_narration.hpp"
#include "render/sound/soundtrack.hpp"
#include "render/step_state.hpp"
#include "render/step_text.hpp"
#include "render/views/race_view.hpp"
#include "verify/zero_one.hpp"

namespace ss::cli {

namespace {

// A scene made ready: plans checked against the device, stops within them.
struct SceneRun {
  Plan plan, race_plan;
  std::vector<std::size_t> stops;
  KeyArray input;
  std::optional<ZeroOneResult> check;  // the scene's 0-1 check (check = "0-1")
};

// n of a full-speed page: the scene's, else the app's full-speed default.
std::uint32_t full_speed_n(const LessonScene& scene, const Context& context) {
  if (!scene.full_speed_n.empty()) return parse_count(scene.full_speed_n, "full_speed_n");
  return sized_full_speed_n(scene.scenario, context);
}

std::string fixed_digits(double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

// "2400x", "3.1x", "0.41x"
std::string ratio(double value) {
  return fixed_digits(value, value >= 10 ? 0 : value >= 1 ? 1 : 2) + "x";
}

// The page after a full-speed scene's stops: the same kernels timed without instrumentation
// (median of 5 after warm-up) beside std::sort on one core and on all of them.
HandoutPage full_speed_page(const LessonScene& scene, const Context& context) {
  const std::uint32_t n = full_speed_n(scene, context);
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  const Plan plan = make_plan(scene.scenario.algorithm, full_speed_spec(scene.scenario, n), limits);
  check_plan_fits(plan, limits, context.properties().name);
  const Scenario& s = scene.scenario;
  const KeyArray input = generate_keys(s.distribution, n, s.type, s.seed, s.pairs);
  const TimedPlan timed = time_plan(context, plan, input, 2, 5);
  const double gpu_ms = timed.runs[timed.median].total_ms;
  std::vector<double> one, all;
  for (int rep = 0; rep < 3; ++rep) {
    throw_if_interrupted();
    one.push_back(time_cpu_sort(input, s.descending, CpuSort::std_sort));
    all.push_back(time_cpu_sort(input, s.descending, CpuSort::std_sort_parallel));
  }
  std::sort(one.begin(), one.end());
  std::sort(all.begin(), all.end());
  HandoutPage page;
  page.heading = "full speed: " + std::to_string(n) + " keys";
  page.scenario = render::scenario_text(plan);
  const double gkeys = double(n) / (gpu_ms * 1e6);
  page.timing = FullSpeedTiming{context.properties().name,
                                context.properties().driver,
                                plan.algorithm,
                                std::string(to_string(s.type)),
                                n,
                                gpu_ms,
                                gkeys,
                                one[1],
                                all[1],
                                int(timed.runs.size())};
  page.narration = "The same kernels, uninstrumented and run back to back, sort " +
                   std::to_string(n) + " " + std::string(to_string(s.type)) + " keys in " +
                   fixed_digits(gpu_ms, 3) + " ms on " + context.properties().name + " (" +
                   figure(gkeys) + " Gkeys/s, median of 5). std::sort takes " +
                   fixed_digits(one[1], 1) + " ms on one core (" + ratio(one[1] / gpu_ms) +
                   " the GPU's time) and " + fixed_digits(all[1], 1) +
                   " ms on every core of this machine (" + ratio(all[1] / gpu_ms) + ").";
  return page;
}

// A page's words: the generated caption, or the lecturer's words that replace it, and theirs.
HandoutPage captioned(const render::Caption& caption, StopWords words) {
  HandoutPage page;
  page.narration = words.replacement.empty() ? caption.narration : words.replacement;
  page.invariant = caption.invariant;
  page.invariant_fails = caption.invariant_fails;
  page.lecturer = std::move(words.lecturer);
  return page;
}

// A step's sound as `render --steps K..K --audio` writes it: the notes laid out in the
// animation's step time, the closing sweep after the last step.
StepSound handout_step_sound(const Context& context, const Stepper& stepper,
                             const render::KeyRange& range) {
  const render::AnimationOptions timing;
  render::SoundtrackBuilder builder(timing.step_seconds(), timing.hold_seconds(),
                                    timing.sound_options);
  builder.add_frame(context, stepper, range, true);
  return {builder.track().tones(), builder.track().level(builder.length_s())};
}

// "play" shows at most this many steps between two stops: a longer stretch (Batcher on 128 keys
// from the input to the end runs 27) shows this many, evenly spread and ending with the step
// before the next stop, which keeps the site small and the wait under 12 s.
constexpr std::size_t k_most_play_steps = 24;

// The positions "play" shows between stops at `from` and `to` (none unless to > from + 1).
std::vector<std::size_t> play_positions(std::size_t from, std::size_t to) {
  std::vector<std::size_t> positions;
  if (to <= from + 1) return positions;
  const std::size_t between = to - from - 1;
  const std::size_t shown = std::min(between, k_most_play_steps);
  for (std::size_t i = 1; i <= shown; ++i) positions.push_back(from + (i * between) / shown);
  return positions;
}

// A recorded sample sort's step as "play" shows it: no sound (a replay has no kernels to hear).
PlayStep replay_play_step(const SampleSortReplay& replay, std::size_t step, render::Image image) {
  const render::Caption caption = render::replay_caption(replay, step);
  return {step,
          render::replay_step_title(step),
          caption.narration,
          caption.invariant,
          caption.invariant_fails,
          std::move(image),
          {}};
}

SceneRun prepare(const Lesson& lesson, const LessonScene& scene, const Context& context) {
  const DeviceLimits limits = DeviceLimits::from(context.properties());
  SceneRun run;
  if (scene.replay) {  // a recorded run: nothing to plan or sort
    run.stops = lesson_replay_stops(lesson, scene);
    return run;
  }
  run.plan = lesson_scene_plan(lesson, scene, limits, context.properties().name);
  if (!scene.race.empty()) {
    try {
      SortSpec spec = run.plan.spec;
      spec.delayed_tile = k_no_delayed_tile;
      run.race_plan = make_plan(scene.race, spec, limits);
      check_plan_fits(run.race_plan, limits, context.properties().name);
    } catch (const UsageError& e) {
      throw UsageError(lesson_error(lesson, scene.line, e.what()));
    }
  }
  run.stops = lesson_stops(lesson, scene, run.plan);
  require_lesson_check(lesson, scene, context, run.plan);
  run.input = lesson_input(scene);
  return run;
}

}  // namespace

int render_lesson_handout(const std::string& name, const std::string& out,
                          const std::string& device, const render::OffscreenOptions& frame,
                          bool web) {
  const Lesson lesson = find_lesson(name);
  if (out.empty())
    throw UsageError(web ? "--web needs --out FOLDER/ for the lesson's site"
                         : "--lesson needs --out: FILE.pdf, or a folder/ for PNGs");
  std::unique_ptr<HandoutWriter> writer =
      web ? make_web_lesson_writer(platform::path_from_utf8(out), lesson.title)
          : make_handout_writer(platform::path_from_utf8(out), lesson.title);
  ContextOptions options;
  options.device_selector = device;
  const Context context(options);
  // Every scene is checked before anything is drawn: a bad stop fails fast.
  std::vector<SceneRun> runs;
  std::size_t pages = 0;
  for (const LessonScene& scene : lesson.scenes) {
    runs.push_back(prepare(lesson, scene, context));
    pages += runs.back().stops.size() + (scene.full_speed ? 1 : 0);
  }
  std::size_t page_number = 0;
  const bool motion = writer->wants_motion();
  const bool tty = platform::stderr_is_terminal();
  for (std::size_t s = 0; s < lesson.scenes.size(); ++s) {
    const LessonScene& scene = lesson.scenes[s];
    SceneRun& run = runs[s];
    render::OffscreenOptions scene_frame = frame;
    scene_frame.selection = render::parse_view_selection(scene.view);
    scene_frame.caption = false;  // the page prints the caption as text
    // The check the app runs as the scene opens: its verdict under the wire diagram, as there,
    // and on every page of the scene.
    std::string check_text;
    if (scene.zero_one_check) {
      run.check = check_zero_one(context, run.plan);
      check_text = "0-1 check: " + zero_one_verdict(*run.check);
      scene_frame.network_note = check_text;
    }
    render::OffscreenRenderer renderer(context, scene_frame);
    const std::size_t scene_pages = run.stops.size() + (scene.full_speed ? 1 : 0);
    // The lesson, scene and place of page k of the scene (from 0).
    auto placed = [&](HandoutPage page, std::size_t k) {
      page.lesson = lesson.title;
      page.scene = scene.title;
      page.progress = "scene " + std::to_string(s + 1) + " of " +
                      std::to_string(lesson.scenes.size()) + ", stop " + std::to_string(k + 1) +
                      " of " + std::to_string(scene_pages);
      return page;
    };
    // On a terminal one line rewritten in place; in a log a line every tenth of the pages.
    auto page_done = [&] {
      ++page_number;
      if (tty) {
        std::cerr << "\rrender --lesson: page " << page_number << " of " << pages << std::flush;
      } else if (page_number % std::max<std::size_t>(pages / 10, 1) == 0 || page_number == pages) {
        std::cerr << "render --lesson: page " << page_number << " of " << pages << "\n";
      }
    };
    if (scene.replay) {
      for (std::size_t k = 0; k < run.stops.size(); ++k) {
        throw_if_interrupted();
        const std::size_t step = run.stops[k];
        HandoutPage page = captioned(render::replay_caption(*scene.replay, step),
                                     lesson_stop_words(scene, step, k == 0));
        page.image = renderer.render_replay(*scene.replay, step);
        page.heading = render::replay_step_title(step);
        page.scenario = render::replay_scenario_text(*scene.replay);
        if (motion && k + 1 < run.stops.size()) {
          for (const std::size_t between : play_positions(step, run.stops[k + 1]))
            page.play.push_back(replay_play_step(*scene.replay, between,
                                                 renderer.render_replay(*scene.replay, between)));
        }
        writer->add(placed(std::move(page), k));
        page_done();
      }
      continue;
    }
    const render::KeyRange range = render::key_range(run.input);
    Stepper stepper(context, run.plan, run.input);
    std::unique_ptr<Stepper> race;
    if (!scene.race.empty()) race = std::make_unique<Stepper>(context, run.race_plan, run.input);
    // The picture, heading and sound of the plan's `position`, the race stepped beside it.
    auto draw_position = [&](std::size_t position) {
      stepper.jump(position);
      render::StepState state =
          render::capture_step_state(context, stepper, range, scene_frame.picks);
      render::Image image;
      if (race) {
        race->jump(render::race_position(position, run.plan.steps.size(),
                                         run.race_plan.steps.size(), render::RaceSync::steps));
        image = renderer.render_race(stepper, *race, range);
      } else {
        image = renderer.render(state);
      }
      const render::Caption caption = render::step_caption(state);
      PlayStep drawn{position,
                     render::step_heading(state),
                     caption.narration,
                     caption.invariant,
                     caption.invariant_fails,
                     std::move(image),
                     {}};
      if (motion) drawn.sound = handout_step_sound(context, stepper, range);
      return std::make_pair(std::move(drawn), std::move(state));
    };
    for (std::size_t k = 0; k < run.stops.size(); ++k) {
      throw_if_interrupted();
      const std::size_t position = run.stops[k];
      auto [drawn, state] = draw_position(position);
      HandoutPage page =
          captioned(render::step_caption(state), lesson_stop_words(scene, position, k == 0));
      page.image = std::move(drawn.image);
      page.sound = std::move(drawn.sound);
      page.heading = std::move(drawn.heading);
      if (motion && k + 1 < run.stops.size()) {
        for (const std::size_t between : play_positions(position, run.stops[k + 1])) {
          throw_if_interrupted();
          page.play.push_back(draw_position(between).first);
        }
      }
      page.scenario = render::scenario_text(run.plan);
      page.check = check_text;
      page.check_fails = run.check && !run.check->sorts();
      writer->add(placed(std::move(page), k));
      page_done();
    }
    if (scene.full_speed) writer->add(placed(full_speed_page(scene, context), scene_pages - 1));
  }
  if (tty) std::cerr << "\n";
  writer->finish();
  std::cout << "wrote " << out << ": " << lesson.title << ", " << lesson.scenes.size()
            << " scenes, " << pages << " pages\n";
  return exit_code_after_validation(context, k_exit_ok);
}

}  // namespace ss::cli
