#pragma once
// UTF-8 and UTF-16 for the Windows side: sortscope's strings are UTF-8, Windows' "W" calls take
// UTF-16.
#include <string>
#include <string_view>

namespace ss::platform {

// Throws UsageError for bytes that are not UTF-8.
std::wstring wide_from_utf8(std::string_view text);
// Unpaired surrogates become U+FFFD.
std::string utf8_from_wide(std::wstring_view text);
// The OS's words for an error code from GetLastError(), in UTF-8, without the final period and
// line break.
std::string windows_error_text(unsigned long error);

}  // namespace ss::platform
