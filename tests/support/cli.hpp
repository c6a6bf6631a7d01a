#pragma once
// Runs sortscope-cli as a user would, for the CLI tests: the exit code and what it printed. It and
// the other programs the tests run start through the platform room (platform/child_process.hpp),
// so the tests name no OS.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "platform/child_process.hpp"
#include "support/validation_choice.hpp"

namespace ss::test {

struct CliResult {
  int code = -1;
  std::string out;  // stdout and stderr together
};

// "VAR=value VAR2=value2" as the variables it sets (a value may be empty: "PATH=").
inline std::vector<std::pair<std::string, std::string>> cli_environment(const std::string& env) {
  std::vector<std::pair<std::string, std::string>> variables;
  std::istringstream words(env);
  for (std::string word; words >> word;) {
    const std::size_t equals = word.find('=');
    INFO("environment words are VAR=value: " << word);
    REQUIRE((equals != std::string::npos && equals > 0));
    variables.emplace_back(word.substr(0, equals), word.substr(equals + 1));
  }
  return variables;
}

// What a started program printed (its output and errors together) and its exit code.
inline CliResult finish_child(platform::ChildProcess& child) {
  CliResult r;
  r.out = child.read_output();
  r.code = child.wait();
  return r;
}

// The words of a CLI test's arguments: split at spaces, with '...' keeping what it holds (spaces,
// backslashes, ^ and %) as part of one word, as sh reads single quotes. No shell is involved:
// cmd.exe would pass the quotes on and read ^ as its escape ("2^10" arriving as "210"), so the
// same arguments would reach the CLI differently on each OS.
inline std::vector<std::string> cli_words(const std::string& args) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  bool quoted = false;
  for (const char c : args) {
    if (c == '\'') {
      quoted = !quoted;
      in_word = true;  // '' is an empty word
    } else if (c == ' ' && !quoted) {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  INFO("CLI test arguments: " << args);
  REQUIRE_FALSE(quoted);  // a ' without its closing one
  if (in_word) words.push_back(std::move(word));
  return words;
}

// Runs sortscope-cli with validation on where the tests ask for it (ctest sets
// SORTSCOPE_VALIDATION=1; set it here too so the test also holds when run by hand) with the words
// of `args` (cli_words) as its arguments; `env` (VAR=value ...) is set for it.
inline CliResult cli(const std::string& args, const std::string& env = "") {
  platform::ChildOptions options;
  options.capture_output = true;
  options.environment =
      cli_environment((tests_ask_for_validation() ? "SORTSCOPE_VALIDATION=1 " : "") + env);
  std::vector<std::string> command{SORTSCOPE_CLI};
  for (std::string& word : cli_words(args)) command.push_back(std::move(word));
  platform::ChildProcess program(command, options);
  CliResult r = finish_child(program);
  // Standard output in text mode ends lines with "\r\n" on Windows: the tests compare "\n". A
  // "\r" alone (a progress line redrawn) stays.
  for (std::size_t at = r.out.find("\r\n"); at != std::string::npos; at = r.out.find("\r\n", at))
    r.out.erase(at, 1);
  return r;
}

// The CLI started by the system's shell, for the cases that need sh's jobs and signals (`&`,
// `kill -INT $pid`, `wait`): `command_line` follows the CLI's path and is read by the shell, so
// it is written in sh's language and these cases need sh for their shell.
inline CliResult cli_in_shell(const std::string& command_line) {
  platform::ChildOptions options;
  options.capture_output = true;
  options.environment = cli_environment(tests_ask_for_validation() ? "SORTSCOPE_VALIDATION=1" : "");
  platform::ChildProcess shell = platform::ChildProcess::shell(
      platform::shell_quote(SORTSCOPE_CLI) + " " + command_line, options);
  return finish_child(shell);
}

// Runs a tool the tests check outputs with (pdftotext, ffprobe), found on PATH, with `args` as
// they are: no shell, so no quoting.
inline CliResult run_program(const std::vector<std::string>& args) {
  platform::ChildOptions options;
  options.capture_output = true;
  platform::ChildProcess program(args, options);
  return finish_child(program);
}

// A path in the tests' data folder.
inline std::string data_path(const std::string& name) {
  return (std::filesystem::path(SORTSCOPE_TEST_DATA) / name).string();
}

// Writes `content` to a file in the tests' data folder; returns its path.
inline std::string data_file(const std::string& name, const std::string& content) {
  const std::string path = data_path(name);
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

// The whole content of a file ("" when it cannot be read).
inline std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Files in the folder of `path` whose names start with "." + its name (the CLI's temporaries).
inline std::size_t temporaries_beside(const std::string& path) {
  const std::filesystem::path p(path);
  std::string prefix = ".";
  prefix.append(p.filename().string());
  std::size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(p.parent_path()))
    if (entry.path().filename().string().rfind(prefix, 0) == 0) ++count;
  return count;
}

}  // namespace ss::test
