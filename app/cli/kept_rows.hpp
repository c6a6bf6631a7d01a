#pragma once
// bench's --append: the rows an output file already holds, kept ahead of this run's rows (the
// file is still replaced whole and atomically, so an interrupted run leaves it as it was).
#include <cstddef>
#include <string>

namespace ss::cli {

// The text of `path` ending with a newline, or "" when it does not exist or is empty. Throws
// UsageError naming the file when it exists but cannot be read.
std::string rows_already_in(const std::string& path);

// Lines of `text` (a last line without its newline counts).
std::size_t line_count(const std::string& text);

// The first line of `text`, without its newline.
std::string first_line(const std::string& text);

}  // namespace ss::cli
