#pragma once
// The Vulkan instance, the chosen device and its compute queue: the one place sortscope talks to
// the driver about setup. compute/ knows no window, so the headless CLI runs on a GPU server;
// the app passes the instance extensions its window needs.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "core/device_properties.hpp"

namespace ss {

class Kernel;
struct KernelSpec;
class InjectedHang;

struct ContextOptions {
  // Empty: the best device (discrete GPU, integrated, then CPU); else an index or a name
  // substring. The SORTSCOPE_DEVICE variable is used when this is empty.
  std::string device_selector;
  // Enables VK_LAYER_KHRONOS_validation and records every warning and error it reports. Also on
  // when SORTSCOPE_VALIDATION=1.
  bool validation = false;
  std::vector<std::string> instance_extensions;  // e.g. what GLFW needs for a surface
  std::vector<std::string> device_extensions;    // e.g. VK_KHR_swapchain
  // Longest wait for one submission before it counts as hung (GpuError), in seconds. 0: the
  // SORTSCOPE_GPU_TIMEOUT_S variable, else scaled to the work (gpu_time_limit_s).
  double gpu_timeout_s = 0;
  // Asks the driver to keep per-pipeline statistics (registers, shared memory, spills...)
  // through VK_KHR_pipeline_executable_properties, when the device offers it; see
  // Context::kernel_statistics_enabled() and core/kernel_statistics.hpp.
  bool kernel_statistics = false;
};

// How long a submission expected to take `expected_ms` may run before its fence counts as hung:
// k_gpu_time_factor times that, at least k_min_gpu_time_limit_s. Submissions of plans are kept
// near 100 ms (plan/submission_split.hpp), so a GPU that stops answering is reported within
// seconds instead of waited on without end.
inline constexpr double k_min_gpu_time_limit_s = 20;
inline constexpr double k_gpu_time_factor = 50;
double gpu_time_limit_s(double expected_ms);

// Test-only fault injection at the submit wrapper, so the error paths can be exercised on any
// device: SORTSCOPE_INJECT_FAULT=device-lost@K, timeout@K or hang@K makes the K-th submission
// (1-based) (of the first context to get that far) fail, once per process: as if the device was
// lost; as if its fence had signalled late (the work finishes: the slow GPU, waited for); or
// through a wait that lasts past the fence's limit and the wait after it (the hung GPU, given up;
// core/injected_hang.hpp, ended and waited for once the context is destroyed).
struct InjectedFault {
  enum class Kind { none, device_lost, timeout, hang } kind = Kind::none;
  std::uint64_t submission = 0;
};
// Parses the variable's value; throws UsageError for a malformed one.
InjectedFault parse_injected_fault(const std::string& text);

// Warnings and errors the validation layer reported, kept so tests and tools can fail on them.
class ValidationLog {
 public:
  void add(std::string message);
  std::size_t count() const;
  std::vector<std::string> messages() const;
  // The messages so far, leaving the log empty: a test harness pins each on the test that made it.
  std::vector<std::string> take();

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> messages_;
};

struct DeviceReport {
  DeviceProperties properties;
  std::string rejection;  // why sortscope cannot use it; empty when usable
};

class Context {
 public:
  explicit Context(const ContextOptions& options = {});
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  // Every device the loader reports, with its properties and whether sortscope can use it.
  static std::vector<DeviceReport> enumerate_devices();

  const DeviceProperties& properties() const { return properties_; }
  const vk::raii::Instance& instance() const { return instance_; }
  const vk::raii::PhysicalDevice& physical_device() const { return physical_device_; }
  const vk::raii::Device& device() const { return device_; }
  const vk::raii::Queue& queue() const { return queue_; }
  std::uint32_t queue_family() const { return queue_family_; }
  const ValidationLog& validation_log() const { return *validation_log_; }
  ValidationLog& validation_log() { return *validation_log_; }
  bool validation_enabled() const { return validation_enabled_; }
  // ContextOptions::kernel_statistics was asked for and the device supports it: kernels are
  // created with their statistics captured.
  bool kernel_statistics_enabled() const { return kernel_statistics_enabled_; }
  // Whether pipelines can turn off bounds checks on storage buffers (VK_EXT_pipeline_robustness;
  // KernelSpec::buffer_bounds_checks): NVIDIA's driver checks every buffer access against the
  // buffer's size otherwise, though the device's robustBufferAccess is off.
  bool pipeline_robustness_enabled() const { return pipeline_robustness_enabled_; }

  // Records commands into a fresh command buffer, submits them and waits for completion. Throws
  // GpuError naming `what` when the device is lost or the wait exceeds the time limit (the
  // options' gpu_timeout_s, else gpu_time_limit_s(expected_ms)); the context is then lost() and
  // refuses further work. One rule for every failure after the submission: no exception leaves
  // before the GPU is known to be done with what the commands used (the wait goes on as long
  // again as the limit), or, where it is not, before the device has been given up
  // (core/device_quarantine.hpp), so the callers' buffers can be freed as the exception unwinds.
  void run_commands(const std::function<void(const vk::raii::CommandBuffer&)>& record,
                    const std::string& what = "a transfer", double expected_ms = 0) const;
  bool lost() const { return lost_; }
  // A submission did not finish even after the wait for it to drain: the device was given up
  // (quarantined), nothing made on it is freed and nothing waits for it any more.
  bool hung() const { return hung_; }
  // vkDeviceWaitIdle for destructors: a lost device's error is ignored instead of thrown.
  void wait_idle_noexcept() const noexcept;

  // Compiled pipelines are shared: lavapipe compiles each through LLVM, which is slow.
  const Kernel& kernel(const KernelSpec& spec) const;

 private:
  // Members are destroyed in reverse order: kernels and the pool before the device, the device
  // before the messenger and the instance.
  vk::raii::Context vk_context_;
  vk::raii::Instance instance_ = nullptr;
  std::unique_ptr<ValidationLog> validation_log_;
  vk::raii::DebugUtilsMessengerEXT messenger_ = nullptr;
  vk::raii::PhysicalDevice physical_device_ = nullptr;
  DeviceProperties properties_;
  std::uint32_t queue_family_ = 0;
  vk::raii::Device device_ = nullptr;
  vk::raii::Queue queue_ = nullptr;
  vk::raii::CommandPool command_pool_ = nullptr;
  vk::raii::Fence fence_ = nullptr;
  bool validation_enabled_ = false;
  bool kernel_statistics_enabled_ = false;
  bool pipeline_robustness_enabled_ = false;
  double gpu_timeout_s_ = 0;  // 0: scaled to each submission's expected time
  InjectedFault fault_;
  mutable std::unique_ptr<InjectedHang> injected_hang_;  // made for an injected hang only
  mutable std::uint64_t submissions_ = 0;
  mutable bool lost_ = false;
  mutable bool hung_ = false;
  mutable std::map<std::string, std::unique_ptr<Kernel>> kernels_;

  // After a failed wait for fence_: waits as long again as `limit_s` (Ctrl-C ends the wait);
  // true when the GPU finished or was lost, false when it was given up as hung. Marks lost_.
  bool settle_after_failure(double limit_s) const;
};

}  // namespace ss
