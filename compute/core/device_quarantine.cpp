#include "core/device_quarantine.hpp"

#include <cstdint>
#include <mutex>
#include <type_traits>
#include <vector>

namespace ss {

namespace {

// The kept objects: a global's vector, so a leak checker finds every one of them held.
struct KeptObjects {
  std::mutex mutex;
  std::vector<const void*> objects;
  std::size_t destroys_kept = 0;
};

KeptObjects& kept_objects() {
  static auto* kept = new KeptObjects;  // never destroyed: the driver's threads may outlive main
  return *kept;
}

template <class Handle>
const void* address_of_handle(Handle handle) {
  if constexpr (std::is_pointer_v<Handle>) {
    return static_cast<const void*>(handle);
  } else {
    return reinterpret_cast<const void*>(static_cast<std::uintptr_t>(handle));
  }
}

template <class Handle>
void keep_handles(const Handle* handles, std::uint32_t count) {
  KeptObjects& kept = kept_objects();
  std::lock_guard lock(kept.mutex);
  for (std::uint32_t i = 0; i < count; ++i) {
    if (handles[i]) kept.objects.push_back(address_of_handle(handles[i]));
  }
  kept.destroys_kept += count;
}

// vkDestroyX(device, x, allocator) and vkFreeMemory(device, memory, allocator).
template <class Handle>
VKAPI_ATTR void VKAPI_CALL keep_destroyed(VkDevice, Handle handle, const VkAllocationCallbacks*) {
  keep_handles(&handle, 1);
}

VKAPI_ATTR void VKAPI_CALL keep_device(VkDevice device, const VkAllocationCallbacks*) {
  keep_handles(&device, 1);
}

VKAPI_ATTR void VKAPI_CALL keep_command_buffers(VkDevice, VkCommandPool, std::uint32_t count,
                                                const VkCommandBuffer* buffers) {
  keep_handles(buffers, count);
}

VKAPI_ATTR VkResult VKAPI_CALL keep_descriptor_sets(VkDevice, VkDescriptorPool, std::uint32_t count,
                                                    const VkDescriptorSet* sets) {
  keep_handles(sets, count);
  return VK_SUCCESS;
}

// Resets hand memory back to a pool or rewrite what the GPU may still be writing: skipped.
VKAPI_ATTR void VKAPI_CALL skip_unmap(VkDevice, VkDeviceMemory) {}
VKAPI_ATTR void VKAPI_CALL skip_query_reset(VkDevice, VkQueryPool, std::uint32_t, std::uint32_t) {}
VKAPI_ATTR VkResult VKAPI_CALL skip_descriptor_pool_reset(VkDevice, VkDescriptorPool,
                                                          VkDescriptorPoolResetFlags) {
  return VK_SUCCESS;
}
VKAPI_ATTR VkResult VKAPI_CALL skip_command_pool_reset(VkDevice, VkCommandPool,
                                                       VkCommandPoolResetFlags) {
  return VK_SUCCESS;
}

// Nothing more runs on a given-up device, and nothing waits for it.
VKAPI_ATTR VkResult VKAPI_CALL refuse_submit(VkQueue, std::uint32_t, const VkSubmitInfo*, VkFence) {
  return VK_ERROR_DEVICE_LOST;
}
VKAPI_ATTR VkResult VKAPI_CALL refuse_submit2(VkQueue, std::uint32_t, const VkSubmitInfo2*,
                                              VkFence) {
  return VK_ERROR_DEVICE_LOST;
}
VKAPI_ATTR VkResult VKAPI_CALL refuse_fence_wait(VkDevice, std::uint32_t, const VkFence*, VkBool32,
                                                 std::uint64_t) {
  return VK_ERROR_DEVICE_LOST;
}
VKAPI_ATTR VkResult VKAPI_CALL refuse_device_wait(VkDevice) {
  return VK_ERROR_DEVICE_LOST;
}
VKAPI_ATTR VkResult VKAPI_CALL refuse_queue_wait(VkQueue) {
  return VK_ERROR_DEVICE_LOST;
}
VKAPI_ATTR VkResult VKAPI_CALL refuse_fence_status(VkDevice, VkFence) {
  return VK_ERROR_DEVICE_LOST;
}
VKAPI_ATTR VkResult VKAPI_CALL refuse_query_results(VkDevice, VkQueryPool, std::uint32_t,
                                                    std::uint32_t, std::size_t, void*, VkDeviceSize,
                                                    VkQueryResultFlags) {
  return VK_ERROR_DEVICE_LOST;
}
VKAPI_ATTR VkResult VKAPI_CALL refuse_acquire(VkDevice, VkSwapchainKHR, std::uint64_t, VkSemaphore,
                                              VkFence, std::uint32_t*) {
  return VK_ERROR_DEVICE_LOST;
}
VKAPI_ATTR VkResult VKAPI_CALL refuse_present(VkQueue, const VkPresentInfoKHR*) {
  return VK_ERROR_DEVICE_LOST;
}

}  // namespace

void quarantine(const vk::raii::Device& device) {
  // Every object made from `device` holds this pointer to its dispatcher (vulkan_raii.hpp), so
  // rewiring the table here reaches all of them. The table itself was made non-const by
  // vk::raii::Device; only its accessor is const.
  auto& d = const_cast<vk::raii::DeviceDispatcher&>(*device.getDispatcher());
  std::lock_guard lock(kept_objects().mutex);
  d.vkDestroyDevice = &keep_device;
  d.vkFreeMemory = &keep_destroyed<VkDeviceMemory>;
  d.vkDestroyBuffer = &keep_destroyed<VkBuffer>;
  d.vkDestroyBufferView = &keep_destroyed<VkBufferView>;
  d.vkDestroyImage = &keep_destroyed<VkImage>;
  d.vkDestroyImageView = &keep_destroyed<VkImageView>;
  d.vkDestroySampler = &keep_destroyed<VkSampler>;
  d.vkDestroyFence = &keep_destroyed<VkFence>;
  d.vkDestroySemaphore = &keep_destroyed<VkSemaphore>;
  d.vkDestroyEvent = &keep_destroyed<VkEvent>;
  d.vkDestroyQueryPool = &keep_destroyed<VkQueryPool>;
  d.vkDestroyShaderModule = &keep_destroyed<VkShaderModule>;
  d.vkDestroyPipelineCache = &keep_destroyed<VkPipelineCache>;
  d.vkDestroyPipeline = &keep_destroyed<VkPipeline>;
  d.vkDestroyPipelineLayout = &keep_destroyed<VkPipelineLayout>;
  d.vkDestroyDescriptorSetLayout = &keep_destroyed<VkDescriptorSetLayout>;
  d.vkDestroyDescriptorPool = &keep_destroyed<VkDescriptorPool>;
  d.vkDestroyFramebuffer = &keep_destroyed<VkFramebuffer>;
  d.vkDestroyRenderPass = &keep_destroyed<VkRenderPass>;
  d.vkDestroyCommandPool = &keep_destroyed<VkCommandPool>;
  d.vkDestroySwapchainKHR = &keep_destroyed<VkSwapchainKHR>;
  d.vkFreeCommandBuffers = &keep_command_buffers;
  d.vkFreeDescriptorSets = &keep_descriptor_sets;
  d.vkUnmapMemory = &skip_unmap;
  d.vkResetQueryPool = &skip_query_reset;
  d.vkResetDescriptorPool = &skip_descriptor_pool_reset;
  d.vkResetCommandPool = &skip_command_pool_reset;
  d.vkQueueSubmit = &refuse_submit;
  d.vkQueueSubmit2 = &refuse_submit2;
  d.vkWaitForFences = &refuse_fence_wait;
  d.vkDeviceWaitIdle = &refuse_device_wait;
  d.vkQueueWaitIdle = &refuse_queue_wait;
  d.vkGetFenceStatus = &refuse_fence_status;
  d.vkGetQueryPoolResults = &refuse_query_results;
  d.vkAcquireNextImageKHR = &refuse_acquire;
  d.vkQueuePresentKHR = &refuse_present;
}

void keep_until_exit(const void* object) {
  KeptObjects& kept = kept_objects();
  std::lock_guard lock(kept.mutex);
  kept.objects.push_back(object);
}

std::size_t quarantined_object_count() {
  KeptObjects& kept = kept_objects();
  std::lock_guard lock(kept.mutex);
  return kept.destroys_kept;
}

}  // namespace ss
