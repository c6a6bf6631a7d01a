// render --lesson ... --web, what moves and what is measured: the default picture and theme, the
// refusal of a file name, each stop's tones against the WAV export's, "play"'s frames between
// stops against the stops' own rendering, and a full-speed stop's timings with their device.
#include <stb_image.h>

#include <cmath>
#include <filesystem>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "render/sound/tone_track.hpp"
#include "render/sound/wav_file.hpp"
#include "support/cli.hpp"
#include "support/gif_decode.hpp"

using ss::test::cli;
using ss::test::data_file;
using ss::test::data_path;
using ss::test::file_text;

namespace {

// lesson.js is `window.SORTSCOPE_LESSON = {...};`: the JSON between the two.
nlohmann::json motion_test_lesson(const std::filesystem::path& folder) {
  const std::string script = file_text((folder / "lesson.js").string());
  const std::string head = "window.SORTSCOPE_LESSON = ";
  REQUIRE(script.rfind(head, 0) == 0);
  return nlohmann::json::parse(script.substr(head.size(), script.rfind(';') - head.size()));
}

// A GIF's frames as whole pictures, each frame's delay in hundredths of a second.
ss::test::DecodedGif motion_test_decode(const std::filesystem::path& path) {
  return ss::test::decode_gif(path.string());
}

// Mean difference per colour channel between two pictures of one size (0 to 255).
double motion_test_difference(const std::vector<std::uint32_t>& a,
                              const std::vector<std::uint32_t>& b) {
  REQUIRE(a.size() == b.size());
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (int shift : {0, 8, 16})
      sum += std::abs(int((a[i] >> shift) & 0xff) - int((b[i] >> shift) & 0xff));
  return sum / (3.0 * double(a.size()));
}

// A PNG as 0xRRGGBB pixels.
std::vector<std::uint32_t> motion_test_png(const std::string& path) {
  int width = 0, height = 0, channels = 0;
  unsigned char* pixels = stbi_load(path.c_str(), &width, &height, &channels, 4);
  REQUIRE(pixels != nullptr);
  std::vector<std::uint32_t> rgb(std::size_t(width) * std::size_t(height));
  for (std::size_t i = 0; i < rgb.size(); ++i)
    rgb[i] = (std::uint32_t(pixels[i * 4]) << 16) | (std::uint32_t(pixels[i * 4 + 1]) << 8) |
             pixels[i * 4 + 2];
  stbi_image_free(pixels);
  return rgb;
}

// A step's sound from lesson.js, mixed and written as the WAV export writes it.
std::string motion_test_wav(const nlohmann::json& sound, double length_s) {
  ss::render::ToneTrack track;
  for (const nlohmann::json& t : sound["tones"]) {  // lesson.js's tone_fields
    REQUIRE(t.size() == 5);
    ss::render::Tone tone;
    tone.start_s = t[0];
    tone.duration_s = t[1];
    tone.frequency_hz = t[2];
    tone.gain = t[3];
    tone.timbre = t[4] == 1 ? ss::render::Timbre::bright : ss::render::Timbre::sine;
    track.add(tone);
  }
  CHECK(track.level(length_s) == Approx(sound["level"].get<double>()));
  return ss::render::wav_bytes(track.mix(length_s), track.sample_rate());
}

// Batcher on 8 keys stopping at 0, 3 and 6 (the end), then timed at full speed; a second scene
// stops at step 2 alone, the step the first scene's "play" passes through.
constexpr const char* k_motion_lesson = R"(title = "Motion"
[[scene]]
title = "Batcher, played"
algorithm = "batcher"
n = 8
input = "small"
seed = 7
stops = [0, 3, 6]
full_speed = true
full_speed_n = "2^10"

[[scene]]
title = "Step 2 as a stop"
algorithm = "batcher"
n = 8
input = "small"
seed = 7
stops = [2]
)";

}  // namespace

TEST_CASE("web lesson: a file name for the site is refused before anything is drawn",
          "[lesson][cli]") {
  const std::filesystem::path pdf = data_path("refused-web.pdf");
  std::filesystem::remove_all(pdf);
  const auto r = cli("render --lesson networks --web --out '" + pdf.string() + "'");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("--web writes a site of several files into a folder") &&
                        Catch::Contains("refused-web.pdf"));
  CHECK_FALSE(std::filesystem::exists(pdf));
}

