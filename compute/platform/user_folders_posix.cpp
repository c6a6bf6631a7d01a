// POSIX side of user_folders.hpp: the XDG base directories.
#include "platform/user_folders.hpp"

#include <cstdlib>
#include <string>

#include "platform/this_process.hpp"

namespace ss::platform {

namespace {

// $variable when set and not empty, else $HOME/fallback, else empty.
std::filesystem::path xdg_folder(const char* variable, const char* fallback) {
  if (const char* value = std::getenv(variable); value != nullptr && *value != 0)
    return std::filesystem::path(value);
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != 0)
    return std::filesystem::path(home) / fallback;
  return {};
}

}  // namespace

std::filesystem::path user_cache_folder() {
  return xdg_folder("XDG_CACHE_HOME", ".cache");
}

std::filesystem::path user_config_folder() {
  return xdg_folder("XDG_CONFIG_HOME", ".config");
}

void set_user_cache_folder(const std::filesystem::path& folder) {
  set_environment_variable("XDG_CACHE_HOME", folder.string());
}

}  // namespace ss::platform
