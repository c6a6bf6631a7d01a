#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "platform/graphics_driver.hpp"
#include "support/cli.hpp"

namespace {

using Result = ss::test::CliResult;
using ss::test::cli;
using ss::test::cli_in_shell;
using ss::test::data_file;

std::size_t line_count(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("cli: run sorts and verifies, exit 0", "[cli][gpu]") {
  for (const char* algo : {"batcher", "transposition", "radix4", "onesweep"}) {
    const Result r = cli(std::string("run --algo ") + algo +
                         " --n 300 --type f32 --dist gaussian --pairs --descending");
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("verified"));
  }
}

TEST_CASE("cli: n = 0 is a valid, empty sort", "[cli][gpu]") {
  const Result r = cli("run --algo batcher --n 0");
  INFO(r.out);
  CHECK(r.code == 0);
}

TEST_CASE("cli: --json prints one object with the step labels", "[cli][gpu]") {
  const Result r = cli("run --algo batcher --n 8 --json");
  INFO(r.out);
  REQUIRE(r.code == 0);
  const auto json = nlohmann::json::parse(r.out);
  CHECK(json["verified"] == true);
  CHECK(json["steps"] == 6);
  CHECK(json["step_labels"].size() == 6);
  CHECK(json["step_labels"][0] == "merge 2, stride 1");
}

TEST_CASE("cli: --trace prints every step, and refuses n > 256", "[cli][gpu]") {
  const Result r = cli("run --algo transposition --n 5 --trace");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("step 5/5"));
  const Result big = cli("run --algo batcher --n 257 --trace");
  CHECK(big.code == 2);
  CHECK_THAT(big.out, Catch::Contains("n <= 256"));
}

TEST_CASE(
    "cli: run --lookback reports each pass's look-back and the fallback when a tile withholds",
    "[cli][gpu][onesweep]") {
  // Tile 3 (counted from 1) of every pass never publishes: the tiles after it must count its keys
  // themselves. Passes are counted from 1, as the step titles and the narration count them.
  const Result r = cli("run --algo onesweep --n 2000 --tile-keys 100 --delay-tile 3 --lookback 2");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("verified"));
  for (const char* pass : {"run 1, pass 1: 20 tiles", "run 2, pass 4: 20 tiles"})
    CHECK_THAT(r.out, Catch::Contains(pass));
  CHECK_THAT(r.out, !Catch::Contains("fallbacks 0 in 0 tiles"));
  const Result calm = cli("run --algo onesweep --n 2000 --tile-keys 100 --lookback 1");
  INFO(calm.out);
  CHECK(calm.code == 0);
  CHECK_THAT(calm.out, Catch::Contains("lookback, pass 1: 20 tiles, depth mean"));
  const Result other = cli("run --algo batcher --n 16 --lookback 1");
  CHECK(other.code == 2);
  CHECK_THAT(other.out, Catch::Contains("--lookback reports onesweep's chained scan"));
}

TEST_CASE("cli: bench --tile-keys times the tiles asked for and refuses what cannot fit",
          "[cli][gpu][bench]") {
  const Result r =
      cli("bench --algo onesweep,radix4 --n 5000 --tile-keys 512 --reps 1 --warmup 0 --cpu none "
          "--json -");
  INFO(r.out);
  REQUIRE(r.code == 0);
  std::istringstream lines(r.out);
  std::string line;
  int rows = 0;
  while (std::getline(lines, line)) {
    if (line.empty() || line.rfind("bench: ", 0) == 0) continue;  // progress, on stderr
    const auto row = nlohmann::json::parse(line);
    CHECK(row["verified"] == true);
    CHECK_THAT(row["command"].get<std::string>(), Catch::Contains("--tile-keys 512"));
    ++rows;
  }
  CHECK(rows == 2);
  const Result too_big = cli("bench --algo onesweep --n 5000 --tile-keys 1000000 --reps 1");
  CHECK(too_big.code == 2);
  CHECK_THAT(too_big.out, Catch::Contains("onesweep tiles hold 1 to"));
}

