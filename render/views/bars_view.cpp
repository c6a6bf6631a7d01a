#include "render/views/bars_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "core/context.hpp"
#include "core/errors.hpp"
#include "render/render_shaders.hpp"
#include "shaders/common/network_bindings.h"

namespace ss::render {

namespace {

// keys, values, marks, stats, sources (read), columns, cells (the pre-pass's output).
constexpr std::uint32_t k_bindings = 7;
constexpr std::uint32_t k_bar_vertices = 18;      // three quads per column (bars.vert)
constexpr std::uint32_t k_density_vertices = 6;   // one quad (density.vert)
constexpr std::uint32_t k_shade_workgroup = 256;  // bars_density.comp: rows per workgroup
constexpr vk::ShaderStageFlags k_stages = vk::ShaderStageFlagBits::eCompute |
                                          vk::ShaderStageFlagBits::eVertex |
                                          vk::ShaderStageFlagBits::eFragment;

vk::raii::ShaderModule module(const vk::raii::Device& device, std::string_view name) {
  const auto& shader = find_render_shader(name);
  return vk::raii::ShaderModule(device, vk::ShaderModuleCreateInfo({}, shader.spirv));
}

vk::raii::Pipeline graphics_pipeline(const vk::raii::Device& device, vk::PipelineLayout layout,
                                     vk::RenderPass render_pass, std::string_view vertex,
                                     std::string_view fragment) {
  const auto vert = module(device, vertex);
  const auto frag = module(device, fragment);
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
                                            &dynamic_state, layout, render_pass);
  return vk::raii::Pipeline(device, nullptr, info);
}

}  // namespace

std::string_view bars_style_name(BarsStyle style) {
  switch (style) {
    case BarsStyle::density:
      return "density";
    case BarsStyle::minmax:
      return "minmax";
    case BarsStyle::automatic:
      break;
  }
  return "auto";
}

BarsStyle parse_bars_style(std::string_view text) {
  for (BarsStyle s : {BarsStyle::automatic, BarsStyle::density, BarsStyle::minmax})
    if (text == bars_style_name(s)) return s;
  throw UsageError("unknown bars style '" + std::string(text) +
                   "': choose auto (density when the keys outnumber the pixel columns), density "
                   "or minmax (bars of each column's smallest..largest key)");
}

std::uint32_t BarsGeometry::rows(std::uint32_t height_px, std::uint32_t cell_px) {
  const auto area = static_cast<std::uint32_t>(
      std::lround(float(height_px) * (1.0f - k_bar_bottom) / float(cell_px)));
  return std::clamp<std::uint32_t>(area, 1, gpu::BARS_MAX_ROWS);
}

BarsView::BarsView(const Context& context, vk::RenderPass render_pass)
    : context_(context), cell_px_(context.properties().kind == DeviceKind::cpu ? 2 : 1) {
  const auto& device = context.device();
  std::vector<vk::DescriptorSetLayoutBinding> bindings;
  for (std::uint32_t b = 0; b < k_bindings; ++b)
    bindings.emplace_back(b, vk::DescriptorType::eStorageBuffer, 1, k_stages);
  set_layout_ =
      vk::raii::DescriptorSetLayout(device, vk::DescriptorSetLayoutCreateInfo({}, bindings));
  const vk::PushConstantRange push(k_stages, 0, sizeof(gpu::BarsParams));
  layout_ = vk::raii::PipelineLayout(device, vk::PipelineLayoutCreateInfo({}, *set_layout_, push));

  auto compute_pipeline = [&](std::string_view name) {
    const auto shader = module(device, name);
    const vk::ComputePipelineCreateInfo info(
        {},
        vk::PipelineShaderStageCreateInfo({}, vk::ShaderStageFlagBits::eCompute, *shader, "main"),
        *layout_);
    return vk::raii::Pipeline(device, nullptr, info);
  };
  columns_pipeline_ = compute_pipeline("bars_columns.comp");
  shade_pipeline_ = compute_pipeline("bars_density.comp");
  bars_pipeline_ = graphics_pipeline(device, *layout_, render_pass, "bars.vert", "bars.frag");
  density_pipeline_ =
      graphics_pipeline(device, *layout_, render_pass, "density.vert", "density.frag");
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
  keys_ = state.keys;
  values_ = state.values;
  stats_ = state.stats;
  sources_ = state.merge ? state.merge->sources : nullptr;
  for (Slot& slot : slots_) {
    bind_inputs(slot);
    slot.prepared.reset();
  }
}

