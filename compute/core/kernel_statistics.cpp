#include "core/kernel_statistics.hpp"

#include <cstdio>

#include "core/context.hpp"
#include "core/errors.hpp"
#include "core/kernel.hpp"

namespace ss {

std::string format_statistic_value(const KernelStatistic& statistic) {
  struct Format {
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(std::int64_t i) const { return std::to_string(i); }
    std::string operator()(std::uint64_t u) const { return std::to_string(u); }
    std::string operator()(double d) const {
      char text[32];
      std::snprintf(text, sizeof text, "%.6g", d);
      return text;
    }
  };
  return std::visit(Format{}, statistic.value);
}

namespace {

std::vector<KernelExecutable> read_statistics(const vk::raii::Device& device,
                                              vk::Pipeline pipeline) {
  std::vector<KernelExecutable> out;
  const auto executables = device.getPipelineExecutablePropertiesKHR(vk::PipelineInfoKHR(pipeline));
  for (std::uint32_t index = 0; index < executables.size(); ++index) {
    const vk::PipelineExecutablePropertiesKHR& properties = executables[index];
    KernelExecutable executable;
    executable.name = properties.name.data();
    executable.description = properties.description.data();
    executable.subgroup_size = properties.subgroupSize;
    const auto statistics =
        device.getPipelineExecutableStatisticsKHR(vk::PipelineExecutableInfoKHR(pipeline, index));
    for (const vk::PipelineExecutableStatisticKHR& s : statistics) {
      KernelStatistic statistic;
      statistic.name = s.name.data();
      statistic.description = s.description.data();
      switch (s.format) {
        case vk::PipelineExecutableStatisticFormatKHR::eBool32:
          statistic.value = s.value.b32 == VK_TRUE;
          break;
        case vk::PipelineExecutableStatisticFormatKHR::eInt64:
          statistic.value = static_cast<std::int64_t>(s.value.i64);
          break;
        case vk::PipelineExecutableStatisticFormatKHR::eUint64:
          statistic.value = static_cast<std::uint64_t>(s.value.u64);
          break;
        case vk::PipelineExecutableStatisticFormatKHR::eFloat64:
          statistic.value = s.value.f64;
          break;
        default:
          continue;  // a format newer than these headers: skip rather than misread it
      }
      executable.statistics.push_back(std::move(statistic));
    }
    out.push_back(std::move(executable));
  }
  return out;
}

}  // namespace

std::vector<KernelExecutable> kernel_statistics(const Context& context, const Kernel& kernel) {
  if (!context.kernel_statistics_enabled()) {
    throw SetupError("pipeline statistics are off on " + context.properties().name +
                     ": either the context was made without ContextOptions::kernel_statistics "
                     "or its driver (" +
                     context.properties().driver +
                     ") lacks VK_KHR_pipeline_executable_properties; check "
                     "Context::kernel_statistics_enabled() first");
  }
  try {
    return read_statistics(context.device(), kernel.pipeline());
  } catch (const vk::SystemError& e) {
    throw SetupError("the driver (" + context.properties().driver +
                     ") failed to report the statistics of " + kernel.spec().shader + ": " +
                     e.what());
  }
}

}  // namespace ss
