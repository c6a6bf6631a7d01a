// The probes of validation_listener.cpp, hidden from ordinary runs: ctest runs them together in
// one process ("validation messages fail the test case that caused them, and only it") and
// expects the first to fail, named, and the second to pass.
#include <catch2/catch.hpp>

#include "support/gpu.hpp"

namespace ss::test {

TEST_CASE("validation probe: a test case whose GPU work draws a message fails",
          "[.validation-probe]") {
  // A message as the layer sends one, through the shared context's messenger: the log the
  // listener reads is the one every GPU test writes to.
  const vk::DebugUtilsMessengerCallbackDataEXT data({}, "VUID-probe", 0,
                                                    "validation probe: injected message");
  gpu().instance().submitDebugUtilsMessageEXT(vk::DebugUtilsMessageSeverityFlagBitsEXT::eError,
                                              vk::DebugUtilsMessageTypeFlagBitsEXT::eValidation,
                                              data);
  SUCCEED("the message is reported when the test case ends");
}

TEST_CASE("validation probe: the next test case starts with an empty log", "[.validation-probe]") {
  REQUIRE(gpu().validation_log().count() == 0);
}

}  // namespace ss::test
