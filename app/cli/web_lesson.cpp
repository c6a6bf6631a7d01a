#include "cli/web_lesson.hpp"

#include <array>
#include <chrono>
#include <cmath>

#include <nlohmann/json.hpp>

#include "cli/web_assets.hpp"
#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "platform/utf8_paths.hpp"
#include "render/animation.hpp"
#include "render/gif_writer.hpp"

namespace ss::cli {

namespace {

std::string web_asset_text(std::string_view name) {
  const EmbeddedText* asset = find_embedded(web_lesson_assets(), name);
  if (asset == nullptr)
    throw std::logic_error("web lesson asset '" + std::string(name) + "' missing");
  return std::string(asset->text);
}

// The page with the lesson's title in place of each @LESSON_TITLE@.
std::string web_lesson_page(const std::string& title) {
  const std::string marker = "@LESSON_TITLE@", escaped = html_escape(title);
  std::string page = web_asset_text("index");
  for (std::size_t at = page.find(marker); at != std::string::npos;
       at = page.find(marker, at + escaped.size()))
    page.replace(at, marker.size(), escaped);
  return page;
}

// A still GIF of the picture: a palette of the image's own colours (median cut when it has more
// than 255) packs the views' flat areas into 2-3 times fewer bytes than stb's PNG (the networks
// lesson: 6.1 MB of PNGs at 1920x1080), which keeps a lesson's site small enough for a course
// page.
void write_stop_picture(const render::Image& image, const std::filesystem::path& path) {
  render::GifWriter gif(path, image.width, image.height, render::make_gif_palette({image}));
  gif.add_frame(image, 1000);
  gif.finish();
}

// The steps between two stops as one animated GIF, a frame per step for `step_ms`: after the
// first frame GifWriter stores only what changed, so a step costs a fraction of a still (the
// networks lesson: 27 steps in 0.86 MB, against 2.3 MB for its 40 stills).
void write_play_animation(const std::vector<PlayStep>& steps, std::uint32_t step_ms,
                          const std::filesystem::path& path) {
  std::vector<render::Image> samples;
  for (const PlayStep& step : steps) samples.push_back(step.image);
  const render::Image& first = steps.front().image;
  render::GifWriter gif(path, first.width, first.height, render::make_gif_palette(samples));
  for (const PlayStep& step : steps) gif.add_frame(step.image, step_ms);
  gif.finish();
}

// A step's sound for player.js: each tone as the WAV export synthesises it (tone_track.hpp), as
// an array in the order of k_web_tone_fields, and the factor its mix is scaled by. (Objects in an
// indented lesson.js made the networks lesson's 88 KB; arrays, unindented, 60 KB.)
constexpr std::array<const char*, 5> k_web_tone_fields = {"start_s", "duration_s", "frequency_hz",
                                                          "gain", "bright"};

nlohmann::ordered_json web_sound(const StepSound& sound) {
  nlohmann::ordered_json tones = nlohmann::ordered_json::array();
  for (const render::Tone& tone : sound.tones)
    tones.push_back({tone.start_s, tone.duration_s, tone.frequency_hz, tone.gain,
                     tone.timbre == render::Timbre::bright ? 1 : 0});
  return {{"level", sound.level}, {"tones", std::move(tones)}};
}

nlohmann::ordered_json web_timing(const FullSpeedTiming& t, const std::string& built) {
  return {{"device", t.device},
          {"driver", t.driver},
          {"measured", built},
          {"algorithm", t.algorithm},
          {"key_type", t.key_type},
          {"n", t.n},
          {"gpu_ms", t.gpu_ms},
          {"gpu_runs", t.gpu_runs},
          {"gkeys_per_s", t.gkeys_per_s},
          {"std_sort_ms", t.std_sort_ms},
          {"std_sort_all_cores_ms", t.std_sort_all_cores_ms}};
}

// Today's date (UTC) as YYYY-MM-DD: when the site was built, and its timings measured.
std::string web_build_date() {
  const auto today = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
  const std::chrono::year_month_day date{today};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", int(date.year()), unsigned(date.month()),
                unsigned(date.day()));
  return text;
}

class WebLessonSite final : public HandoutWriter {
 public:
  WebLessonSite(std::filesystem::path folder, const std::string& title)
      : folder_(std::move(folder)), title_(title) {
    if (!names_folder(folder_))
      throw UsageError(
          "--web writes a site of several files into a folder: give --out FOLDER/ "
          "(ending in /, or an existing folder), not '" +
          platform::utf8_from_path(folder_) + "'");
    std::error_code error;
    std::filesystem::create_directories(folder_, error);
    if (error)
      throw UsageError("cannot create the folder " + platform::utf8_from_path(folder_) + ": " +
                       error.message());
  }

