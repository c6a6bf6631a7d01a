// Windows side of graphics_driver.hpp: Vulkan comes with the GPU driver.
#include "platform/graphics_driver.hpp"

namespace ss::platform {

std::string vulkan_driver_advice() {
  return "install (or update) the graphics driver from your GPU's maker (NVIDIA, AMD or Intel): "
         "it provides Vulkan, vulkan-1.dll. A GPU without a Vulkan driver cannot run sortscope";
}

std::string validation_layer_advice() {
  return "it comes with LunarG's Vulkan SDK";
}

}  // namespace ss::platform
