#include "common/lesson.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <toml++/toml.h>

#include "algorithms/algorithm.hpp"
#include "common/builtin_lessons.hpp"
#include "common/sample_sort_replay.hpp"
#include "core/errors.hpp"
#include "input/key_file.hpp"
#include "plan/step_position.hpp"
#include "platform/utf8_paths.hpp"
#include "verify/zero_one.hpp"

namespace ss {

std::string lesson_error(const Lesson& lesson, int line, const std::string& message) {
  return lesson.source + ":" + std::to_string(line) + ": " + message;
}

namespace {

int line_of(const toml::node& node) {
  return static_cast<int>(node.source().begin.line);
}

// Reads one table's keys into typed fields, refusing unknown keys and wrong types with the line.
class Fields {
 public:
  Fields(const Lesson& lesson, const toml::table& table, std::string where)
      : lesson_(lesson), table_(table), where_(std::move(where)) {}

  [[noreturn]] void fail(const toml::node& node, const std::string& message) const {
    throw UsageError(lesson_error(lesson_, line_of(node), message));
  }

  const toml::node* get(const char* key) {
    known_.push_back(key);
    return table_.get(key);
  }

  std::optional<std::string> string(const char* key) {
    const toml::node* node = get(key);
    if (node == nullptr) return std::nullopt;
    if (!node->is_string()) fail(*node, std::string(key) + " must be a string (in quotes)");
    return node->as_string()->get();
  }

  std::optional<bool> boolean(const char* key) {
    const toml::node* node = get(key);
    if (node == nullptr) return std::nullopt;
    if (!node->is_boolean()) fail(*node, std::string(key) + " must be true or false");
    return node->as_boolean()->get();
  }

  std::optional<std::int64_t> integer(const char* key, std::int64_t min, std::int64_t max) {
    const toml::node* node = get(key);
    if (node == nullptr) return std::nullopt;
    if (!node->is_integer()) fail(*node, std::string(key) + " must be a whole number");
    const std::int64_t value = node->as_integer()->get();
    if (value < min || value > max) {
      fail(*node, std::string(key) + " must be between " + std::to_string(min) + " and " +
                      std::to_string(max) + " (got " + std::to_string(value) + ")");
    }
    return value;
  }

  // A number given as a TOML integer or as text ("2^10", "auto").
  std::optional<std::string> number_or_text(const char* key) {
    const toml::node* node = get(key);
    if (node == nullptr) return std::nullopt;
    if (node->is_integer()) {
      if (node->as_integer()->get() < 0) fail(*node, std::string(key) + " must not be negative");
      return std::to_string(node->as_integer()->get());
    }
    if (node->is_string()) return node->as_string()->get();
    fail(*node, std::string(key) + " must be a number or a string");
  }

  // Every key of the table was read: anything else is a typo the lecturer should hear about.
  void refuse_unknown() const {
    for (auto&& [key, node] : table_) {
      if (std::find(known_.begin(), known_.end(), key.str()) == known_.end()) {
        std::string names;
        for (const std::string& k : known_) names += (names.empty() ? "" : ", ") + k;
        fail(node, "unknown key '" + std::string(key.str()) + "' in " + where_ +
                       "; known keys: " + names);
      }
    }
  }