TEST_CASE(
    "web lesson: 1280x720 by default, each stop's tones as the WAV export's, play's frames as "
    "the stops', a full-speed stop's timings with its device",
    "[lesson][cli][gpu]") {
  const std::string lesson_file = data_file("motion-lesson.toml", k_motion_lesson);
  const std::filesystem::path folder = data_path("motion-web");
  std::filesystem::remove_all(folder);
  auto r = cli("render --lesson '" + lesson_file + "' --web --out '" + folder.string() + "/'");
  INFO(r.out);
  REQUIRE(r.code == 0);
  const nlohmann::json lesson = motion_test_lesson(folder);
  const nlohmann::json& stops = lesson["stops"];
  REQUIRE(stops.size() == 5);  // 0, 3, 6, full speed; 2

  // Presenter mode at 1280x720 unless the command line says otherwise.
  const ss::test::DecodedGif still_2 =
      motion_test_decode(folder / stops[4]["picture"].get<std::string>());
  CHECK(still_2.width == 1280);
  CHECK(still_2.height == 720);

  {  // each stop's sound is the WAV export's for its step, the closing sweep at the end
    for (const auto& [stop, step] : {std::pair<int, int>{1, 3}, {2, 6}}) {
      INFO("stop " << stop + 1 << ", step " << step);
      const nlohmann::json& sound = stops[stop]["sound"];
      REQUIRE_FALSE(sound["tones"].empty());
      const std::string wav = data_path("motion-step.wav");
      std::filesystem::remove(wav);
      const auto w =
          cli("render --algo batcher --n 8 --dist small --seed 7 --steps " + std::to_string(step) +
              ".." + std::to_string(step) + " --audio '" + wav + "'");
      REQUIRE(w.code == 0);
      // The export's length: a step of 0.5 s and the last frame's hold of 2 s.
      CHECK(motion_test_wav(sound, 2.5) == file_text(wav));
    }
    // The input plays nothing, and "play"'s steps carry their own sound.
    CHECK(stops[0]["sound"]["tones"].empty());
    CHECK(stops[0]["play"]["steps"][0]["sound"].contains("tones"));
    CHECK(lesson["tone_fields"] ==
          nlohmann::json{"start_s", "duration_s", "frequency_hz", "gain", "bright"});
    CHECK(lesson["envelope"]["attack"] == Approx(ss::render::k_tone_attack_s));
    CHECK(lesson["envelope"]["release"] == Approx(ss::render::k_tone_release_s));
  }

  {  // play: one frame per step between two stops, drawn as a stop of that step is
    for (const auto& [stop, first] : {std::pair<int, int>{0, 1}, {1, 4}}) {
      INFO("from stop " << stop + 1);
      const nlohmann::json& play = stops[stop]["play"];
      REQUIRE(play["steps"].size() == 2);
      CHECK(play["steps"][0]["position"] == first);
      CHECK(play["steps"][1]["position"] == first + 1);
      CHECK_THAT(play["steps"][1]["heading"].get<std::string>(),
                 Catch::StartsWith("step " + std::to_string(first + 1) + " of 6"));
      CHECK(play["step_ms"] == 500);
      const ss::test::DecodedGif frames =
          motion_test_decode(folder / play["picture"].get<std::string>());
      CHECK(frames.width == 1280);
      REQUIRE(frames.frames.size() == 2);
      CHECK(frames.delays_cs == std::vector<int>{50, 50});
    }
    CHECK_FALSE(stops[2].contains("play"));  // the scene's last stop
    const ss::test::DecodedGif frames =
        motion_test_decode(folder / stops[0]["play"]["picture"].get<std::string>());
    // Step 2 in "play" is the picture of the stop at step 2 (palettes aside), not step 1's.
    const double same = motion_test_difference(frames.frames[1], still_2.frames[0]);
    const double other = motion_test_difference(frames.frames[0], still_2.frames[0]);
    CHECK(same < 1.0);
    CHECK(other > 4 * same);
  }

  {  // a full-speed stop: its figures, the device and driver, measured as the site was built
    const nlohmann::json& stop = stops[3];
    CHECK(stop["picture"] == "");
    REQUIRE(stop.contains("timing"));
    const nlohmann::json& timing = stop["timing"];
    CHECK(timing["n"] == 1024);
    CHECK(timing["algorithm"] == "batcher");
    CHECK(timing["gpu_ms"].get<double>() > 0);
    CHECK(timing["std_sort_ms"].get<double>() > 0);
    CHECK(timing["std_sort_all_cores_ms"].get<double>() > 0);
    CHECK_FALSE(timing["driver"].get<std::string>().empty());
    const std::string device = timing["device"];
    CHECK_FALSE(device.empty());
    CHECK_THAT(stop["narration"].get<std::string>(), Catch::Contains(" on " + device + " ("));
    CHECK(timing["measured"] == lesson["built"]);
    CHECK(lesson["built"].get<std::string>().size() == 10);  // YYYY-MM-DD
    for (std::size_t i = 0; i < stops.size(); ++i) CHECK(stops[i].contains("timing") == (i == 3));
    CHECK_THAT(file_text((folder / "index.html").string()),
               Catch::Contains("id=\"timing\"") && Catch::Contains("id=\"measured\""));
  }

  {  // presenter mode by default; a size given is drawn in the theme given, as render draws it
    const std::filesystem::path small = data_path("motion-web-small");
    std::filesystem::remove_all(small);
    r = cli("render --lesson '" + lesson_file + "' --web --width 640 --height 360 --out '" +
            small.string() + "/'");
    REQUIRE(r.code == 0);
    const nlohmann::json small_stops = motion_test_lesson(small)["stops"];
    const ss::test::DecodedGif picture =
        motion_test_decode(small / small_stops[4]["picture"].get<std::string>());
    CHECK(picture.width == 640);
    CHECK(picture.height == 360);
    const std::string scenario = "render --algo batcher --n 8 --dist small --seed 7 --step 2 ";
    const std::string plain = data_path("motion-plain.png"), shown = data_path("motion-shown.png");
    REQUIRE(cli(scenario + "--width 640 --height 360 --out '" + plain + "'").code == 0);
    REQUIRE(cli(scenario + "--width 1280 --height 720 --presenter --out '" + shown + "'").code ==
            0);
    const double small_plain = motion_test_difference(picture.frames[0], motion_test_png(plain));
    const double default_presenter =
        motion_test_difference(still_2.frames[0], motion_test_png(shown));
    CHECK(small_plain < 1.0);
    CHECK(default_presenter < 1.0);
    // And not the other theme: the default site's picture against render's at 1280x720 plain.
    REQUIRE(cli(scenario + "--width 1280 --height 720 --out '" + plain + "'").code == 0);
    CHECK(motion_test_difference(still_2.frames[0], motion_test_png(plain)) >
          4 * default_presenter);
  }
}

TEST_CASE(
    "web lesson: docs/mergesort-site holds today's page and player (scripts/docs-web-lesson.sh)",
    "[lesson]") {
  const std::filesystem::path source = SORTSCOPE_SOURCE_DIR;
  const std::filesystem::path site = source / "docs" / "mergesort-site";
  INFO("run scripts/docs-web-lesson.sh after changing assets/web");
  CHECK(file_text((site / "player.js").string()) ==
        file_text((source / "assets" / "web" / "player.js").string()));
  std::string page = file_text((source / "assets" / "web" / "index.html").string());
  for (std::size_t at = page.find("@LESSON_TITLE@"); at != std::string::npos;
       at = page.find("@LESSON_TITLE@"))
    page.replace(at, 14, "Merge path");
  CHECK(file_text((site / "index.html").string()) == page);
  const nlohmann::json stops = motion_test_lesson(site)["stops"];
  REQUIRE(stops.size() == 11);
  for (const nlohmann::json& stop : stops)
    CHECK(std::filesystem::is_regular_file(site / stop["picture"].get<std::string>()));
}
