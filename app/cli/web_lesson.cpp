#include "cli/web_lesson.hpp"

#include <nlohmann/json.hpp>

#include "cli/web_assets.hpp"
#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "platform/utf8_paths.hpp"
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

class WebLessonSite final : public HandoutWriter {
 public:
  WebLessonSite(std::filesystem::path folder, const std::string& title)
      : folder_(std::move(folder)), title_(title) {
    std::error_code error;
    std::filesystem::create_directories(folder_, error);
    if (error)
      throw UsageError("cannot create the folder " + platform::utf8_from_path(folder_) + ": " +
                       error.message());
  }

  void add(const HandoutPage& page) override {
    char name[32];
    std::snprintf(name, sizeof name, "stop-%03zu.gif", stops_.size() + 1);
    std::string picture;
    if (page.image.width != 0) {
      write_stop_picture(page.image, folder_ / name);
      picture = name;
    }
    stops_.push_back({{"scene", page.scene},
                      {"progress", page.progress},
                      {"heading", page.heading},
                      {"scenario", page.scenario},
                      {"picture", picture},
                      {"narration", page.narration},
                      {"invariant", page.invariant},
                      {"invariant_fails", page.invariant_fails},
                      {"check", page.check},
                      {"check_fails", page.check_fails},
                      {"lecturer", page.lecturer}});
  }

  void finish() override {
    const nlohmann::ordered_json lesson = {{"title", title_}, {"stops", stops_}};
    // Invalid UTF-8 (a lesson file's typo) is replaced rather than failing the whole site.
    write_file_atomically(
        folder_ / "lesson.js",
        "window.SORTSCOPE_LESSON = " +
            lesson.dump(1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + ";\n");
    write_file_atomically(folder_ / "player.js", web_asset_text("player"));
    write_file_atomically(folder_ / "index.html", web_lesson_page(title_));
  }

 private:
  std::filesystem::path folder_;
  std::string title_;
  nlohmann::ordered_json stops_ = nlohmann::ordered_json::array();
};

}  // namespace

std::unique_ptr<HandoutWriter> make_web_lesson_writer(const std::filesystem::path& folder,
                                                      const std::string& lesson_title) {
  return std::make_unique<WebLessonSite>(folder, lesson_title);
}

}  // namespace ss::cli
