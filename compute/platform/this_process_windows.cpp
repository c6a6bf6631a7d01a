// Windows side of this_process.hpp.
#include "platform/this_process.hpp"

#include <stdlib.h>

#include "core/errors.hpp"
#include "platform/wide_text_windows.hpp"
#include "platform/win32_windows.hpp"
// After <windows.h>, which it needs.
#include <shellapi.h>

namespace ss::platform {

std::uint64_t process_id() {
  return ::GetCurrentProcessId();
}

// _wputenv_s changes both the C runtime's copy of the environment (std::getenv) and the
// process's own (GetEnvironmentVariableW, inherited by CreateProcessW); SetEnvironmentVariableW
// alone would leave std::getenv reading the old value.
void set_environment_variable(const std::string& name, const std::string& value) {
  // The C runtime holds no empty variables: there an empty value removes the variable.
  if (::_wputenv_s(wide_from_utf8(name).c_str(), wide_from_utf8(value).c_str()) != 0)
    throw SetupError("cannot set the environment variable " + name);
}

void unset_environment_variable(const std::string& name) {
  ::_wputenv_s(wide_from_utf8(name).c_str(), L"");
}

std::vector<std::string> utf8_arguments(int argc, char** argv) {
  int count = 0;
  wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
  if (wide == nullptr) return std::vector<std::string>(argv, argv + argc);
  std::vector<std::string> arguments;
  for (int i = 0; i < count; ++i) arguments.push_back(utf8_from_wide(wide[i]));
  ::LocalFree(wide);
  return arguments;
}

}  // namespace ss::platform
