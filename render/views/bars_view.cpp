#include "render/views/bars_view.hpp"

#include <algorithm>
#include <cmath>

#include "core/context.hpp"
#include "render/render_shaders.hpp"
#include "shaders/common/network_bindings.h"

namespace ss::render {

namespace {

constexpr std::uint32_t k_bindings = 5;   // keys, values, marks, stats, sources (bars.vert)
constexpr std::uint32_t k_vertices = 18;  // three quads per column (bars.vert)

vk::raii::ShaderModule module(const vk::raii::Device& device, std::string_view name) {
  const auto& shader = find_render_shader(name);
  return vk::raii::ShaderModule(device, vk::ShaderModuleCreateInfo({}, shader.spirv));
}

}  // namespace

BarsView::BarsView(const Context& context, vk::RenderPass render_pass) : context_(context) {
  const auto& device = context.device();
  std::vector<vk::DescriptorSetLayoutBinding> bindings;
  for (std::uint32_t b = 0; b < k_bindings; ++b)
    bindings.emplace_back(b, vk::DescriptorType::eStorageBuffer, 1,
                          vk::ShaderStageFlagBits::eVertex);
  set_layout_ =
      vk::raii::DescriptorSetLayout(device, vk::DescriptorSetLayoutCreateInfo({}, bindings));
  const vk::PushConstantRange push(vk::ShaderStageFlagBits::eVertex, 0, sizeof(gpu::BarsParams));
  layout_ = vk::raii::PipelineLayout(device, vk::PipelineLayoutCreateInfo({}, *set_layout_, push));

  const auto vert = module(device, "bars.vert");
  const auto frag = module(device, "bars.frag");
  const std::array stages = {
      vk::PipelineShaderStageCreateInfo({}, vk::ShaderStageFlagBits::eVertex, *vert, "main"),
      vk::PipelineShaderStageCreateInfo({}, vk::ShaderStageFlagBits::eFragment, *frag, "main")};
  const vk::PipelineVertexInputStateCreateInfo vertex_input;
  const vk::PipelineInputAssemblyStateCreateInfo assembly({}, vk::PrimitiveTopology::eTriangleList);
  const vk::PipelineViewportStateCreateInfo viewport({}, 1, nullptr, 1, nullptr);
  vk::PipelineRasterizationStateCreateInfo raster;
  raster.lineWidth = 1.0f;
  raster.cullMode = vk::CullModeFlagBits::eNone;
  const vk::PipelineMultisampleStateCreateInfo multisample;
  vk::PipelineColorBlendAttachmentState blend;
  blend.colorWriteMask = vk::ColorComponentFlagBits::eR | vk::ColorComponentFlagBits::eG |
                         vk::ColorComponentFlagBits::eB | vk::ColorComponentFlagBits::eA;
  const vk::PipelineColorBlendStateCreateInfo color_blend({}, false, vk::LogicOp::eCopy, blend);
  const std::array dynamic = {vk::DynamicState::eViewport, vk::DynamicState::eScissor};
  const vk::PipelineDynamicStateCreateInfo dynamic_state({}, dynamic);
  const vk::GraphicsPipelineCreateInfo info({}, stages, &vertex_input, &assembly, nullptr,
                                            &viewport, &raster, &multisample, nullptr, &color_blend,
                                            &dynamic_state, *layout_, render_pass);
  pipeline_ = vk::raii::Pipeline(device, nullptr, info);

  const vk::DescriptorPoolSize size(vk::DescriptorType::eStorageBuffer, k_bindings);
  pool_ = vk::raii::DescriptorPool(
      device,
      vk::DescriptorPoolCreateInfo(vk::DescriptorPoolCreateFlagBits::eFreeDescriptorSet, 1, size));
  set_ = std::move(vk::raii::DescriptorSets(device, {*pool_, *set_layout_}).front());
}

void BarsView::update(const StepState& state) {
  context_.device().waitIdle();
  n_ = state.n();
  key_type_ = state.plan != nullptr ? static_cast<std::uint32_t>(state.plan->spec.key_type) : 0;
  pairs_ = state.plan != nullptr && state.plan->spec.pairs;
  digits_.reset();
  if (state.radix) digits_ = state.radix->digits;
  range_ = state.range;
  merge_mode_ = gpu::BARS_COLOR_KEY;
  if (state.merge && state.merge->info.merging()) {
    merge_mode_ =
        state.merge->sources != nullptr ? gpu::BARS_COLOR_MERGE_SOURCE : gpu::BARS_COLOR_MERGE_LIST;
    merge_coop_ = state.merge->info.coop;
    merge_nv_ = state.merge->info.nv;
  }
  if (marks_capacity_ < std::max<std::uint32_t>(n_, 1) || marks_.size() == 0) {
    marks_capacity_ = std::max<std::uint32_t>(n_, 1);
    marks_ =
        Buffer(context_, vk::DeviceSize(marks_capacity_) * 4, storage_usage(), MemoryKind::device);
  }
  has_marks_ = !state.comparators.empty();
  has_flags_ = has_marks_ && state.stats != nullptr;
  if (has_marks_) {
    std::vector<std::uint32_t> marks(n_, 0);
    for (const Comparator& c : state.comparators) {
      marks[c.left] = c.right + 1;
      marks[c.right] = (c.left + 1) | gpu::MARK_RIGHT;
    }
    upload_words<std::uint32_t>(context_, marks_, marks);
  }
  if (state.keys == nullptr) return;
  const Buffer& stats = state.stats != nullptr ? *state.stats : marks_;
  const Buffer& sources =
      state.merge && state.merge->sources != nullptr ? *state.merge->sources : marks_;
  const std::array<vk::DescriptorBufferInfo, k_bindings> infos = {
      vk::DescriptorBufferInfo(state.keys->handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(state.values->handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(marks_.handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(stats.handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(sources.handle(), 0, VK_WHOLE_SIZE)};
  std::array<vk::WriteDescriptorSet, k_bindings> writes;
  for (std::uint32_t b = 0; b < k_bindings; ++b)
    writes[b] =
        vk::WriteDescriptorSet(*set_, b, 0, vk::DescriptorType::eStorageBuffer, {}, infos[b]);
  context_.device().updateDescriptorSets(writes, {});
}

void BarsView::queue(ImVec2 min, ImVec2 max, bool plan_colors) {
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const auto x0 = static_cast<std::int32_t>(std::lround(min.x * scale.x));
  const auto y0 = static_cast<std::int32_t>(std::lround(min.y * scale.y));
  const auto x1 = static_cast<std::int32_t>(std::lround(max.x * scale.x));
  const auto y1 = static_cast<std::int32_t>(std::lround(max.y * scale.y));
  if (x1 <= x0 || y1 <= y0) return;
  queued_.push_back(
      {vk::Rect2D({x0, y0}, {std::uint32_t(x1 - x0), std::uint32_t(y1 - y0)}), plan_colors});
}

void BarsView::record(const vk::raii::CommandBuffer& cmd, vk::Extent2D extent,
                      const ImVec4& background) {
  const auto draws = std::move(queued_);
  queued_.clear();
  if (n_ == 0) return;
  for (const Draw& draw : draws) {
    // Clip to the framebuffer: the viewport may not leave it.
    const std::int32_t x0 = std::max(draw.rect.offset.x, 0);
    const std::int32_t y0 = std::max(draw.rect.offset.y, 0);
    const std::int32_t x1 = std::min<std::int32_t>(
        draw.rect.offset.x + std::int32_t(draw.rect.extent.width), std::int32_t(extent.width));
    const std::int32_t y1 = std::min<std::int32_t>(
        draw.rect.offset.y + std::int32_t(draw.rect.extent.height), std::int32_t(extent.height));
    if (x1 <= x0 || y1 <= y0) continue;
    const vk::Rect2D rect({x0, y0}, {std::uint32_t(x1 - x0), std::uint32_t(y1 - y0)});
    const vk::Viewport viewport(float(rect.offset.x), float(rect.offset.y),
                                float(rect.extent.width), float(rect.extent.height), 0.0f, 1.0f);
    gpu::BarsParams p{};
    p.n = n_;
    p.columns = BarsGeometry::columns(n_, rect.extent.width);
    p.key_type = key_type_;
    p.color_mode = pairs_ ? gpu::BARS_COLOR_VALUE : gpu::BARS_COLOR_KEY;
    if (draw.plan_colors && merge_mode_ != gpu::BARS_COLOR_KEY) {
      p.color_mode = merge_mode_;
      p.merge_coop = merge_coop_;
      p.merge_nv = merge_nv_;
    }
    if (draw.plan_colors && digits_) {
      p.color_mode = gpu::BARS_COLOR_DIGIT;
      p.digit_word = digits_->word;
      p.digit_shift = digits_->shift;
      p.digit_bits = digits_->bits;
      p.descending = digits_->descending ? 1u : 0u;
    }
    p.min_hi = std::uint32_t(range_.min_encoded >> 32);
    p.min_lo = std::uint32_t(range_.min_encoded);
    p.max_hi = std::uint32_t(range_.max_encoded >> 32);
    p.max_lo = std::uint32_t(range_.max_encoded);
    p.min_value = range_.min_value;
    p.max_value = range_.max_value;
    p.has_marks = has_marks_ ? 1u : 0u;
    p.has_flags = has_flags_ ? 1u : 0u;
    p.strip = BarsGeometry::k_strip;
    p.gap = rect.extent.width >= p.columns * BarsGeometry::k_min_pixels_for_gap
                ? BarsGeometry::k_gap
                : 0.0f;
    p.background_r = background.x;
    p.background_g = background.y;
    p.background_b = background.z;
    p.flags_offset = gpu::STATS_FLAGS_OFFSET;
    cmd.bindPipeline(vk::PipelineBindPoint::eGraphics, *pipeline_);
    cmd.bindDescriptorSets(vk::PipelineBindPoint::eGraphics, *layout_, 0, *set_, {});
    cmd.setViewport(0, viewport);
    cmd.setScissor(0, rect);
    cmd.pushConstants<gpu::BarsParams>(*layout_, vk::ShaderStageFlagBits::eVertex, 0, p);
    cmd.draw(k_vertices, p.columns, 0, 0);
  }
}

}  // namespace ss::render
