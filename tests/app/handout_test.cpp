// render --lesson: the handout's pages and text, read back with pdftotext (poppler-utils).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <catch2/catch.hpp>

#include "common/lesson.hpp"
#include "support/cli.hpp"

using ss::test::cli;
using ss::test::data_path;

namespace {

const std::string k_example = std::string(SORTSCOPE_SOURCE_DIR) + "/docs/example-lesson.toml";

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("lessons: README's example lesson is the file the tests load", "[lesson]") {
  const std::string readme = read(std::string(SORTSCOPE_SOURCE_DIR) + "/README.md");
  const std::string example = read(k_example);
  REQUIRE_FALSE(example.empty());
  CHECK(readme.find(example) != std::string::npos);
  const ss::Lesson lesson = ss::load_lesson(k_example);
  CHECK(lesson.scenes.size() == 2);
}

// [no-wine]: the PDF is read back with pdftotext, a host program the Windows test binary cannot
// start under wine (no pdftotext.exe on its PATH); tests/windows/run.sh reads the Windows build's
// handout with the host's pdftotext instead.
TEST_CASE("handout: one PDF page per stop with the caption, the verdict and the lecturer's text",
          "[lesson][cli][gpu][no-wine]") {
  const std::string pdf = data_path("example-handout.pdf");
  std::filesystem::remove(pdf);
  auto r = cli("render --lesson '" + k_example + "' --out '" + pdf + "'");
  INFO(r.out);
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("wrote " + pdf + ": Two ways to merge, 2 scenes, 8 pages"));
  const std::string text_path = data_path("example-handout.txt");
  REQUIRE(ss::test::run_program({"pdftotext", "-layout", pdf, text_path}).code == 0);
  const std::string text = read(text_path);
  // Pages are separated by form feeds: 5 stops of Batcher's scene, 3 of blocksort's.
  CHECK(count(text, "\f") == 8);
  CHECK(count(text, "Two ways to merge: Batcher's merge levels") == 5);
  CHECK(count(text, "Two ways to merge: Mergesort's blocksort, phase by phase") == 3);
  CHECK_THAT(text, Catch::Contains("scene 1 of 2, stop 4 of 5") &&
                       Catch::Contains("step 6 of 10: merge 8, stride 1") &&
                       Catch::Contains("Holds: every run of 8 keys is sorted") &&
                       Catch::Contains("Runs of 8 are sorted; one merge level to go.") &&
                       Catch::Contains("Watch the sorted runs double") &&
                       Catch::Contains("Blocksort phase 2:") &&
                       Catch::Contains("The input: 16 keys as they arrived."));
  // The same lesson as a folder: a PNG per stop and an index that shows them in order.
  const std::string folder = data_path("example-handout") + "/";
  std::filesystem::remove_all(folder);
  r = cli("render --lesson '" + k_example + "' --out '" + folder + "'");
  REQUIRE(r.code == 0);
  const std::string html = read(folder + "index.html");
  CHECK(count(html, "<img src=\"stop-") == 8);
  CHECK(std::filesystem::exists(folder + "stop-008.png"));
  CHECK_THAT(html, Catch::Contains("Runs of 8 are sorted; one merge level to go."));
  // A full-speed scene ends with a page of timings: the kernels and std::sort on the same keys.
  const std::string timed =
      ss::test::data_file("full-speed.toml",
                          "[[scene]]\nalgorithm = \"onesweep\"\nn = 64\nstops = [0, -1]\n"
                          "full_speed_n = \"2^12\"\n");
  r = cli("render --lesson '" + timed + "' --out '" + pdf + "'");
  INFO(r.out);
  REQUIRE(r.code == 0);
  REQUIRE(ss::test::run_program({"pdftotext", "-layout", pdf, text_path}).code == 0);
  const std::string timings = read(text_path);
  CHECK(count(timings, "\f") == 3);
  CHECK_THAT(timings, Catch::Contains("scene 1 of 1, stop 3 of 3") &&
                          Catch::Contains("full speed: 4096 keys") &&
                          Catch::Contains("sort 4096 u32 keys in") &&
                          Catch::Contains("std::sort takes"));
}

