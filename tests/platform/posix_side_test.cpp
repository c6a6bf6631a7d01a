// The POSIX side of the platform room (compute/platform/*_posix.cpp): all-or-nothing replacement,
// child processes with their exit status, stdin and output pipes and environment, stop requests,
// the user folders and UTF-8 paths. The Windows side runs the same checks under wine
// (tests/platform/windows/).
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "platform/child_process.hpp"
#include "platform/replacement_file.hpp"
#include "platform/this_process.hpp"
#include "platform/user_folders.hpp"
#include "platform/utf8_paths.hpp"

using namespace ss::platform;

namespace {

// A folder whose name has a space and a non-ASCII letter, emptied.
std::filesystem::path fresh_platform_folder(const std::string& name) {
  const std::filesystem::path folder =
      path_from_utf8(std::string(SORTSCOPE_TEST_DATA) + "/dossier \xC3\xA9 " + name);
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

std::string platform_file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t platform_files_in(const std::filesystem::path& folder) {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(folder),
                                                std::filesystem::directory_iterator()));
}

ChildOptions capturing(std::vector<std::pair<std::string, std::string>> environment = {}) {
  ChildOptions options;
  options.capture_output = true;
  options.environment = std::move(environment);
  return options;
}

// Sets environment variables for one test and puts back what was there.
class PlatformVariables {
 public:
  void set(const std::string& name, const std::optional<std::string>& value) {
    const char* before = std::getenv(name.c_str());
    saved_.emplace_back(name, before ? std::optional<std::string>(before) : std::nullopt);
    if (value)
      set_environment_variable(name, *value);
    else
      unset_environment_variable(name);
  }
  ~PlatformVariables() {
    for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) {
      if (it->second)
        set_environment_variable(it->first, *it->second);
      else
        unset_environment_variable(it->first);
    }
  }

 private:
  std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

}  // namespace

TEST_CASE("platform: a replacement file replaces the destination at commit, in one step",
          "[platform]") {
  const auto folder = fresh_platform_folder("commit");
  const auto path = folder / "sortie.txt";
  std::ofstream(path) << "old";
  ReplacementFile file(path);
  file.write("new", 3);
  CHECK(platform_file_text(path) == "old");
  CHECK(platform_files_in(folder) == 2);  // the temporary beside it
  file.commit();
  CHECK(platform_file_text(path) == "new");
  CHECK(platform_files_in(folder) == 1);
}

TEST_CASE("platform: a replacement file abandoned or failing leaves the destination as it was",
          "[platform]") {
  const auto folder = fresh_platform_folder("abandon");
  const auto path = folder / "sortie.txt";
  std::ofstream(path) << "previous";
  {
    ReplacementFile file(path);
    file.write("half", 4);
  }
  CHECK(platform_file_text(path) == "previous");
  CHECK(platform_files_in(folder) == 1);
  CHECK_THROWS_WITH(ReplacementFile(folder / "no" / "such.txt"),
                    Catch::Contains("cannot create a temporary file beside") &&
                        Catch::Contains("no/such.txt") && Catch::Contains("No such file") &&
                        Catch::Contains("nothing was written"));
  ReplacementFile committed(path);
  committed.commit();
  CHECK_THROWS_WITH(committed.write("x", 1), Catch::Contains("closed after an earlier error"));
}

TEST_CASE("platform: a device is written directly, and move_over renames over a file",
          "[platform]") {
  ReplacementFile null_device("/dev/null");
  null_device.write("x", 1);
  null_device.commit();
  const auto folder = fresh_platform_folder("move");
  std::ofstream(folder / "a") << "finished";
  std::ofstream(folder / "b") << "old";
  CHECK_FALSE(move_over(folder / "a", folder / "b"));
  CHECK(platform_file_text(folder / "b") == "finished");
  CHECK(platform_files_in(folder) == 1);
  CHECK(move_over(folder / "a", folder / "b") == std::errc::no_such_file_or_directory);
}

TEST_CASE("platform: a child's exit status, and -1 when a signal ended it", "[platform]") {
  CHECK(ChildProcess({"sh", "-c", "exit 7"}).wait() == 7);
  CHECK(ChildProcess({"true"}).wait() == 0);
  CHECK(ChildProcess::shell("exit 3").wait() == 3);
  CHECK(ChildProcess::shell("kill -TERM $$").wait() == -1);
}

TEST_CASE("platform: a child's arguments arrive exactly as given", "[platform]") {
  const std::string odd = "it's \"quoted\" back\\slash\\ $HOME *";
  ChildProcess printf_args({"printf", "[%s]\\n", "a b", odd, "", "d\xC3\xA9j\xC3\xA0"},
                           capturing());
  CHECK(printf_args.read_output() == "[a b]\n[" + odd + "]\n[]\n[d\xC3\xA9j\xC3\xA0]\n");
  CHECK(printf_args.wait() == 0);
  // Through the shell, quoted by shell_quote.
  ChildProcess shell = ChildProcess::shell("printf %s " + shell_quote(odd), capturing());
  CHECK(shell.read_output() == odd);
}

TEST_CASE("platform: a child reads what the parent writes to its input", "[platform]") {
  ChildOptions options = capturing();
  options.pipe_input = true;
  ChildProcess count({"wc", "-c"}, options);
  const std::string block(3u << 20, 'k');  // more than a pipe holds: written as it is read
  count.write_input(block.data(), block.size());
  count.close_input();
  CHECK(std::stoul(count.read_output()) == block.size());
  CHECK(count.wait() == 0);
  // Standard error goes to the same pipe as standard output.
  ChildProcess both = ChildProcess::shell("echo out; echo err >&2", capturing());
  CHECK(both.read_output() == "out\nerr\n");
}

