#pragma once
// sortscope-cli render --lesson: every stop of every scene of a lesson drawn offscreen, with its
// caption and the lecturer's text, into a handout (handout.hpp).
#include <string>

#include "render/headless.hpp"

namespace ss::cli {

// Returns the exit code; throws UsageError for a bad lesson (file and line) or output.
int render_lesson_handout(const std::string& lesson, const std::string& out,
                          const std::string& device, const render::OffscreenOptions& frame);

}  // namespace ss::cli
