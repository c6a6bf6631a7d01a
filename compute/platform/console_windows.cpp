// Windows side of console.hpp.
#include "platform/console.hpp"

#include <exception>
#include <iostream>
#include <streambuf>

#include "platform/wide_text_windows.hpp"
#include "platform/win32_windows.hpp"

namespace ss::platform {

namespace {

// A standard handle that leads somewhere: a console, or a file or pipe the starter redirected it
// to (cmd's "2> log.txt" hands a GUI program its handles too). A GUI program started from a
// console without redirection has none.
bool leads_somewhere(DWORD which) {
  const HANDLE handle = ::GetStdHandle(which);
  return handle != nullptr && handle != INVALID_HANDLE_VALUE &&
         ::GetFileType(handle) != FILE_TYPE_UNKNOWN;
}

// Characters written straight to the console. A GUI program's stdout and stderr have no C runtime
// descriptor to reopen (_fileno gives -2; Wine's freopen refuses such a stream), so the iostreams,
// through which the app writes everything (CLI11's --help included), get this buffer instead.
class ConsoleBuffer : public std::streambuf {
 public:
  explicit ConsoleBuffer(HANDLE console) : console_(console) {}

 protected:
  std::streamsize xsputn(const char* text, std::streamsize count) override {
    DWORD written = 0;
    if (::WriteFile(console_, text, static_cast<DWORD>(count), &written, nullptr) == 0) return 0;
    return static_cast<std::streamsize>(written);
  }
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char one = traits_type::to_char_type(c);
    return xsputn(&one, 1) == 1 ? c : traits_type::eof();
  }

 private:
  HANDLE console_;
};

}  // namespace

void attach_to_parent_console() {
  const bool output = leads_somewhere(STD_OUTPUT_HANDLE);
  const bool errors = leads_somewhere(STD_ERROR_HANDLE);
  if (output && errors) return;
  // Fails with ERROR_ACCESS_DENIED where this process has a console already (Wine gives a GUI
  // program its starter's), with another error where the starter has none (Explorer, a
  // double-click): then there is nowhere to write.
  if (::AttachConsole(ATTACH_PARENT_PROCESS) == 0 && ::GetLastError() != ERROR_ACCESS_DENIED)
    return;
  // CONOUT$, the console's screen, opened for reading and writing (Wine opens it for both only).
  const HANDLE console =
      ::CreateFileW(L"CONOUT$", GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                    nullptr, OPEN_EXISTING, 0, nullptr);
  if (console == INVALID_HANDLE_VALUE) return;
  // Never deleted: std::cout is flushed once more at exit, after function-local statics are gone.
  static ConsoleBuffer* const buffer = new ConsoleBuffer(console);
  // The standard handles too, which terminal.hpp asks and child processes inherit.
  if (!output) {
    ::SetStdHandle(STD_OUTPUT_HANDLE, console);
    std::cout.rdbuf(buffer);
  }
  if (!errors) {
    ::SetStdHandle(STD_ERROR_HANDLE, console);
    std::cerr.rdbuf(buffer);
    std::clog.rdbuf(buffer);
  }
}

void report_fatal_error(const std::string& program, const std::string& message) {
  std::cerr << program << ": error: " << message << "\n" << std::flush;
  if (leads_somewhere(STD_ERROR_HANDLE)) return;
  std::wstring text;
  try {
    text = wide_from_utf8(message);
  } catch (const std::exception&) {  // not UTF-8: the box still says that something failed
    text = L"an error whose message is not UTF-8 text";
  }
  // MB_SETFOREGROUND: the box comes to the front, as the window the user expected would have.
  ::MessageBoxW(nullptr, text.c_str(), wide_from_utf8(program).c_str(),
                MB_OK | MB_ICONERROR | MB_SETFOREGROUND);
}

}  // namespace ss::platform
