#pragma once
// The lessons of assets/lessons, compiled in (app/CMakeLists.txt generates their table), so the
// app and the CLI find them wherever they are installed.
#include <span>
#include <string_view>

namespace ss {

struct BuiltinLesson {
  std::string_view name;  // the file's stem
  std::string_view text;  // the TOML
};

std::span<const BuiltinLesson> builtin_lessons();

}  // namespace ss
