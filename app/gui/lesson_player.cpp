#include "gui/lesson_player.hpp"

#include <filesystem>

#include "algorithms/algorithm.hpp"
#include "core/errors.hpp"
#include "input/key_file.hpp"

namespace ss::gui {

void LessonPlayer::start(App& app) {
  open_scene(app, 0, false);
}

std::size_t LessonPlayer::stop_count() const {
  return stops_.size() + (lesson_.scenes[scene_].full_speed ? 1 : 0);
}

bool LessonPlayer::at_end() const {
  return scene_ + 1 == lesson_.scenes.size() && stop_ + 1 + (timing_ ? 1 : 0) >= stop_count();
}

std::string LessonPlayer::progress() const {
  return "scene " + std::to_string(scene_ + 1) + " of " + std::to_string(lesson_.scenes.size()) +
         ", stop " + std::to_string(stop_ + 1 + (timing_ ? 1 : 0)) + " of " +
         std::to_string(stop_count()) + (timing_ ? " (full speed)" : "");
}

void LessonPlayer::next(App& app) {
  const LessonScene& scene = lesson_.scenes[scene_];
  if (timing_) {
    if (scene_ + 1 < lesson_.scenes.size()) open_scene(app, scene_ + 1, false);
  } else if (stop_ + 1 < stops_.size()) {
    ++stop_;
    go_to_stop(app);
  } else if (scene.full_speed) {
    // The kernels just stepped through, timed against std::sort (the full-speed panel).
    timing_ = true;
    if (!scene.full_speed_n.empty()) app.full_speed.n_text = scene.full_speed_n;
    app.perform(Action::full_speed_run);
  } else if (scene_ + 1 < lesson_.scenes.size()) {
    open_scene(app, scene_ + 1, false);
  }
}

void LessonPlayer::previous(App& app) {
  if (timing_) {
    timing_ = false;
    app.mode = Mode::stepping;
    go_to_stop(app);
  } else if (stop_ > 0) {
    --stop_;
    go_to_stop(app);
  } else if (scene_ > 0) {
    open_scene(app, scene_ - 1, true);
  }
}

void LessonPlayer::go_to_stop(App& app) {
  if (app.replay.active()) {
    app.replay.jump_to(stops_[stop_]);
  } else if (app.replanning()) {
    app.target_after_replan = stops_[stop_];
  } else {
    app.jump_to(stops_[stop_]);
  }
}

void LessonPlayer::open_scene(App& app, std::size_t index, bool at_last_stop) {
  const LessonScene& scene = lesson_.scenes[index];
  try {
    if (scene.replay) {
      // A recorded sample sort: nothing to plan, its six steps shown from the record.
      stops_ = lesson_replay_stops(lesson_, scene);
      scene_ = index;
      timing_ = false;
      stop_ = at_last_stop ? stops_.size() - 1 : 0;
      app.mode = Mode::stepping;
      app.playing = false;
      check_pending_ = false;
      app.replay.open(*scene.replay, "built-in replay " + scene.replay_name);
      go_to_stop(app);
      return;
    }
    app.replay.close();
    // The stops are checked against the plan before the app re-plans, so a bad scene leaves the
    // one shown as it was.
    const Plan plan =
        lesson_scene_plan(lesson_, scene, DeviceLimits::from(app.context().properties()),
                          app.context().properties().name);
    std::vector<std::size_t> stops = lesson_stops(lesson_, scene, plan);
    require_lesson_check(lesson_, scene, app.context(), plan);
    Scenario next = scene.scenario;
    next.device = app.scenario().device;
    if (scene.keys) {
      // The scene's own keys reach the app as a key file, as a counterexample does.
      const auto path =
          std::filesystem::temp_directory_path() /
          ("sortscope-lesson-" + lesson_.name + "-" + std::to_string(index + 1) + ".txt");
      write_key_file(path, *scene.keys);
      next.input = path.string();
    }
    stops_ = std::move(stops);
    scene_ = index;
    timing_ = false;
    stop_ = at_last_stop ? stops_.size() - 1 : 0;
    app.mode = Mode::stepping;
    app.playing = false;
    app.views.selection = render::parse_view_selection(scene.view);
    if (scene.race != app.race_algorithm()) app.set_race(scene.race);
    app.edits = next;
    app.apply_edits();
    check_pending_ = scene.zero_one_check;
    go_to_stop(app);
  } catch (const UsageError& e) {
    app.error = e.what();
  } catch (const SetupError& e) {
    app.error = lesson_error(lesson_, scene.line, e.what());
  }
}

void LessonPlayer::update(App& app) {
  // The check runs on the network the scene planned: wait for the re-plan it asked for.
  if (check_pending_ && app.ready() && !app.replanning() && app.error.empty()) {
    check_pending_ = false;
    app.perform(Action::verify);
  }
  app.views.progress = lesson_.name + ": " + progress() + (at_end() ? " (end)" : "");
  app.views.lecturer.clear();
  app.views.narration_override.clear();
  if (stops_.empty()) return;
  // The scene's words at its first stop; a step's note wherever the lecturer is on that step.
  const std::size_t position = app.target();
  StopWords words = lesson_stop_words(lesson_.scenes[scene_], position, position == stops_.front());
  app.views.lecturer = std::move(words.lecturer);
  app.views.narration_override = std::move(words.replacement);
}

}  // namespace ss::gui
