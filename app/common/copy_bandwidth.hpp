#pragma once
// The device's measured copy bandwidth: the ceiling a sort's effective GB/s is read against, and
// the upper bound the throughput plot draws. A copy kernel (compute/shaders/copy_bandwidth.comp,
// one uvec4 per invocation) is timed through the same Runner and warm-up as the sorts, once per
// device: the figure is kept in memory for the process and in a small JSON cache file, keyed by
// the device's name, driver and API version, so the app and the CLI do not measure it again.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

namespace ss {

class Context;
struct DeviceProperties;
struct Plan;

struct CopyBandwidth {
  double gb_per_s = 0;      // 2 x bytes (read + written) / median ms, 1 GB = 1e9 bytes
  std::uint64_t bytes = 0;  // size of the copied buffer
  double ms = 0;            // median run
  std::string date;         // when it was measured (UTC)
  bool from_cache = false;  // read from memory or the cache file instead of measured now
};

// The plan of one copy of `bytes` (a multiple of 16) from the keys buffer to a second buffer,
// viewed as u32 keys so the Runner can restore and time it like a sort.
Plan copy_plan(std::uint64_t bytes, const DeviceProperties& device);

// The buffer a measurement copies: 256 MiB on a GPU (far beyond any last-level cache), 64 MiB
// on a CPU device, less where the device's buffer range or memory is smaller.
std::uint64_t copy_measurement_bytes(const DeviceProperties& device);

// Times the copy kernel (warm-up, then `reps` runs; the median) and checks the copy is exact.
// `before_run(i)` is called before each run, as in time_plan (throw there to stop).
CopyBandwidth measure_copy_bandwidth(const Context& context, std::uint64_t bytes, int reps,
                                     const std::function<void(int)>& before_run = {});

// sortscope/copy-bandwidth.json in the user's cache folder (platform/user_folders.hpp:
// $XDG_CACHE_HOME or ~/.cache; %LOCALAPPDATA%); empty when there is none.
std::filesystem::path default_copy_cache_file();

// The cache's key of a device: its name, driver and Vulkan version.
std::string copy_cache_key(const DeviceProperties& device);

// Drops the device's figure from this process's memory (not from the cache file), so the next
// device_copy_bandwidth() reads the file or measures again.
void forget_copy_bandwidth(const Context& context);

// The device's copy bandwidth: from this process's memory, else the cache file, else measured
// (copy_measurement_bytes, 10 runs) and stored in both. A cache file that cannot be read or
// written only costs a new measurement: the bandwidth is a convenience, never worth an error.
CopyBandwidth device_copy_bandwidth(
    const Context& context, const std::function<void(int)>& before_run = {},
    const std::filesystem::path& cache_file = default_copy_cache_file());

}  // namespace ss
