#include "support/gpu.hpp"

#include <memory>

#include <catch2/catch.hpp>

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
    options.validation = true;
    context = std::make_unique<Context>(options);
  }
  return *context;
}

void require_validation_clean() {
  const auto messages = gpu().validation_log().messages();
  INFO((messages.empty() ? std::string() : messages.front()));
  REQUIRE(messages.empty());
}

std::size_t validation_message_count() {
  return instance() ? instance()->validation_log().count() : 0;
}

}  // namespace ss::test
