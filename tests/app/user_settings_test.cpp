// The settings file the start screen keeps (gui/user_settings.hpp) and the display settings it
// holds (gui/kept_settings.hpp).
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "gui/kept_settings.hpp"
#include "gui/user_settings.hpp"
#include "support/cli.hpp"

using namespace ss::gui;

TEST_CASE("user settings: the last choice, recent files and display settings come back as kept",
          "[settings]") {
  const std::filesystem::path file =
      std::filesystem::path(ss::test::data_path("settings-test")) / "sortscope" / "settings.json";
  std::filesystem::remove_all(file.parent_path().parent_path());
  // A missing file gives the defaults, and so does one that is not JSON.
  CHECK_FALSE(read_user_settings(file).last);
  UserSettings settings;
  for (int i = 0; i < 10; ++i)
    remember_choice(settings,
                    {StartChoice::Kind::lesson_file, "talk" + std::to_string(i) + ".toml"});
  remember_choice(settings, {StartChoice::Kind::replay, "runs/4x16"});
  remember_choice(settings, {StartChoice::Kind::lesson_file, "talk5.toml"});  // to the top again
  remember_choice(settings, {StartChoice::Kind::lesson, "networks"});         // not a file
  REQUIRE(settings.recent.size() == k_recent_files);
  CHECK(settings.recent[0] == StartChoice{StartChoice::Kind::lesson_file, "talk5.toml"});
  CHECK(settings.recent[1] == StartChoice{StartChoice::Kind::replay, "runs/4x16"});
  CHECK(settings.recent[2] == StartChoice{StartChoice::Kind::lesson_file, "talk9.toml"});

  KeptSettings kept;
  kept.style = {3.0f, true};  // presenter at UI scale 1.5 on a display of HiDPI scale 2
  kept.views.caption = false;
  kept.steps_per_second = 5.0f;
  kept.sound.muted = true;
  kept.sound.volume = 0.25f;
  settings.display = display_settings_json(kept, 2.0f);
  write_user_settings(file, settings);

  const UserSettings read = read_user_settings(file);
  REQUIRE(read.last);
  CHECK(*read.last == StartChoice{StartChoice::Kind::lesson, "networks"});
  CHECK(describe(*read.last) == "the networks lesson");
  CHECK(read.recent == settings.recent);
  // On a display of HiDPI scale 1 the same UI scale, presenter mode's floor of 2 applied.
  KeptSettings back;
  read_display_settings(read.display, 1.0f, back);
  CHECK(back.style.presenter);
  CHECK(back.style.scale == 2.0f);
  CHECK_FALSE(back.views.caption);
  CHECK(back.steps_per_second == 5.0f);
  CHECK(back.sound.muted);
  CHECK(back.sound.volume == 0.25f);

  // A damaged file, or fields of the wrong type, leave the defaults instead of failing.
  std::ofstream(file) << R"({"last": 3, "display": {"presenter": "yes", "volume": 7}})";
  const UserSettings damaged = read_user_settings(file);
  CHECK_FALSE(damaged.last);
  KeptSettings defaults;
  read_display_settings(damaged.display, 1.0f, defaults);
  CHECK_FALSE(defaults.style.presenter);
  CHECK(defaults.sound.volume == 1.0f);  // clamped into 0..1
  std::ofstream(file) << "not json";
  CHECK(read_user_settings(file).recent.empty());
}
