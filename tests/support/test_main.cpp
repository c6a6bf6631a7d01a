// Catch2's runner. validation_listener.cpp fails each test case that drew a validation message;
// here a message made outside every test case fails the run, and the shared Vulkan context is
// destroyed before main returns, not by a static destructor.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "platform/user_folders.hpp"
#include "support/gpu.hpp"

int main(int argc, char** argv) {
  // The data folder is made at configure time; make it here too so the binary also runs where
  // it was copied (the GPU server the benchmarks run on).
  std::filesystem::create_directories(SORTSCOPE_TEST_DATA);
  // The copy-bandwidth cache (common/copy_bandwidth.hpp) of the tests and the CLI they start
  // lives in the build tree, never in the user's home.
  ss::platform::set_user_cache_folder(SORTSCOPE_TEST_DATA "/cache");
  const int failed = Catch::Session().run(argc, argv);
  ss::test::release_gpu();
  if (const std::size_t stray = ss::test::stray_validation_messages(); stray != 0) {
    std::cerr << "the Vulkan validation layer reported " << stray
              << " message(s) outside any test case\n";
    return 1;
  }
  return failed;
}