 private:
  const Lesson& lesson_;
  const toml::table& table_;
  std::string where_;
  std::vector<std::string> known_;
};

std::size_t parse_position(const Lesson& lesson, const toml::node& node, const std::string& text) {
  try {
    std::size_t used = 0;
    const unsigned long value = std::stoul(text, &used);
    if (used == text.size()) return value;
  } catch (const std::exception&) {
  }
  throw UsageError(lesson_error(lesson, line_of(node),
                                "stop '" + text + "' is not a step number (0 is the input)"));
}

void parse_stops(const Lesson& lesson, const toml::node& node, LessonScene& scene) {
  scene.stops_line = line_of(node);
  scene.all_stops = false;
  if (node.is_string()) {
    const std::string text = node.as_string()->get();
    if (text == "all") {
      scene.all_stops = true;
      return;
    }
    const auto dots = text.find("..");
    if (dots == std::string::npos) {
      throw UsageError(lesson_error(lesson, line_of(node),
                                    "stops must be \"all\", a range \"A..B\" or a list [1, 4, 6] "
                                    "(got \"" +
                                        text + "\")"));
    }
    const std::size_t first = parse_position(lesson, node, text.substr(0, dots));
    const std::size_t last = parse_position(lesson, node, text.substr(dots + 2));
    if (last < first) {
      throw UsageError(lesson_error(lesson, line_of(node), "stops \"" + text + "\" run backwards"));
    }
    for (std::size_t p = first; p <= last; ++p) scene.stops.push_back(std::int64_t(p));
    return;
  }
  if (node.is_array()) {
    for (const toml::node& item : *node.as_array()) {
      if (!item.is_integer()) {
        throw UsageError(lesson_error(lesson, line_of(item),
                                      "each stop must be a step number (0 is the input, -1 the "
                                      "last step)"));
      }
      scene.stops.push_back(item.as_integer()->get());
    }
    if (scene.stops.empty())
      throw UsageError(lesson_error(lesson, line_of(node), "stops must not be empty"));
    return;
  }
  throw UsageError(lesson_error(lesson, line_of(node),
                                "stops must be \"all\", a range \"A..B\" or a list [1, 4, 6]"));
}

KeyArray parse_keys(const Lesson& lesson, const toml::array& array, KeyType type, bool pairs) {
  KeyArray keys;
  keys.type = type;
  keys.has_values = pairs;
  for (const toml::node& item : array) {
    std::string text;
    if (item.is_integer()) {
      text = std::to_string(item.as_integer()->get());
    } else if (item.is_floating_point()) {
      std::ostringstream out;
      out.precision(9);
      out << item.as_floating_point()->get();
      text = out.str();
    } else if (item.is_string()) {
      text = item.as_string()->get();
    } else {
      throw UsageError(lesson_error(lesson, line_of(item), "each key must be a number"));
    }
    std::uint64_t bits = 0;
    if (const std::string error = parse_text_key(text, type, bits); !error.empty())
      throw UsageError(lesson_error(lesson, line_of(item), "key " + text + ": " + error));
    if (pairs) keys.values.push_back(static_cast<std::uint32_t>(keys.size()));
    keys.push_back_bits(bits);
  }
  return keys;
}

// A built-in replay's name, else a folder or file relative to the lesson file.
SampleSortReplay load_scene_replay(const Lesson& lesson, const LessonScene& scene) {
  try {
    const std::vector<std::string> names = builtin_replay_names();
    if (std::find(names.begin(), names.end(), scene.replay_name) != names.end())
      return builtin_replay(scene.replay_name);
    std::filesystem::path path = platform::path_from_utf8(scene.replay_name);
    const std::filesystem::path lesson_file = platform::path_from_utf8(lesson.source);
    if (path.is_relative() && std::filesystem::is_regular_file(lesson_file))
      path = lesson_file.parent_path() / path;
    std::error_code error;
    if (!std::filesystem::exists(path, error)) return builtin_replay(scene.replay_name);
    return read_replay(path);
  } catch (const UsageError& e) {
    throw UsageError(lesson_error(lesson, scene.line, e.what()));
  }
}

LessonScene parse_scene(const Lesson& lesson, const toml::table& table, std::size_t index) {
  LessonScene scene;
  scene.line = line_of(table);
  Fields f(lesson, table, "scene " + std::to_string(index + 1));
  scene.title = f.string("title").value_or("scene " + std::to_string(index + 1));
  ScenarioOptions o;
  if (auto v = f.string("replay")) scene.replay_name = *v;
  if (auto v = f.string("algorithm")) {
    o.algorithm = *v;
    if (!scene.replay_name.empty())
      throw UsageError(lesson_error(lesson, scene.line,
                                    "a scene shows a replay or sorts an algorithm, not both"));
  } else if (scene.replay_name.empty()) {
    throw UsageError(lesson_error(
        lesson, scene.line,
        "scene " + std::to_string(index + 1) + " names no algorithm (" + algorithm_names() + ")"));
  }
  if (auto v = f.number_or_text("n")) {
    o.n = *v;
    o.n_given = true;
  }
  if (auto v = f.string("type")) o.type = *v;
  if (auto v = f.string("input")) o.distribution = *v;
  if (auto v = f.number_or_text("seed")) o.seed = *v;
  if (auto v = f.boolean("pairs")) o.pairs = *v;
  if (auto v = f.boolean("descending")) o.descending = *v;
  if (auto v = f.boolean("phases")) o.phases = *v;
  if (auto v = f.number_or_text("tile_keys")) o.tile_keys = *v;
  if (auto v = f.number_or_text("delay_tile")) o.delay_tile = *v;
  if (auto v = f.boolean("delay_late")) o.delay_late = *v;
  if (auto v = f.string("disable")) o.disable = *v;
  const toml::node* keys = f.get("keys");
  if (auto v = f.string("race")) scene.race = *v;
  if (auto v = f.string("view")) scene.view = *v;
  if (const toml::node* stops = f.get("stops")) parse_stops(lesson, *stops, scene);
  if (auto v = f.string("text")) scene.text = *v;
  if (auto v = f.boolean("full_speed")) scene.full_speed = *v;
  const toml::node* full_speed_n = f.get("full_speed_n");
  const toml::node* check = f.get("check");
  const toml::node* notes = f.get("note");
  f.refuse_unknown();

  if (!scene.replay_name.empty()) {
    if (o.n_given || keys != nullptr || full_speed_n != nullptr || f.get("race") != nullptr ||
        f.get("full_speed") != nullptr)
      throw UsageError(lesson_error(lesson, scene.line,
                                    "a replay scene shows a recorded run: leave out n, keys, race "
                                    "and full_speed"));
    scene.replay = std::make_shared<const SampleSortReplay>(load_scene_replay(lesson, scene));
  }
  if (keys != nullptr) {
    if (!keys->is_array() || keys->as_array()->empty())
      f.fail(*keys, "keys must be a list of numbers, e.g. keys = [5, 3, 8, 1]");
    if (o.n_given) f.fail(*keys, "give n or keys, not both (keys fix n)");
    o.n = std::to_string(keys->as_array()->size());
  }
  try {
    scene.scenario = resolve_scenario(o);
  } catch (const UsageError& e) {
    throw UsageError(lesson_error(lesson, scene.line, e.what()));
  }
  scene.n_given = o.n_given;
  if (full_speed_n != nullptr) {
    if (!full_speed_n->is_string() && !full_speed_n->is_integer())
      f.fail(*full_speed_n, "full_speed_n must be a number or a string such as \"2^20\"");
    scene.full_speed_n = full_speed_n->is_string()
                             ? full_speed_n->as_string()->get()
                             : std::to_string(full_speed_n->as_integer()->get());
    try {
      (void)parse_count(scene.full_speed_n, "full_speed_n");
    } catch (const UsageError& e) {
      f.fail(*full_speed_n, e.what());
    }
    scene.full_speed = true;
  }
  if (check != nullptr) {
    if (!check->is_string() || check->as_string()->get() != "0-1")
      f.fail(*check, "check must be \"0-1\" (the 0-1 check of the scene's network)");
    const Algorithm* algorithm = find_algorithm(scene.scenario.algorithm);
    if (!scene.replay_name.empty() || algorithm == nullptr || !algorithm->network)
      f.fail(*check, "the 0-1 check needs a comparator network: algorithm = one of " +
                         network_algorithm_names());
    scene.zero_one_check = true;
  }
  if (keys != nullptr) {
    scene.keys = parse_keys(lesson, *keys->as_array(), scene.scenario.type, scene.scenario.pairs);
  }
  if (!scene.race.empty() && find_algorithm(scene.race) == nullptr) {
    throw UsageError(lesson_error(
        lesson, scene.line,
        "race: unknown algorithm '" + scene.race + "'; choose from: " + algorithm_names()));
  }
  static const char* const views[] = {"bars",    "network", "both",      "digits",   "histogram",
                                      "scatter", "tiles",   "mergepath", "blocksort"};
  if (std::find(std::begin(views), std::end(views), scene.view) == std::end(views)) {
    throw UsageError(lesson_error(lesson, scene.line,
                                  "unknown view '" + scene.view +
                                      "'; choose one of: bars, network, both, digits, histogram, "
                                      "scatter, tiles, mergepath, blocksort"));
  }
  if (notes != nullptr) {
    if (!notes->is_array_of_tables())
      f.fail(*notes, "note must be a list of [[scene.note]] tables");
    for (const toml::node& item : *notes->as_array()) {
      Fields n(lesson, *item.as_table(), "a note");
      LessonNote note;
      note.line = line_of(item);
      const auto step = n.integer("step", 0, 1 << 30);
      if (!step) n.fail(item, "a note needs step = N (the stop it belongs to; 0 is the input)");
      note.position = static_cast<std::size_t>(*step);
      note.text = n.string("text").value_or("");
      note.replace = n.boolean("replace").value_or(false);
      n.refuse_unknown();
      scene.notes.push_back(std::move(note));
    }
  }
  return scene;
}

}  // namespace

Lesson parse_lesson(std::string_view text, const std::string& source, const std::string& name) {
  Lesson lesson;
  lesson.source = source;
  lesson.name = name;
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw UsageError(lesson_error(lesson, static_cast<int>(e.source().begin.line),
                                  std::string(e.description())));
  }
  Fields f(lesson, root, "the lesson");
  lesson.title = f.string("title").value_or(name);
  lesson.summary = f.string("summary").value_or("");
  const toml::node* scenes = f.get("scene");
  f.refuse_unknown();
  if (scenes == nullptr || !scenes->is_array_of_tables() || scenes->as_array()->empty()) {
    throw UsageError(lesson_error(lesson, scenes != nullptr ? line_of(*scenes) : 1,
                                  "a lesson needs at least one [[scene]]"));
  }
  std::size_t index = 0;
  for (const toml::node& scene : *scenes->as_array())
    lesson.scenes.push_back(parse_scene(lesson, *scene.as_table(), index++));
  return lesson;
}

