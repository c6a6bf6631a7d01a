#include "distributed/device_key_reads.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/context.hpp"
#include "core/kernel.hpp"
#include "distributed/kernel_bindings.hpp"
#include "plan/device_limits.hpp"
#include "plan/plan.hpp"
#include "shaders/common/sample_sort.h"

namespace ss {

KeyGatherer::KeyGatherer(const Context& context, const Buffer& keys, const Buffer* values,
                         KeyType type, std::uint32_t max_count)
    : context_(context),
      type_(type),
      pairs_(values != nullptr),
      capacity_(std::max(max_count, 1u)) {
  KernelSpec spec;
  spec.shader = "gather_keys.comp";
  spec.workgroup_size = std::min(64u, context.properties().max_workgroup_invocations);
  spec.bindings = gpu::GATHER_KEYS_BINDING_COUNT;
  spec.push_size = sizeof(gpu::GatherKeys);
  kernel_ = &context.kernel(spec);
  workgroup_size_ = spec.workgroup_size;
  const vk::BufferUsageFlags usage = storage_usage();
  where_ = Buffer(context, vk::DeviceSize(4) * capacity_, usage, MemoryKind::upload);
  out_keys_ =
      Buffer(context, vk::DeviceSize(4) * key_words(type) * capacity_, usage, MemoryKind::readback);
  out_values_ =
      Buffer(context, pairs_ ? vk::DeviceSize(4) * capacity_ : 16, usage, MemoryKind::readback);
  const Buffer& in_values = values ? *values : out_values_;  // bound but unread without pairs
  bindings_ =
      std::make_unique<KernelBindings>(context, *kernel_,
                                       std::initializer_list<std::vector<const Buffer*>>{
                                           {&keys, &in_values, &where_, &out_keys_, &out_values_}});
}

KeyGatherer::~KeyGatherer() = default;

KeyArray KeyGatherer::read(std::span<const std::uint64_t> positions) const {
  KeyArray out;
  out.type = type_;
  out.has_values = pairs_;
  if (positions.empty()) return out;
  if (positions.size() > capacity_) {
    throw std::logic_error("KeyGatherer::read: " + std::to_string(positions.size()) +
                           " positions, room for " + std::to_string(capacity_));
  }
  const auto count = static_cast<std::uint32_t>(positions.size());
  const std::uint32_t words = key_words(type_);
  auto* where = reinterpret_cast<std::uint32_t*>(where_.mapped());
  for (std::uint32_t i = 0; i < count; ++i) {
    if (positions[i] > 0xffffffffull)
      throw std::invalid_argument("KeyGatherer::read: a position beyond 2^32");
    where[i] = static_cast<std::uint32_t>(positions[i]);
  }
  const GroupCount groups =
      groups_for(count, workgroup_size_, DeviceLimits::from(context_.properties()));
  const gpu::GatherKeys push{count, words, pairs_ ? 1u : 0u, groups.x};
  context_.run_commands(
      [&](const vk::raii::CommandBuffer& cmd) {
        full_barrier(cmd);
        bindings_->dispatch(cmd, 0, push, groups);
        compute_to_host_barrier(cmd);
      },
      "reading " + std::to_string(count) + " keys at given positions");
  out.words.resize(std::size_t(count) * words);
  std::memcpy(out.words.data(), out_keys_.mapped(), 4u * words * count);
  if (pairs_) {
    out.values.resize(count);
    std::memcpy(out.values.data(), out_values_.mapped(), 4u * count);
  }
  return out;
}

KeyArray read_keys_at(const Context& context, const Buffer& keys, const Buffer* values,
                      KeyType type, std::span<const std::uint64_t> positions) {
  if (positions.empty()) {
    KeyArray out;
    out.type = type;
    out.has_values = values != nullptr;
    return out;
  }
  const KeyGatherer gatherer(context, keys, values, type,
                             static_cast<std::uint32_t>(positions.size()));
  return gatherer.read(positions);
}

}  // namespace ss
