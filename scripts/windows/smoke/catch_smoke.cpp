// Catch2 v2 (single header) with a runner of its own, as sortscope's tests/test_main.cpp has.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

TEST_CASE("a sort sorts") {
  std::vector<int> keys{3, 1, 2};
  std::sort(keys.begin(), keys.end());
  REQUIRE(keys == std::vector<int>{1, 2, 3});
}

int run_catch2(std::string& version) {
  version = std::to_string(CATCH_VERSION_MAJOR) + "." + std::to_string(CATCH_VERSION_MINOR) + "." +
            std::to_string(CATCH_VERSION_PATCH);
  Catch::Session session;
  const char* argv[] = {"smoke", "--reporter", "compact"};
  if (session.applyCommandLine(3, argv) != 0) return 1;
  return session.run();
}
