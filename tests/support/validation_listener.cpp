// Pins every validation message on the test case that caused it: the shared context's log is
// emptied as each test case starts and checked as it ends, so one message fails one test, named,
// and no later test in the same process.
// Catch2 2's listener base classes are declared only with this defined before its header (so the
// file skips the tests' precompiled header, which includes Catch2 without it).
#define CATCH_CONFIG_EXTERNAL_INTERFACES
#include <catch2/catch.hpp>

#include "support/gpu.hpp"

namespace ss::test {
namespace {

class ValidationListener : public Catch::TestEventListenerBase {
 public:
  using TestEventListenerBase::TestEventListenerBase;

  void testCaseStarting(const Catch::TestCaseInfo& info) override {
    TestEventListenerBase::testCaseStarting(info);
    // Messages made outside any test case (none are expected) are not this test's.
    stray_ += take_validation_messages().size();
  }

  void sectionStarting(const Catch::SectionInfo& info) override {
    TestEventListenerBase::sectionStarting(info);
    ++depth_;
  }

  // The outermost section is the test case itself: a failure reported before Catch closes it
  // counts against this test case (once for each run through its sections).
  void sectionEnded(const Catch::SectionStats& stats) override {
    TestEventListenerBase::sectionEnded(stats);
    if (--depth_ != 0) return;
    const std::vector<std::string> messages = take_validation_messages();
    if (messages.empty()) return;
    std::string text = "the Vulkan validation layer reported " + std::to_string(messages.size()) +
                       " message(s) during this test case; the first:\n" + messages.front();
    FAIL_CHECK(text);
  }

  void testRunEnded(const Catch::TestRunStats& stats) override {
    TestEventListenerBase::testRunEnded(stats);
    stray_ += take_validation_messages().size();
  }

  static std::size_t stray() { return stray_; }

 private:
  int depth_ = 0;
  static inline std::size_t stray_ = 0;
};

CATCH_REGISTER_LISTENER(ValidationListener)

}  // namespace

std::size_t stray_validation_messages() {
  return ValidationListener::stray();
}

}  // namespace ss::test
