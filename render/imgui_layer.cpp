#include "render/imgui_layer.hpp"

#include <stdexcept>

#include <backends/imgui_impl_vulkan.h>

#include "core/context.hpp"
#include "core/device_quarantine.hpp"
#include "render/font_atlas_order.hpp"
#include "render/fonts.hpp"

namespace ss::render {

namespace {

constexpr float k_font_size = 17.0f;
constexpr float k_mono_size = 15.0f;
constexpr float k_large_size = 27.0f;

void check_vk(VkResult result) {
  if (result < 0)
    throw std::runtime_error("Dear ImGui's Vulkan backend failed: VkResult " +
                             std::to_string(static_cast<int>(result)));
}

ImFont* add_font(std::span<const unsigned char> ttf, float size) {
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the bytes live in the binary's .rodata
  config.OversampleH = 2;
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(ttf.data()),
                                                    static_cast<int>(ttf.size()), size, &config);
}

void apply_theme(const UiStyle& style) {
  ImGuiStyle& s = ImGui::GetStyle();
  s = ImGuiStyle();
  if (style.presenter) {
    ImGui::StyleColorsDark(&s);
    ImVec4* c = s.Colors;
    c[ImGuiCol_Text] = ImVec4(1, 1, 1, 1);
    c[ImGuiCol_TextDisabled] = ImVec4(0.75f, 0.75f, 0.75f, 1);
    c[ImGuiCol_WindowBg] = ImVec4(0, 0, 0, 1);
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_PopupBg] = ImVec4(0.05f, 0.05f, 0.05f, 1);
    c[ImGuiCol_Border] = ImVec4(1, 1, 1, 0.8f);
    c[ImGuiCol_FrameBg] = ImVec4(0.18f, 0.18f, 0.18f, 1);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.30f, 0.30f, 0.30f, 1);
    c[ImGuiCol_TitleBg] = c[ImGuiCol_TitleBgActive] = ImVec4(0.10f, 0.10f, 0.10f, 1);
    c[ImGuiCol_Button] = ImVec4(0.20f, 0.20f, 0.20f, 1);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.45f, 0.38f, 0.0f, 1);
    c[ImGuiCol_ButtonActive] = ImVec4(0.90f, 0.62f, 0.0f, 1);
    c[ImGuiCol_SliderGrab] = c[ImGuiCol_CheckMark] = ImVec4(1.0f, 0.85f, 0.0f, 1);
    c[ImGuiCol_Header] = ImVec4(0.25f, 0.25f, 0.25f, 1);
    s.FrameBorderSize = 1.0f;
    s.WindowBorderSize = 2.0f;
  } else {
    ImGui::StyleColorsDark(&s);
    s.Colors[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.09f, 0.11f, 1);
  }
  s.WindowRounding = 0.0f;
  s.FrameRounding = 3.0f;
  s.ScaleAllSizes(style.scale);
}

}  // namespace

Palette palette(const UiStyle& style) {
  Palette p;
  if (style.presenter) {
    p.background = ImVec4(0, 0, 0, 1);
    p.text = IM_COL32(255, 255, 255, 255);
    p.dim = IM_COL32(150, 150, 150, 255);
    p.accent = IM_COL32(255, 217, 0, 255);
  } else {
    p.background = ImVec4(0.09f, 0.09f, 0.11f, 1);
    p.text = IM_COL32(235, 235, 235, 255);
    p.dim = IM_COL32(120, 120, 130, 255);
    p.accent = IM_COL32(240, 200, 40, 255);
  }
  p.swapped = IM_COL32(230, 159, 0, 255);     // Okabe-Ito orange, as the bars' marker strip
  p.compared = IM_COL32(216, 216, 216, 255);  // light grey, as the bars' marker strip
  // Okabe-Ito bluish green and vermillion, lightened so both read on the dark backgrounds.
  p.holds = IM_COL32(60, 200, 150, 255);
  p.warning = IM_COL32(255, 110, 60, 255);
  return p;
}

ImGuiLayer::ImGuiLayer(const Context& context, vk::RenderPass render_pass,
                       std::uint32_t image_count, UiStyle style)
    : context_(context), render_pass_(render_pass), image_count_(image_count), style_(style) {
  IMGUI_CHECKVERSION();
  imgui_ = ImGui::CreateContext();
  ImGui::SetCurrentContext(imgui_);
  ImGui::GetIO().IniFilename = nullptr;  // the layout is fixed; nothing to remember
  apply_theme(style_);
  init_backend();
}

ImGuiLayer::~ImGuiLayer() {
  context_.wait_idle_noexcept();
  shutdown_backend();
  ImGui::DestroyContext(imgui_);
}

void ImGuiLayer::init_backend() {
  // A fresh pool per backend start: destroying the old one frees the old font's descriptor set.
  const vk::DescriptorPoolSize sizes(vk::DescriptorType::eCombinedImageSampler, 8);
  pool_ = vk::raii::DescriptorPool(
      context_.device(),
      vk::DescriptorPoolCreateInfo(vk::DescriptorPoolCreateFlagBits::eFreeDescriptorSet, 8, sizes));
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  add_font(font_sans(), k_font_size * style_.scale);  // the first font is the default
  mono_ = add_font(font_mono(), k_mono_size * style_.scale);
  large_ = add_font(font_sans(), k_large_size * style_.scale);
  build_atlas_in_fixed_order(*io.Fonts);  // the same atlas, hence the same pictures, on every OS

  ImGui_ImplVulkan_InitInfo info{};
  info.Instance = *context_.instance();
  info.PhysicalDevice = *context_.physical_device();
  info.Device = *context_.device();
  info.QueueFamily = context_.queue_family();
  info.Queue = *context_.queue();
  info.DescriptorPool = *pool_;
  info.MinImageCount = image_count_;
  info.ImageCount = image_count_;
  info.MSAASamples = VK_SAMPLE_COUNT_1_BIT;
  info.CheckVkResultFn = &check_vk;
  if (!ImGui_ImplVulkan_Init(&info, render_pass_))
    throw std::runtime_error("Dear ImGui's Vulkan backend could not start");
  backend_ready_ = true;
  context_.run_commands(
      [](const vk::raii::CommandBuffer& cmd) { ImGui_ImplVulkan_CreateFontsTexture(*cmd); });
  ImGui_ImplVulkan_DestroyFontUploadObjects();
}

void ImGuiLayer::shutdown_backend() {
  if (!backend_ready_) return;
  backend_ready_ = false;
  if (context_.hung()) {
    // Dear ImGui's backend frees its buffers, pipeline and font image through its own function
    // pointers, past the given-up device's dispatcher (core/device_quarantine.hpp), while the
    // hung GPU may still read them: keep them all, as that dispatcher keeps everything else.
    ImGuiIO& io = ImGui::GetIO();
    keep_until_exit(io.BackendRendererUserData);
    io.BackendRendererUserData = nullptr;
    io.BackendRendererName = nullptr;
    return;
  }
  ImGui_ImplVulkan_Shutdown();
}

void ImGuiLayer::set_style(const UiStyle& style) {
  if (style == style_) return;
  const bool rebuild = style.scale != style_.scale;
  style_ = style;
  apply_theme(style_);
  if (rebuild) {
    context_.device().waitIdle();
    shutdown_backend();
    init_backend();
  }
}

void ImGuiLayer::new_frame() {
  ImGui_ImplVulkan_NewFrame();
}

void ImGuiLayer::record(const vk::raii::CommandBuffer& cmd) {
  ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), *cmd);
}

}  // namespace ss::render
