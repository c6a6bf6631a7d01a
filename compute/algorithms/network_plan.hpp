#pragma once
// Pieces every comparator-network plan shares: its buffers, its kernel specialization, and the
// comparators of a step for the views, computed by the same header functions the kernels run.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "plan/plan.hpp"

namespace ss {

// Buffers 0 keys, 1 values, 2 stats, 3 the disabled-comparator mask (a stub while none is
// disabled); one kernel; in-place, so results stay in buffer 0.
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
  // Taken out of the network (SortSpec::disabled): drawn but not run, so the kernel leaves the
  // two wires as they are.
  bool disabled = false;
};

// The comparators of a network step (empty for other steps), in increasing left wire; those the
// spec disables are included with `disabled` set.
std::vector<Comparator> step_comparators(const Step& step);

// Takes the spec's disabled comparators out of a finished network plan: records them in each
// step's disabled_lefts, fills the mask buffer and builds the kernel with its mask constant.
// Throws UsageError naming the valid range (1-based, as users number them) for a layer or index
// that does not exist, or an n above k_disable_max_n.
void apply_disabled_comparators(Plan& plan);

// Workgroup size for network kernels: 256 where the device allows, fewer otherwise.
std::uint32_t network_workgroup_size(const DeviceLimits& limits);

}  // namespace ss