TEST_CASE("cli: --input and --output keep the input's format", "[cli][gpu]") {
  const std::string in = data_file("cli_in.txt", "3\n-1\n2\n-7\n");
  const std::string out = (std::filesystem::path(SORTSCOPE_TEST_DATA) / "cli_out.txt").string();
  Result r = cli("run --algo batcher --type i32 --input " + in + " --output " + out + " --pairs");
  INFO(r.out);
  REQUIRE(r.code == 0);
  std::ifstream sorted(out);
  std::string content((std::istreambuf_iterator<char>(sorted)), std::istreambuf_iterator<char>());
  CHECK(content == "-7 3\n-1 1\n2 2\n3 0\n");

  const std::string bin_out = (std::filesystem::path(SORTSCOPE_TEST_DATA) / "cli_out.bin").string();
  r = cli("run --algo transposition --n 100 --type u64 --output " + bin_out);
  REQUIRE(r.code == 0);
  CHECK(std::filesystem::file_size(bin_out) == 800);
}

TEST_CASE("cli: list names the algorithms and the devices", "[cli][gpu]") {
  const Result r = cli("list");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("batcher") && Catch::Contains("transposition") &&
                        Catch::Contains("radix4") && Catch::Contains("onesweep") &&
                        Catch::Contains("n <= 2^30 - 1") && Catch::Contains("subgroup size"));
}

TEST_CASE("cli: bad usage exits 2 with a one-line message naming the value", "[cli]") {
  struct Case {
    std::string args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"run --algo bogosort",
       "unknown algorithm 'bogosort'; choose one of: batcher, batcher-fused, bitonic, "
       "transposition, mergesort, "
       "radix4, "
       "onesweep"},
      {"run --type f16", "unknown key type 'f16'; choose one of: u32, i32, f32, u64"},
      {"run --dist zipf", "unknown distribution 'zipf'"},
      {"run --n abc", "--n 'abc' is not a non-negative number"},
      {"run --n -5", "--n '-5' is not a non-negative number"},
      {"run --n 99999999999", "too large"},
      {"run --seed x", "--seed 'x' is not a non-negative integer"},
      {"run --algo transposition --n 1000000", "transposition takes n <= 131072"},
      {"run --algo onesweep --n 2^30", "onesweep takes n <= 1073741823"},
      {"run --input /nonexistent/keys.txt", "cannot read input file /nonexistent/keys.txt"},
      {"run --input " + data_file("cli_bad.txt", "1\n2\nx3\n"),
       "cli_bad.txt:3: 'x3' is not a decimal u32 key"},
      {"run --type i32 --input " + data_file("cli_range.txt", "5\n3000000000\n"),
       "cli_range.txt:2: key 3000000000 is out of range for i32"},
      {"run --n 5 --input " + data_file("cli_n.txt", "1\n2\n"), "--n 5 disagrees"},
      {"run --device 42", "--device 42 is not a device index"},
      {"run --frobnicate", "frobnicate"},
  };
  for (const Case& c : cases) {
    const Result r = cli(c.args);
    INFO(c.args << "\n" << r.out);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains(c.message));
    CHECK(line_count(r.out) == 1);
  }
}

TEST_CASE("cli: n beyond the device's buffer limit exits 2 naming the limit", "[cli][gpu]") {
  const Result r = cli("run --algo batcher --n 2^31 --type u64");
  INFO(r.out);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("n = 2147483648") && Catch::Contains("MiB"));
}

// [no-wine]: the Vulkan loader reads these variables on Linux and Windows alike, but under wine
// the loader is the host's (Wine's vulkan-1.dll hands Vulkan to it), which reads the environment
// wine started with, not the one this test gives the CLI: the CLI finds lavapipe and sorts.
TEST_CASE("cli: no Vulkan device exits 2 and says what driver to install", "[cli][no-wine]") {
  const Result r =
      cli("run --n 10", "VK_DRIVER_FILES=/nonexistent.json VK_ICD_FILENAMES=/nonexistent.json");
  INFO(r.out);
  CHECK(r.code == 2);
  // Debian's mesa-vulkan-drivers here, the GPU maker's driver on Windows.
  CHECK_THAT(r.out, Catch::Contains(ss::platform::vulkan_driver_advice()));
}

