// What the command line does when things go wrong: a full disk, an output naming its input, a
// lost or hung GPU, an interruption. Nothing is lost and nothing half-written is left behind.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "support/cli.hpp"
#include "support/gpu.hpp"

using ss::test::cli;
using ss::test::data_file;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Files in the folder of `path` whose names start with "." + its name (our temporaries).
std::size_t temporaries_beside(const std::string& path) {
  const std::filesystem::path p(path);
  std::string prefix = ".";
  prefix.append(p.filename().string());
  std::size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(p.parent_path()))
    if (entry.path().filename().string().rfind(prefix, 0) == 0) ++count;
  return count;
}

}  // namespace

TEST_CASE("cli: --output /dev/full exits 2 naming the path and the OS error", "[cli][gpu]") {
  const std::string input = data_file("full-in.txt", "3\n1\n2\n");
  const auto r = cli("run --algo onesweep --type u32 --input '" + input + "' --output /dev/full");
  INFO(r.out);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("/dev/full") && Catch::Contains("No space left on device"));
}

TEST_CASE("cli: --output may name the input file, and a failed write keeps the old output",
          "[cli][gpu]") {
  const std::string path = data_file("in-place.txt", "30\n10\n20\n");
  auto r = cli("run --algo mergesort --type u32 --input '" + path + "' --output '" + path + "'");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(read(path) == "10\n20\n30\n");
  CHECK(temporaries_beside(path) == 0);
  // Into a folder that does not exist: exit 2, the message names the path.
  r = cli("run --algo mergesort --n 10 --output '" + path + ".d/x.txt'");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("in-place.txt.d/x.txt"));
}

TEST_CASE("cli: a lost device or a hung fence is an error naming the step, exit 2", "[cli][gpu]") {
  // Submissions of `run --trace`: upload of the input, then one per step.
  auto r = cli("run --algo batcher --n 16 --trace", "SORTSCOPE_INJECT_FAULT=device-lost@4");
  INFO(r.out);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("VK_ERROR_DEVICE_LOST") && Catch::Contains("step ") &&
                        Catch::Contains("of batcher"));
  r = cli("run --algo onesweep --n 1000", "SORTSCOPE_INJECT_FAULT=timeout@2");
  INFO(r.out);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("did not finish within"));
  r = cli("run --algo onesweep --n 10", "SORTSCOPE_INJECT_FAULT=sometimes");
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("device-lost@K"));
}

TEST_CASE("cli: SIGINT stops a run with exit 130 and the previous output intact",
          "[cli][gpu][slow]") {
  const std::string out = data_file("interrupted-out.txt", "previous result\n");
  // Large enough to be still running after a second: 2^22 pairs on a CPU device such as lavapipe;
  // a GPU host with many cores sorts, verifies and writes those within the second (the H100's
  // did), so there 2^27, whose check against std::stable_sort and output take seconds alone.
  const std::string n = ss::test::limits().cpu ? "2^22" : "2^27";
  const auto r = cli("run --algo batcher --n " + n + " --type u64 --pairs --output '" + out +
                         "' 2>&1 & pid=$!; sleep 1; kill -INT $pid; wait $pid; echo exit=$?; :",
                     "");
  INFO(r.out);
  CHECK_THAT(r.out, Catch::Contains("exit=130") && Catch::Contains("interrupted"));
  CHECK(read(out) == "previous result\n");
  CHECK(temporaries_beside(out) == 0);
}
