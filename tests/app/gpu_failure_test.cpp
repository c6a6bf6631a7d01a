// A lost or hung GPU at every submission of runs at realistic sizes (2^20 keys and pairs, the
// sorts whose steps take longest on lavapipe at their own limits): the CLI exits 3 with a message
// naming what ran, never on a signal, leaves the earlier output as it was, and the run after the
// last submission passes. The hang is a kernel that spins past the limit (1 s) and the wait for
// it after (core/context.hpp): the device is given up while lavapipe still runs it, which freed
// buffers under the running kernel before (a SEGV).
#include <cctype>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "support/cli.hpp"

using ss::test::cli;
using ss::test::data_file;
using ss::test::file_text;
using ss::test::temporaries_beside;

namespace {

struct InjectedRun {
  std::string fault;    // device-lost or hang
  std::size_t ran = 0;  // runs with the fault at submission 1, 2, ... that failed as they should
  bool passed = false;  // the run with the fault past the last submission sorted and verified
};

// `args` with `fault` at submission K for each K in `submissions`, or at 1, 2, ... until a run
// passes when `submissions` is empty.
InjectedRun inject_at_each_submission(const std::string& args, const std::string& fault,
                                      const std::vector<std::size_t>& submissions = {}) {
  // Named after the test case too: ctest -j runs these test cases side by side, and one's passing
  // run must not write over the file another checks is unchanged.
  std::string name =
      "gpu-failure-" + fault + "-" + Catch::getResultCapture().getCurrentTestName() + ".txt";
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.') c = '-';
  const std::string output = data_file(name, "previous result\n");
  InjectedRun result{fault};
  // A run at 2^20 on lavapipe makes about 20 submissions; 200 ends a loop that never passes.
  const std::size_t last = submissions.empty() ? 200 : submissions.size();
  for (std::size_t i = 0; i < last; ++i) {
    const std::size_t k = submissions.empty() ? i + 1 : submissions[i];
    // The hang needs a short limit; a lost device none, and with one a loaded machine could time
    // a real submission out before the injected loss.
    const auto r = cli(args + " --output '" + output + "'",
                       "SORTSCOPE_INJECT_FAULT=" + fault + "@" + std::to_string(k) +
                           (fault == "hang" ? " SORTSCOPE_GPU_TIMEOUT_S=1" : ""));
    INFO(args << " with " << fault << "@" << k << ":\n" << r.out);
    if (r.code == 0 && submissions.empty()) {
      CHECK_THAT(r.out, Catch::Contains("verified: keys"));
      result.passed = true;
      break;
    }
    REQUIRE(r.code == 3);
    CHECK_THAT(r.out, Catch::Contains("while running ") && Catch::Contains("the result is lost") &&
                          !Catch::Contains("validation layer") && !Catch::Contains("Sanitizer") &&
                          !Catch::Contains("runtime error"));
    if (fault == "device-lost") {
      CHECK_THAT(r.out, Catch::Contains("VK_ERROR_DEVICE_LOST"));
    } else {
      CHECK_THAT(r.out, Catch::Contains("did not finish within 1 s"));
    }
    CHECK(file_text(output) == "previous result\n");
    CHECK(temporaries_beside(output) == 0);
    ++result.ran;
  }
  return result;
}

void check_every_submission(const std::string& algorithm, const std::string& n) {
  for (const char* pairs : {"", " --pairs"}) {
    for (const char* fault : {"device-lost", "hang"}) {
      const auto r =
          inject_at_each_submission("run --algo " + algorithm + " --n " + n + pairs, fault);
      INFO(algorithm << pairs << ": " << fault << " at " << r.ran << " submissions");
      CHECK(r.passed);
      CHECK(r.ran >= 3);  // the upload, the restore and the sort at least
    }
  }
}

}  // namespace

TEST_CASE("gpu failure: batcher at 2^20 lost or hung at every submission: exit 3",
          "[cli][gpu][faults][slow]") {
  check_every_submission("batcher", "2^20");
}

TEST_CASE("gpu failure: batcher-fused at 2^18 lost or hung at every submission: exit 3",
          "[cli][gpu][faults][slow]") {
  check_every_submission("batcher-fused", "2^18");
}

TEST_CASE("gpu failure: bitonic at 2^20 lost or hung at every submission: exit 3",
          "[cli][gpu][faults][slow]") {
  check_every_submission("bitonic", "2^20");
}

TEST_CASE("gpu failure: mergesort at 2^20 lost or hung at every submission: exit 3",
          "[cli][gpu][faults][slow]") {
  check_every_submission("mergesort", "2^20");
}

TEST_CASE("gpu failure: radix4 at 2^20 lost or hung at every submission: exit 3",
          "[cli][gpu][faults][slow]") {
  check_every_submission("radix4", "2^20");
}

TEST_CASE("gpu failure: onesweep at 2^20 lost or hung at every submission: exit 3",
          "[cli][gpu][faults][slow]") {
  check_every_submission("onesweep", "2^20");
}

TEST_CASE("gpu failure: transposition at its limit (2^17) lost or hung early and mid-sort",
          "[cli][gpu][faults][slow]") {
  // 131072 steps take minutes on lavapipe, in about a thousand submissions: the first ones (the
  // upload, the restore, the first steps) and some mid-sort, each kind, keys and pairs.
  for (const char* pairs : {"", " --pairs"}) {
    for (const char* fault : {"device-lost", "hang"}) {
      const auto r = inject_at_each_submission(
          std::string("run --algo transposition --n 2^17") + pairs, fault, {1, 2, 3, 4, 40});
      CHECK(r.ran == 5);
    }
  }
}

TEST_CASE("gpu failure: under the sanitizers, onesweep at 2^20 lost or hung at every submission",
          "[cli][gpu][faults]") {
  // The sanitizer suite's share (sanitizers/...): the sanitized CLI gives the device up while
  // lavapipe still runs the spinning kernel, and exits without a report.
  for (const char* fault : {"device-lost", "hang"}) {
    const auto r = inject_at_each_submission("run --algo onesweep --n 2^20 --pairs", fault);
    CHECK(r.passed);
  }
}