TEST_CASE("cli: bench prints verified JSON Lines in the CUB baseline's schema", "[cli][gpu]") {
  const Result r =
      cli("bench --algo batcher,transposition --n 300 --type u32,u64 --reps 2 --warmup 1 --json "
          "--cpu std");
  INFO(r.out);
  REQUIRE(r.code == 0);
  std::istringstream lines(r.out);
  int rows = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("bench: ", 0) == 0) continue;  // progress, on stderr
    const auto json = nlohmann::json::parse(line);
    for (const char* key : {"impl", "type", "pairs", "n", "ms", "gkeys_per_s", "device", "driver",
                            "date", "command"}) {
      CHECK(json.contains(key));
    }
    CHECK(json["verified"] == true);
    CHECK(json["n"] == 300);
    ++rows;
  }
  CHECK(rows == 6);  // 2 algorithms + std::sort, for 2 types
}

TEST_CASE("cli: render writes a PNG and an SVG, rejects a step past the end", "[cli][gpu]") {
  const auto png = std::filesystem::path(SORTSCOPE_TEST_DATA) / "render.png";
  const auto svg = std::filesystem::path(SORTSCOPE_TEST_DATA) / "render.svg";
  std::filesystem::remove(png);
  std::filesystem::remove(svg);
  const Result r = cli("render --algo batcher --n 32 --step 8 --width 640 --height 360 --out '" +
                       png.string() + "' --svg '" + svg.string() + "'");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(std::filesystem::file_size(png) > 1000);
  CHECK(std::filesystem::file_size(svg) > 1000);
  const Result past = cli("render --algo batcher --n 32 --step 99 --out '" + png.string() + "'");
  INFO(past.out);
  CHECK(past.code == 2);
  CHECK_THAT(past.out, Catch::Contains("15 steps"));
  // Negative steps count from the end, as lessons' stops do: -1 is after the last step.
  const Result last =
      cli("render --algo batcher --n 64 --step -1 --width 640 --height 360 --out '" + png.string() +
          "'");
  INFO(last.out);
  CHECK(last.code == 0);
  CHECK_THAT(last.out, Catch::Contains("step 21 of 21)"));
  const Result before = cli("render --algo batcher --n 32 --step -17 --out '" + png.string() + "'");
  INFO(before.out);
  CHECK(before.code == 2);
  CHECK_THAT(before.out, Catch::Contains("--step -17 is before the start") &&
                             Catch::Contains("15 steps") && !Catch::Contains("18446744"));
}

TEST_CASE("cli: render --replay draws a recorded sample sort's steps, refuses what is not one",
          "[cli][gpu][replay]") {
  const std::string replay =
      std::string(SORTSCOPE_SOURCE_DIR) + "/assets/replays/sample-sort-4x16.json";
  const auto png = std::filesystem::path(SORTSCOPE_TEST_DATA) / "replay.png";
  std::filesystem::remove(png);
  const Result r = cli("render --replay '" + replay +
                       "' --step 4 --caption --width 800 "
                       "--height 450 --out '" +
                       png.string() + "'");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("replay step 4 of 5") && Catch::Contains("Exchange"));
  CHECK(std::filesystem::file_size(png) > 1000);
  const auto frames = std::filesystem::path(SORTSCOPE_TEST_DATA) / "replay-frames";
  std::filesystem::remove_all(frames);
  const Result all = cli("render --replay '" + replay +
                         "' --steps all --width 640 --height 360 "
                         "--out '" +
                         frames.string() + "/'");
  INFO(all.out);
  CHECK(all.code == 0);
  CHECK(std::filesystem::file_size(frames / "step-0005.png") > 1000);
  const Result past = cli("render --replay '" + replay + "' --step 6 --out '" + png.string() + "'");
  CHECK(past.code == 2);
  CHECK_THAT(past.out, Catch::Contains("steps 0 to 5"));
  const Result sort_too =
      cli("render --replay '" + replay + "' --algo onesweep --out '" + png.string() + "'");
  CHECK(sort_too.code == 2);
  CHECK_THAT(sort_too.out, Catch::Contains("leave out --algo"));
  const std::string not_replay = ss::test::data_path("not-a-replay.json");
  std::ofstream(not_replay) << "{\"rows\": []}\n";
  const Result bad = cli("render --replay '" + not_replay + "' --out '" + png.string() + "'");
  CHECK(bad.code == 2);
  CHECK_THAT(bad.out, Catch::Contains("not-a-replay.json: not a sortscope sample-sort replay"));
}

