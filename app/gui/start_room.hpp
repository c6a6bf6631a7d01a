#pragma once
// The start screen: what a newcomer sees first (sortscope without scenario options) and what the
// toolbar's "start" opens again. It offers the built-in lessons (title, summary, length and a
// thumbnail of the first scene's input), a lesson file, a recorded replay, free play at a
// readable n and the files opened lately, and remembers the choice and the display settings in
// the settings file (gui/user_settings.hpp). Keys: 1..9 play that lesson, F free play, Enter the
// last choice again (free play the first time), Escape back to what was shown.
#include <filesystem>
#include <string>
#include <vector>

#include <imgui.h>

#include "common/scenario.hpp"
#include "gui/app_state.hpp"
#include "gui/user_settings.hpp"

namespace ss::gui {

// Free play as the start screen starts it: Batcher's network on 32 small keys, bars and wires.
Scenario free_play_scenario(const std::string& device);

class StartRoom {
 public:
  // `settings_file` empty: nothing is remembered.
  explicit StartRoom(std::filesystem::path settings_file);

  void open() { open_ = true; }
  bool is_open() const { return open_; }
  const UserSettings& settings() const { return settings_; }

  // Draws the start screen over the whole display and acts on a choice (on `app`: a lesson
  // request, a replay, the free-play scenario), then closes. Call instead of the panels while
  // open; it takes the frame's key presses.
  void draw(App& app, ImFont* large);

  // Keeps app's display settings in the settings file (at the end of a session that began on
  // the start screen); a file that cannot be written is said on stderr, not fatal.
  void remember_display(const App& app, float hidpi);

 private:
  struct LessonCard {
    std::string name, title, summary, length;
    std::vector<float> thumbnail;  // the first scene's input, as bar heights 0..1
  };
  void make_cards(const App& app);
  void draw_card(App& app, const LessonCard& card, std::size_t number, ImU32 accent);
  void choose(App& app, const StartChoice& choice);
  void save();

  std::filesystem::path file_;
  UserSettings settings_;
  bool open_ = false;
  bool cards_made_ = false;
  std::vector<LessonCard> cards_;
  std::string message_;  // why the last choice failed (a lesson file that does not parse)
  char lesson_path_[512] = {};
  char replay_path_[512] = {};
};

}  // namespace ss::gui
