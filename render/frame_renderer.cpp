#include "render/frame_renderer.hpp"

#include "core/context.hpp"
#include "render/offscreen_target.hpp"

namespace ss::render {

FrameRenderer::FrameRenderer(const Context& context, vk::Format format,
                             vk::ImageLayout final_layout, std::uint32_t image_count, UiStyle style)
    : render_pass_(make_render_pass(context.device(), format, final_layout)) {
  imgui_ = std::make_unique<ImGuiLayer>(context, *render_pass_, image_count, style);
  bars_ = std::make_unique<BarsView>(context, *render_pass_);
}

void FrameRenderer::record(const vk::raii::CommandBuffer& cmd, vk::Framebuffer framebuffer,
                           vk::Extent2D extent) {
  // The stepper's kernels (and restore or upload copies) wrote the keys, flags and marks in an
  // earlier submission on this queue; the bars' vertex shader reads them.
  const vk::MemoryBarrier writes_to_draw(
      vk::AccessFlagBits::eShaderWrite | vk::AccessFlagBits::eTransferWrite,
      vk::AccessFlagBits::eShaderRead);
  cmd.pipelineBarrier(
      vk::PipelineStageFlagBits::eComputeShader | vk::PipelineStageFlagBits::eTransfer,
      vk::PipelineStageFlagBits::eVertexShader, {}, writes_to_draw, {}, {});
  const ImVec4 bg = palette(imgui_->style()).background;
  const vk::ClearValue clear(vk::ClearColorValue(std::array<float, 4>{bg.x, bg.y, bg.z, 1.0f}));
  cmd.beginRenderPass(
      vk::RenderPassBeginInfo(*render_pass_, framebuffer, vk::Rect2D({0, 0}, extent), clear),
      vk::SubpassContents::eInline);
  bars_->record(cmd, extent, bg);
  imgui_->record(cmd);
  cmd.endRenderPass();
}

}  // namespace ss::render