TEST_CASE("cli: render --race draws two sorts, --bars picks the large-n view, bad names exit 2",
          "[cli][gpu]") {
  const auto png = std::filesystem::path(SORTSCOPE_TEST_DATA) / "race.png";
  std::filesystem::remove(png);
  const Result race =
      cli("render --algo batcher --n 64 --step 10 --race onesweep --race-sync "
          "fraction --width 800 --height 600 --out '" +
          png.string() + "'");
  INFO(race.out);
  CHECK(race.code == 0);
  CHECK_THAT(race.out, Catch::Contains("batcher step 10 of 21") &&
                           Catch::Contains("onesweep step") && Catch::Contains("(fraction)"));
  CHECK(std::filesystem::file_size(png) > 1000);
  const Result sync = cli("render --algo batcher --n 64 --race onesweep --race-sync lap --out '" +
                          png.string() + "'");
  CHECK(sync.code == 2);
  CHECK_THAT(sync.out, Catch::Contains("fraction"));
  const Result unknown =
      cli("render --algo batcher --n 64 --race quicksort --out '" + png.string() + "'");
  CHECK(unknown.code == 2);
  const Result timed =
      cli("render --algo batcher --n 4096 --step 3 --view bars --bars minmax "
          "--time-frames 3 --width 640 --height 360 --out '" +
          png.string() + "'");
  INFO(timed.out);
  CHECK(timed.code == 0);
  CHECK_THAT(timed.out, Catch::Contains("minmax") && Catch::Contains("ms GPU"));
  const Result style = cli("render --algo batcher --n 64 --bars dots --out '" + png.string() + "'");
  CHECK(style.code == 2);
  CHECK_THAT(style.out, Catch::Contains("density"));
}

TEST_CASE("cli: render --window zooms the bars to a stretch of keys, refuses one off the array",
          "[cli][gpu][window]") {
  const auto png = std::filesystem::path(SORTSCOPE_TEST_DATA) / "window.png";
  std::filesystem::remove(png);
  const Result r =
      cli("render --algo radix4 --n 4096 --step 3 --window 1024..2048 --time-frames 2 "
          "--width 640 --height 360 --out '" +
          png.string() + "'");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("bars: keys 1,024..2,047 of 4,096") &&
                        Catch::Contains("pre-pass over 1024 keys of the window") &&
                        Catch::Contains("ms GPU a frame while the window moves"));
  CHECK(std::filesystem::file_size(png) > 1000);
  const Result gif =
      cli("render --algo mergesort --n 256 --steps 0..2 --window 2^6..2^7 "
          "--width 320 --height 180 --out '" +
          (std::filesystem::path(SORTSCOPE_TEST_DATA) / "window.gif").string() + "'");
  INFO(gif.out);
  CHECK(gif.code == 0);
  for (const char* bad : {"4000..5000", "7..7", "12", "0..2^13"}) {
    const Result e = cli(std::string("render --algo batcher --n 4096 --window ") + bad +
                         " --out '" + png.string() + "'");
    INFO(bad << ": " << e.out);
    CHECK(e.code == 2);
    CHECK_THAT(e.out, Catch::Contains("--window"));
  }
  const Result race =
      cli("render --algo batcher --n 64 --race bitonic --window 0..8 --out '" + png.string() + "'");
  CHECK(race.code == 2);
  CHECK_THAT(race.out, Catch::Contains("--race"));
}

