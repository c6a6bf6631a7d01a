#pragma once
// The app's one frame in flight: its command buffer and the fence that says the GPU is done with
// it, which a presenter (window or offscreen) waits for before it records the next frame. Made
// signalled, so the first frame does not wait.
#include <utility>

#include <vulkan/vulkan_raii.hpp>

#include "core/context.hpp"

namespace ss::gui {

struct FrameCommands {
  explicit FrameCommands(const Context& context)
      : done(context.device(), vk::FenceCreateInfo(vk::FenceCreateFlagBits::eSignaled)),
        pool(context.device(),
             vk::CommandPoolCreateInfo(vk::CommandPoolCreateFlagBits::eResetCommandBuffer,
                                       context.queue_family())),
        cmd(std::move(
            vk::raii::CommandBuffers(context.device(), {*pool, vk::CommandBufferLevel::ePrimary, 1})
                .front())) {}

  // Destroyed in reverse: the command buffer before its pool.
  vk::raii::Fence done;
  vk::raii::CommandPool pool;
  vk::raii::CommandBuffer cmd;
};

}  // namespace ss::gui
