#pragma once
// The lesson player (sortscope --lesson): plays a lesson's scenes stop by stop on the App, as a
// presentation clicker drives it. PageDown, Right and Space go to the next stop, and after a
// scene's last stop to the next scene; PageUp and Left go back; B blanks the screen. Everything
// else in the app still works inside a scene (step further, change the view, verify). A scene
// with `check = "0-1"` runs the 0-1 check of its network by itself.
#include <cstddef>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "gui/app_state.hpp"

namespace ss::gui {

class LessonPlayer {
 public:
  explicit LessonPlayer(Lesson lesson) : lesson_(std::move(lesson)) {}

  const Lesson& lesson() const { return lesson_; }
  // Opens the first scene at its first stop.
  void start(App& app);
  void next(App& app);
  void previous(App& app);
  void toggle_blank() { blank_ = !blank_; }
  bool blank() const { return blank_; }
  // At the last stop of the last scene.
  bool at_end() const;
  // "scene 3 of 9, stop 4 of 12"
  std::string progress() const;
  // Once per frame: starts the scene's 0-1 check (`check = "0-1"`) once its plan is made, so its
  // verdict appears under the wire diagram without the lecturer touching the controls; then
  // hands the stop's lecturer text to the views (with the narration, or instead of it), so a
  // lecturer stepping on inside a scene sees the notes of the steps they reach.
  void update(App& app);

 private:
  void open_scene(App& app, std::size_t scene, bool at_last_stop);
  void go_to_stop(App& app);
  std::size_t stop_count() const;  // the scene's stops, its timed run included

  Lesson lesson_;
  std::size_t scene_ = 0;
  std::size_t stop_ = 0;
  std::vector<std::size_t> stops_;  // of the scene open
  bool timing_ = false;             // at a full-speed scene's last stop: its timed run
  bool blank_ = false;
  bool check_pending_ = false;  // the scene open asks for the 0-1 check, not yet started
};

}  // namespace ss::gui