TEST_CASE("cli: run --follow prints the key's place after every step; render --follow marks it",
          "[cli][gpu][follow]") {
  // Reversed distinct keys: the key at input position 5 ends at 64 - 1 - 5.
  for (const char* algo : {"batcher", "onesweep", "mergesort"}) {
    const Result r =
        cli(std::string("run --algo ") + algo + " --n 64 --dist reverse --follow 5 --json");
    INFO(algo << ": " << r.out);
    CHECK(r.code == 0);
    std::size_t lines = 0;
    std::string last;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
      if (line.find("\"follow\":5") == std::string::npos) continue;
      CHECK(line.find("\"step\":" + std::to_string(lines)) != std::string::npos);
      CHECK(line.find("\"why\":\"") != std::string::npos);
      ++lines;
      last = line;
    }
    CHECK(lines > 2);
    CHECK(last.find("\"position\":58") != std::string::npos);
  }
  const Result past = cli("run --algo batcher --n 64 --follow 64");
  CHECK(past.code == 2);
  CHECK_THAT(past.out, Catch::Contains("past the array"));
  const auto png = std::filesystem::path(SORTSCOPE_TEST_DATA) / "follow.png";
  std::filesystem::remove(png);
  const Result picture =
      cli("render --algo radix4 --n 4096 --step 6 --follow 100 --width 640 "
          "--height 360 --out '" +
          png.string() + "'");
  INFO(picture.out);
  CHECK(picture.code == 0);
  CHECK_THAT(picture.out, Catch::Contains("Followed: key 100 of the input is at"));
  CHECK(std::filesystem::file_size(png) > 1000);
  const Result gif =
      cli("render --algo bitonic --n 32 --steps 0..4 --follow 3 --width 320 "
          "--height 180 --out '" +
          (std::filesystem::path(SORTSCOPE_TEST_DATA) / "follow.gif").string() + "'");
  CHECK(gif.code == 0);
}

TEST_CASE("cli: render draws every radix view of a 64-key sort, names the views it knows",
          "[cli][gpu]") {
  const auto png = std::filesystem::path(SORTSCOPE_TEST_DATA) / "render_radix.png";
  for (const char* view : {"digits", "histogram", "scatter", "tiles", "both"}) {
    std::filesystem::remove(png);
    // Appended step by step: GCC 12 (-Warray-bounds) misread the chained operator+ here.
    std::string command = "render --algo onesweep --n 64 --step 4 --width 640 --height 360 --view ";
    command += view;
    command += " --out '" + png.string() + "'";
    const Result r = cli(command);
    INFO(view << ": " << r.out);
    CHECK(r.code == 0);
    CHECK(std::filesystem::file_size(png) > 1000);
  }
  const Result bad = cli("render --algo radix4 --n 64 --view pie --out '" + png.string() + "'");
  CHECK(bad.code == 2);
  CHECK_THAT(bad.out, Catch::Contains("digits, histogram, scatter, tiles"));
}

TEST_CASE("cli: render draws every mergesort view, phases opened, a picked list and tile",
          "[cli][gpu][mergesort]") {
  const auto png = std::filesystem::path(SORTSCOPE_TEST_DATA) / "render_merge.png";
  // --phases: steps 1..3 are the blocksort's phases, 4 and 5 pass 1, 6 and 7 pass 2.
  for (const auto& [view, step] :
       {std::pair{"bars", 5}, std::pair{"mergepath", 5}, std::pair{"mergepath", 4},
        std::pair{"blocksort", 2}, std::pair{"both", 2}, std::pair{"both", 7}}) {
    std::filesystem::remove(png);
    const Result r = cli(std::string("render --algo mergesort --n 64 --phases --pair 1 --tile 3 ") +
                         "--step " + std::to_string(step) + " --width 640 --height 360 --view " +
                         view + " --out '" + png.string() + "'");
    INFO(view << " step " << step << ": " << r.out);
    CHECK(r.code == 0);
    CHECK(std::filesystem::file_size(png) > 1000);
    if (step == 5) CHECK_THAT(r.out, Catch::Contains("list length: 16"));
    if (step == 2) CHECK_THAT(r.out, Catch::Contains("coop: 2"));
  }
  const Result bad = cli("render --algo mergesort --n 64 --view pie --out '" + png.string() + "'");
  CHECK(bad.code == 2);
  CHECK_THAT(bad.out, Catch::Contains("mergepath, blocksort"));
}

