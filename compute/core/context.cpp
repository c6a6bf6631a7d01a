#include "core/context.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <utility>

#include "core/device_quarantine.hpp"
#include "core/errors.hpp"
#include "core/injected_hang.hpp"
#include "core/interrupt.hpp"
#include "core/kernel.hpp"
#include "platform/graphics_driver.hpp"

namespace ss {

namespace {

constexpr const char* k_validation_layer = "VK_LAYER_KHRONOS_validation";
constexpr std::uint32_t k_required_api = VK_API_VERSION_1_3;

bool env_flag(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && std::string(value) != "" && std::string(value) != "0";
}

std::string version_string(std::uint32_t v) {
  return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) +
         "." + std::to_string(VK_API_VERSION_PATCH(v));
}

DeviceKind kind_of(vk::PhysicalDeviceType type) {
  switch (type) {
    case vk::PhysicalDeviceType::eDiscreteGpu:
      return DeviceKind::discrete;
    case vk::PhysicalDeviceType::eIntegratedGpu:
      return DeviceKind::integrated;
    case vk::PhysicalDeviceType::eVirtualGpu:
      return DeviceKind::virtual_gpu;
    case vk::PhysicalDeviceType::eCpu:
      return DeviceKind::cpu;
    default:
      return DeviceKind::other;
  }
}

bool lists_device_extension(const vk::raii::PhysicalDevice& gpu, std::string_view name) {
  const auto extensions = gpu.enumerateDeviceExtensionProperties();
  return std::any_of(extensions.begin(), extensions.end(), [name](const auto& e) {
    return std::string_view(e.extensionName.data()) == name;
  });
}

DeviceProperties read_properties(const vk::raii::PhysicalDevice& gpu) {
  auto chain =
      gpu.getProperties2<vk::PhysicalDeviceProperties2, vk::PhysicalDeviceVulkan11Properties,
                         vk::PhysicalDeviceVulkan13Properties, vk::PhysicalDeviceDriverProperties,
                         vk::PhysicalDeviceMaintenance3Properties,
                         vk::PhysicalDeviceSubgroupProperties>();
  const auto& base = chain.get<vk::PhysicalDeviceProperties2>().properties;
  const auto& v11 = chain.get<vk::PhysicalDeviceVulkan11Properties>();
  const auto& v13 = chain.get<vk::PhysicalDeviceVulkan13Properties>();
  const auto& driver = chain.get<vk::PhysicalDeviceDriverProperties>();
  const auto& m3 = chain.get<vk::PhysicalDeviceMaintenance3Properties>();

  auto features =
      gpu.getFeatures2<vk::PhysicalDeviceFeatures2, vk::PhysicalDeviceVulkan13Features>();

  DeviceProperties p;
  p.name = base.deviceName.data();
  p.kind = kind_of(base.deviceType);
  p.driver = std::string(driver.driverName.data());
  if (driver.driverInfo[0] != '\0') p.driver += ": " + std::string(driver.driverInfo.data());
  p.api_version = version_string(base.apiVersion);
  p.vendor_id = base.vendorID;
  p.subgroup_size = v11.subgroupSize;
  p.min_subgroup_size = v13.minSubgroupSize;
  p.max_subgroup_size = v13.maxSubgroupSize;
  const auto& f13 = features.get<vk::PhysicalDeviceVulkan13Features>();
  p.subgroup_size_control = f13.subgroupSizeControl && f13.computeFullSubgroups &&
                            (v13.requiredSubgroupSizeStages & vk::ShaderStageFlagBits::eCompute);
  p.max_workgroup_subgroups = v13.maxComputeWorkgroupSubgroups;
  p.shader_int64 = features.get<vk::PhysicalDeviceFeatures2>().features.shaderInt64;
  const auto& sub = chain.get<vk::PhysicalDeviceSubgroupProperties>();
  p.subgroup_partitioned =
      lists_device_extension(gpu, VK_NV_SHADER_SUBGROUP_PARTITIONED_EXTENSION_NAME) &&
      (sub.supportedOperations & vk::SubgroupFeatureFlagBits::ePartitionedNV) &&
      (sub.supportedStages & vk::ShaderStageFlagBits::eCompute);
  p.max_shared_memory = base.limits.maxComputeSharedMemorySize;
  p.max_workgroup_invocations = base.limits.maxComputeWorkGroupInvocations;
  for (int i = 0; i < 3; ++i) p.max_workgroup_count[i] = base.limits.maxComputeWorkGroupCount[i];
  p.max_storage_buffer_range = base.limits.maxStorageBufferRange;
  p.max_allocation_size = m3.maxMemoryAllocationSize;
  p.max_push_constants = base.limits.maxPushConstantsSize;
  p.timestamp_period_ns = base.limits.timestampPeriod;
  const auto memory = gpu.getMemoryProperties();
  for (std::uint32_t h = 0; h < memory.memoryHeapCount; ++h) {
    if (memory.memoryHeaps[h].flags & vk::MemoryHeapFlagBits::eDeviceLocal) {
      p.device_local_memory =
          std::max<std::uint64_t>(p.device_local_memory, memory.memoryHeaps[h].size);
    }
  }
  return p;
}

// The queue family sortscope uses: compute with timestamps, preferring one that also does
// graphics so the app can draw from the buffers on the same queue.
std::optional<std::uint32_t> pick_queue_family(const vk::raii::PhysicalDevice& gpu) {
  const auto families = gpu.getQueueFamilyProperties();
  std::optional<std::uint32_t> compute_only;
  for (std::uint32_t i = 0; i < families.size(); ++i) {
    const auto& f = families[i];
    if (!(f.queueFlags & vk::QueueFlagBits::eCompute) || f.timestampValidBits == 0) continue;
    if (f.queueFlags & vk::QueueFlagBits::eGraphics) return i;
    if (!compute_only) compute_only = i;
  }
  return compute_only;
}

std::string rejection_reason(const vk::raii::PhysicalDevice& gpu, const DeviceProperties& p) {
  const auto base = gpu.getProperties();
  if (base.apiVersion < k_required_api) {
    return "Vulkan " + p.api_version + " is older than the 1.3 sortscope needs";
  }
  if (!pick_queue_family(gpu)) return "no compute queue with timestamps";
  auto chain =
      gpu.getProperties2<vk::PhysicalDeviceProperties2, vk::PhysicalDeviceSubgroupProperties>();
  const auto& sub = chain.get<vk::PhysicalDeviceSubgroupProperties>();
  const auto needed = vk::SubgroupFeatureFlagBits::eBasic |
                      vk::SubgroupFeatureFlagBits::eArithmetic |
                      vk::SubgroupFeatureFlagBits::eBallot | vk::SubgroupFeatureFlagBits::eShuffle;
  if ((sub.supportedOperations & needed) != needed ||
      !(sub.supportedStages & vk::ShaderStageFlagBits::eCompute)) {
    return "compute shaders lack subgroup basic/arithmetic/ballot/shuffle operations";
  }
  return {};
}

// VK_KHR_pipeline_executable_properties with its pipelineExecutableInfo feature.
bool supports_kernel_statistics(const vk::raii::PhysicalDevice& gpu) {
  if (!lists_device_extension(gpu, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME)) {
    return false;
  }
  auto features = gpu.getFeatures2<vk::PhysicalDeviceFeatures2,
                                   vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR>();
  return features.get<vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR>()
             .pipelineExecutableInfo == VK_TRUE;
}

// VK_EXT_pipeline_robustness with its pipelineRobustness feature.
bool supports_pipeline_robustness(const vk::raii::PhysicalDevice& gpu) {
  if (!lists_device_extension(gpu, VK_EXT_PIPELINE_ROBUSTNESS_EXTENSION_NAME)) return false;
  auto features = gpu.getFeatures2<vk::PhysicalDeviceFeatures2,
                                   vk::PhysicalDevicePipelineRobustnessFeaturesEXT>();
  return features.get<vk::PhysicalDevicePipelineRobustnessFeaturesEXT>().pipelineRobustness ==
         VK_TRUE;
}

VKAPI_ATTR VkBool32 VKAPI_CALL on_validation_message(
    VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT,
    const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
  const char* level =
      severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT ? "error" : "warning";
  std::string message = std::string("validation ") + level + ": " +
                        (data->pMessage != nullptr ? data->pMessage : "(no message)");
  std::cerr << message << "\n";
  static_cast<ValidationLog*>(user)->add(std::move(message));
  return VK_FALSE;
}

std::vector<const char*> c_strings(const std::vector<std::string>& strings) {
  std::vector<const char*> out;
  for (const auto& s : strings) out.push_back(s.c_str());
  return out;
}

// vk::raii::Context opens the Vulkan loader (libvulkan.so.1, vulkan-1.dll), which comes with the
// driver: without one it throws a bare "Failed to load vulkan library!". Nothing calls Vulkan
// before this (the Windows import library loads vulkan-1.dll late, docs/windows-build.md).
vk::raii::Context load_vulkan_loader() {
  try {
    return vk::raii::Context();
  } catch (const std::runtime_error&) {
    throw SetupError("the Vulkan loader could not be loaded, so no Vulkan driver is installed; " +
                     platform::vulkan_driver_advice());
  }
}

vk::raii::Instance make_instance(const vk::raii::Context& context, bool validation,
                                 const std::vector<std::string>& extra_extensions) {
  std::vector<std::string> extensions = extra_extensions;
  std::vector<const char*> layers;
  if (validation) {
    const auto available = context.enumerateInstanceLayerProperties();
    const bool found = std::any_of(available.begin(), available.end(), [](const auto& layer) {
      return std::string_view(layer.layerName.data()) == k_validation_layer;
    });
    if (!found) {
      throw SetupError(
          "validation was requested but VK_LAYER_KHRONOS_validation is not installed; " +
          platform::validation_layer_advice());
    }
    layers.push_back(k_validation_layer);
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  }
  const auto extension_names = c_strings(extensions);
  vk::ApplicationInfo app("sortscope", VK_MAKE_API_VERSION(0, 0, 1, 0), "sortscope",
                          VK_MAKE_API_VERSION(0, 0, 1, 0), k_required_api);
  vk::InstanceCreateInfo info({}, &app, layers, extension_names);
  try {
    return vk::raii::Instance(context, info);
  } catch (const vk::IncompatibleDriverError&) {
    throw SetupError("no Vulkan driver could be loaded; " + platform::vulkan_driver_advice());
  } catch (const vk::ExtensionNotPresentError& e) {
    throw SetupError(
        std::string("the Vulkan loader lacks an instance extension sortscope needs: ") + e.what());
  }
}

}  // namespace

