#include "plan/plan.hpp"

#include <algorithm>
#include <optional>

#include "core/errors.hpp"

namespace ss {

GroupCount groups_for(std::uint64_t invocations, std::uint32_t workgroup_size,
                      const DeviceLimits& limits) {
  const std::uint64_t total = (invocations + workgroup_size - 1) / workgroup_size;
  GroupCount g;
  if (total == 0) return g;
  const std::uint64_t max_x = limits.max_workgroup_count[0];
  g.x = static_cast<std::uint32_t>(std::min(total, max_x));
  const std::uint64_t y = (total + g.x - 1) / g.x;
  if (y > limits.max_workgroup_count[1]) {
    throw UsageError("the dispatch needs " + std::to_string(total) +
                     " workgroups, more than the device can launch");
  }
  g.y = static_cast<std::uint32_t>(y);
  return g;
}

std::uint64_t plan_bytes(const Plan& plan, bool instrumented) {
  std::uint64_t total = 0;
  for (const PlanBuffer& b : plan.buffers) {
    if (!b.instrumentation_only || instrumented) total += b.bytes;
  }
  return total;
}

Plan expand_phases(const Plan& plan) {
  if (plan.phases_expanded) return plan;
  Plan expanded = plan;
  expanded.steps.clear();
  expanded.phases_expanded = true;
  expanded.whole_steps = plan.steps.size();
  for (std::size_t i = 0; i < plan.steps.size(); ++i) {
    const Step& step = plan.steps[i];
    if (step.phases.empty()) {
      expanded.steps.push_back(step);
      expanded.steps.back().whole_step = static_cast<std::uint32_t>(i);
      continue;
    }
    for (std::size_t j = 0; j < step.phases.size(); ++j) {
      Step phase = step.phases[j];
      phase.whole_step = static_cast<std::uint32_t>(i);
      phase.phase = static_cast<std::uint32_t>(j + 1);
      phase.phase_count = static_cast<std::uint32_t>(step.phases.size());
      expanded.steps.push_back(std::move(phase));
    }
  }
  return expanded;
}

bool has_phases(const Plan& plan) {
  return std::any_of(plan.steps.begin(), plan.steps.end(),
                     [](const Step& s) { return !s.phases.empty(); });
}

std::size_t whole_step_count(const Plan& plan) {
  return plan.phases_expanded ? plan.whole_steps : plan.steps.size();
}

std::string step_number(const Plan& plan, std::size_t index) {
  if (!plan.phases_expanded) return std::to_string(index + 1);
  const Step& step = plan.steps.at(index);
  const std::string whole = std::to_string(step.whole_step + 1);
  return step.phase == 0 ? whole : whole + '.' + std::to_string(step.phase);
}

namespace {
std::string mib(std::uint64_t bytes) {
  return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB";
}

// Why the plan does not fit the device (check_plan_fits), or nothing.
std::optional<std::string> plan_misfit(const Plan& plan, const DeviceLimits& limits,
                                       const std::string& device_name) {
  const std::string what = plan.algorithm + " with n = " + std::to_string(plan.spec.n) + " " +
                           std::string(to_string(plan.spec.key_type)) + " keys";
  const std::uint64_t key_bytes_each = key_bytes(plan.spec.key_type);
  for (const PlanBuffer& b : plan.buffers) {
    if (b.instrumentation_only) continue;
    if (b.bytes > limits.max_storage_buffer_range) {
      return what + " needs a " + mib(b.bytes) + " '" + b.name + "' buffer; " + device_name +
             " binds at most " + mib(limits.max_storage_buffer_range) +
             " per storage buffer (n <= " +
             std::to_string(limits.max_storage_buffer_range / key_bytes_each) + ")";
    }
    if (b.bytes > limits.max_allocation_size) {
      return what + " needs a " + mib(b.bytes) + " '" + b.name + "' buffer; " + device_name +
             " allocates at most " + mib(limits.max_allocation_size) + " at once";
    }
  }
  const std::uint64_t total = plan_bytes(plan, false);
  // Leave room for staging copies and the driver's own allocations.
  const std::uint64_t budget = limits.device_local_memory / 10 * 9;
  if (total > budget) {
    return what + " needs " + mib(total) + " of GPU memory; " + device_name + " has " +
           mib(limits.device_local_memory);
  }
  return std::nullopt;
}
}  // namespace

bool plan_fits(const Plan& plan, const DeviceLimits& limits) {
  return !plan_misfit(plan, limits, "the device").has_value();
}

void check_plan_fits(const Plan& plan, const DeviceLimits& limits, const std::string& device_name) {
  if (auto misfit = plan_misfit(plan, limits, device_name)) throw UsageError(*misfit);
}

std::string tiles_text(std::uint32_t tile_keys, std::uint32_t threads,
                       std::uint32_t keys_per_thread, bool tuned) {
  std::string text = std::string(tuned ? "tuned" : "teaching") + " tiles of " +
                     std::to_string(tile_keys) + " keys (" + std::to_string(threads) +
                     " threads x " + std::to_string(keys_per_thread) +
                     (keys_per_thread == 1 ? " key" : " keys");
  const std::uint64_t slots = std::uint64_t(threads) * keys_per_thread;
  if (slots > tile_keys) text += ", " + std::to_string(slots - tile_keys) + " slots empty";
  return text + ")";
}

}  // namespace ss