  bool wants_motion() const override { return true; }

  void add(const HandoutPage& page) override {
    const std::size_t number = stops_.size() + 1;
    std::string picture;
    if (page.image.width != 0) {
      picture = web_file_name("stop", number);
      write_stop_picture(page.image, folder_ / picture);
    }
    nlohmann::ordered_json stop = {
        {"scene", page.scene},         {"progress", page.progress},
        {"heading", page.heading},     {"scenario", page.scenario},
        {"picture", picture},          {"narration", page.narration},
        {"invariant", page.invariant}, {"invariant_fails", page.invariant_fails},
        {"check", page.check},         {"check_fails", page.check_fails},
        {"lecturer", page.lecturer},   {"sound", web_sound(page.sound)}};
    if (!page.play.empty()) {
      const std::uint32_t step_ms =
          std::uint32_t(std::lround(render::AnimationOptions{}.step_seconds() * 1000));
      const std::string animation = web_file_name("play", number);
      write_play_animation(page.play, step_ms, folder_ / animation);
      nlohmann::ordered_json steps = nlohmann::ordered_json::array();
      for (const PlayStep& step : page.play)
        steps.push_back({{"position", step.position},
                         {"heading", step.heading},
                         {"narration", step.narration},
                         {"invariant", step.invariant},
                         {"invariant_fails", step.invariant_fails},
                         {"sound", web_sound(step.sound)}});
      stop["play"] = {{"picture", animation}, {"step_ms", step_ms}, {"steps", std::move(steps)}};
    }
    if (page.timing) stop["timing"] = web_timing(*page.timing, built_);
    stops_.push_back(std::move(stop));
  }

  void finish() override {
    // The tones' envelope, so player.js shapes its oscillators as the WAV export does.
    const nlohmann::ordered_json envelope = {{"attack", render::k_tone_attack_s},
                                             {"release", render::k_tone_release_s}};
    const nlohmann::ordered_json tone_fields = k_web_tone_fields;
    const nlohmann::ordered_json lesson = {{"title", title_},
                                           {"built", built_},
                                           {"envelope", envelope},
                                           {"tone_fields", tone_fields},
                                           {"stops", stops_}};
    // Invalid UTF-8 (a lesson file's typo) is replaced rather than failing the whole site.
    write_file_atomically(
        folder_ / "lesson.js",
        "window.SORTSCOPE_LESSON = " +
            lesson.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + ";\n");
    write_file_atomically(folder_ / "player.js", web_asset_text("player"));
    write_file_atomically(folder_ / "index.html", web_lesson_page(title_));
  }

 private:
  // "stop-007.gif": stop 7's picture; "play-007.gif": the steps from stop 7 to the next.
  static std::string web_file_name(const char* kind, std::size_t number) {
    char name[32];
    std::snprintf(name, sizeof name, "%s-%03zu.gif", kind, number);
    return name;
  }

  std::filesystem::path folder_;
  std::string title_;
  std::string built_ = web_build_date();
  nlohmann::ordered_json stops_ = nlohmann::ordered_json::array();
};

}  // namespace

std::unique_ptr<HandoutWriter> make_web_lesson_writer(const std::filesystem::path& folder,
                                                      const std::string& lesson_title) {
  return std::make_unique<WebLessonSite>(folder, lesson_title);
}

}  // namespace ss::cli
