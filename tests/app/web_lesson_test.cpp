// render --lesson ... --web: the offline site's files, its words against the handout's and the
// narration's, and its size.
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/cli.hpp"

using ss::test::cli;
using ss::test::data_path;

namespace {

std::string web_test_read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// lesson.js is `window.SORTSCOPE_LESSON = {...};`: the JSON between the two.
nlohmann::json web_test_lesson_data(const std::string& script) {
  const std::string head = "window.SORTSCOPE_LESSON = ";
  REQUIRE(script.rfind(head, 0) == 0);
  const std::size_t end = script.rfind(';');
  REQUIRE(end != std::string::npos);
  return nlohmann::json::parse(script.substr(head.size(), end - head.size()));
}

// The handout folder's narrations, in page order: its only paragraphs without a class.
std::vector<std::string> web_test_handout_narrations(const std::string& html) {
  std::vector<std::string> narrations;
  for (std::size_t at = html.find("<p>"); at != std::string::npos; at = html.find("<p>", at)) {
    at += 3;
    std::string text = html.substr(at, html.find("</p>", at) - at);
    for (const auto& [escaped, plain] : {std::pair<std::string, std::string>{"&lt;", "<"},
                                         {"&gt;", ">"},
                                         {"&quot;", "\""},
                                         {"&amp;", "&"}}) {
      for (std::size_t e = text.find(escaped); e != std::string::npos;
           e = text.find(escaped, e + plain.size()))
        text.replace(e, escaped.size(), plain);
    }
    narrations.push_back(text);
  }
  return narrations;
}

}  // namespace

TEST_CASE(
    "web lesson: the networks lesson as an offline site, a picture and the handout's words "
    "per stop, under 5 MB",
    "[lesson][cli][gpu]") {
  const std::filesystem::path folder = data_path("networks-web");
  std::filesystem::remove_all(folder);
  auto r = cli("render --lesson networks --web --out '" + folder.string() + "/'");
  INFO(r.out);
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains(": Sorting networks, 7 scenes, 40 pages"));

  // Offline: the page and its script name no web address and fetch nothing.
  const std::string page = web_test_read(folder / "index.html");
  const std::string player = web_test_read(folder / "player.js");
  REQUIRE_FALSE(page.empty());
  REQUIRE_FALSE(player.empty());
  for (const std::string& text : {page, player}) {
    CHECK(text.find("http://") == std::string::npos);
    CHECK(text.find("https://") == std::string::npos);
    CHECK(text.find("fetch(") == std::string::npos);
  }
  CHECK_THAT(page, Catch::Contains("<title>Sorting networks</title>") &&
                       Catch::Contains("<script src=\"lesson.js\"></script>") &&
                       Catch::Contains("<script src=\"player.js\"></script>"));

  // One picture per stop, each a file of the folder, none shared.
  const nlohmann::json lesson = web_test_lesson_data(web_test_read(folder / "lesson.js"));
  CHECK(lesson["title"] == "Sorting networks");
  const nlohmann::json& stops = lesson["stops"];
  REQUIRE(stops.size() == 40);
  std::set<std::string> pictures;
  for (const nlohmann::json& stop : stops) {
    const std::string picture = stop["picture"];
    INFO(stop["heading"]);
    CHECK(std::filesystem::file_size(folder / picture) > 1000);
    pictures.insert(picture);
  }
  CHECK(pictures.size() == 40);
  // "play" between stops where the scene runs steps between them (networks.toml: scene 2's
  // 1..3 and 3..6, scene 3's 1..3, 3..6 and 6..10, the race's 0..3, 3..6 and 6..10, the
  // transposition's 3..8 and 8..16): 10 animations of 27 steps in all.
  std::size_t plays = 0, play_steps = 0;
  for (const nlohmann::json& stop : stops) {
    if (!stop.contains("play")) continue;
    ++plays;
    play_steps += stop["play"]["steps"].size();
    CHECK(std::filesystem::file_size(folder / stop["play"]["picture"].get<std::string>()) > 1000);
  }
  CHECK(plays == 10);
  CHECK(play_steps == 27);
  std::uintmax_t bytes = 0;
  std::size_t gifs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    bytes += entry.file_size();
    gifs += entry.path().extension() == ".gif" ? 1 : 0;
  }
  CHECK(gifs == 40 + plays);
  // The bound for the networks lesson's site, "play" and sound included.
  CHECK(bytes < 5'000'000);

  // The words are the handout's, stop for stop.
  const std::filesystem::path handout = data_path("networks-web-handout");
  std::filesystem::remove_all(handout);
  r = cli("render --lesson networks --width 320 --height 180 --out '" + handout.string() + "/'");
  REQUIRE(r.code == 0);
  const std::vector<std::string> narrations =
      web_test_handout_narrations(web_test_read(handout / "index.html"));
  REQUIRE(narrations.size() == 40);
  for (std::size_t i = 0; i < 40; ++i) {
    INFO("stop " << i + 1);
    CHECK(stops[i]["narration"] == narrations[i]);
  }
  CHECK(stops[3]["scene"] == "Batcher's network on 8 keys");
  CHECK(stops[3]["progress"] == "scene 1 of 7, stop 4 of 7");
  CHECK(stops[3]["heading"] == "step 3 of 6: merge 4, stride 1");
  CHECK_THAT(stops[6]["lecturer"].get<std::string>(),
             Catch::Contains("Six layers, nineteen comparators"));
  // The 0-1 scene's verdict and the broken network's failing statement, with their colours.
  CHECK_THAT(stops[20]["check"].get<std::string>(),
             Catch::Contains("0-1 check: sorts all 2^8 inputs"));
  CHECK_FALSE(stops[20]["check_fails"].get<bool>());
  bool fails = false;
  for (const nlohmann::json& stop : stops) fails = fails || stop["invariant_fails"].get<bool>();
  CHECK(fails);

  // And the narration's own words: scene 1's steps as run --narrate --json tells them.
  r = cli("run --algo batcher --n 8 --dist small --seed 7 --narrate --json");
  REQUIRE(r.code == 0);
  std::istringstream lines(r.out);
  std::size_t step = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("{\"invariant\"", 0) != 0) continue;
    ++step;
    const nlohmann::json narrated = nlohmann::json::parse(line);
    INFO("step " << step);
    REQUIRE(step < stops.size());
    CHECK(stops[step]["narration"] == narrated["narration"]);
    CHECK_THAT(stops[step]["invariant"].get<std::string>(),
               Catch::Contains(narrated["invariant"]["text"].get<std::string>()));
  }
  CHECK(step == 6);
}

TEST_CASE("web lesson: misuse exits 2 and a run stopped midway leaves no page",
          "[lesson][cli][gpu]") {
  auto r = cli("render --web --algo batcher --n 8 --out x.png");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("--web writes a lesson's site: give it with --lesson"));
  r = cli("render --lesson networks --web");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("--web needs --out FOLDER/"));
  // The device lost on the 20th submission, stops into the site: exit 3 and no index.html, so no
  // page shows half a lesson.
  const std::filesystem::path folder = data_path("lost-web");
  std::filesystem::remove_all(folder);
  r = cli("render --lesson networks --web --out '" + folder.string() + "/'",
          "SORTSCOPE_INJECT_FAULT=device-lost@20");
  INFO(r.out);
  CHECK(r.code == 3);
  CHECK(std::filesystem::is_directory(folder));
  CHECK_FALSE(std::filesystem::exists(folder / "index.html"));
  CHECK_FALSE(std::filesystem::exists(folder / "lesson.js"));
}
