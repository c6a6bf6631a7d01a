#pragma once
// The per-user folders a program keeps its files in. Each is the base folder: callers add
// "sortscope/<file>". Empty when the environment names none (a daemon without HOME): the caller
// then keeps what it would have written in memory only.
#include <filesystem>

namespace ss::platform {

// Files that can be made again (measurements): $XDG_CACHE_HOME, else $HOME/.cache (POSIX);
// %LOCALAPPDATA% (Windows).
std::filesystem::path user_cache_folder();
// Settings a user keeps: $XDG_CONFIG_HOME, else $HOME/.config (POSIX); %APPDATA% (Windows).
std::filesystem::path user_config_folder();
// Makes user_cache_folder() `folder` in this process and in the programs it starts afterwards, by
// setting the variable the OS's side reads (the tests keep their caches in the build tree).
void set_user_cache_folder(const std::filesystem::path& folder);

}  // namespace ss::platform
