#pragma once
// sortscope-cli render --lesson: every stop of every scene of a lesson drawn offscreen, with its
// caption and the lecturer's text, into a handout (handout.hpp) or a web lesson (web_lesson.hpp).
#include <string>

#include "render/headless.hpp"

namespace ss::cli {

// Returns the exit code; throws UsageError for a bad lesson (file and line) or output. `web`
// writes the offline web lesson (web_lesson.hpp) into the folder `out` instead.
int render_lesson_handout(const std::string& lesson, const std::string& out,
                          const std::string& device, const render::OffscreenOptions& frame,
                          bool web);

}  // namespace ss::cli
