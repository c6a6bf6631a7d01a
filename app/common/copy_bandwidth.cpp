#include "common/copy_bandwidth.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <mutex>

#include <nlohmann/json.hpp>

#include "common/bench_model.hpp"
#include "core/atomic_file.hpp"
#include "core/context.hpp"
#include "core/errors.hpp"
#include "plan/plan.hpp"
#include "platform/user_folders.hpp"
#include "shaders/common/copy_kernel.h"

namespace ss {

namespace {

constexpr std::uint64_t k_vec4 = 16;

std::mutex& memory_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::map<std::string, CopyBandwidth>& memory() {
  static std::map<std::string, CopyBandwidth> cache;
  return cache;
}

nlohmann::json read_cache(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) return nlohmann::json::object();
  nlohmann::json json = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  return json.is_object() ? json : nlohmann::json::object();
}

}  // namespace

Plan copy_plan(std::uint64_t bytes, const DeviceProperties& device) {
  if (bytes == 0 || bytes % k_vec4 != 0 || bytes / 4 > UINT32_MAX) {
    throw UsageError("the copy measurement takes a multiple of 16 bytes below 16 GiB (got " +
                     std::to_string(bytes) + ")");
  }
  const DeviceLimits limits = DeviceLimits::from(device);
  Plan plan;
  plan.algorithm = "copy";
  plan.spec = SortSpec{std::uint32_t(bytes / 4), KeyType::u32, false, false};
  const std::uint32_t workgroup = std::min<std::uint32_t>(256, device.max_workgroup_invocations);
  plan.kernels.push_back(KernelSpec{
      "copy_bandwidth.comp", workgroup, {}, 2, std::uint32_t(sizeof(gpu::CopyKernel)), 0});
  plan.buffers = {{"source", bytes, false}, {"destination", bytes, false}};
  plan.keys_buffer = 0;
  plan.result_keys = 1;
  Step step;
  step.label = "copy " + std::to_string(bytes >> 20) + " MiB, one uvec4 per invocation";
  step.kind = "copy";
  step.bindings = {0, 1};
  step.groups = groups_for(bytes / k_vec4, workgroup, limits);
  step.push = push_bytes(gpu::CopyKernel{std::uint32_t(bytes / k_vec4), step.groups.x});
  step.bytes_read = bytes;
  step.bytes_written = bytes;
  step.keys_after = 1;
  plan.steps.push_back(std::move(step));
  check_plan_fits(plan, limits, device.name);
  return plan;
}

std::uint64_t copy_measurement_bytes(const DeviceProperties& device) {
  std::uint64_t bytes = device.kind == DeviceKind::cpu ? (64ull << 20) : (256ull << 20);
  bytes = std::min({bytes, device.max_storage_buffer_range, device.max_allocation_size,
                    device.device_local_memory / 8});
  return std::max<std::uint64_t>(bytes / k_vec4 * k_vec4, 1ull << 20);
}

CopyBandwidth measure_copy_bandwidth(const Context& context, std::uint64_t bytes, int reps,
                                     const std::function<void(int)>& before_run) {
  const Plan plan = copy_plan(bytes, context.properties());
  KeyArray input;
  input.words.resize(plan.spec.n);
  for (std::size_t i = 0; i < input.words.size(); ++i) {
    input.words[i] = std::uint32_t(i) * 0x9E3779B9u + 1u;
  }
  const TimedPlan timed = time_plan(context, plan, input, 1, std::max(1, reps), before_run);
  if (timed.result.words != input.words) {
    throw GpuError("the copy kernel's output differs from its input on " +
                   context.properties().name + ": the device cannot be trusted for timing");
  }
  CopyBandwidth result;
  result.bytes = bytes;
  result.ms = timed.runs[timed.median].total_ms;
  result.gb_per_s = result.ms > 0 ? 2.0 * double(bytes) / (result.ms * 1e6) : 0;
  result.date = today();
  return result;
}

std::string copy_cache_key(const DeviceProperties& p) {
  return p.name + " | " + p.driver + " | Vulkan " + p.api_version;
}

void forget_copy_bandwidth(const Context& context) {
  std::lock_guard lock(memory_mutex());
  memory().erase(copy_cache_key(context.properties()));
}

std::filesystem::path default_copy_cache_file() {
  const std::filesystem::path cache = platform::user_cache_folder();
  if (cache.empty()) return {};
  return cache / "sortscope" / "copy-bandwidth.json";
}

CopyBandwidth device_copy_bandwidth(const Context& context,
                                    const std::function<void(int)>& before_run,
                                    const std::filesystem::path& cache_file) {
  const std::string key = copy_cache_key(context.properties());
  {
    std::lock_guard lock(memory_mutex());
    auto found = memory().find(key);
    if (found != memory().end()) {
      CopyBandwidth cached = found->second;
      cached.from_cache = true;
      return cached;
    }
  }
  if (!cache_file.empty()) {
    const nlohmann::json cache = read_cache(cache_file);
    const auto entry = cache.find(key);
    if (entry != cache.end() && entry->is_object() && entry->value("gb_per_s", 0.0) > 0) {
      CopyBandwidth cached;
      cached.gb_per_s = entry->value("gb_per_s", 0.0);
      cached.bytes = entry->value("bytes", std::uint64_t{0});
      cached.ms = entry->value("ms", 0.0);
      cached.date = entry->value("date", std::string());
      {
        std::lock_guard lock(memory_mutex());
        memory()[key] = cached;
      }
      cached.from_cache = true;
      return cached;
    }
  }
  const CopyBandwidth measured =
      measure_copy_bandwidth(context, copy_measurement_bytes(context.properties()), 10, before_run);
  {
    std::lock_guard lock(memory_mutex());
    memory()[key] = measured;
  }
  if (!cache_file.empty()) {
    try {
      nlohmann::json cache = read_cache(cache_file);
      cache[key] = {{"gb_per_s", measured.gb_per_s},
                    {"bytes", measured.bytes},
                    {"ms", measured.ms},
                    {"date", measured.date}};
      std::filesystem::create_directories(cache_file.parent_path());
      write_file_atomically(cache_file, cache.dump(2) + "\n");
    } catch (const std::exception&) {
      // A read-only home or a full disk: the next process measures again, nothing is lost.
    }
  }
  return measured;
}

}  // namespace ss
