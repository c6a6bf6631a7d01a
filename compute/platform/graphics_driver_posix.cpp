// POSIX side of graphics_driver.hpp: Debian's packages.
#include "platform/graphics_driver.hpp"

namespace ss::platform {

std::string vulkan_driver_advice() {
  return "install a GPU driver, or Mesa's CPU implementation with 'apt-get install "
         "mesa-vulkan-drivers'";
}

std::string validation_layer_advice() {
  return "install it with 'apt-get install vulkan-validationlayers'";
}

}  // namespace ss::platform
