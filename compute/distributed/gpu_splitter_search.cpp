#include "distributed/gpu_splitter_search.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

#include "core/context.hpp"
#include "core/kernel.hpp"
#include "distributed/kernel_bindings.hpp"
#include "plan/device_limits.hpp"
#include "plan/plan.hpp"
#include "shaders/common/sample_sort.h"

namespace ss {

SplitterFinder::SplitterFinder(const Context& context, const Buffer& sorted_keys, std::uint32_t n,
                               KeyType type, bool descending, std::uint32_t max_splitters)
    : context_(context),
      n_(n),
      type_(type),
      descending_(descending),
      capacity_(std::max(max_splitters, 1u)) {
  KernelSpec spec;
  spec.shader = "splitter_search.comp";
  spec.workgroup_size = std::min(64u, context.properties().max_workgroup_invocations);
  spec.bindings = gpu::SPLITTER_SEARCH_BINDING_COUNT;
  spec.push_size = sizeof(gpu::SplitterSearch);
  kernel_ = &context.kernel(spec);
  workgroup_size_ = spec.workgroup_size;
  words_ = Buffer(context, 8u * capacity_, storage_usage(), MemoryKind::upload);
  found_ = Buffer(context, 8u * capacity_, storage_usage(), MemoryKind::readback);
  bindings_ = std::make_unique<KernelBindings>(
      context, *kernel_,
      std::initializer_list<std::vector<const Buffer*>>{{&sorted_keys, &words_, &found_}});
}

SplitterFinder::~SplitterFinder() = default;

std::vector<SplitterBounds> SplitterFinder::find(std::span<const std::uint64_t> splitters) const {
  std::vector<SplitterBounds> bounds(splitters.size());
  if (splitters.empty()) return bounds;
  if (splitters.size() > capacity_) {
    throw std::logic_error("SplitterFinder::find: " + std::to_string(splitters.size()) +
                           " splitters, room for " + std::to_string(capacity_));
  }
  const auto count = static_cast<std::uint32_t>(splitters.size());
  for (std::uint32_t s = 0; s < count; ++s) {
    const std::uint32_t hi_lo[2] = {static_cast<std::uint32_t>(splitters[s] >> 32),
                                    static_cast<std::uint32_t>(splitters[s])};
    std::memcpy(words_.mapped() + 8u * s, hi_lo, 8);
  }
  gpu::SplitterSearch push{n_, count, static_cast<std::uint32_t>(type_), descending_ ? 1u : 0u};
  const GroupCount groups =
      groups_for(count, workgroup_size_, DeviceLimits::from(context_.properties()));
  context_.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) {
        full_barrier(cmd);
        bindings_->dispatch(cmd, 0, push, groups);
        compute_to_host_barrier(cmd);
      },
      "the splitters' search in the sorted keys");
  for (std::uint32_t s = 0; s < count; ++s) {
    std::uint32_t pair[2];
    std::memcpy(pair, found_.mapped() + 8u * s, 8);
    bounds[s] = {pair[0], pair[1]};
  }
  return bounds;
}

std::vector<SplitterBounds> find_splitters(const Context& context, const Buffer& sorted_keys,
                                           std::uint32_t n, KeyType type, bool descending,
                                           std::span<const std::uint64_t> splitters) {
  if (splitters.empty()) return {};
  const SplitterFinder finder(context, sorted_keys, n, type, descending,
                              static_cast<std::uint32_t>(splitters.size()));
  return finder.find(splitters);
}

}  // namespace ss