Lesson load_lesson(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read lesson file " + platform::utf8_from_path(path));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_lesson(text.str(), platform::utf8_from_path(path),
                      platform::utf8_from_path(path.stem()));
}

std::vector<std::string> builtin_lesson_names() {
  return embedded_names(builtin_lessons());
}

Lesson builtin_lesson(const std::string& name) {
  if (const EmbeddedText* lesson = find_embedded(builtin_lessons(), name)) {
    return parse_lesson(lesson->text, "built-in lesson " + name + ".toml", name);
  }
  throw UsageError("no built-in lesson '" + name + "' (built in: " +
                   joined_embedded_names(builtin_lessons()) + "), and no such lesson file");
}

Lesson find_lesson(const std::string& name_or_path) {
  std::error_code error;
  const std::filesystem::path path = platform::path_from_utf8(name_or_path);
  if (std::filesystem::is_regular_file(path, error)) return load_lesson(path);
  return builtin_lesson(name_or_path);
}

std::vector<std::size_t> lesson_stops(const Lesson& lesson, const LessonScene& scene,
                                      const Plan& stepping_plan) {
  return lesson_stops(
      lesson, scene, stepping_plan.steps.size(),
      stepping_plan.algorithm + " on " + std::to_string(stepping_plan.spec.n) + " keys");
}