TEST_CASE("platform: writing to a child that stopped reading is an error, not a SIGPIPE",
          "[platform]") {
  ChildOptions options;
  options.pipe_input = true;
  ChildProcess gone({"true"}, options);
  gone.wait();
  const std::string block(1u << 20, 'x');
  try {
    gone.write_input(block.data(), block.size());
    FAIL("the write went through");
  } catch (const std::system_error& e) {
    CHECK(e.code() == std::errc::broken_pipe);
    CHECK_THAT(e.what(), Catch::Contains("true"));
  }
}

TEST_CASE("platform: a child gets the parent's environment with the options' variables",
          "[platform]") {
  PlatformVariables variables;
  variables.set("SORTSCOPE_PLATFORM_INHERITED", "from the parent");
  ChildProcess child = ChildProcess::shell(
      "printf '%s|%s|%s' \"$SORTSCOPE_PLATFORM_INHERITED\" \"$SORTSCOPE_PLATFORM_SET\" "
      "\"${SORTSCOPE_PLATFORM_EMPTY-unset}\"",
      capturing(
          {{"SORTSCOPE_PLATFORM_SET", "a value with spaces"}, {"SORTSCOPE_PLATFORM_EMPTY", ""}}));
  CHECK(child.read_output() == "from the parent|a value with spaces|");
  ChildProcess replaced =
      ChildProcess::shell("printf %s \"$SORTSCOPE_PLATFORM_INHERITED\"",
                          capturing({{"SORTSCOPE_PLATFORM_INHERITED", "replaced"}}));
  CHECK(replaced.read_output() == "replaced");
}

TEST_CASE("platform: a program not on PATH is named in a message that says what to do",
          "[platform]") {
  CHECK_FALSE(find_program("sortscope-no-such-program"));
  REQUIRE(find_program("sh"));
  CHECK(find_program("sh")->is_absolute());
  CHECK_THROWS_AS(ChildProcess({"sortscope-no-such-program"}), ProgramNotFound);
  CHECK_THROWS_WITH(ChildProcess({"sortscope-no-such-program", "--version"}),
                    Catch::Contains("sortscope-no-such-program was not found on PATH") &&
                        Catch::Contains("install it"));
  CHECK_THROWS_AS(ChildProcess({"/nonexistent/folder/program"}), ss::SetupError);
}

TEST_CASE("platform: this process's id is what its children see as their parent's", "[platform]") {
  ChildProcess child = ChildProcess::shell("echo $PPID", capturing());
  CHECK(std::stoull(child.read_output()) == process_id());
}

TEST_CASE("platform: stop requests set the interrupt flag and pick the exit code", "[platform]") {
  ss::install_interrupt_handlers();
  for (const auto& [signal, code] : {std::pair{"INT", 130}, std::pair{"TERM", 143}}) {
    ss::clear_interrupt();
    CHECK(ChildProcess::shell(std::string("kill -") + signal + " " + std::to_string(process_id()))
              .wait() == 0);
    // The signal arrives on its own time: wait for it, at most a few seconds.
    for (int i = 0; i < 500 && !ss::interrupt_requested(); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK(ss::interrupt_requested());
    CHECK(ss::interrupt_exit_code() == code);
  }
  ss::clear_interrupt();
  // The install blocks both signals in this thread, for the driver's threads to inherit; a child
  // must not inherit that: a SIGTERM ends it at once. (Perl, unlike sh, keeps the mask it is
  // given; without the unblocking it would sleep its 10 s and say so.)
  ChildProcess child({"perl", "-e", "kill 'TERM', $$; sleep 10; print 'alive'"}, capturing());
  CHECK(child.read_output().empty());
  CHECK(child.wait() == -1);
}

TEST_CASE("platform: the user folders follow XDG, else HOME", "[platform]") {
  PlatformVariables variables;
  variables.set("XDG_CACHE_HOME", "/xdg/cache");
  variables.set("XDG_CONFIG_HOME", "/xdg/config");
  variables.set("HOME", "/home/someone");
  CHECK(user_cache_folder() == "/xdg/cache");
  CHECK(user_config_folder() == "/xdg/config");
  variables.set("XDG_CACHE_HOME", "");
  variables.set("XDG_CONFIG_HOME", std::nullopt);
  CHECK(user_cache_folder() == "/home/someone/.cache");
  CHECK(user_config_folder() == "/home/someone/.config");
  variables.set("HOME", std::nullopt);
  CHECK(user_cache_folder().empty());
  CHECK(user_config_folder().empty());
  set_user_cache_folder("/tests/cache");
  CHECK(user_cache_folder() == "/tests/cache");
  // ... and so do the programs this one starts.
  ChildProcess child = ChildProcess::shell("printf %s \"$XDG_CACHE_HOME\"", capturing());
  CHECK(child.read_output() == "/tests/cache");
}

TEST_CASE("platform: UTF-8 text and paths convert both ways unchanged", "[platform]") {
  const std::string text = "dossier \xC3\xA9/r\xC3\xA9sum\xC3\xA9 \xE2\x9C\x93.txt";
  const std::filesystem::path path = path_from_utf8(text);
  CHECK(path.filename() == path_from_utf8("r\xC3\xA9sum\xC3\xA9 \xE2\x9C\x93.txt"));
  CHECK(utf8_from_path(path) == text);
  const std::vector<std::string> arguments = [] {
    char program[] = "sortscope-cli";
    char option[] = "--out=d\xC3\xA9j\xC3\xA0.png";
    char* argv[] = {program, option, nullptr};
    return utf8_arguments(2, argv);
  }();
  CHECK(arguments == std::vector<std::string>{"sortscope-cli", "--out=d\xC3\xA9j\xC3\xA0.png"});
}
