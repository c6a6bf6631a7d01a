#include "core/injected_hang.hpp"

#include "core/context.hpp"

namespace ss {

InjectedHang::InjectedHang(const Context& context)
    : event_(context.device(), vk::EventCreateInfo()) {}

void InjectedHang::record(const vk::raii::CommandBuffer& cmd) const {
  // The host stage: the event is set by vkSetEvent, not by a command.
  cmd.waitEvents(*event_, vk::PipelineStageFlagBits::eHost, vk::PipelineStageFlagBits::eAllCommands,
                 {}, {}, {});
}

void InjectedHang::end() const {
  event_.set();
}

}  // namespace ss