std::vector<std::size_t> lesson_replay_stops(const Lesson& lesson, const LessonScene& scene) {
  return lesson_stops(lesson, scene, k_replay_steps - 1, "the recorded sample sort");
}

std::vector<std::size_t> lesson_stops(const Lesson& lesson, const LessonScene& scene,
                                      std::size_t steps, const std::string& what) {
  for (const LessonNote& note : scene.notes) {
    if (note.position > steps) {
      throw UsageError(lesson_error(lesson, note.line,
                                    "note for step " + std::to_string(note.position) +
                                        " is past the plan's end (" + std::to_string(steps) +
                                        " steps)"));
    }
  }
  if (scene.all_stops) {
    std::vector<std::size_t> all(steps + 1);
    for (std::size_t p = 0; p <= steps; ++p) all[p] = p;
    return all;
  }
  std::vector<std::size_t> stops;
  for (const std::int64_t stop : scene.stops) {
    const std::optional<std::size_t> position = named_position(stop, steps);
    if (!position) {
      throw UsageError(
          lesson_error(lesson, scene.stops_line,
                       "stop " + std::to_string(stop) +
                           (stop < 0 ? " is before the start of " : " is past the end of ") +
                           scene.title + ": " + what + " has " + std::to_string(steps) + " steps"));
    }
    stops.push_back(*position);
  }
  return stops;
}

Plan lesson_scene_plan(const Lesson& lesson, const LessonScene& scene, const DeviceLimits& limits,
                       const std::string& device_name) {
  try {
    Plan plan =
        make_plan(scene.scenario.algorithm, sort_spec(scene.scenario, scene.scenario.n), limits);
    check_plan_fits(plan, limits, device_name);
    return scene.scenario.phases ? expand_phases(plan) : plan;
  } catch (const UsageError& e) {
    throw UsageError(lesson_error(lesson, scene.line, e.what()));
  } catch (const SetupError& e) {
    throw UsageError(lesson_error(lesson, scene.line, e.what()));
  }
}

void require_lesson_check(const Lesson& lesson, const LessonScene& scene, const Context& context,
                          const Plan& plan) {
  if (!scene.zero_one_check) return;
  try {
    require_zero_one_checkable(context, plan, false);
  } catch (const UsageError& e) {
    throw UsageError(lesson_error(lesson, scene.line, e.what()));
  }
}

StopWords lesson_stop_words(const LessonScene& scene, std::size_t position, bool first_stop) {
  StopWords words;
  if (first_stop) words.lecturer = scene.text;
  if (const LessonNote* note = lesson_note(scene, position)) {
    if (note->replace) {
      words.replacement = note->text;
    } else {
      words.lecturer += (words.lecturer.empty() ? "" : "\n") + note->text;
    }
  }
  return words;
}

KeyArray lesson_input(const LessonScene& scene) {
  if (scene.keys) return *scene.keys;
  return make_input(scene.scenario, scene.n_given);
}

const LessonNote* lesson_note(const LessonScene& scene, std::size_t position) {
  for (const LessonNote& note : scene.notes)
    if (note.position == position) return &note;
  return nullptr;
}

}  // namespace ss
