#include "platform/command_line_quoting.hpp"

#include "core/errors.hpp"

namespace ss::platform {

std::string quote_windows_argument(const std::string& argument, bool always_quote) {
  if (!always_quote && !argument.empty() &&
      argument.find_first_of(" \t\n\v\"") == std::string::npos)
    return argument;
  std::string quoted = "\"";
  std::size_t backslashes = 0;
  for (const char c : argument) {
    if (c == '\\') {
      ++backslashes;
      continue;
    }
    // Backslashes are literal unless a double quote follows them: then each is escaped, and so is
    // the quote.
    quoted.append(c == '"' ? 2 * backslashes + 1 : backslashes, '\\');
    quoted.push_back(c);
    backslashes = 0;
  }
  // Before the closing quote, the trailing backslashes must not escape it.
  quoted.append(2 * backslashes, '\\');
  quoted.push_back('"');
  return quoted;
}

std::string windows_command_line(const std::vector<std::string>& args) {
  std::string line;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (i == 0) {
      if (args[0].find('"') != std::string::npos)
        throw UsageError("a program's name cannot contain a double quote: " + args[0]);
      line += '"' + args[0] + '"';
    } else {
      line += ' ' + quote_windows_argument(args[i]);
    }
  }
  return line;
}

}  // namespace ss::platform
