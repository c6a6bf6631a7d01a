// Windows side of utf8_paths.hpp: paths are UTF-16.
#include "platform/utf8_paths.hpp"

#include "platform/wide_text_windows.hpp"

namespace ss::platform {

std::filesystem::path path_from_utf8(const std::string& text) {
  return std::filesystem::path(wide_from_utf8(text));
}

std::string utf8_from_path(const std::filesystem::path& path) {
  return utf8_from_wide(path.native());
}

}  // namespace ss::platform
