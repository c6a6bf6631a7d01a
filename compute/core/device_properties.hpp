#pragma once
// What sortscope needs to know about a Vulkan device, read once when the context is made. Plans
// take their limits from here; nothing assumes a subgroup size or shared-memory amount.
#include <array>
#include <cstdint>
#include <string>

#include "core/device_selection.hpp"

namespace ss {

struct DeviceProperties {
  std::string name;
  DeviceKind kind = DeviceKind::other;
  std::string driver;       // driver name and info, e.g. "llvmpipe: Mesa 22.3.6"
  std::string api_version;  // e.g. "1.3.230"
  std::uint32_t vendor_id = 0;

  std::uint32_t subgroup_size = 0;
  std::uint32_t min_subgroup_size = 0;
  std::uint32_t max_subgroup_size = 0;
  // Full subgroups of a required size can be asked for in compute shaders (Vulkan 1.3
  // subgroupSizeControl + computeFullSubgroups, with compute in requiredSubgroupSizeStages).
  bool subgroup_size_control = false;
  std::uint32_t max_workgroup_subgroups = 0;  // maxComputeWorkgroupSubgroups
  bool shader_int64 = false;
  // VK_NV_shader_subgroup_partitioned, with partitioned operations in compute shaders: one
  // instruction finds the lanes that hold the same value (subgroupPartitionNV).
  bool subgroup_partitioned = false;

  std::uint32_t max_shared_memory = 0;  // bytes of workgroup-shared memory
  std::uint32_t max_workgroup_invocations = 0;
  std::array<std::uint32_t, 3> max_workgroup_count{};
  std::uint64_t max_storage_buffer_range = 0;  // bytes one storage-buffer binding may span
  std::uint64_t max_allocation_size = 0;       // bytes of one memory allocation
  std::uint64_t device_local_memory = 0;       // bytes of the largest device-local heap
  std::uint32_t max_push_constants = 0;
  double timestamp_period_ns = 1.0;
};

}  // namespace ss
