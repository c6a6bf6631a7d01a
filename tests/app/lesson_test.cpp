#include <catch2/catch.hpp>

#include "algorithms/algorithm.hpp"
#include "common/lesson.hpp"
#include "core/errors.hpp"
#include "input/distributions.hpp"
#include "support/gpu.hpp"

using namespace ss;

namespace {

// The message parse_lesson refuses `text` with.
std::string refusal(const std::string& text) {
  try {
    parse_lesson(text, "bad.toml", "bad");
  } catch (const UsageError& e) {
    return e.what();
  }
  FAIL("the lesson was accepted:\n" << text);
  return {};
}

Plan stepping_plan(const LessonScene& scene) {
  Plan plan = make_plan(scene.scenario.algorithm, sort_spec(scene.scenario, scene.scenario.n),
                        test::limits());
  return scene.scenario.phases ? expand_phases(plan) : plan;
}

}  // namespace

TEST_CASE("lessons: a scene's scenario, stops and notes are read as written", "[lesson]") {
  const Lesson lesson = parse_lesson(R"(title = "T"
[[scene]]
title = "first"
algorithm = "radix4"
n = "2^6"
type = "i32"
input = "reverse"
seed = 4
pairs = true
tile_keys = 16
view = "histogram"
stops = "1..3"
text = "the scene's text"
  [[scene.note]]
  step = 2
  text = "a note"
  replace = true
[[scene]]
algorithm = "batcher"
keys = [5, 3, 8, 1]
stops = [0, 3, -1]
race = "bitonic"
)",
                                     "t.toml", "t");
  CHECK(lesson.title == "T");
  REQUIRE(lesson.scenes.size() == 2);
  const LessonScene& a = lesson.scenes[0];
  CHECK(a.title == "first");
  CHECK(a.line == 2);
  CHECK(a.scenario.algorithm == "radix4");
  CHECK(a.scenario.n == 64);
  CHECK(a.scenario.type == KeyType::i32);
  CHECK(a.scenario.distribution == Distribution::reverse);
  CHECK(a.scenario.seed == 4);
  CHECK(a.scenario.pairs);
  CHECK(a.scenario.tile_keys == 16);
  CHECK(a.view == "histogram");
  CHECK(a.stops == std::vector<std::int64_t>{1, 2, 3});
  CHECK(a.text == "the scene's text");
  REQUIRE(a.notes.size() == 1);
  CHECK(a.notes[0].position == 2);
  CHECK(a.notes[0].replace);
  CHECK(lesson_note(a, 2) == &a.notes[0]);
  CHECK(lesson_note(a, 1) == nullptr);
  const LessonScene& b = lesson.scenes[1];
  CHECK(b.title == "scene 2");
  CHECK(b.scenario.n == 4);
  CHECK(b.race == "bitonic");
  const KeyArray keys = lesson_input(b);
  CHECK(keys.words == std::vector<std::uint32_t>{5, 3, 8, 1});
  // -1: the last step (batcher on 4 keys has 3).
  CHECK(lesson_stops(lesson, b, stepping_plan(b)) == std::vector<std::size_t>{0, 3, 3});
}

TEST_CASE("lessons: bad input is refused with the file, the line and what is wrong", "[lesson]") {
  CHECK(refusal("title = \"x\"\n[[scene]]\nalgorithm = \"quicksort\"\n") ==
        "bad.toml:2: unknown algorithm 'quicksort'; choose one of: " + algorithm_names());
  CHECK(refusal("[[scene]]\nalgorithm = \"batcher\"\ncolour = 3\n")
            .rfind(
                "bad.toml:3: unknown key 'colour' in scene 1; known keys: title, replay, algorithm",
                0) == 0);
  CHECK(refusal("[[scene]]\nalgorithm = \"batcher\"\nn = 1.5\n") ==
        "bad.toml:3: n must be a number or a string");
  CHECK(refusal("[[scene]]\nalgorithm = \"batcher\"\npairs = \"yes\"\n") ==
        "bad.toml:3: pairs must be true or false");
  CHECK(refusal("[[scene]]\nalgorithm = \"batcher\"\ntype = \"u16\"\n").rfind("bad.toml:1: ", 0) ==
        0);
  CHECK(refusal("[[scene]]\nalgorithm = \"batcher\"\nstops = \"3-5\"\n")
            .rfind("bad.toml:3: stops must be \"all\", a range", 0) == 0);
  CHECK(refusal("[[scene]]\nalgorithm = \"batcher\"\nview = \"pie\"\n")
            .rfind("bad.toml:1: unknown view 'pie'", 0) == 0);
  CHECK(refusal("title = \"x\"\n\n[[scene]\n").rfind("bad.toml:3: ", 0) == 0);  // TOML syntax
  CHECK(refusal("title = \"no scenes\"\n") == "bad.toml:1: a lesson needs at least one [[scene]]");
  CHECK(refusal("[[scene]]\nalgorithm = \"batcher\"\n  [[scene.note]]\n  text = \"t\"\n") ==
        "bad.toml:3: a note needs step = N (the stop it belongs to; 0 is the input)");
  CHECK(refusal("[[scene]]\nreplay = \"sample-sort-4x16\"\nalgorithm = \"batcher\"\n") ==
        "bad.toml:1: a scene shows a replay or sorts an algorithm, not both");
  CHECK(refusal("[[scene]]\nreplay = \"sample-sort-4x16\"\nn = 8\n") ==
        "bad.toml:1: a replay scene shows a recorded run: leave out n, keys, race and full_speed");
  CHECK(refusal("[[scene]]\nreplay = \"no-such-run\"\n")
            .rfind("bad.toml:1: no built-in replay 'no-such-run' (built in: sample-sort-4x16)",
                   0) == 0);
  CHECK(refusal("[[scene]]\nalgorithm = \"batcher\"\ncheck = \"all\"\n") ==
        "bad.toml:3: check must be \"0-1\" (the 0-1 check of the scene's network)");
  CHECK(refusal("[[scene]]\nalgorithm = \"mergesort\"\ncheck = \"0-1\"\n") ==
        "bad.toml:3: the 0-1 check needs a comparator network: algorithm = one of " +
            network_algorithm_names());
  const Lesson replayed =
      parse_lesson("[[scene]]\nreplay = \"sample-sort-4x16\"\nstops = [0, 6]\n", "bad.toml", "r");
  CHECK_THROWS_WITH(lesson_replay_stops(replayed, replayed.scenes[0]),
                    "bad.toml:3: stop 6 is past the end of scene 1: the recorded sample sort has "
                    "5 steps");
  // A stop past the plan's end is found once the plan is made: batcher on 8 keys has 6 steps.
  const Lesson lesson =
      parse_lesson("[[scene]]\nalgorithm = \"batcher\"\nn = 8\nstops = [2, 7]\n", "bad.toml", "b");
  CHECK_THROWS_WITH(lesson_stops(lesson, lesson.scenes[0], stepping_plan(lesson.scenes[0])),
                    "bad.toml:4: stop 7 is past the end of scene 1: batcher on 8 keys has 6 steps");
}