TEST_CASE("cli: verify proves a network with the 0-1 principle, exit 0", "[cli][gpu][verify]") {
  for (const char* algo : {"batcher", "bitonic", "transposition"}) {
    const Result r = cli(std::string("verify --algo ") + algo + " --n 10");
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("sorts all 2^10 0-1 inputs, hence every input") &&
                          Catch::Contains("best known 29 / 7 (optimal, not both in one network)") &&
                          Catch::Contains("inputs/s"));
  }
}

TEST_CASE(
    "cli: verify with a disabled comparator fails with a counterexample, exit 1, and run "
    "--input steps through it",
    "[cli][gpu][verify]") {
  const std::string file = ss::test::data_path("counterexample.txt");
  std::filesystem::remove(file);
  const Result r = cli("verify --algo batcher --n 8 --disable 6:1 --counterexample '" + file + "'");
  INFO(r.out);
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains("fails on input") && Catch::Contains("the network outputs") &&
                        Catch::Contains("18 comparators, depth 6 (1 disabled)"));
  REQUIRE(std::filesystem::exists(file));
  // The edited network leaves the counterexample unsorted (exit 1); the intact one sorts it.
  const Result broken = cli("run --algo batcher --disable 6:1 --input '" + file + "' --trace");
  INFO(broken.out);
  CHECK(broken.code == 1);
  CHECK_THAT(broken.out, Catch::Contains("disabled comparators (LAYER:I, from 1): 6:1"));
  const Result intact = cli("run --algo batcher --input '" + file + "'");
  INFO(intact.out);
  CHECK(intact.code == 0);
}

TEST_CASE("cli: verify refuses bad usage with exit 2 naming the valid range",
          "[cli][gpu][verify]") {
  Result r = cli("verify --algo batcher --n 8 --disable 7:1");
  INFO(r.out);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("layers 1 to 6"));
  r = cli("verify --algo batcher --n 8 --disable 1:5");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("comparators 1 to 4"));
  r = cli("verify --algo batcher --n 8 --disable 0:1");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("counted from 1"));
  r = cli("verify --algo batcher --n 8 --disable 3-1");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("LAYER:I"));
  r = cli("verify --algo radix4 --n 8");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("networks"));
  r = cli("run --algo mergesort --n 8 --disable 1:1");
  CHECK(r.code == 2);
  r = cli("verify --algo batcher --n 33");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("n <= 32"));
}

TEST_CASE("cli: Ctrl-C stops verify between chunks with exit 130", "[cli][gpu][verify][slow]") {
  // The signal comes once the check has started (its heading is printed, then the chunks run):
  // after a fixed delay the H100 had already checked all 2^30 inputs.
  const std::string log = ss::test::data_path("verify-interrupted.log");
  const Result r = cli_in_shell("verify --algo transposition --n 30 --allow-slow > '" + log +
                                "' 2>&1 & pid=$!; i=0; while ! grep -q 'network for n' '" + log +
                                "' && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done; sleep 0.1; "
                                "kill -INT $pid; wait $pid; echo exit=$?; cat '" +
                                log + "'; :");
  INFO(r.out);
  CHECK_THAT(r.out, Catch::Contains("exit=130") && Catch::Contains("interrupted"));
}

TEST_CASE("cli: render draws bitonic's wire diagram with the network facts, disabled dashed",
          "[cli][gpu][verify]") {
  const std::string png = ss::test::data_path("bitonic-disabled.png");
  const std::string svg = ss::test::data_path("bitonic-disabled.svg");
  const Result r = cli("render --algo bitonic --n 16 --disable 2:1 --step 3 --out '" + png +
                       "' --svg '" + svg + "'");
  INFO(r.out);
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("network: bitonic: 79 comparators, depth 10 (1 disabled)"));
  std::ifstream in(svg);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK_THAT(
      text,
      Catch::Contains("class=\"facts\"") &&
          Catch::Contains(
              "best known 60 / 9 (depth optimal; size >= 57 proven, not both in one network)"));
  std::size_t dashed = 0;
  for (std::size_t at = text.find("data-disabled=\"1\""); at != std::string::npos;
       at = text.find("data-disabled=\"1\"", at + 1))
    ++dashed;
  CHECK(dashed == 1);
  CHECK(std::filesystem::file_size(png) > 0);
}
