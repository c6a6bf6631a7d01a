// The Microsoft C runtime's rules for splitting a command line, which the Windows side of the
// platform room quotes arguments by (compute/platform/command_line_quoting.hpp). Pure string work,
// so it is checked on every OS; tests/platform/windows/ runs the round trip under wine.
#include <catch2/catch.hpp>

#include <string>

#include "core/errors.hpp"
#include "platform/command_line_quoting.hpp"

using ss::platform::quote_windows_argument;
using ss::platform::windows_command_line;

TEST_CASE("windows quoting: plain words stay as they are", "[platform]") {
  CHECK(quote_windows_argument("plain") == "plain");
  CHECK(quote_windows_argument("C:\\path\\to\\file.txt") == "C:\\path\\to\\file.txt");
  CHECK(quote_windows_argument("trailing\\") == "trailing\\");
  CHECK(quote_windows_argument("d\xC3\xA9j\xC3\xA0") == "d\xC3\xA9j\xC3\xA0");  // UTF-8 bytes
}

TEST_CASE("windows quoting: spaces, quotes and backslashes before them", "[platform]") {
  CHECK(quote_windows_argument("") == "\"\"");
  CHECK(quote_windows_argument("a b") == "\"a b\"");
  CHECK(quote_windows_argument("tab\there") == "\"tab\there\"");
  // A quote is escaped; the backslashes before it are doubled, plus one for the quote.
  CHECK(quote_windows_argument("say \"hi\"") == "\"say \\\"hi\\\"\"");
  CHECK(quote_windows_argument("a\\\"b") == "\"a\\\\\\\"b\"");
  // Backslashes elsewhere are literal, but those before the closing quote are doubled.
  CHECK(quote_windows_argument("C:\\Program Files\\") == "\"C:\\Program Files\\\\\"");
  CHECK(quote_windows_argument("a\\\\b c") == "\"a\\\\b c\"");
  CHECK(quote_windows_argument("dossier \xC3\xA9\\") == "\"dossier \xC3\xA9\\\\\"");
}

TEST_CASE("windows quoting: for cmd.exe every argument is quoted", "[platform]") {
  CHECK(quote_windows_argument("a&b", true) == "\"a&b\"");
  CHECK(quote_windows_argument("C:\\dir\\", true) == "\"C:\\dir\\\\\"");
}

TEST_CASE("windows command line: the program in plain quotes, then each argument", "[platform]") {
  CHECK(windows_command_line(
            {"C:\\Program Files\\ffmpeg\\ffmpeg.exe", "-i", "pipe:0", "out dir\\video.mp4"}) ==
        "\"C:\\Program Files\\ffmpeg\\ffmpeg.exe\" -i pipe:0 \"out dir\\video.mp4\"");
  // The program's name is read without backslash escapes, so it is quoted as it is.
  CHECK(windows_command_line({"C:\\my tools\\echo.exe"}) == "\"C:\\my tools\\echo.exe\"");
  CHECK_THROWS_AS(windows_command_line({"bad\"name.exe"}), ss::UsageError);
}
