#pragma once
// A lesson as an offline web site (render --lesson NAME --out FOLDER/ --web): index.html (the
// page, its style inline), player.js (stepping by keys, buttons and swipes, "play", sound through
// the Web Audio API), lesson.js (every stop's words, its step's tones and a full-speed stop's
// timings, as a global, since browsers block fetch() from file://), stop-NNN.gif per stop (the
// picture the handout prints, as a still GIF) and play-NNN.gif where the scene runs steps
// between stop NNN and the next (one frame per step, drawn the same way). It opens from disk or a
// zip with no server and no network request. index.html is written last: a run stopped early
// leaves no page.
#include <filesystem>
#include <memory>
#include <string>

#include "cli/handout.hpp"

namespace ss::cli {

// Throws UsageError unless `folder` names a folder (handout.hpp's names_folder), before anything
// is made.
std::unique_ptr<HandoutWriter> make_web_lesson_writer(const std::filesystem::path& folder,
                                                      const std::string& lesson_title);

}  // namespace ss::cli
