// The Windows side of the platform room (compute/platform/*_windows.cpp), checked under wine64 by
// run.sh: all-or-nothing replacement in a folder named with a space and an accented letter, a
// child started with spaces, quotes and backslashes in its arguments, its exit status, a pipe to
// its input, its environment, cmd.exe, the user folders, the terminal, stop requests, UTF-8
// paths and arguments, the desktop app's last error in a message box when nothing else shows it
// (needs a display: run.sh starts one). One line per check ("ok" or "FAIL"); the exit code counts
// the failures.
//   windows_side_check.exe WORK_FOLDER EXPECTED_ARGUMENT
#include <windows.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/interruptible.hpp"
#include "platform/child_process.hpp"
#include "platform/command_line_quoting.hpp"
#include "platform/console.hpp"
#include "platform/replacement_file.hpp"
#include "platform/stop_requests.hpp"
#include "platform/terminal.hpp"
#include "platform/this_process.hpp"
#include "platform/user_folders.hpp"
#include "platform/utf8_paths.hpp"
#include "platform/wide_text_windows.hpp"

using namespace ss::platform;
namespace fs = std::filesystem;

namespace {

int g_failures = 0;

// Shows control characters, so a line of the report stays one line.
std::string shown(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else
      out += c;
  }
  return out;
}

void check(bool ok, const std::string& what, const std::string& detail = "") {
  if (!ok) ++g_failures;
  std::printf("%s - %s%s%s\n", ok ? "ok  " : "FAIL", what.c_str(), detail.empty() ? "" : ": ",
              shown(detail).c_str());
  std::fflush(stdout);
}

std::string text_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::size_t files_in(const fs::path& folder) {
  return std::size_t(std::distance(fs::directory_iterator(folder), fs::directory_iterator()));
}

ChildOptions capturing() {
  ChildOptions options;
  options.capture_output = true;
  return options;
}

void check_replacement(const fs::path& work) {
  const fs::path folder = work / path_from_utf8("dossier \xC3\xA9");
  fs::remove_all(folder);
  fs::create_directories(folder);
  const fs::path destination = folder / path_from_utf8("r\xC3\xA9sultat.txt");
  std::ofstream(destination, std::ios::binary) << "old";
  {
    ReplacementFile file(destination);
    file.write("new contents", 12);
    check(text_of(destination) == "old" && files_in(folder) == 2,
          "replacement: the destination is untouched until commit, the temporary beside it");
    file.commit();
  }
  check(text_of(destination) == "new contents" && files_in(folder) == 1,
        "replacement: commit renames over the destination in \"dossier \xC3\xA9\"",
        text_of(destination));
  {
    ReplacementFile abandoned(destination);
    abandoned.write("half", 4);
  }
  check(text_of(destination) == "new contents" && files_in(folder) == 1,
        "replacement: abandoned before commit, the previous file stays and no temporary is left");
  try {
    ReplacementFile missing(folder / "no" / "such.txt");
    check(false, "replacement: a missing folder is an error");
  } catch (const ss::UsageError& e) {
    const std::string message = e.what();
    check(message.find("such.txt") != std::string::npos &&
              message.find("nothing was written") != std::string::npos,
          "replacement: a missing folder is an error naming the path", message);
  }
  try {
    ReplacementFile null_device("NUL");
    null_device.write("x", 1);
    null_device.commit();
    check(true, "replacement: the device NUL is written directly");
  } catch (const std::exception& e) {
    check(false, "replacement: the device NUL is written directly", e.what());
  }
  std::ofstream(folder / "finished", std::ios::binary) << "finished";
  const std::error_code moved = move_over(folder / "finished", destination);
  check(!moved && text_of(destination) == "finished" && files_in(folder) == 1,
        "move_over: MoveFileExW replaces an existing file", moved.message());
  const std::error_code missing = move_over(folder / "finished", destination);
  check(bool(missing), "move_over: a missing source is an error", missing.message());
}

// The child echo_child.exe, copied into a folder with a space and an accented letter.
fs::path place_echo_child(const fs::path& work) {
  wchar_t self[MAX_PATH];
  GetModuleFileNameW(nullptr, self, MAX_PATH);
  const fs::path folder = work / path_from_utf8("dossier \xC3\xA9") / "bin files";
  fs::create_directories(folder);
  const fs::path child = folder / "echo_child.exe";
  fs::copy_file(fs::path(self).parent_path() / "echo_child.exe", child,
                fs::copy_options::overwrite_existing);
  return child;
}

