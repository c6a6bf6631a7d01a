#pragma once
// Which Vulkan device to use, as pure logic over what the driver reported, so it can be tested
// without a GPU and can say why each device was passed over.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ss {

enum class DeviceKind { discrete, integrated, virtual_gpu, cpu, other };

std::string_view to_string(DeviceKind kind);

struct DeviceCandidate {
  std::string name;
  DeviceKind kind = DeviceKind::other;
  std::string rejection;  // empty when the device meets sortscope's requirements
};

// Picks a usable device: by index when the selector is all digits, else by case-insensitive
// name substring, else (empty selector) the best kind: discrete, integrated, virtual, CPU.
// Throws SetupError (no usable device) or UsageError (selector matches nothing usable), with
// every device and the reason it was not taken.
std::size_t choose_device(const std::vector<DeviceCandidate>& candidates,
                          std::string_view selector);

}  // namespace ss
