#include "algorithms/transposition.hpp"

#include <string>

#include "algorithms/network_plan.hpp"

namespace ss {

Plan plan_transposition(const SortSpec& spec, const DeviceLimits& limits) {
  const std::uint32_t workgroup = network_workgroup_size(limits);
  Plan plan = network_plan_skeleton("transposition", spec, "transposition.comp",
                                    sizeof(gpu::TranspositionPass), workgroup);
  if (spec.n < 2) return plan;

  const std::uint64_t element_bytes = key_bytes(spec.key_type) + (spec.pairs ? 4u : 0u);
  plan.steps.reserve(spec.n);
  for (std::uint32_t pass = 0; pass < spec.n; ++pass) {
    gpu::TranspositionPass p{};
    p.n = spec.n;
    p.parity = pass & 1u;
    p.pass = pass;
    const std::uint32_t comparators = gpu::transposition_comparators(spec.n, p.parity);
    const GroupCount groups = groups_for(comparators, workgroup, limits);
    p.groups_x = groups.x;
    // Passes counted from 1 and the pairs named as the narration names them.
    Step& step =
        add_network_step(plan,
                         "pass " + std::to_string(pass + 1) +
                             (p.parity ? ": pairs (1,2), (3,4), ..." : ": pairs (0,1), (2,3), ..."),
                         push_bytes(p), groups, p);
    step.kind = p.parity ? "odd pass" : "even pass";
    step.bytes_read = 2ull * comparators * element_bytes;
    step.bytes_written = step.bytes_read;
  }
  return plan;
}

}  // namespace ss
