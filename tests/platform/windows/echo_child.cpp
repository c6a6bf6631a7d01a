// The child windows_side_check.exe starts: says back what it was given, so the check can compare.
//   echo_child args A B ...   each argument as the C runtime split it, one "[A]" line each
//   echo_child stdin          the number of bytes on its standard input
//   echo_child exit N         ends with exit code N
//   echo_child env NAME       the variable's value, or "(unset)"
// Output goes through WriteFile, as UTF-8 bytes with "\n" line ends (the C runtime's text mode
// would write "\r\n").
#include <windows.h>

#include <cstdlib>
#include <string>

namespace {

std::string utf8(const wchar_t* text) {
  const int size = WideCharToMultiByte(CP_UTF8, 0, text, -1, nullptr, 0, nullptr, nullptr);
  std::string out(size > 0 ? size - 1 : 0, '\0');
  WideCharToMultiByte(CP_UTF8, 0, text, -1, out.data(), size, nullptr, nullptr);
  return out;
}

void say(const std::string& text) {
  DWORD wrote = 0;
  WriteFile(GetStdHandle(STD_OUTPUT_HANDLE), text.data(), DWORD(text.size()), &wrote, nullptr);
}

}  // namespace

int wmain(int argc, wchar_t** argv) {
  if (argc < 2) return 100;
  const std::wstring mode = argv[1];
  if (mode == L"args") {
    for (int i = 2; i < argc; ++i) say("[" + utf8(argv[i]) + "]\n");
    return 0;
  }
  if (mode == L"stdin") {
    char buffer[65536];
    unsigned long long total = 0;
    DWORD got = 0;
    while (ReadFile(GetStdHandle(STD_INPUT_HANDLE), buffer, sizeof buffer, &got, nullptr) &&
           got > 0)
      total += got;
    say(std::to_string(total) + "\n");
    return 0;
  }
  if (mode == L"exit" && argc > 2) return _wtoi(argv[2]);
  if (mode == L"env" && argc > 2) {
    const wchar_t* value = _wgetenv(argv[2]);
    say(value != nullptr ? utf8(value) + "\n" : std::string("(unset)\n"));
    return 0;
  }
  return 101;
}
