// shared_memory_residency: how many workgroups of one compute pipeline an NVIDIA GPU's SM runs at
// once under its Vulkan driver, for workgroups that declare a given amount of shared memory. It is
// the occupancy fact behind onesweep's tile shapes (BENCHMARKS.md): CUDA sets the shared-memory
// carveout per kernel, a Vulkan pipeline cannot. Each workgroup counts itself live on its SM
// (gl_SMIDNV, VK_NV_shader_sm_builtins) while its first invocation spins; the table reports the
// highest count any SM reached.
//
// Usage: shared_memory_residency [--spins N] [THREADS:BYTES ...]
//   THREADS:BYTES  a workgroup size and the shared memory it declares; without any, a sweep of
//                  128-, 384- and 512-thread workgroups over 1 KiB to 48 KiB
//   --spins N      iterations of the spin (default 100000, some 0.2 ms on an H100)
// Exit code 2 on bad arguments or a device without VK_NV_shader_sm_builtins.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

namespace {

constexpr std::uint32_t k_spirv[] =
#include "shared_memory_residency.spv.inc"
    ;

constexpr std::uint32_t k_max_sms = 1024;      // MAX_SMS in the shader
constexpr std::uint32_t k_groups_per_sm = 40;  // enough waves that every SM fills up
constexpr char k_extension[] = "VK_NV_shader_sm_builtins";

struct Shape {
  std::uint32_t threads = 0;
  std::uint32_t bytes = 0;
};

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::uint32_t parse_uint(std::string_view text, std::string_view what) {
  std::uint32_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    throw UsageError(std::string(what) + ": '" + std::string(text) + "' is not a whole number");
  }
  return value;
}

std::vector<Shape> default_shapes() {
  std::vector<Shape> shapes;
  for (std::uint32_t threads : {128u, 384u, 512u}) {
    for (std::uint32_t kib : {1u, 8u, 12u, 16u, 20u, 24u, 25u, 28u, 32u, 40u, 48u}) {
      shapes.push_back({threads, kib * 1024u});
    }
  }
  return shapes;
}

// The first physical device that has the SM built-ins, and its SM count.
std::pair<vk::raii::PhysicalDevice, std::uint32_t> find_device(const vk::raii::Instance& instance) {
  for (vk::raii::PhysicalDevice& gpu : instance.enumeratePhysicalDevices()) {
    const auto extensions = gpu.enumerateDeviceExtensionProperties();
    const bool has = std::any_of(extensions.begin(), extensions.end(), [](const auto& e) {
      return std::strcmp(e.extensionName, k_extension) == 0;
    });
    if (!has) continue;
    const auto chain = gpu.getProperties2<vk::PhysicalDeviceProperties2,
                                          vk::PhysicalDeviceShaderSMBuiltinsPropertiesNV>();
    const std::uint32_t sms =
        chain.get<vk::PhysicalDeviceShaderSMBuiltinsPropertiesNV>().shaderSMCount;
    return {std::move(gpu), sms};
  }
  throw UsageError(std::string("no Vulkan device has ") + k_extension +
                   " (NVIDIA GPUs do): the probe needs each workgroup's SM id");
}

std::uint32_t find_memory_type(const vk::PhysicalDeviceMemoryProperties& memory,
                               std::uint32_t allowed, vk::MemoryPropertyFlags wanted) {
  for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    if ((allowed >> i & 1u) && (memory.memoryTypes[i].propertyFlags & wanted) == wanted) return i;
  }
  throw std::runtime_error("no host-visible, host-coherent memory for the probe's counters");
}

