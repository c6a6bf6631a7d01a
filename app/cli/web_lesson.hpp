#pragma once
// A lesson as an offline web site (render --lesson NAME --out FOLDER/ --web): index.html (the
// page, its style inline), player.js (stepping by keys, buttons and swipes), lesson.js (every
// stop's words as a global, since browsers block fetch() from file://) and stop-NNN.gif per
// stop, the picture the handout prints, as a still GIF. It opens from disk or a zip with no
// server and no network request. index.html is written last: a run stopped early leaves no page.
#include <filesystem>
#include <memory>
#include <string>

#include "cli/handout.hpp"

namespace ss::cli {

std::unique_ptr<HandoutWriter> make_web_lesson_writer(const std::filesystem::path& folder,
                                                      const std::string& lesson_title);

}  // namespace ss::cli
