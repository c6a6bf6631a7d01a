#pragma once
// Runs sortscope-cli as a user would, for the command-line tests.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

namespace ss::test {

struct CliResult {
  int code = -1;    // exit status; -1 when killed by a signal
  std::string out;  // stdout and stderr together
};

// Runs `sh -c "<env> sortscope-cli <args>"` with validation on (ctest sets
// SORTSCOPE_VALIDATION=1; set here too so the tests also hold when run by hand).
inline CliResult run_cli(const std::string& args, const std::string& env = "") {
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

// A file in the tests' data folder with this content.
inline std::string data_file(const std::string& name, const std::string& content) {
  const auto path = std::filesystem::path(SORTSCOPE_TEST_DATA) / name;
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

}  // namespace ss::test
