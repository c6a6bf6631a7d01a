#include "render/frame_renderer.hpp"

#include "core/context.hpp"
#include "render/offscreen_target.hpp"

namespace ss::render {

FrameRenderer::FrameRenderer(const Context& context, vk::Format format,
                             vk::ImageLayout final_layout, std::uint32_t image_count, UiStyle style)
    : render_pass_(make_render_pass(context.device(), format, final_layout)) {
  imgui_ = std::make_unique<ImGuiLayer>(context, *render_pass_, image_count, style);
  bars_ = std::make_unique<BarsView>(context, *render_pass_);
  race_bars_ = std::make_unique<BarsView>(context, *render_pass_);
}

void FrameRenderer::record(const vk::raii::CommandBuffer& cmd, vk::Framebuffer framebuffer,
                           vk::Extent2D extent) {
  // The stepper's kernels (and restore or upload copies) wrote the keys, flags and marks in an
  // earlier submission on this queue; the bars' pre-pass reads them, and rewrites the buffers
  // the previous frame's draws read.
  const vk::MemoryBarrier writes_to_prepass(
      vk::AccessFlagBits::eShaderWrite | vk::AccessFlagBits::eTransferWrite,
      vk::AccessFlagBits::eShaderRead | vk::AccessFlagBits::eShaderWrite |
          vk::AccessFlagBits::eTransferWrite);
  cmd.pipelineBarrier(
      vk::PipelineStageFlagBits::eComputeShader | vk::PipelineStageFlagBits::eTransfer |
          vk::PipelineStageFlagBits::eVertexShader | vk::PipelineStageFlagBits::eFragmentShader,
      vk::PipelineStageFlagBits::eComputeShader | vk::PipelineStageFlagBits::eTransfer, {},
      writes_to_prepass, {}, {});
  if (timestamps_) {
    cmd.resetQueryPool(timestamps_, 0, k_timestamps);
    cmd.writeTimestamp(vk::PipelineStageFlagBits::eTopOfPipe, timestamps_, 0);
  }
  const ImVec4 bg = palette(imgui_->style()).background;
  bars_->prepare(cmd, extent, bg);
  race_bars_->prepare(cmd, extent, bg);
  const vk::MemoryBarrier prepass_to_draw(vk::AccessFlagBits::eShaderWrite,
                                          vk::AccessFlagBits::eShaderRead);
  cmd.pipelineBarrier(
      vk::PipelineStageFlagBits::eComputeShader,
      vk::PipelineStageFlagBits::eVertexShader | vk::PipelineStageFlagBits::eFragmentShader, {},
      prepass_to_draw, {}, {});
  const vk::ClearValue clear(vk::ClearColorValue(std::array<float, 4>{bg.x, bg.y, bg.z, 1.0f}));
  cmd.beginRenderPass(
      vk::RenderPassBeginInfo(*render_pass_, framebuffer, vk::Rect2D({0, 0}, extent), clear),
      vk::SubpassContents::eInline);
  bars_->record(cmd);
  race_bars_->record(cmd);
  if (timestamps_) cmd.writeTimestamp(vk::PipelineStageFlagBits::eBottomOfPipe, timestamps_, 1);
  imgui_->record(cmd);
  cmd.endRenderPass();
  if (timestamps_) cmd.writeTimestamp(vk::PipelineStageFlagBits::eBottomOfPipe, timestamps_, 2);
}

}  // namespace ss::render
