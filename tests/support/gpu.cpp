#include "support/gpu.hpp"

#include <memory>

#include <catch2/catch.hpp>

#include "plan/runner.hpp"
#include "support/validation_choice.hpp"

namespace ss::test {

namespace {
std::unique_ptr<Context>& instance() {
  static std::unique_ptr<Context> context;
  return context;
}
}  // namespace

const Context& gpu() {
  auto& context = instance();
  if (!context) {
    ContextOptions options;
    options.validation = tests_ask_for_validation();
    context = std::make_unique<Context>(options);
  }
  return *context;
}

DeviceLimits limits() {
  return DeviceLimits::from(gpu().properties());
}

KeyArray run_plan(const Plan& plan, const KeyArray& input) {
  Runner runner(gpu(), plan);
  runner.set_input(input);
  runner.run();
  return runner.result();
}

void require_validation_clean() {
  const auto messages = gpu().validation_log().messages();
  INFO((messages.empty() ? std::string() : messages.front()));
  REQUIRE(messages.empty());
}

std::vector<std::string> take_validation_messages() {
  return instance() ? instance()->validation_log().take() : std::vector<std::string>{};
}

void release_gpu() {
  instance().reset();
}

}  // namespace ss::test