int run(std::uint32_t spins, const std::vector<Shape>& shapes) {
  const vk::raii::Context context;
  const vk::ApplicationInfo app("shared_memory_residency", 1, nullptr, 0, VK_API_VERSION_1_3);
  const vk::raii::Instance instance(context, vk::InstanceCreateInfo({}, &app));
  auto [gpu, sms] = find_device(instance);
  const vk::PhysicalDeviceProperties properties = gpu.getProperties();
  const std::uint32_t max_shared = properties.limits.maxComputeSharedMemorySize;

  const float priority = 1.0f;
  const vk::DeviceQueueCreateInfo queue_info({}, 0, 1, &priority);  // family 0 computes on NVIDIA
  vk::PhysicalDeviceShaderSMBuiltinsFeaturesNV sm_builtins(VK_TRUE);
  const char* extension = k_extension;
  const vk::DeviceCreateInfo device_info({}, queue_info, {}, extension, nullptr, &sm_builtins);
  const vk::raii::Device device(gpu, device_info);
  const vk::raii::Queue queue(device, 0, 0);

  const std::uint32_t groups = std::max(sms, 1u) * k_groups_per_sm;
  const vk::DeviceSize size =
      (2u * k_max_sms + groups) * sizeof(std::uint32_t);  // live, peak, sink
  const vk::raii::Buffer buffer(
      device, vk::BufferCreateInfo({}, size, vk::BufferUsageFlagBits::eStorageBuffer));
  const vk::MemoryRequirements needs = buffer.getMemoryRequirements();
  const vk::raii::DeviceMemory memory(
      device, vk::MemoryAllocateInfo(
                  needs.size, find_memory_type(gpu.getMemoryProperties(), needs.memoryTypeBits,
                                               vk::MemoryPropertyFlagBits::eHostVisible |
                                                   vk::MemoryPropertyFlagBits::eHostCoherent)));
  buffer.bindMemory(*memory, 0);
  auto* counts = static_cast<std::uint32_t*>(memory.mapMemory(0, size));

  const vk::DescriptorSetLayoutBinding binding(0, vk::DescriptorType::eStorageBuffer, 1,
                                               vk::ShaderStageFlagBits::eCompute);
  const vk::raii::DescriptorSetLayout set_layout(device,
                                                 vk::DescriptorSetLayoutCreateInfo({}, binding));
  const vk::PushConstantRange push(vk::ShaderStageFlagBits::eCompute, 0, sizeof(std::uint32_t));
  const vk::raii::PipelineLayout layout(device,
                                        vk::PipelineLayoutCreateInfo({}, *set_layout, push));
  const vk::DescriptorPoolSize pool_size(vk::DescriptorType::eStorageBuffer, 1);
  const vk::raii::DescriptorPool pool(
      device, vk::DescriptorPoolCreateInfo(vk::DescriptorPoolCreateFlagBits::eFreeDescriptorSet, 1,
                                           pool_size));
  vk::raii::DescriptorSets sets(device, vk::DescriptorSetAllocateInfo(*pool, *set_layout));
  const vk::DescriptorBufferInfo buffer_info(*buffer, 0, VK_WHOLE_SIZE);
  device.updateDescriptorSets(
      vk::WriteDescriptorSet(*sets[0], 0, 0, vk::DescriptorType::eStorageBuffer, {}, buffer_info),
      {});
  const vk::raii::ShaderModule module(device,
                                      vk::ShaderModuleCreateInfo({}, sizeof k_spirv, k_spirv));
  const vk::raii::CommandPool command_pool(
      device, vk::CommandPoolCreateInfo(vk::CommandPoolCreateFlagBits::eResetCommandBuffer, 0));
  vk::raii::CommandBuffers commands(
      device, vk::CommandBufferAllocateInfo(*command_pool, vk::CommandBufferLevel::ePrimary, 1));
  const vk::raii::CommandBuffer& command = commands[0];
  const vk::raii::Fence fence(device, vk::FenceCreateInfo());

  std::printf("%s: %u SMs, maxComputeSharedMemorySize %u bytes, %u workgroups per shape\n",
              properties.deviceName.data(), sms, max_shared, groups);
  std::printf("%8s %8s %16s %16s\n", "threads", "bytes", "workgroups/SM", "shared/SM (KiB)");
  for (const Shape& shape : shapes) {
    if (shape.bytes > max_shared ||
        shape.threads > properties.limits.maxComputeWorkGroupInvocations) {
      std::printf("%8u %8u  skipped: over the device's limits\n", shape.threads, shape.bytes);
      continue;
    }
    const std::uint32_t constants[2] = {shape.threads, std::max(shape.bytes / 4u, 1u)};
    const vk::SpecializationMapEntry entries[2] = {{0, 0, 4}, {1, 4, 4}};
    const vk::SpecializationInfo specialization(2, entries, sizeof constants, constants);
    const vk::raii::Pipeline pipeline(
        device, nullptr,
        vk::ComputePipelineCreateInfo(
            {},
            vk::PipelineShaderStageCreateInfo({}, vk::ShaderStageFlagBits::eCompute, *module,
                                              "main", &specialization),
            *layout));
    std::memset(counts, 0, size);
    command.begin(vk::CommandBufferBeginInfo(vk::CommandBufferUsageFlagBits::eOneTimeSubmit));
    command.bindPipeline(vk::PipelineBindPoint::eCompute, *pipeline);
    command.bindDescriptorSets(vk::PipelineBindPoint::eCompute, *layout, 0, *sets[0], {});
    command.pushConstants<std::uint32_t>(*layout, vk::ShaderStageFlagBits::eCompute, 0, spins);
    command.dispatch(groups, 1, 1);
    command.end();
    queue.submit(vk::SubmitInfo({}, {}, *command), *fence);
    if (device.waitForFences(*fence, VK_TRUE, UINT64_MAX) != vk::Result::eSuccess) {
      throw std::runtime_error("the probe's dispatch did not finish");
    }
    device.resetFences(*fence);
    command.reset();
    std::uint32_t peak = 0;
    for (std::uint32_t sm = 0; sm < k_max_sms; ++sm) peak = std::max(peak, counts[k_max_sms + sm]);
    std::printf("%8u %8u %16u %16.1f\n", shape.threads, shape.bytes, peak,
                peak * shape.bytes / 1024.0);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::uint32_t spins = 100000;
    std::vector<Shape> shapes;
    for (int i = 1; i < argc; ++i) {
      const std::string_view arg = argv[i];
      if (arg == "--spins") {
        if (++i == argc) throw UsageError("--spins needs a number");
        spins = parse_uint(argv[i], "--spins");
      } else if (const auto colon = arg.find(':'); colon != std::string_view::npos) {
        shapes.push_back({parse_uint(arg.substr(0, colon), "threads"),
                          parse_uint(arg.substr(colon + 1), "bytes")});
        if (shapes.back().threads == 0) throw UsageError("a workgroup needs at least one thread");
      } else {
        throw UsageError("'" + std::string(arg) + "': expected THREADS:BYTES or --spins N");
      }
    }
    return run(spins, shapes.empty() ? default_shapes() : shapes);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "shared_memory_residency: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "shared_memory_residency: %s\n", e.what());
    return 1;
  }
}
