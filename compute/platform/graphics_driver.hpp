#pragma once
// What a user installs to get Vulkan, said in the words of their OS: each is the end of a message
// that has already said what is missing ("no Vulkan device found; " + vulkan_driver_advice()).
#include <string>

namespace ss::platform {

// No Vulkan loader, no driver, or no usable device. POSIX (Debian): a GPU driver or Mesa's CPU
// implementation from apt. Windows: the GPU vendor's driver, which installs vulkan-1.dll.
std::string vulkan_driver_advice();

// The Khronos validation layer, which tests and --validate ask for.
std::string validation_layer_advice();

}  // namespace ss::platform
