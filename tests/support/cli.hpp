#pragma once
// Runs sortscope-cli as a user would, for the CLI tests: the exit code and what it printed.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

namespace ss::test {

struct CliResult {
  int code = -1;
  std::string out;  // stdout and stderr together
};

// Runs sortscope-cli with validation on (ctest sets SORTSCOPE_VALIDATION=1; set it here too so
// the test also holds when run by hand). `env` is prepended (VAR=value ...).
inline CliResult cli(const std::string& args, const std::string& env = "") {
  const std::string command =
      "SORTSCOPE_VALIDATION=1 " + env + " '" SORTSCOPE_CLI "' " + args + " 2>&1";
  CliResult r;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer{};
  while (std::size_t got = std::fread(buffer.data(), 1, buffer.size(), pipe))
    r.out.append(buffer.data(), got);
  const int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
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
