#pragma once
// Text files compiled into the binaries by cmake/EmbedTexts.cmake (the built-in lessons and the
// replays they play), one table of {name, text} per kind, and the lookups their users share.
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ss {

struct EmbeddedText {
  std::string_view name;  // the file's stem
  std::string_view text;  // the file's contents
};

// The table's names, in its order.
inline std::vector<std::string> embedded_names(std::span<const EmbeddedText> table) {
  std::vector<std::string> names;
  for (const EmbeddedText& entry : table) names.emplace_back(entry.name);
  return names;
}

// The entry named `name`, or nullptr.
inline const EmbeddedText* find_embedded(std::span<const EmbeddedText> table,
                                         std::string_view name) {
  for (const EmbeddedText& entry : table) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

// The table's names joined by ", ", for a message that lists what is built in.
inline std::string joined_embedded_names(std::span<const EmbeddedText> table) {
  std::string names;
  for (const EmbeddedText& entry : table) {
    names += (names.empty() ? "" : ", ") + std::string(entry.name);
  }
  return names;
}

}  // namespace ss
