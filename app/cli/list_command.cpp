#include <iostream>

#include <nlohmann/json.hpp>

#include "algorithms/algorithm.hpp"
#include "cli/commands.hpp"
#include "cli/sample_sort_command.hpp"
#include "core/context.hpp"
#include "platform/graphics_driver.hpp"

namespace ss::cli {

namespace {

std::string mib(std::uint64_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

}  // namespace

Command add_list_command(CLI::App& app) {
  auto* sub = app.add_subcommand("list", "list the algorithms and the Vulkan devices");
  auto json = std::make_shared<bool>(false);
  sub->add_flag("--json", *json, "print one JSON object");
  return [json] {
    nlohmann::json out;
    out["algorithms"] = nlohmann::json::array();
    for (const Algorithm& a : algorithms()) {
      out["algorithms"].push_back(
          {{"name", a.name}, {"summary", a.summary}, {"stable", a.stable}, {"max_n", a.max_n}});
    }
    out["devices"] = nlohmann::json::array();
    std::vector<DeviceReport> devices;
    std::string device_error;
    try {
      devices = Context::enumerate_devices();
    } catch (const std::exception& e) {
      device_error = e.what();
    }
    for (std::size_t i = 0; i < devices.size(); ++i) {
      const DeviceProperties& p = devices[i].properties;
      out["devices"].push_back({{"index", i},
                                {"name", p.name},
                                {"type", to_string(p.kind)},
                                {"driver", p.driver},
                                {"vulkan", p.api_version},
                                {"subgroup_size", p.subgroup_size},
                                {"shared_memory_bytes", p.max_shared_memory},
                                {"max_buffer_bytes", p.max_storage_buffer_range},
                                {"device_memory_bytes", p.device_local_memory},
                                {"usable", devices[i].rejection.empty()},
                                {"rejection", devices[i].rejection}});
    }
    if (*json) {
      std::cout << out.dump(2) << "\n";
    } else {
      std::cout << "algorithms:\n";
      for (const Algorithm& a : algorithms()) {
        std::cout << "  " << a.name
                  << std::string(16 - std::min<std::size_t>(15, a.name.size()), ' ') << a.summary
                  << "\n";
      }
      std::cout
          << "  sample-sort     sample sort over MPI ranks, each sorting its part on its own GPU "
             "(--local onesweep|radix4|mergesort), exchanging by splitters and merging on the "
             "GPU: "
          << (sample_sort_built() ? "mpirun -np R sortscope-cli run --algo sample-sort ..."
                                  : "this build has no MPI; a Linux build with Open MPI "
                                    "installed runs it")
          << "\n";
      std::cout << "devices:\n";
      for (std::size_t i = 0; i < devices.size(); ++i) {
        const DeviceProperties& p = devices[i].properties;
        std::cout << "  [" << i << "] " << p.name << " (" << to_string(p.kind) << ")\n"
                  << "      driver " << p.driver << ", Vulkan " << p.api_version << "\n"
                  << "      subgroup size " << p.subgroup_size << ", shared memory "
                  << p.max_shared_memory / 1024 << " KiB, max buffer "
                  << mib(p.max_storage_buffer_range) << ", memory " << mib(p.device_local_memory)
                  << "\n";
        if (!devices[i].rejection.empty()) {
          std::cout << "      not usable: " << devices[i].rejection << "\n";
        }
      }
      if (devices.empty()) {
        // The error, when there is one, already says what to install.
        std::cout << "  none: "
                  << (device_error.empty() ? platform::vulkan_driver_advice() : device_error)
                  << "\n";
      }
    }
    return k_exit_ok;
  };
}

}  // namespace ss::cli
