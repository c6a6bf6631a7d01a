#include <catch2/catch.hpp>

#include "core/context.hpp"

using namespace ss;

// The suite fails on validation messages only if they reach the log; prove they do with a
// deliberately invalid call on a context of its own (the shared one must stay clean). The layer
// rejects the call before it reaches the driver.
// [validation]: it asks for the layer itself, so it runs only where the layer is installed
// (not under wine: tests/windows/build-and-test.sh).
TEST_CASE("context: validation-layer messages are recorded, so tests can fail on them",
          "[context][gpu][validation]") {
  ContextOptions options;
  options.validation = true;
  const Context context(options);
  REQUIRE(context.validation_enabled());
  REQUIRE(context.validation_log().count() == 0);
  VkBufferCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
  info.size = 0;  // invalid: VUID-VkBufferCreateInfo-size-00912
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  VkBuffer buffer = VK_NULL_HANDLE;
  const auto* dispatcher = context.device().getDispatcher();
  const VkResult result = dispatcher->vkCreateBuffer(*context.device(), &info, nullptr, &buffer);
  if (result == VK_SUCCESS) dispatcher->vkDestroyBuffer(*context.device(), buffer, nullptr);
  CHECK(context.validation_log().count() > 0);
}

TEST_CASE("context: device properties are read from the driver, not assumed", "[context][gpu]") {
  const Context context;
  const DeviceProperties& p = context.properties();
  CHECK_FALSE(p.name.empty());
  CHECK(p.subgroup_size >= 1);
  CHECK(p.min_subgroup_size <= p.subgroup_size);
  CHECK(p.subgroup_size <= p.max_subgroup_size);
  CHECK(p.max_shared_memory >= 16384);
  CHECK(p.max_storage_buffer_range >= (1u << 27));
}
