#include "cli/kept_rows.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/errors.hpp"
#include "platform/utf8_paths.hpp"

namespace ss::cli {

std::string rows_already_in(const std::string& path) {
  std::error_code error;
  const std::filesystem::path file = platform::path_from_utf8(path);
  if (!std::filesystem::exists(file, error)) return "";
  std::ifstream in(file, std::ios::binary);
  std::string rows;
  if (in) rows.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (!in.is_open() || in.bad()) {
    throw UsageError("--append: cannot read " + path + ": " + std::strerror(errno));
  }
  if (!rows.empty() && rows.back() != '\n') rows += '\n';
  return rows;
}

std::size_t line_count(const std::string& text) {
  const auto newlines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  return newlines + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

}  // namespace ss::cli
