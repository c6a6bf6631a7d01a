// The Windows side's text conversions (wide_text_windows.hpp).
#include "platform/wide_text_windows.hpp"

#include "platform/win32_windows.hpp"

#include <climits>

#include "core/errors.hpp"

namespace ss::platform {

std::wstring wide_from_utf8(std::string_view text) {
  if (text.empty()) return {};
  if (text.size() > std::size_t(INT_MAX)) throw UsageError("text too long to convert to UTF-16");
  const int size = static_cast<int>(text.size());
  const int wide_size =
      ::MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text.data(), size, nullptr, 0);
  if (wide_size == 0) throw UsageError("not UTF-8 text: " + std::string(text));
  std::wstring wide(std::size_t(wide_size), L'\0');
  ::MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text.data(), size, wide.data(), wide_size);
  return wide;
}

std::string utf8_from_wide(std::wstring_view text) {
  if (text.empty()) return {};
  const int size = static_cast<int>(text.size());
  const int narrow_size =
      ::WideCharToMultiByte(CP_UTF8, 0, text.data(), size, nullptr, 0, nullptr, nullptr);
  std::string narrow(std::size_t(narrow_size), '\0');
  ::WideCharToMultiByte(CP_UTF8, 0, text.data(), size, narrow.data(), narrow_size, nullptr,
                        nullptr);
  return narrow;
}

std::string windows_error_text(unsigned long error) {
  wchar_t* buffer = nullptr;
  const DWORD length = ::FormatMessageW(
      FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
      nullptr, error, 0, reinterpret_cast<wchar_t*>(&buffer), 0, nullptr);
  if (length == 0 || buffer == nullptr) return "Windows error " + std::to_string(error);
  std::wstring text(buffer, length);
  ::LocalFree(buffer);
  while (!text.empty() && (text.back() == L'\n' || text.back() == L'\r' || text.back() == L'.' ||
                           text.back() == L' '))
    text.pop_back();
  return utf8_from_wide(text);
}

}  // namespace ss::platform
