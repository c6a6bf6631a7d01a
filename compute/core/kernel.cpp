#include "core/kernel.hpp"

#include <stdexcept>

#include "core/context.hpp"
#include "core/embedded_shader.hpp"

namespace ss {

std::string KernelSpec::cache_key() const {
  std::string key =
      shader + "/wg" + std::to_string(workgroup_size) + "/b" + std::to_string(bindings) + "/p" +
      std::to_string(push_size) + "/sg" + std::to_string(required_subgroup_size) +
      (buffer_bounds_checks ? "" : "/unchecked") + (splittable ? "" : "/whole") + "/c";
  for (std::uint32_t c : constants) key += std::to_string(c) + ",";
  return key;
}

Kernel::Kernel(const Context& context, const KernelSpec& spec) : spec_(spec) {
  const auto& device = context.device();
  if (spec.push_size > context.properties().max_push_constants) {
    throw std::logic_error(spec.shader + ": push constants exceed the device limit");
  }
  std::vector<vk::DescriptorSetLayoutBinding> bindings;
  for (std::uint32_t b = 0; b < spec.bindings; ++b) {
    bindings.emplace_back(b, vk::DescriptorType::eStorageBuffer, 1,
                          vk::ShaderStageFlagBits::eCompute);
  }
  set_layout_ =
      vk::raii::DescriptorSetLayout(device, vk::DescriptorSetLayoutCreateInfo({}, bindings));
  vk::PushConstantRange push(vk::ShaderStageFlagBits::eCompute, 0, spec.push_size);
  vk::PipelineLayoutCreateInfo layout_info({}, *set_layout_);
  if (spec.push_size > 0) layout_info.setPushConstantRanges(push);
  layout_ = vk::raii::PipelineLayout(device, layout_info);

  const std::span<const std::uint32_t> spirv = kernel_spirv(spec.shader);
  vk::raii::ShaderModule module(device, vk::ShaderModuleCreateInfo({}, spirv));

  std::vector<std::uint32_t> data{spec.workgroup_size};
  data.insert(data.end(), spec.constants.begin(), spec.constants.end());
  std::vector<vk::SpecializationMapEntry> entries;
  for (std::uint32_t id = 0; id < data.size(); ++id) {
    entries.emplace_back(id, id * 4u, 4u);
  }
  vk::SpecializationInfo specialization(entries,
                                        vk::ArrayProxyNoTemporaries<const std::uint32_t>(data));

  vk::PipelineShaderStageRequiredSubgroupSizeCreateInfo subgroup(spec.required_subgroup_size);
  vk::PipelineShaderStageCreateInfo stage({}, vk::ShaderStageFlagBits::eCompute, *module, "main",
                                          &specialization);
  if (spec.required_subgroup_size != 0) {
    stage.flags = vk::PipelineShaderStageCreateFlagBits::eRequireFullSubgroups;
    stage.pNext = &subgroup;
  }
  vk::ComputePipelineCreateInfo pipeline_info({}, stage, *layout_);
  vk::PipelineRobustnessCreateInfoEXT robustness(
      vk::PipelineRobustnessBufferBehaviorEXT::eDisabled,
      vk::PipelineRobustnessBufferBehaviorEXT::eDeviceDefault,
      vk::PipelineRobustnessBufferBehaviorEXT::eDeviceDefault,
      vk::PipelineRobustnessImageBehaviorEXT::eDeviceDefault);
  if (!spec.buffer_bounds_checks && context.pipeline_robustness_enabled()) {
    pipeline_info.pNext = &robustness;
  }
  if (context.kernel_statistics_enabled()) {
    pipeline_info.flags |= vk::PipelineCreateFlagBits::eCaptureStatisticsKHR;
  }
  if (spec.splittable) pipeline_info.flags |= vk::PipelineCreateFlagBits::eDispatchBase;
  pipeline_ = vk::raii::Pipeline(device, nullptr, pipeline_info);
}

}  // namespace ss
