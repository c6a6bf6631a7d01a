#pragma once
// Paths from and to the UTF-8 text users give and read. Every string in sortscope is UTF-8
// (command-line options through this_process.hpp's utf8_arguments, TOML and JSON files). POSIX
// paths are bytes, taken as they are. Windows paths are UTF-16, and std::filesystem::path's
// std::string constructor reads the ANSI code page there (libstdc++: the C locale's encoding), so
// a path made from a user string must be made by path_from_utf8 (what the deprecated
// std::filesystem::u8path did), never by the plain constructor; and a path shown to a user or
// handed to another program is written by utf8_from_path, never by path::string().
#include <filesystem>
#include <string>

namespace ss::platform {

// POSIX: the plain constructor. Windows: MultiByteToWideChar; throws UsageError on text that is
// not UTF-8.
std::filesystem::path path_from_utf8(const std::string& text);
// POSIX: path::string(). Windows: WideCharToMultiByte to UTF-8.
std::string utf8_from_path(const std::filesystem::path& path);

// Whether a path typed by a user ends in a directory separator, the way `--out pictures/` names a
// folder: '/' everywhere, and also the system's own separator where it differs ('\' on Windows,
// where `--out pictures\` is as natural).
inline bool ends_in_separator(const std::string& text) {
  if (text.empty()) return false;
  const char last = text.back();
  return last == '/' || (std::filesystem::path::preferred_separator != '/' &&
                         last == static_cast<char>(std::filesystem::path::preferred_separator));
}

}  // namespace ss::platform