TEST_CASE("handout: a scene's 0-1 check prints its verdict and counterexample on its pages",
          "[lesson][cli][gpu]") {
  const std::string lesson = ss::test::data_file(
      "checked.toml",
      "[[scene]]\nalgorithm = \"batcher\"\nn = 8\ncheck = \"0-1\"\nstops = [0, 6]\n"
      "[[scene]]\nalgorithm = \"batcher\"\nn = 8\ndisable = \"5:1\"\ncheck = \"0-1\"\n"
      "stops = [0, 3, 6]\n"
      "[[scene]]\nalgorithm = \"batcher\"\nn = 8\nstops = [0]\n");
  const std::string folder = data_path("checked-handout") + "/";
  std::filesystem::remove_all(folder);
  auto r = cli("render --lesson '" + lesson + "' --out '" + folder + "'");
  INFO(r.out);
  REQUIRE(r.code == 0);
  const std::string html = read(folder + "index.html");
  CHECK(count(html,
              "<p class=\"holds\">0-1 check: sorts all 2^8 inputs of 0s and 1s, hence every "
              "input (0-1 principle)</p>") == 2);
  CHECK(count(html,
              "<p class=\"fails\">0-1 check: does NOT sort: it fails on the 0-1 input "
              "11001100 (wire 0 first)</p>") == 3);
  CHECK(count(html, "0-1 check") == 5);  // not on the unchecked scene's page
  // A check the device cannot run is refused before anything is written, at the scene's line.
  const std::string wide = ss::test::data_file(
      "wide-check.toml", "[[scene]]\nalgorithm = \"transposition\"\nn = 40\ncheck = \"0-1\"\n");
  const std::string pdf = data_path("wide-check.pdf");
  std::filesystem::remove(pdf);
  r = cli("render --lesson '" + wide + "' --out '" + pdf + "'");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("wide-check.toml:1: the 0-1 check runs all 2^n inputs"));
  CHECK_FALSE(std::filesystem::exists(pdf));
}

TEST_CASE("handout: a bad lesson or a failure midway leaves no file", "[lesson][cli][gpu]") {
  const std::string pdf = data_path("bad-handout.pdf");
  std::filesystem::remove(pdf);
  const std::string lesson = ss::test::data_file(
      "past-the-end.toml",
      "[[scene]]\nalgorithm = \"batcher\"\nn = 8\n[[scene]]\nalgorithm = \"bitonic\"\nn = 8\n"
      "stops = [1, 9]\n");
  auto r = cli("render --lesson '" + lesson + "' --out '" + pdf + "'");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("past-the-end.toml:7: stop 9 is past the end of scene 2: "
                                    "bitonic on 8 keys has 6 steps"));
  CHECK_FALSE(std::filesystem::exists(pdf));
  // An n the device cannot hold: 2^30 u64 keys are 8 GiB, past any device's storage-buffer range.
  const std::string too_big = ss::test::data_file(
      "too-big.toml", "[[scene]]\nalgorithm = \"batcher\"\ntype = \"u64\"\nn = \"2^30\"\n");
  r = cli("render --lesson '" + too_big + "' --out '" + pdf + "'");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("too-big.toml:1: "));
  CHECK_FALSE(std::filesystem::exists(pdf));
  // The device lost on the 20th submission, pages into the handout: exit 3, no PDF.
  r = cli("render --lesson networks --out '" + pdf + "'", "SORTSCOPE_INJECT_FAULT=device-lost@20");
  INFO(r.out);
  CHECK(r.code == 3);
  CHECK_FALSE(std::filesystem::exists(pdf));
  for (const auto& entry : std::filesystem::directory_iterator(data_path("")))
    CHECK(entry.path().filename().string().rfind("bad-handout.pdf", 0) != 0);
  r = cli("render --lesson networks --out handout.txt");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("--out FILE.pdf, or a folder (ending in /)"));
  r = cli("render --lesson nosuch --out x.pdf");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("no built-in lesson 'nosuch'"));
}

// [no-wine]: pdffonts is a host program the Windows test binary cannot start; tests/windows/run.sh
// compares the Windows build's handout fonts with Linux's instead.
TEST_CASE("handout: the text is drawn in the bundled DejaVu even where the system has no fonts",
          "[lesson][cli][gpu][no-wine]") {
  // A fontconfig that knows no font at all, as a Windows machine knows no "DejaVu Sans": cairo's
  // toy font API would fall back to its built-in stroke font (Type 3 fonts in pdffonts).
  const std::string no_fonts =
      ss::test::data_file("no-fonts.conf", "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n");
  const std::string pdf = data_path("bundled-font-handout.pdf");
  std::filesystem::remove(pdf);
  auto r =
      cli("render --lesson '" + k_example + "' --out '" + pdf + "'", "FONTCONFIG_FILE=" + no_fonts);
  INFO(r.out);
  REQUIRE(r.code == 0);
  const auto fonts = ss::test::run_program({"pdffonts", pdf});
  INFO(fonts.out);
  REQUIRE(fonts.code == 0);
  // pdffonts: a header of two lines, then a font a line ("ABCDEF+DejaVuSans TrueType WinAnsi
  // yes yes yes 6 0": a subset, embedded).
  std::istringstream lines(fonts.out);
  std::vector<std::string> names;
  std::string line;
  std::getline(lines, line);
  std::getline(lines, line);
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string name, type, encoding, embedded;
    words >> name >> type >> encoding >> embedded;
    CHECK(type == "TrueType");
    CHECK(embedded == "yes");
    names.push_back(name.substr(name.find('+') + 1));
  }
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"DejaVuSans", "DejaVuSans-Bold"});
}