void check_children(const fs::path& echo) {
  const std::string program = utf8_from_path(echo);
  const std::vector<std::string> odd = {"a b",
                                        "say \"hi\"",
                                        "C:\\Program Files\\",
                                        "back\\\\slash",
                                        "",
                                        "tab\there",
                                        "d\xC3\xA9j\xC3\xA0 vu",
                                        "trailing\\",
                                        "\\\"quoted backslash\\\"",
                                        "plain"};
  std::vector<std::string> args = {program, "args"};
  args.insert(args.end(), odd.begin(), odd.end());
  std::string expected;
  for (const std::string& a : odd) expected += "[" + a + "]\n";
  {
    ChildProcess child(args, capturing());
    const std::string out = child.read_output();
    const int code = child.wait();
    check(out == expected && code == 0,
          "child: arguments with spaces, quotes and backslashes arrive exactly", out);
    std::printf("       command line: %s\n", windows_command_line(args).c_str());
  }
  {
    ChildProcess child({program, "exit", "42"});
    const int code = child.wait();
    check(code == 42, "child: its exit status", std::to_string(code));
  }
  {
    ChildOptions options = capturing();
    options.pipe_input = true;
    ChildProcess child({program, "stdin"}, options);
    const std::string block(3u << 20, 'k');
    child.write_input(block.data(), block.size());
    child.close_input();
    const std::string out = child.read_output();
    check(out == std::to_string(block.size()) + "\n" && child.wait() == 0,
          "child: reads the 3 MiB written to the pipe on its standard input", out);
  }
  {
    ChildOptions options;
    options.pipe_input = true;
    ChildProcess child({program, "exit", "0"}, options);
    child.wait();
    const std::string block(1u << 20, 'x');
    try {
      child.write_input(block.data(), block.size());
      check(false, "child: writing to a child that ended is an error");
    } catch (const std::system_error& e) {
      check(true, "child: writing to a child that ended is an error", e.what());
    }
  }
  {
    set_environment_variable("SORTSCOPE_WINE_INHERITED", "from the parent \xC3\xA9");
    ChildOptions options = capturing();
    options.environment = {{"SORTSCOPE_WINE_SET", "set for the child"}};
    ChildProcess inherited({program, "env", "SORTSCOPE_WINE_INHERITED"}, options);
    const std::string first = inherited.read_output();
    ChildProcess set({program, "env", "SORTSCOPE_WINE_SET"}, options);
    const std::string second = set.read_output();
    check(first == "from the parent \xC3\xA9\n" && second == "set for the child\n",
          "child: the parent's environment (UTF-8) and the options' variables", first + second);
  }
  {
    ChildProcess shell = ChildProcess::shell("echo hello& exit /b 5", capturing());
    const std::string out = shell.read_output();
    const int code = shell.wait();
    check(out.rfind("hello", 0) == 0 && code == 5, "cmd /c: output and exit status",
          out + " (exit " + std::to_string(code) + ")");
  }
  {
    ChildProcess shell =
        ChildProcess::shell(shell_quote(program) + " args " + shell_quote("a b") + " " +
                                shell_quote("say \"hi\"") + " " + shell_quote("C:\\dir\\"),
                            capturing());
    const std::string out = shell.read_output();
    check(out == "[a b]\n[say \"hi\"]\n[C:\\dir\\]\n",
          "cmd /c: a program in a quoted path, its arguments quoted by shell_quote", out);
  }
  try {
    ChildProcess missing({"sortscope-no-such-program", "--version"});
    check(false, "child: a program not on PATH is an error");
  } catch (const ProgramNotFound& e) {
    check(true, "child: a program not on PATH is an error", e.what());
  }
  const auto cmd = find_program("cmd");
  check(cmd.has_value(), "find_program: cmd is cmd.exe on PATH", cmd ? utf8_from_path(*cmd) : "");
}

