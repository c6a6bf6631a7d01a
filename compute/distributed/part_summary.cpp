#include "distributed/part_summary.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/context.hpp"
#include "core/kernel.hpp"
#include "distributed/kernel_bindings.hpp"
#include "plan/device_limits.hpp"
#include "plan/plan.hpp"
#include "shaders/common/part_check.h"

namespace ss {

namespace {

void set_part_ends(PartSummary& summary, const KeyArray& ends, std::size_t first, std::size_t last,
                   bool descending) {
  if (summary.count == 0) return;
  summary.first_key = encoded_key(ends, first, descending);
  summary.last_key = encoded_key(ends, last, descending);
  if (ends.has_values) {
    summary.first_value = ends.values[first];
    summary.last_value = ends.values[last];
  }
}

}  // namespace

PartSummary summarize_on_host(const KeyArray& keys, bool descending) {
  PartSummary summary;
  summary.count = keys.size();
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::uint64_t bits = keys.bits(i);
    const auto lo = static_cast<std::uint32_t>(bits);
    const auto hi = static_cast<std::uint32_t>(bits >> 32);
    const std::uint32_t value = keys.has_values ? keys.values[i] : 0;
    summary.digest_a += gpu::part_check_hash(lo, hi, value, gpu::PART_CHECK_SEED_A);
    summary.digest_b += gpu::part_check_hash(lo, hi, value, gpu::PART_CHECK_SEED_B);
    if (i + 1 < keys.size()) {
      const std::uint64_t a = encoded_key(keys, i, descending);
      const std::uint64_t b = encoded_key(keys, i + 1, descending);
      if (b < a) ++summary.out_of_order;
      if (keys.has_values && a == b && keys.values[i + 1] < value) ++summary.unstable;
    }
  }
  set_part_ends(summary, keys, 0, keys.size() - 1, descending);
  return summary;
}

namespace {

const Kernel& part_check_kernel(const Context& context) {
  KernelSpec spec;
  spec.shader = "part_check.comp";
  spec.workgroup_size = std::min(256u, context.properties().max_workgroup_invocations);
  spec.bindings = gpu::PART_CHECK_BINDING_COUNT;
  spec.push_size = sizeof(gpu::PartCheck);
  return context.kernel(spec);
}

}  // namespace

PartSummary summarize_on_gpu(const Context& context, const Buffer& keys, const Buffer* values,
                             std::uint64_t n, KeyType type, bool descending) {
  if (n >= (std::uint64_t{1} << 32)) {
    throw std::logic_error("summarize_on_gpu: " + std::to_string(n) + " keys, 32-bit positions");
  }
  PartSummary summary;
  summary.count = n;
  if (n == 0) return summary;
  const Kernel& kernel = part_check_kernel(context);
  const Buffer result(context, 4u * gpu::PART_CHECK_RESULT_WORDS, storage_usage(),
                      MemoryKind::readback);
  const KernelBindings bindings(context, kernel,
                                std::initializer_list<std::vector<const Buffer*>>{
                                    {&keys, values != nullptr ? values : &keys, &result}});
  const GroupCount groups =
      groups_for((n + gpu::PART_CHECK_ITEMS - 1) / gpu::PART_CHECK_ITEMS,
                 kernel.spec().workgroup_size, DeviceLimits::from(context.properties()));
  const gpu::PartCheck push{static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(type),
                            descending ? 1u : 0u, values != nullptr ? 1u : 0u, groups.x};
  context.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) {
        cmd.fillBuffer(result.handle(), 0, VK_WHOLE_SIZE, 0);
        full_barrier(cmd);
        bindings.dispatch(cmd, 0, push, groups);
        compute_to_host_barrier(cmd);
      },
      "the check of " + std::to_string(n) + " keys on the GPU");
  std::array<std::uint32_t, gpu::PART_CHECK_RESULT_WORDS> words{};
  std::memcpy(words.data(), result.mapped(), sizeof(words));
  summary.out_of_order = words[gpu::PART_CHECK_RESULT_OUT_OF_ORDER];
  summary.unstable = words[gpu::PART_CHECK_RESULT_UNSTABLE];
  summary.digest_a = words[gpu::PART_CHECK_RESULT_DIGEST_A];
  summary.digest_b = words[gpu::PART_CHECK_RESULT_DIGEST_B];
  KeyArray ends;  // the first and the last key as the kernel read them
  ends.type = type;
  ends.has_values = values != nullptr;
  for (std::uint32_t at : {gpu::PART_CHECK_RESULT_FIRST, gpu::PART_CHECK_RESULT_LAST}) {
    ends.push_back_bits(words[at] | std::uint64_t(words[at + 1]) << 32);
    if (ends.has_values) ends.values.push_back(words[at + 2]);
  }
  set_part_ends(summary, ends, 0, 1, descending);
  return summary;
}

void make_part_check_kernel(const Context& context) {
  part_check_kernel(context);
}

}  // namespace ss
