// Vulkan through the import library libvulkan-1.a (made by build-deps.sh with dlltool): the
// static prototypes that sortscope's first Windows build still calls (vkAllocateDescriptorSets
// and vkCmdPushConstants through vulkan.hpp's default dispatcher, and ImGui's Vulkan backend)
// link against it. It delay-loads vulkan-1.dll: the program starts without it and loads it at
// the first call, so it can first check, as vk::raii::Context does, that there is a driver.
// Exit status: 0 with a device, 4 when vulkan-1.dll cannot be loaded (and the program ran).
#include <backends/imgui_impl_vulkan.h>
#include <vulkan/vulkan.h>
#include <windows.h>

#include <cstdio>
#include <vector>

int main() {
  const bool loaded_at_start = GetModuleHandleA("vulkan-1.dll") != nullptr;
  if (!LoadLibraryA("vulkan-1.dll")) {
    std::printf(
        "vk-import ok    started without vulkan-1.dll (loaded at start: %s), LoadLibrary fails: no "
        "Vulkan driver\n",
        loaded_at_start ? "yes" : "no");
    return 4;
  }
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
  std::printf(
      "vk-import ok    vulkan-1.dll loaded at start: %s; loader %u.%u.%u through libvulkan-1.a, %u "
      "device(s):",
      loaded_at_start ? "yes" : "no", VK_API_VERSION_MAJOR(version), VK_API_VERSION_MINOR(version),
      VK_API_VERSION_PATCH(version), count);
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
