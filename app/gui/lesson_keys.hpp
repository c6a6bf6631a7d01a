#pragma once
// The lesson player's keys and its blank screen, in the app's window (lesson_player.hpp is the
// player itself, which the tests drive without one).
#include "gui/lesson_player.hpp"

namespace ss::gui {

// Takes the player's keys from the key queue (before handle_keys sees them).
void handle_lesson_keys(LessonPlayer& player, App& app);

// The blank screen (B); the progress is at the heading's right (ViewsOptions::progress).
void draw_lesson_overlay(const LessonPlayer& player, const App& app);

}  // namespace ss::gui
