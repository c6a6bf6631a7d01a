#pragma once
// The device facts a planner may use to size tiles and grids. Taken from DeviceProperties, or
// written by hand in tests that plan without a GPU.
#include <array>
#include <cstdint>

#include "core/device_properties.hpp"

namespace ss {

struct DeviceLimits {
  std::uint32_t subgroup_size = 32;
  std::uint32_t min_subgroup_size = 32;
  std::uint32_t max_subgroup_size = 32;
  bool subgroup_size_control = false;
  std::uint32_t max_workgroup_subgroups = 64;
  std::uint32_t max_shared_memory = 32768;
  std::uint32_t max_workgroup_invocations = 1024;
  std::array<std::uint32_t, 3> max_workgroup_count{65535, 65535, 65535};
  std::uint64_t max_storage_buffer_range = 1ull << 27;
  std::uint64_t max_allocation_size = 1ull << 31;
  std::uint64_t device_local_memory = 1ull << 31;
  // A CPU implementation (lavapipe), whose thread pool may start workgroups in any order; GPUs
  // start them in the order of their index.
  bool cpu = false;
  // subgroupPartitionNV in compute shaders (DeviceProperties::subgroup_partitioned).
  bool subgroup_partitioned = false;

  static DeviceLimits from(const DeviceProperties& p) {
    DeviceLimits l;
    l.subgroup_size = p.subgroup_size;
    l.min_subgroup_size = p.min_subgroup_size;
    l.max_subgroup_size = p.max_subgroup_size;
    l.subgroup_size_control = p.subgroup_size_control;
    l.max_workgroup_subgroups = p.max_workgroup_subgroups;
    l.max_shared_memory = p.max_shared_memory;
    l.max_workgroup_invocations = p.max_workgroup_invocations;
    l.max_workgroup_count = p.max_workgroup_count;
    l.max_storage_buffer_range = p.max_storage_buffer_range;
    l.max_allocation_size = p.max_allocation_size;
    l.device_local_memory = p.device_local_memory;
    l.cpu = p.kind == DeviceKind::cpu;
    l.subgroup_partitioned = p.subgroup_partitioned;
    return l;
  }
};

}  // namespace ss
