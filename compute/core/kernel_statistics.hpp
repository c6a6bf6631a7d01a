#pragma once
// What the driver says about a compiled kernel (VK_KHR_pipeline_executable_properties): per
// executable (the driver's compiled shader, usually one for a compute pipeline) its statistics,
// such as registers per invocation, shared memory or spills, with the driver's own names. Only
// for kernels of a Context made with ContextOptions::kernel_statistics on a device that supports
// it (Context::kernel_statistics_enabled()).
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace ss {

class Context;
class Kernel;

struct KernelStatistic {
  std::string name;         // e.g. "Register Count"
  std::string description;  // the driver's explanation
  std::variant<bool, std::int64_t, std::uint64_t, double> value;
};

// The value as text: true/false, an integer, or a float with up to 6 significant digits.
std::string format_statistic_value(const KernelStatistic& statistic);

struct KernelExecutable {
  std::string name;
  std::string description;
  std::uint32_t subgroup_size = 0;  // the subgroup size it was compiled for; 0 if not reported
  std::vector<KernelStatistic> statistics;
};

// The kernel's executables and their statistics. Throws SetupError when the context does not
// capture statistics (the device lacks the extension, or the option was not set).
std::vector<KernelExecutable> kernel_statistics(const Context& context, const Kernel& kernel);

}  // namespace ss
