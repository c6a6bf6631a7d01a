#include "core/injected_hang.hpp"

#include <cstdint>

#include "core/context.hpp"

namespace ss {

namespace {
// How long end_and_wait waits: the GPU goes on at once when the event is set; the bound keeps a
// driver that never did from holding the process.
constexpr double k_injected_hang_end_s = 10;
}  // namespace

InjectedHang::InjectedHang(const Context& context)
    : event_(context.device(), vk::EventCreateInfo()),
      device_(static_cast<VkDevice>(*context.device())),
      driver_wait_(context.device().getDispatcher()->vkWaitForFences) {}

void InjectedHang::record(const vk::raii::CommandBuffer& cmd) const {
  // The host stage: the event is set by vkSetEvent, not by a command.
  cmd.waitEvents(*event_, vk::PipelineStageFlagBits::eHost, vk::PipelineStageFlagBits::eAllCommands,
                 {}, {}, {});
}

void InjectedHang::end_and_wait(vk::Fence fence) const {
  event_.set();
  const auto handle = static_cast<VkFence>(fence);
  (void)driver_wait_(device_, 1, &handle, VK_TRUE, std::uint64_t(k_injected_hang_end_s * 1e9));
}

}  // namespace ss
