// Vulkan through the import library libvulkan-1.a (made by build-deps.sh with dlltool): the
// static prototypes that sortscope's first Windows build still calls (vkAllocateDescriptorSets
// and vkCmdPushConstants through vulkan.hpp's default dispatcher, and ImGui's Vulkan backend)
// link against it and bind to vulkan-1.dll when the program starts.
#include <backends/imgui_impl_vulkan.h>
#include <vulkan/vulkan.h>

#include <cstdio>
#include <vector>

int main() {
  uint32_t version = 0;
  if (vkEnumerateInstanceVersion(&version) != VK_SUCCESS) return 1;
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.apiVersion = VK_API_VERSION_1_1;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  VkInstance instance = VK_NULL_HANDLE;
  if (vkCreateInstance(&info, nullptr, &instance) != VK_SUCCESS) return 2;
  uint32_t count = 0;
  vkEnumeratePhysicalDevices(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(instance, &count, devices.data());
  std::printf("vk-import ok    loader %u.%u.%u through libvulkan-1.a, %u device(s):", VK_API_VERSION_MAJOR(version),
              VK_API_VERSION_MINOR(version), VK_API_VERSION_PATCH(version), count);
  for (VkPhysicalDevice device : devices) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(device, &p);
    std::printf(" \"%s\"", p.deviceName);
  }
  // Linking ImGui's Vulkan backend pulls in all of its 58 prototypes.
  std::printf("; ImGui's Vulkan backend linked (ImGui_ImplVulkan_Init at %p)\n",
              reinterpret_cast<void*>(&ImGui_ImplVulkan_Init));
  vkDestroyInstance(instance, nullptr);
  return count > 0 ? 0 : 3;
}
