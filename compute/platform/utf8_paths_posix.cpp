// POSIX side of utf8_paths.hpp: paths are bytes, and UTF-8 text is already those bytes.
#include "platform/utf8_paths.hpp"

namespace ss::platform {

std::filesystem::path path_from_utf8(const std::string& text) {
  return std::filesystem::path(text);
}

std::string utf8_from_path(const std::filesystem::path& path) {
  return path.string();
}

}  // namespace ss::platform
