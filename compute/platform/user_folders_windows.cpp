// Windows side of user_folders.hpp: the known folders as the environment names them.
#include "platform/user_folders.hpp"

#include <string>

#include "platform/this_process.hpp"
#include "platform/wide_text_windows.hpp"
#include "platform/win32_windows.hpp"

namespace ss::platform {

namespace {

// The variable as UTF-16 (the narrow environment would lose letters outside the ANSI code page);
// empty when it is unset or empty.
std::filesystem::path windows_environment_folder(const wchar_t* variable) {
  const DWORD size = ::GetEnvironmentVariableW(variable, nullptr, 0);
  if (size <= 1) return {};
  std::wstring value(size, L'\0');
  const DWORD length = ::GetEnvironmentVariableW(variable, value.data(), size);
  value.resize(length);
  return std::filesystem::path(value);
}

}  // namespace

std::filesystem::path user_cache_folder() {
  return windows_environment_folder(L"LOCALAPPDATA");
}

std::filesystem::path user_config_folder() {
  return windows_environment_folder(L"APPDATA");
}

void set_user_cache_folder(const std::filesystem::path& folder) {
  set_environment_variable("LOCALAPPDATA", utf8_from_wide(folder.wstring()));
}

}  // namespace ss::platform