void ValidationLog::add(std::string message) {
  std::lock_guard lock(mutex_);
  messages_.push_back(std::move(message));
}

std::size_t ValidationLog::count() const {
  std::lock_guard lock(mutex_);
  return messages_.size();
}

std::vector<std::string> ValidationLog::messages() const {
  std::lock_guard lock(mutex_);
  return messages_;
}

std::vector<std::string> ValidationLog::take() {
  std::lock_guard lock(mutex_);
  return std::exchange(messages_, {});
}

std::vector<DeviceReport> Context::enumerate_devices() {
  const vk::raii::Context context = load_vulkan_loader();
  vk::raii::Instance instance = make_instance(context, false, {});
  std::vector<DeviceReport> reports;
  for (const auto& gpu : vk::raii::PhysicalDevices(instance)) {
    DeviceReport report;
    report.properties = read_properties(gpu);
    report.rejection = rejection_reason(gpu, report.properties);
    reports.push_back(std::move(report));
  }
  return reports;
}

Context::Context(const ContextOptions& options)
    : vk_context_(load_vulkan_loader()), validation_log_(std::make_unique<ValidationLog>()) {
  validation_enabled_ = options.validation || env_flag("SORTSCOPE_VALIDATION");
  instance_ = make_instance(vk_context_, validation_enabled_, options.instance_extensions);
  if (validation_enabled_) {
    using Severity = vk::DebugUtilsMessageSeverityFlagBitsEXT;
    using Type = vk::DebugUtilsMessageTypeFlagBitsEXT;
    vk::DebugUtilsMessengerCreateInfoEXT info(
        {}, Severity::eWarning | Severity::eError,
        Type::eGeneral | Type::eValidation | Type::ePerformance, &on_validation_message,
        validation_log_.get());
    messenger_ = vk::raii::DebugUtilsMessengerEXT(instance_, info);
  }

  vk::raii::PhysicalDevices gpus(instance_);
  std::vector<DeviceCandidate> candidates;
  for (const auto& gpu : gpus) {
    DeviceProperties p = read_properties(gpu);
    candidates.push_back({p.name, p.kind, rejection_reason(gpu, p)});
  }
  std::string selector = options.device_selector;
  if (selector.empty()) {
    if (const char* env = std::getenv("SORTSCOPE_DEVICE")) selector = env;
  }
  const std::size_t chosen = choose_device(candidates, selector);
  physical_device_ = std::move(gpus[chosen]);
  properties_ = read_properties(physical_device_);
  queue_family_ = *pick_queue_family(physical_device_);

  // Optional features are enabled when present; kernels that need one ask properties() first.
  auto supported =
      physical_device_.getFeatures2<vk::PhysicalDeviceFeatures2, vk::PhysicalDeviceVulkan12Features,
                                    vk::PhysicalDeviceVulkan13Features>();
  const auto& s10 = supported.get<vk::PhysicalDeviceFeatures2>().features;
  const auto& s12 = supported.get<vk::PhysicalDeviceVulkan12Features>();
  const auto& s13 = supported.get<vk::PhysicalDeviceVulkan13Features>();
  vk::StructureChain<vk::PhysicalDeviceFeatures2, vk::PhysicalDeviceVulkan12Features,
                     vk::PhysicalDeviceVulkan13Features>
      enabled;
  auto& e10 = enabled.get<vk::PhysicalDeviceFeatures2>().features;
  e10.shaderInt64 = s10.shaderInt64;
  auto& e12 = enabled.get<vk::PhysicalDeviceVulkan12Features>();
  e12.vulkanMemoryModel = s12.vulkanMemoryModel;
  e12.vulkanMemoryModelDeviceScope = s12.vulkanMemoryModelDeviceScope;
  e12.hostQueryReset = s12.hostQueryReset;
  e12.shaderInt8 = s12.shaderInt8;
  e12.storageBuffer8BitAccess = s12.storageBuffer8BitAccess;
  auto& e13 = enabled.get<vk::PhysicalDeviceVulkan13Features>();
  e13.subgroupSizeControl = s13.subgroupSizeControl;
  e13.computeFullSubgroups = s13.computeFullSubgroups;
  e13.synchronization2 = s13.synchronization2;
  e13.maintenance4 = s13.maintenance4;

  // Pipeline statistics only on request: capturing them may cost the driver time per pipeline.
  std::vector<std::string> extensions = options.device_extensions;
  vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR executable_info;
  if (options.kernel_statistics && supports_kernel_statistics(physical_device_)) {
    extensions.push_back(VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
    executable_info.pipelineExecutableInfo = VK_TRUE;
    executable_info.pNext = e13.pNext;
    e13.pNext = &executable_info;
    kernel_statistics_enabled_ = true;
  }

  // No feature to enable: the extension adds SPIR-V's partitioned operations, which only
  // onesweep_pass_partitioned.comp uses (DeviceLimits::subgroup_partitioned picks it).
  if (properties_.subgroup_partitioned) {
    extensions.push_back(VK_NV_SHADER_SUBGROUP_PARTITIONED_EXTENSION_NAME);
  }

  vk::PhysicalDevicePipelineRobustnessFeaturesEXT robustness_info;
  if (supports_pipeline_robustness(physical_device_)) {
    extensions.push_back(VK_EXT_PIPELINE_ROBUSTNESS_EXTENSION_NAME);
    robustness_info.pipelineRobustness = VK_TRUE;
    robustness_info.pNext = e13.pNext;
    e13.pNext = &robustness_info;
    pipeline_robustness_enabled_ = true;
  }

  const float priority = 1.0f;
  vk::DeviceQueueCreateInfo queue_info({}, queue_family_, 1, &priority);
  const auto device_extensions = c_strings(extensions);
  vk::DeviceCreateInfo device_info({}, queue_info, {}, device_extensions, nullptr);
  device_info.pNext = &enabled.get<vk::PhysicalDeviceFeatures2>();
  device_ = vk::raii::Device(physical_device_, device_info);
  queue_ = vk::raii::Queue(device_, queue_family_, 0);
  command_pool_ = vk::raii::CommandPool(
      device_, vk::CommandPoolCreateInfo(vk::CommandPoolCreateFlagBits::eResetCommandBuffer |
                                             vk::CommandPoolCreateFlagBits::eTransient,
                                         queue_family_));
  fence_ = vk::raii::Fence(device_, vk::FenceCreateInfo());

  gpu_timeout_s_ = options.gpu_timeout_s;
  if (gpu_timeout_s_ <= 0) {
    const char* env = std::getenv("SORTSCOPE_GPU_TIMEOUT_S");
    gpu_timeout_s_ = env != nullptr ? std::atof(env) : 0;
    if (!(gpu_timeout_s_ > 0)) gpu_timeout_s_ = 0;
  }
  if (const char* env = std::getenv("SORTSCOPE_INJECT_FAULT")) fault_ = parse_injected_fault(env);
}

Context::~Context() {
  if (hung_) {
    // Everything made on this context is gone by now, kept by the quarantine. The injected hang,
    // unlike a real one, can be ended, so that nothing of it runs on after the process.
    if (injected_hang_) injected_hang_->end_and_wait(*fence_);
    // The given-up device keeps its objects (core/device_quarantine.hpp); the instance under it
    // and the log its validation messages go to stay too.
    keep_until_exit(static_cast<const void*>(messenger_.release()));
    keep_until_exit(static_cast<const void*>(instance_.release()));
    keep_until_exit(validation_log_.release());
    return;
  }
  wait_idle_noexcept();
}

void Context::wait_idle_noexcept() const noexcept {
  // A lost device answers VK_ERROR_DEVICE_LOST here; destructors must not throw. A hung one
  // might never answer.
  if (*device_ && !hung_) (void)device_.getDispatcher()->vkDeviceWaitIdle(*device_);
}

double gpu_time_limit_s(double expected_ms) {
  return std::max(k_min_gpu_time_limit_s, k_gpu_time_factor * expected_ms * 1e-3);
}

InjectedFault parse_injected_fault(const std::string& text) {
  InjectedFault fault;
  if (text.empty()) return fault;
  const auto at = text.find('@');
  const std::string kind = text.substr(0, at);
  const std::string bad = "SORTSCOPE_INJECT_FAULT='" + text +
                          "' is not device-lost@K, timeout@K or hang@K (K = the submission to "
                          "fail, 1..)";
  if (kind == "device-lost") {
    fault.kind = InjectedFault::Kind::device_lost;
  } else if (kind == "timeout") {
    fault.kind = InjectedFault::Kind::timeout;
  } else if (kind == "hang") {
    fault.kind = InjectedFault::Kind::hang;
  } else {
    throw UsageError(bad);
  }
  try {
    fault.submission = at == std::string::npos ? 1 : std::stoull(text.substr(at + 1));
  } catch (const std::exception&) {
    throw UsageError(bad);
  }
  if (fault.submission == 0) throw UsageError(bad);
  return fault;
}

void Context::run_commands(const std::function<void(const vk::raii::CommandBuffer&)>& record,
                           const std::string& what, double expected_ms) const {
  if (lost_) {
    throw GpuError("the GPU " + properties_.name +
                   " was lost earlier; nothing more can run on this connection to it");
  }
  vk::raii::CommandBuffers buffers(
      device_, vk::CommandBufferAllocateInfo(*command_pool_, vk::CommandBufferLevel::ePrimary, 1));
  vk::raii::CommandBuffer& cmd = buffers[0];
  cmd.begin(vk::CommandBufferBeginInfo(vk::CommandBufferUsageFlagBits::eOneTimeSubmit));
  record(cmd);
  ++submissions_;
  // Once per process, so the app's new connection after an injected loss works.
  static std::atomic<bool> injected_once{false};
  const bool injected = fault_.kind != InjectedFault::Kind::none &&
                        submissions_ == fault_.submission && !injected_once.exchange(true);
  if (injected && fault_.kind == InjectedFault::Kind::hang) {
    injected_hang_ = std::make_unique<InjectedHang>(*this);
    injected_hang_->record(cmd);
  }
  cmd.end();
  const double limit_s = gpu_timeout_s_ > 0 ? gpu_timeout_s_ : gpu_time_limit_s(expected_ms);
  auto fail = [&](const std::string& why, const std::string& then = "") {
    lost_ = true;
    return GpuError("the GPU " + properties_.name + " " + why + " while running " + what + then +
                    "; the result is lost. Check the driver's log (e.g. dmesg), then run again");
  };
  try {
    if (injected && fault_.kind == InjectedFault::Kind::device_lost) {
      throw vk::DeviceLostError("injected by SORTSCOPE_INJECT_FAULT");
    }
    queue_.submit(vk::SubmitInfo({}, {}, *cmd), *fence_);
  } catch (const vk::DeviceLostError&) {
    throw fail("was lost (VK_ERROR_DEVICE_LOST)");
  }
  // Submitted: until the fence signals, the GPU may use everything `record` named, and the
  // callers' buffers are freed as soon as an exception leaves here. So no exception leaves before
  // the GPU is known to be done (settle_after_failure), or the device has been given up.
  vk::Result result = vk::Result::eSuccess;
  try {
    result = device_.waitForFences(*fence_, VK_TRUE, static_cast<std::uint64_t>(limit_s * 1e9));
  } catch (const vk::DeviceLostError&) {
    // A lost device runs nothing more: what the submission used may be freed.
    throw fail("was lost (VK_ERROR_DEVICE_LOST)");
  } catch (...) {
    (void)settle_after_failure(limit_s);
    throw;
  }
  // An injected timeout: the work finished, but is reported as if its fence had been late.
  if (injected && fault_.kind == InjectedFault::Kind::timeout) result = vk::Result::eTimeout;
  if (result == vk::Result::eTimeout) {
    std::ostringstream limit;
    limit << limit_s;
    const std::string late = "did not finish within " + limit.str() + " s";
    const std::string limit_note =
        gpu_timeout_s_ > 0 ? " (the limit is SORTSCOPE_GPU_TIMEOUT_S)"
                           : " (the limit: " + std::to_string(int(k_gpu_time_factor)) +
                                 " times the time the work was expected to take, at least " +
                                 std::to_string(int(k_min_gpu_time_limit_s)) +
                                 " s; SORTSCOPE_GPU_TIMEOUT_S sets another)";
    const bool settled = settle_after_failure(limit_s);
    if (!settled) {
      throw fail(late + " and seems hung" + limit_note,
                 ": sortscope gave the device up, freeing nothing the GPU may still use");
    }
    throw fail(late + limit_note, "; sortscope waited for it to stop before freeing its memory");
  }
  if (result != vk::Result::eSuccess) throw fail("failed (" + vk::to_string(result) + ")");
  device_.resetFences(*fence_);
}

bool Context::settle_after_failure(double limit_s) const {
  lost_ = true;
  // A slow GPU (lavapipe on a big step) finishes: wait for it as long again as the limit, in
  // slices so that Ctrl-C ends the wait at once.
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  try {
    for (;;) {
      const double left_s = limit_s - std::chrono::duration<double>(Clock::now() - start).count();
      const double slice_s = std::clamp(left_s, 0.0, 0.1);
      if (device_.waitForFences(*fence_, VK_TRUE, std::uint64_t(slice_s * 1e9)) ==
          vk::Result::eSuccess) {
        return true;
      }
      if (left_s <= 0 || interrupt_requested()) break;
    }
  } catch (const vk::DeviceLostError&) {
    return true;  // lost: nothing runs any more
  }
  // A real hang: nothing says when the GPU stops using what it was given.
  hung_ = true;
  quarantine(device_);
  return false;
}

const Kernel& Context::kernel(const KernelSpec& spec) const {
  const std::string key = spec.cache_key();
  auto it = kernels_.find(key);
  if (it == kernels_.end()) {
    it = kernels_.emplace(key, std::make_unique<Kernel>(*this, spec)).first;
  }
  return *it->second;
}

}  // namespace ss