void BarsView::bind_inputs(Slot& slot) const {
  if (keys_ == nullptr || values_ == nullptr) return;
  const Buffer& stats = stats_ != nullptr ? *stats_ : marks_;
  const Buffer& sources = sources_ != nullptr ? *sources_ : marks_;
  const std::array<vk::DescriptorBufferInfo, k_bindings> infos = {
      vk::DescriptorBufferInfo(keys_->handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(values_->handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(marks_.handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(stats.handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(sources.handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(slot.columns.handle(), 0, VK_WHOLE_SIZE),
      vk::DescriptorBufferInfo(slot.cells.handle(), 0, VK_WHOLE_SIZE)};
  std::array<vk::WriteDescriptorSet, k_bindings> writes;
  for (std::uint32_t b = 0; b < k_bindings; ++b)
    writes[b] =
        vk::WriteDescriptorSet(*slot.set, b, 0, vk::DescriptorType::eStorageBuffer, {}, infos[b]);
  context_.device().updateDescriptorSets(writes, {});
}

BarsView::Slot& BarsView::slot_for(std::size_t index, std::uint32_t columns, std::uint32_t rows) {
  const auto& device = context_.device();
  const vk::DeviceSize column_bytes =
      (vk::DeviceSize(columns) * gpu::BARS_COLUMN_WORDS + gpu::BARS_IMAGE_MAX_WORDS) * 4;
  // Counts and colour sums; one word when the draw has no density cells (bindings need a buffer).
  const vk::DeviceSize cell_bytes =
      std::max<vk::DeviceSize>(vk::DeviceSize(columns) * rows * gpu::BARS_CELL_PLANES * 4, 4);
  if (index < slots_.size() && slots_[index].columns.size() >= column_bytes &&
      slots_[index].cells.size() >= cell_bytes)
    return slots_[index];
  // A resize or a new draw: frames in flight may still read the slot's buffers.
  device.waitIdle();
  if (index >= slots_.size()) {
    Slot slot;
    const vk::DescriptorPoolSize size(vk::DescriptorType::eStorageBuffer, k_bindings);
    slot.pool = vk::raii::DescriptorPool(
        device, vk::DescriptorPoolCreateInfo(vk::DescriptorPoolCreateFlagBits::eFreeDescriptorSet,
                                             1, size));
    slot.set = std::move(vk::raii::DescriptorSets(device, {*slot.pool, *set_layout_}).front());
    slots_.push_back(std::move(slot));
  }
  Slot& slot = slots_[index];
  slot.prepared.reset();
  if (slot.columns.size() < column_bytes)
    slot.columns = Buffer(context_, column_bytes, storage_usage(), MemoryKind::device);
  if (slot.cells.size() < cell_bytes)
    slot.cells = Buffer(context_, cell_bytes, storage_usage(), MemoryKind::device);
  bind_inputs(slot);
  return slot;
}

void BarsView::queue(ImVec2 min, ImVec2 max, bool plan_colors, BarsStyle style, KeyWindow window) {
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const auto x0 = static_cast<std::int32_t>(std::lround(min.x * scale.x));
  const auto y0 = static_cast<std::int32_t>(std::lround(min.y * scale.y));
  const auto x1 = static_cast<std::int32_t>(std::lround(max.x * scale.x));
  const auto y1 = static_cast<std::int32_t>(std::lround(max.y * scale.y));
  if (x1 <= x0 || y1 <= y0) return;
  queue_pixels(vk::Rect2D({x0, y0}, {std::uint32_t(x1 - x0), std::uint32_t(y1 - y0)}), plan_colors,
               style, window);
}

void BarsView::queue_pixels(vk::Rect2D rect, bool plan_colors, BarsStyle style, KeyWindow window) {
  queued_.push_back({rect, plan_colors, style, window, {}});
}

bool BarsView::queue_again(std::int64_t pan) {
  queued_ = prepared_;
  bool windows = false;
  for (Draw& draw : queued_) {
    if (draw.window.whole(n_)) continue;
    windows = true;
    draw.window = pan_window(draw.window, n_, pan);
  }
  return windows;
}

gpu::BarsParams BarsView::params_for(const Draw& draw, const ImVec4& background) const {
  gpu::BarsParams p{};
  p.n = n_;
  // A window the array no longer holds (a smaller n since it was set) shows the whole array.
  const KeyWindow window = draw.window.end(n_) <= n_ ? draw.window : KeyWindow{};
  p.window_first = window.begin(n_);
  p.window_keys = window.size(n_);
  const std::uint32_t keys = p.window_keys;
  p.columns = BarsGeometry::columns(keys, draw.rect.extent.width);
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
  p.gap = draw.rect.extent.width >= p.columns * BarsGeometry::k_min_pixels_for_gap
              ? BarsGeometry::k_gap
              : 0.0f;
  p.background_r = background.x;
  p.background_g = background.y;
  p.background_b = background.z;
  p.flags_offset = gpu::STATS_FLAGS_OFFSET;
  if (BarsGeometry::density(draw.style, keys, draw.rect.extent.width)) {
    p.columns = std::min(keys, BarsGeometry::density_columns(draw.rect.extent.width, cell_px_));
    p.rows = BarsGeometry::rows(draw.rect.extent.height, cell_px_);
  }
  p.keys_per_column = (keys + p.columns - 1) / std::max<std::uint32_t>(p.columns, 1);
  p.viewport_x = float(draw.rect.offset.x);
  p.viewport_y = float(draw.rect.offset.y);
  p.viewport_w = float(draw.rect.extent.width);
  p.viewport_h = float(draw.rect.extent.height);
  return p;
}

void BarsView::prepare(const vk::raii::CommandBuffer& cmd, vk::Extent2D extent,
                       const ImVec4& background) {
  prepared_.clear();
  auto draws = std::move(queued_);
  queued_.clear();
  if (n_ == 0 || keys_ == nullptr) return;
  for (Draw& draw : draws) {
    // Clip to the framebuffer: the viewport may not leave it.
    const std::int32_t x0 = std::max(draw.rect.offset.x, 0);
    const std::int32_t y0 = std::max(draw.rect.offset.y, 0);
    const std::int32_t x1 = std::min<std::int32_t>(
        draw.rect.offset.x + std::int32_t(draw.rect.extent.width), std::int32_t(extent.width));
    const std::int32_t y1 = std::min<std::int32_t>(
        draw.rect.offset.y + std::int32_t(draw.rect.extent.height), std::int32_t(extent.height));
    if (x1 <= x0 || y1 <= y0) continue;
    draw.rect = vk::Rect2D({x0, y0}, {std::uint32_t(x1 - x0), std::uint32_t(y1 - y0)});
    draw.params = params_for(draw, background);
    prepared_.push_back(draw);
  }
  for (std::size_t i = 0; i < prepared_.size(); ++i) {
    const gpu::BarsParams& p = prepared_[i].params;
    Slot& slot = slot_for(i, p.columns, p.rows);
    if (!force_prepass_ && slot.prepared &&
        std::memcmp(&*slot.prepared, &p, sizeof(gpu::BarsParams)) == 0)
      continue;
    slot.prepared = p;
    slot.column_count = p.columns;
    slot.rows = p.rows;
    slot.keys_per_column = p.keys_per_column;
    if (p.rows > 0) {
      // The fullest cell's count is an atomic maximum over the columns: start it from zero.
      const vk::DeviceSize image_max = vk::DeviceSize(p.columns) * gpu::BARS_COLUMN_WORDS * 4;
      cmd.fillBuffer(slot.columns.handle(), image_max, gpu::BARS_IMAGE_MAX_WORDS * 4, 0);
      const vk::MemoryBarrier zero_to_max(
          vk::AccessFlagBits::eTransferWrite,
          vk::AccessFlagBits::eShaderRead | vk::AccessFlagBits::eShaderWrite);
      cmd.pipelineBarrier(vk::PipelineStageFlagBits::eTransfer,
                          vk::PipelineStageFlagBits::eComputeShader, {}, zero_to_max, {}, {});
    }
    cmd.bindPipeline(vk::PipelineBindPoint::eCompute, *columns_pipeline_);
    cmd.bindDescriptorSets(vk::PipelineBindPoint::eCompute, *layout_, 0, *slot.set, {});
    cmd.pushConstants<gpu::BarsParams>(*layout_, k_stages, 0, p);
    cmd.dispatch(p.columns, 1, 1);
    if (p.rows == 0) continue;
    // The cells' colours read the neighbours' counts the dispatch above wrote.
    const vk::MemoryBarrier counts_to_shade(vk::AccessFlagBits::eShaderWrite,
                                            vk::AccessFlagBits::eShaderRead);
    cmd.pipelineBarrier(vk::PipelineStageFlagBits::eComputeShader,
                        vk::PipelineStageFlagBits::eComputeShader, {}, counts_to_shade, {}, {});
    cmd.bindPipeline(vk::PipelineBindPoint::eCompute, *shade_pipeline_);
    cmd.dispatch((p.rows + k_shade_workgroup - 1) / k_shade_workgroup, p.columns, 1);
  }
}

BarsPrepassOutput BarsView::prepass_output(std::size_t draw) const {
  if (draw >= prepared_.size() || draw >= slots_.size()) return {};
  const Slot& slot = slots_[draw];
  return {&slot.columns, &slot.cells, slot.column_count, slot.rows, slot.keys_per_column};
}

void BarsView::record(const vk::raii::CommandBuffer& cmd) {
  for (std::size_t i = 0; i < prepared_.size(); ++i) {
    const Draw& draw = prepared_[i];
    const gpu::BarsParams& p = draw.params;
    const vk::Viewport viewport(float(draw.rect.offset.x), float(draw.rect.offset.y),
                                float(draw.rect.extent.width), float(draw.rect.extent.height), 0.0f,
                                1.0f);
    cmd.bindDescriptorSets(vk::PipelineBindPoint::eGraphics, *layout_, 0, *slots_[i].set, {});
    cmd.setViewport(0, viewport);
    cmd.setScissor(0, draw.rect);
    cmd.pushConstants<gpu::BarsParams>(*layout_, k_stages, 0, p);
    if (p.rows > 0) {
      cmd.bindPipeline(vk::PipelineBindPoint::eGraphics, *density_pipeline_);
      cmd.draw(k_density_vertices, 1, 0, 0);
    }
    cmd.bindPipeline(vk::PipelineBindPoint::eGraphics, *bars_pipeline_);
    cmd.draw(k_bar_vertices, p.columns, 0, 0);
  }
}

}  // namespace ss::render
