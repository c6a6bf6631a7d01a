#pragma once
// Pieces every comparator-network plan shares: its buffers, its kernel specialization, and the
// comparators of a step for the views, computed by the same header functions the kernels run.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "plan/plan.hpp"

namespace ss {

// Buffers 0 keys, 1 values, 2 stats; one kernel; in-place, so results stay in buffer 0.
Plan network_plan_skeleton(std::string algorithm, const SortSpec& spec, const std::string& shader,
                           std::uint32_t push_size, std::uint32_t workgroup_size);

// Adds one dispatch of the network kernel covering `invocations` threads.
Step& add_network_step(Plan& plan, std::string label, std::vector<std::byte> push,
                       GroupCount groups, StepView view);

struct Comparator {
  std::uint32_t left;   // lower wire; receives the smaller key
  std::uint32_t right;  // upper wire
  // Global invocation index that executes it; its workgroup is invocation / workgroup size.
  std::uint32_t invocation = 0;
};

// The comparators a network step executes (empty for other steps), in increasing left wire.
std::vector<Comparator> step_comparators(const Step& step);

// Workgroup size for network kernels: 256 where the device allows, fewer otherwise.
std::uint32_t network_workgroup_size(const DeviceLimits& limits);

}  // namespace ss
