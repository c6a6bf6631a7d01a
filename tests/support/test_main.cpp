// Catch2's runner, plus a last check: a process whose GPU work drew any validation message
// fails even if every assertion passed.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "support/gpu.hpp"

int main(int argc, char** argv) {
  // The data folder is made at configure time; make it here too so the binary also runs where
  // it was copied (the GPU server the benchmarks run on).
  std::filesystem::create_directories(SORTSCOPE_TEST_DATA);
  // The copy-bandwidth cache (common/copy_bandwidth.hpp) of the tests and the CLI they start
  // lives in the build tree, never in the user's home.
  setenv("XDG_CACHE_HOME", SORTSCOPE_TEST_DATA "/cache", 1);
  const int failed = Catch::Session().run(argc, argv);
  const std::size_t messages = ss::test::validation_message_count();
  if (messages != 0) {
    std::cerr << "the Vulkan validation layer reported " << messages << " message(s)\n";
    return 1;
  }
  return failed;
}