TEST_CASE("lessons: every built-in lesson parses and its stops lie within its plans",
          "[lesson][gpu]") {
  const std::vector<std::string> names = builtin_lesson_names();
  CHECK(names == std::vector<std::string>{"full-speed", "mergesort", "networks", "onesweep",
                                          "radix", "sample-sort"});
  for (const std::string& name : names) {
    const Lesson lesson = builtin_lesson(name);
    INFO(name);
    CHECK_FALSE(lesson.title.empty());
    CHECK_FALSE(lesson.summary.empty());
    for (const LessonScene& scene : lesson.scenes) {
      INFO(scene.title);
      CHECK_FALSE(scene.text.empty());
      if (scene.replay) {  // a recorded sample sort: its stops lie within the replay's steps
        CHECK(scene.replay->verified);
        for (std::size_t stop : lesson_replay_stops(lesson, scene)) CHECK(stop < k_replay_steps);
        continue;
      }
      const Plan plan = stepping_plan(scene);
      CHECK_FALSE(lesson_stops(lesson, scene, plan).empty());
      CHECK(lesson_input(scene).size() == scene.scenario.n);
    }
  }
  CHECK_THROWS_WITH(find_lesson("no-such-lesson"),
                    Catch::StartsWith("no built-in lesson 'no-such-lesson' (built in: full-speed"));
}

TEST_CASE("lessons: where a built-in lesson's views print keys, the keys are small enough to read",
          "[lesson]") {
  // The wire diagram prints every wire's key (n <= 32), the merge-path grid and the blocksort
  // tile print theirs: "37" teaches where a full-range key prints as 3221225472.
  for (const std::string& name : builtin_lesson_names()) {
    const Lesson lesson = builtin_lesson(name);
    for (const LessonScene& scene : lesson.scenes) {
      const ss::Algorithm* algorithm = find_algorithm(scene.scenario.algorithm);
      if (scene.replay || algorithm == nullptr) continue;
      const bool wires = algorithm->network && scene.scenario.n <= 32;
      const bool merge_keys = scene.scenario.algorithm == "mergesort" && scene.scenario.n <= 256;
      if (!wires && !merge_keys) continue;
      INFO(name << ": " << scene.title);
      const KeyArray input = lesson_input(scene);
      for (std::size_t i = 0; i < input.size(); ++i) CHECK(input.bits(i) < k_small_key_count);
    }
  }
}

TEST_CASE("lessons: check = \"0-1\" asks for the 0-1 check, which the device must be able to run",
          "[lesson][gpu]") {
  const Lesson lesson = parse_lesson(
      "[[scene]]\nalgorithm = \"bitonic\"\nn = 8\ncheck = \"0-1\"\n"
      "[[scene]]\nalgorithm = \"batcher\"\nn = 8\n"
      "[[scene]]\nalgorithm = \"batcher\"\nn = 64\ncheck = \"0-1\"\n",
      "c.toml", "c");
  CHECK(lesson.scenes[0].zero_one_check);
  CHECK_FALSE(lesson.scenes[1].zero_one_check);
  CHECK_NOTHROW(
      require_lesson_check(lesson, lesson.scenes[0], test::gpu(), stepping_plan(lesson.scenes[0])));
  CHECK_THROWS_WITH(
      require_lesson_check(lesson, lesson.scenes[2], test::gpu(), stepping_plan(lesson.scenes[2])),
      Catch::StartsWith("c.toml:8: the 0-1 check runs all 2^n inputs"));
  // The networks lesson checks its intact network and its broken one by itself.
  const Lesson networks = builtin_lesson("networks");
  std::size_t checked = 0;
  for (const LessonScene& scene : networks.scenes) checked += scene.zero_one_check ? 1 : 0;
  CHECK(checked == 2);
}
