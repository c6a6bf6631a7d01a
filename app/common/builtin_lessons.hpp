#pragma once
// The lessons of assets/lessons, compiled in (app/CMakeLists.txt generates their table), so the
// app and the CLI find them wherever they are installed: name = the file's stem, text = the TOML.
#include "common/embedded_texts.hpp"

namespace ss {

std::span<const EmbeddedText> builtin_lessons();

}  // namespace ss