void check_folders(const fs::path& echo) {
  const fs::path cache = user_cache_folder();
  const fs::path config = user_config_folder();
  check(!cache.empty() && !config.empty() && cache != config,
        "user folders: %LOCALAPPDATA% and %APPDATA%",
        utf8_from_path(cache) + " | " + utf8_from_path(config));
  const fs::path tests = path_from_utf8("C:\\tests cache \xC3\xA9");
  set_user_cache_folder(tests);
  ChildProcess child({utf8_from_path(echo), "env", "LOCALAPPDATA"}, capturing());
  const std::string seen = child.read_output();
  check(user_cache_folder() == tests && seen == "C:\\tests cache \xC3\xA9\n",
        "user folders: set_user_cache_folder reaches this process and its children", seen);
}

std::atomic<int> g_stops{0};
std::atomic<int> g_last_stop{-1};

void count_stop(StopRequest request) noexcept {
  g_last_stop.store(int(request));
  g_stops.fetch_add(1);
}

// Sends `event` to this process's console group and waits for the interrupt flag; false when
// the event could not be sent (the reason printed).
bool send_console_event(DWORD event, const char* name) {
  ss::clear_interrupt();
  if (GenerateConsoleCtrlEvent(event, 0) == 0) {
    std::printf("skip - stop requests: GenerateConsoleCtrlEvent(%s) failed: error %lu\n", name,
                GetLastError());
    return false;
  }
  for (int i = 0; i < 300 && !ss::interrupt_requested(); ++i) Sleep(10);
  return true;
}

void check_stop_requests() {
  // Through core/interrupt.cpp: the flag and the exit codes the CLI ends with.
  ss::install_interrupt_handlers();
  // Without a terminal wine gives the checker no console, and console events need one.
  if (GetConsoleWindow() == nullptr && GenerateConsoleCtrlEvent(CTRL_C_EVENT, 0) == 0) {
    FreeConsole();
    std::printf("info - no console: AllocConsole() %s\n", AllocConsole() ? "made one" : "failed");
    ss::install_interrupt_handlers();
  }
  Sleep(100);
  if (send_console_event(CTRL_C_EVENT, "CTRL_C_EVENT"))
    check(ss::interrupt_requested() && ss::interrupt_exit_code() == 130,
          "stop requests: Ctrl-C sets the interrupt flag, exit code 130",
          "exit code " + std::to_string(ss::interrupt_exit_code()));
  if (send_console_event(CTRL_BREAK_EVENT, "CTRL_BREAK_EVENT"))
    check(ss::interrupt_requested() && ss::interrupt_exit_code() == 143,
          "stop requests: Ctrl-Break sets the interrupt flag, exit code 143",
          "exit code " + std::to_string(ss::interrupt_exit_code()));
  // The room's own callback, installed directly, tells the two apart.
  install_stop_handler(count_stop);
  if (GenerateConsoleCtrlEvent(CTRL_C_EVENT, 0) != 0) {
    for (int i = 0; i < 300 && g_stops.load() == 0; ++i) Sleep(10);
    check(g_stops.load() == 1 && g_last_stop.load() == int(StopRequest::interrupt),
          "stop requests: the room's handler hears Ctrl-C as an interrupt");
  }
  ss::clear_interrupt();
}

void check_text(int argc, char** argv, const std::string& expected_argument) {
  const fs::path path = path_from_utf8("dossier \xC3\xA9\\r\xC3\xA9sum\xC3\xA9 \xE2\x9C\x93.txt");
  check(path.native() == L"dossier \u00e9\\r\u00e9sum\u00e9 \u2713.txt" &&
            utf8_from_path(path) == "dossier \xC3\xA9\\r\xC3\xA9sum\xC3\xA9 \xE2\x9C\x93.txt",
        "UTF-8 paths: to UTF-16 and back unchanged");
  try {
    path_from_utf8("bad \xC3");
    check(false, "UTF-8 paths: bytes that are not UTF-8 are refused");
  } catch (const ss::UsageError& e) {
    check(true, "UTF-8 paths: bytes that are not UTF-8 are refused", e.what());
  }
  const std::vector<std::string> arguments = utf8_arguments(argc, argv);
  check(arguments.size() == 3 && arguments[2] == expected_argument,
        "utf8_arguments: the command line's arguments in UTF-8",
        arguments.size() == 3 ? arguments[2] + " (argv: " + argv[2] + ")" : "");
}

