#pragma once
// Windows hands a program one command-line string, not a list of arguments: the program's C
// runtime splits it again (CommandLineToArgvW and the runtimes of MSVC and mingw-w64 follow the
// same rules). These write arguments so that they are split back exactly as given. Pure string
// work, compiled on every OS so the Linux suite tests the rules (tests/platform/).
#include <string>
#include <vector>

namespace ss::platform {

// One argument (not the program): unchanged when it is not empty and has no space, tab, newline
// or double quote (and `always_quote` is false); otherwise in double quotes, with each run of
// backslashes doubled where it precedes a double quote (escaped as \") or the closing quote, and
// kept as it is elsewhere. cmd.exe also reads & | < > ( ) ^ outside quotes: `always_quote` for a
// command line that cmd.exe reads first.
std::string quote_windows_argument(const std::string& argument, bool always_quote = false);

// The whole command line: the program in plain double quotes (the program's name is split by
// simpler rules, without backslash escapes; a Windows path holds no double quote), then each
// argument by quote_windows_argument. Throws UsageError for a program name containing '"'.
std::string windows_command_line(const std::vector<std::string>& args);

}  // namespace ss::platform
