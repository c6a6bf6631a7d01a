#pragma once
// What sortscope remembers between starts: the last choice made on the start screen, the files
// opened from it lately and the display settings (gui/kept_settings.hpp's display part), as JSON in
// the user's config folder. Only sessions that begin on the start screen read it, and only
// choices made there and the end of such a session write it, so scripts and tests never see it.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ss::gui {

// What the start screen started.
struct StartChoice {
  enum class Kind { lesson, lesson_file, replay, free_play };
  Kind kind = Kind::free_play;
  std::string value;  // the built-in lesson's name, or the file's or folder's path
  bool operator==(const StartChoice&) const = default;
};

// "the networks lesson", "lesson file talks/merge.toml", "replay runs/4x16", "free play".
std::string describe(const StartChoice& choice);

struct UserSettings {
  std::optional<StartChoice> last;
  std::vector<StartChoice> recent;                    // lesson files and replays, the latest first
  nlohmann::json display = nlohmann::json::object();  // display_settings_json
};

inline constexpr std::size_t k_recent_files = 8;

// <user config folder>/sortscope/settings.json; empty when the environment names no such folder.
std::filesystem::path default_user_settings_file();

// The file's settings; none (the defaults) when it is missing or unreadable: a settings file
// must never keep the app from starting.
UserSettings read_user_settings(const std::filesystem::path& file);
// Writes them atomically (a reader sees the old file or the new one); throws UsageError.
void write_user_settings(const std::filesystem::path& file, const UserSettings& settings);

// Records `choice` as the last one and, for a file, at the top of the recent ones.
void remember_choice(UserSettings& settings, const StartChoice& choice);

}  // namespace ss::gui
