#include "gui/user_settings.hpp"

#include <algorithm>
#include <fstream>

#include "core/atomic_file.hpp"
#include "platform/user_folders.hpp"

namespace ss::gui {

namespace {

struct KindName {
  StartChoice::Kind kind;
  const char* name;
};
constexpr KindName k_start_kinds[] = {{StartChoice::Kind::lesson, "lesson"},
                                      {StartChoice::Kind::lesson_file, "lesson-file"},
                                      {StartChoice::Kind::replay, "replay"},
                                      {StartChoice::Kind::free_play, "free-play"}};

nlohmann::json choice_json(const StartChoice& choice) {
  for (const KindName& k : k_start_kinds)
    if (k.kind == choice.kind) return {{"kind", k.name}, {"value", choice.value}};
  return nullptr;
}

std::optional<StartChoice> choice_from_json(const nlohmann::json& json) {
  if (!json.is_object() || !json.contains("kind") || !json["kind"].is_string()) return std::nullopt;
  const std::string kind = json["kind"].get<std::string>();
  const auto value = json.find("value");
  for (const KindName& k : k_start_kinds) {
    if (kind == k.name)
      return StartChoice{k.kind, value != json.end() && value->is_string()
                                     ? value->get<std::string>()
                                     : std::string()};
  }
  return std::nullopt;
}

}  // namespace

std::string describe(const StartChoice& choice) {
  switch (choice.kind) {
    case StartChoice::Kind::lesson:
      return "the " + choice.value + " lesson";
    case StartChoice::Kind::lesson_file:
      return "lesson file " + choice.value;
    case StartChoice::Kind::replay:
      return "replay " + choice.value;
    case StartChoice::Kind::free_play:
      return "free play";
  }
  return {};
}

std::filesystem::path default_user_settings_file() {
  const std::filesystem::path config = platform::user_config_folder();
  if (config.empty()) return {};
  return config / "sortscope" / "settings.json";
}

UserSettings read_user_settings(const std::filesystem::path& file) {
  UserSettings settings;
  if (file.empty()) return settings;
  std::ifstream in(file, std::ios::binary);
  if (!in) return settings;
  const nlohmann::json json = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) return settings;
  if (json.contains("last")) settings.last = choice_from_json(json["last"]);
  if (json.contains("recent") && json["recent"].is_array()) {
    for (const nlohmann::json& item : json["recent"]) {
      if (settings.recent.size() == k_recent_files) break;
      if (auto choice = choice_from_json(item); choice && !choice->value.empty())
        settings.recent.push_back(*choice);
    }
  }
  if (json.contains("display") && json["display"].is_object()) settings.display = json["display"];
  return settings;
}

void write_user_settings(const std::filesystem::path& file, const UserSettings& settings) {
  if (file.empty()) return;
  nlohmann::json json = nlohmann::json::object();
  if (settings.last) json["last"] = choice_json(*settings.last);
  json["recent"] = nlohmann::json::array();
  for (const StartChoice& choice : settings.recent) json["recent"].push_back(choice_json(choice));
  json["display"] = settings.display;
  std::error_code error;
  std::filesystem::create_directories(file.parent_path(), error);
  write_file_atomically(file, json.dump(2) + "\n");
}

void remember_choice(UserSettings& settings, const StartChoice& choice) {
  settings.last = choice;
  if (choice.kind != StartChoice::Kind::lesson_file && choice.kind != StartChoice::Kind::replay)
    return;
  std::erase(settings.recent, choice);
  settings.recent.insert(settings.recent.begin(), choice);
  if (settings.recent.size() > k_recent_files) settings.recent.resize(k_recent_files);
}

}  // namespace ss::gui
