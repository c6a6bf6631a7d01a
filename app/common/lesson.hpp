#pragma once
// A lesson: a small human-written TOML file of scenes a lecturer clicks through (the app's
// lesson player) or prints (sortscope-cli render --lesson, a handout). A scene is a scenario
// (as on the command line), the views, the steps to stop at, and the lecturer's own text for
// the scene and for single steps. README "Lessons" documents the format.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/scenario.hpp"
#include "distributed/sample_sort_record.hpp"
#include "plan/device_limits.hpp"
#include "plan/plan.hpp"

namespace ss {

class Context;

// The lecturer's words for one stop of a scene: shown with the generated narration, or instead
// of it (replace).
struct LessonNote {
  std::size_t position = 0;  // the stop it belongs to: steps applied (0: the input)
  std::string text;
  bool replace = false;
  int line = 0;
};

struct LessonScene {
  std::string title;
  // `replay = "NAME"`: the scene steps through a recorded sample sort (a built-in replay of
  // assets/replays, or a folder or file relative to the lesson's) instead of sorting a scenario.
  std::string replay_name;
  std::shared_ptr<const SampleSortReplay> replay;
  int line = 0;       // where the scene starts in its file
  Scenario scenario;  // resolved: names and numbers checked
  bool n_given = false;
  std::optional<KeyArray> keys;  // `keys = [...]`: the input itself
  std::string race;              // a second algorithm sorting the same input, or empty
  std::string view = "both";     // as render --view names them
  // The stops as written: all, "A..B" or a list of positions (steps applied; 0 the input;
  // negative ones count from the end, -1 the last step, for plans whose length depends on the
  // device), checked against the plan by lesson_stops().
  bool all_stops = true;
  std::vector<std::int64_t> stops;
  int stops_line = 0;
  std::string text;
  std::vector<LessonNote> notes;
  // After the stops, one more: the same kernels timed at full speed against std::sort, at
  // full_speed_n keys (empty: sized_full_speed_n, common/full_speed_size.hpp).
  bool full_speed = false;
  std::string full_speed_n;
  // `check = "0-1"`: the scene runs the 0-1 check of its network (compute/verify/zero_one.hpp)
  // as it opens, and shows the verdict and any input it fails on, without the lecturer touching
  // the controls; the handout prints it on the scene's pages.
  bool zero_one_check = false;
};

struct Lesson {
  std::string name;    // the file's stem ("networks")
  std::string source;  // the file's path, or "built-in NAME" for the bundled ones
  std::string title;
  std::string summary;
  std::vector<LessonScene> scenes;
};

// Parses a lesson. Throws UsageError "FILE:LINE: what is wrong" for TOML errors, unknown keys,
// wrong types and values the scenario refuses (unknown algorithm, key type, ...).
Lesson parse_lesson(std::string_view text, const std::string& source, const std::string& name);
Lesson load_lesson(const std::filesystem::path& path);

// The lessons built into sortscope (assets/lessons), by name; `name` may also be a file path.
std::vector<std::string> builtin_lesson_names();
Lesson builtin_lesson(const std::string& name);  // throws UsageError for an unknown name
// A built-in lesson's name or a lesson file's path.
Lesson find_lesson(const std::string& name_or_path);

// The scene's stops as positions of its stepping plan (steps applied, 0 the input), in the
// order written. Throws UsageError "FILE:LINE: ..." for a stop past the plan's end.
std::vector<std::size_t> lesson_stops(const Lesson& lesson, const LessonScene& scene,
                                      const Plan& stepping_plan);

// The same for a scene of `steps` steps (a replay's): `what` names it in the message.
std::vector<std::size_t> lesson_stops(const Lesson& lesson, const LessonScene& scene,
                                      std::size_t steps, const std::string& what);
// A replay scene's stops (the replay's steps 0 to 5).
std::vector<std::size_t> lesson_replay_stops(const Lesson& lesson, const LessonScene& scene);

// The scene's stepping plan (phases opened where it asks), checked against the device. Throws
// UsageError "FILE:LINE: ..." (the scene's line) for what the planner or the device refuses.
Plan lesson_scene_plan(const Lesson& lesson, const LessonScene& scene, const DeviceLimits& limits,
                       const std::string& device_name);

// Throws UsageError "FILE:LINE: ..." when the scene asks for the 0-1 check and `context`'s
// device cannot run it for the scene's plan (n > 32, or too many wires for a CPU device).
void require_lesson_check(const Lesson& lesson, const LessonScene& scene, const Context& context,
                          const Plan& plan);

// The lecturer's words at a stop: the scene's text at its first stop and a note's text after it
// (lecturer), or a note's text that stands instead of the generated narration (replacement).
struct StopWords {
  std::string lecturer;
  std::string replacement;
};
StopWords lesson_stop_words(const LessonScene& scene, std::size_t position, bool first_stop);

// The scene's input: its keys, or the scenario's file or distribution.
KeyArray lesson_input(const LessonScene& scene);

// The lecturer's note for a stop, if any.
const LessonNote* lesson_note(const LessonScene& scene, std::size_t position);

// Prefixes a message with the lesson's file and a line: "FILE:LINE: message".
std::string lesson_error(const Lesson& lesson, int line, const std::string& message);

}  // namespace ss
