#pragma once
// The web lesson's page and script (assets/web), compiled in (app/CMakeLists.txt generates their
// table): name = the file's stem ("index", "player"), text = the file.
#include "common/embedded_texts.hpp"

namespace ss {

std::span<const EmbeddedText> web_lesson_assets();

}  // namespace ss
