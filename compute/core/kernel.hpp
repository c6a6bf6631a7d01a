#pragma once
// A compute pipeline made from embedded SPIR-V, with its descriptor-set and pipeline layouts.
// Every kernel binds storage buffers 0..bindings-1 in set 0 and one push-constant range; its
// specialization constants are 32-bit words, id 0 being the workgroup size.
#include <cstdint>
#include <string>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

namespace ss {

class Context;

struct KernelSpec {
  std::string shader;                    // embedded shader name, e.g. "batcher.comp"
  std::uint32_t workgroup_size = 256;    // specialization constant 0 (local_size_x_id = 0)
  std::vector<std::uint32_t> constants;  // specialization constants 1, 2, ...
  std::uint32_t bindings = 1;            // storage buffers at bindings 0..bindings-1
  std::uint32_t push_size = 0;           // bytes of the push-constant block
  // When set, the pipeline requires full subgroups of exactly this size (Vulkan 1.3 subgroup
  // size control); kernels whose shared-memory layout depends on the subgroup size use it.
  std::uint32_t required_subgroup_size = 0;
  // False: the pipeline asks the driver not to check storage-buffer accesses against the
  // buffers' sizes (VK_EXT_pipeline_robustness, where the device has it; NVIDIA's driver checks
  // every access otherwise). Only for kernels whose every access stays within the plan's
  // buffers: an access outside is then undefined instead of dropped.
  bool buffer_bounds_checks = true;
  // Whether a dispatch may run in parts, some of its workgroups per submission
  // (vkCmdDispatchBase; plan/submission_split.hpp): its workgroups neither read gl_NumWorkGroups
  // nor wait for workgroups of a later part. Only such pipelines are made with the
  // dispatch-base flag.
  bool splittable = true;

  std::string cache_key() const;
};

class Kernel {
 public:
  Kernel(const Context& context, const KernelSpec& spec);

  const KernelSpec& spec() const { return spec_; }
  vk::DescriptorSetLayout set_layout() const { return *set_layout_; }
  vk::PipelineLayout layout() const { return *layout_; }
  vk::Pipeline pipeline() const { return *pipeline_; }

 private:
  KernelSpec spec_;
  vk::raii::DescriptorSetLayout set_layout_ = nullptr;
  vk::raii::PipelineLayout layout_ = nullptr;
  vk::raii::Pipeline pipeline_ = nullptr;
};

}  // namespace ss
