#include <catch2/catch.hpp>

#include "core/device_selection.hpp"
#include "core/errors.hpp"

using namespace ss;

namespace {
const std::vector<DeviceCandidate> k_machine = {
    {"llvmpipe (LLVM 15.0.6, 256 bits)", DeviceKind::cpu, ""},
    {"Intel(R) UHD Graphics 630", DeviceKind::integrated, ""},
    {"NVIDIA H100 80GB HBM3", DeviceKind::discrete, ""},
    {"Old GPU", DeviceKind::discrete, "Vulkan 1.1.0 is older than the 1.3 sortscope needs"},
};
}

TEST_CASE("device selection: discrete first, then integrated, then CPU", "[device]") {
  CHECK(choose_device(k_machine, "") == 2);
  std::vector<DeviceCandidate> no_discrete(k_machine.begin(), k_machine.begin() + 2);
  CHECK(choose_device(no_discrete, "") == 1);
  std::vector<DeviceCandidate> cpu_only(k_machine.begin(), k_machine.begin() + 1);
  CHECK(choose_device(cpu_only, "") == 0);
}

TEST_CASE("device selection: by index and by case-insensitive name substring", "[device]") {
  CHECK(choose_device(k_machine, "0") == 0);
  CHECK(choose_device(k_machine, "1") == 1);
  CHECK(choose_device(k_machine, "LLVMPIPE") == 0);
  CHECK(choose_device(k_machine, "h100") == 2);
}

TEST_CASE("device selection: rejected devices are never chosen, and the error says why",
          "[device]") {
  CHECK_THROWS_WITH(choose_device(k_machine, "3"), Catch::Contains("older than the 1.3"));
  CHECK_THROWS_AS(choose_device(k_machine, "old gpu"), UsageError);
  CHECK_THROWS_WITH(choose_device(k_machine, "9"), Catch::Contains("not a device index"));
  CHECK_THROWS_WITH(choose_device(k_machine, "radeon"),
                    Catch::Contains("matches no usable device"));
}

TEST_CASE("device selection: no device at all points at mesa-vulkan-drivers", "[device]") {
  CHECK_THROWS_AS(choose_device({}, ""), SetupError);
  CHECK_THROWS_WITH(choose_device({}, ""), Catch::Contains("mesa-vulkan-drivers"));
  std::vector<DeviceCandidate> unusable = {k_machine[3]};
  CHECK_THROWS_WITH(choose_device(unusable, ""), Catch::Contains("mesa-vulkan-drivers"));
}