// report_fatal_error: with standard error leading somewhere it returns at once; with it leading
// nowhere, as for an app started by a double-click, a message box titled with the program's name
// shows the message until OK.
void check_fatal_error_report() {
  using namespace std::chrono;
  const HANDLE standard_error = ::GetStdHandle(STD_ERROR_HANDLE);
  const auto started = steady_clock::now();
  report_fatal_error("windows_side_check", "an error written to standard error");
  check(steady_clock::now() - started < seconds(5),
        "fatal error: with standard error leading somewhere, written there, no message box");

  ::SetStdHandle(STD_ERROR_HANDLE, nullptr);
  const std::string message = "no Vulkan driver \xC3\xA9 (line 1)\nline 2";
  std::atomic<bool> returned = false;
  std::thread reporter([&] {
    report_fatal_error("sortscope check \xE2\x9C\x93", message);
    returned = true;
  });
  HWND box = nullptr;
  for (int i = 0; i < 300 && box == nullptr; ++i) {
    box = ::FindWindowW(L"#32770", L"sortscope check \u2713");  // the dialog class of boxes
    if (box == nullptr) std::this_thread::sleep_for(milliseconds(100));
  }
  std::wstring text(256, L'\0');
  if (box != nullptr) {
    // The text of a message box is its static control 0xFFFF.
    text.resize(::GetDlgItemTextW(box, 0xFFFF, text.data(), int(text.size())));
    std::this_thread::sleep_for(milliseconds(300));
  }
  const bool waited = !returned;
  if (box != nullptr) ::PostMessageW(box, WM_COMMAND, IDOK, 0);
  if (box != nullptr || returned)
    reporter.join();  // else the box never came: leave it waiting
  else
    reporter.detach();
  ::SetStdHandle(STD_ERROR_HANDLE, standard_error);
  check(box != nullptr && waited && returned && text == L"no Vulkan driver \u00e9 (line 1)\nline 2",
        "fatal error: with standard error leading nowhere, a message box shows it until OK",
        box == nullptr ? "no box titled 'sortscope check \xE2\x9C\x93' within 30 s"
                       : utf8_from_wide(text));
}

// run_interruptibly's threads, many times over: under wine, mingw-w64's winpthreads lost detached
// std::threads before they ran, and the caller waited without end (here, with the threads
// detached, within 21 runs in each of 3 tries). A hang fails the check after a minute instead of
// stalling it. Each run takes one 5 ms nap of the caller's.
void check_interruptible_work() {
  using namespace std::chrono;
  constexpr int runs = 2000;
  std::atomic<int> right{0}, finished{0};
  std::thread caller([&] {
    for (int i = 0; i < runs; ++i) {
      if (ss::run_interruptibly([i] { return i + 1; }) == i + 1) ++right;
      ++finished;
    }
  });
  const auto started = steady_clock::now();
  while (finished.load() < runs && steady_clock::now() - started < seconds(60))
    std::this_thread::sleep_for(milliseconds(20));
  const bool ended = finished.load() == runs;
  check(ended && right.load() == runs, "run_interruptibly: 2000 runs, each its work's result",
        std::to_string(finished.load()) + " ended within 60 s");
  if (ended) {
    caller.join();
    return;
  }
  std::printf("%d failure(s)\n", g_failures);
  std::fflush(stdout);
  std::_Exit(g_failures);  // the caller waits without end: it cannot be joined
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: windows_side_check.exe WORK_FOLDER EXPECTED_ARGUMENT\n");
    return 100;
  }
  const std::vector<std::string> arguments = utf8_arguments(argc, argv);
  const fs::path work = path_from_utf8(arguments[1]);
  std::printf("process %llu, work folder %s\n", (unsigned long long)process_id(),
              utf8_from_path(work).c_str());
  try {
    check_replacement(work);
    const fs::path echo = place_echo_child(work);
    check_children(echo);
    check_folders(echo);
    check_text(argc, argv, "d\xC3\xA9j\xC3\xA0 vu");
    std::printf("info - stderr_is_terminal(): %s\n", stderr_is_terminal() ? "true" : "false");
    check_stop_requests();
    check_interruptible_work();
    check_fatal_error_report();
  } catch (const std::exception& e) {
    check(false, "unexpected exception", e.what());
  }
  std::printf("%d failure(s)\n", g_failures);
  return g_failures;
}
