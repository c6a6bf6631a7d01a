// The Windows dependency prefix, used: one line per library, "ok" or "FAIL" and what it did.
// Cross-compiled against the prefix by scripts/windows/smoke/run.sh and run under wine.
// Vulkan is reached the way vk::raii does it, by loading vulkan-1.dll at run time; GLFW may
// fail without a display (reported, not counted as a failure). Exit status: the failures.
//
//   smoke.exe [FONT.ttf]   (FONT: a TrueType font, drawn through FreeType by cairo and ImGui)
#define SDL_MAIN_HANDLED  // SDL only plays audio here; main stays main
#include <GLFW/glfw3.h>
#include <SDL.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo.h>
#include <ft2build.h>
#include <vulkan/vulkan_raii.hpp>  // before GLFW, which declares its Vulkan functions after it
#include FT_FREETYPE_H
#include <gif_lib.h>
#include <imgui.h>
#include <stb_image.h>
#include <stb_image_write.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <tbb/task_arena.h>
#include <tbb/version.h>

#include <toml++/toml.h>
#include <CLI/CLI.hpp>
#include <glm/glm.hpp>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <execution>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

int run_catch2(std::string& version);  // catch_smoke.cpp: failed test cases

namespace {

int failures = 0;

void report(const char* what, bool ok, const std::string& detail) {
  std::printf("%-9s %s  %s\n", what, ok ? "ok  " : "FAIL", detail.c_str());
  std::fflush(stdout);
  if (!ok) ++failures;
}

std::string format(const char* fmt, auto... args) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, fmt, args...);
  return buffer;
}

// Vulkan through vk::raii::Context, which loads vulkan-1.dll itself (no import library).
vk::raii::Instance* make_instance(vk::raii::Context& context,
                                  const std::vector<const char*>& extensions) {
  try {
    const uint32_t version = context.enumerateInstanceVersion();
    vk::ApplicationInfo app("sortscope-smoke", 1, nullptr, 0, VK_API_VERSION_1_1);
    static vk::raii::Instance instance(context, vk::InstanceCreateInfo({}, &app, {}, extensions));
    std::string devices;
    for (const vk::raii::PhysicalDevice& device : vk::raii::PhysicalDevices(instance)) {
      const vk::PhysicalDeviceProperties p = device.getProperties();
      devices +=
          format("%s\"%s\" (Vulkan %u.%u.%u, %s)", devices.empty() ? "" : ", ", p.deviceName.data(),
                 VK_API_VERSION_MAJOR(p.apiVersion), VK_API_VERSION_MINOR(p.apiVersion),
                 VK_API_VERSION_PATCH(p.apiVersion), vk::to_string(p.deviceType).c_str());
    }
    report("vulkan", !devices.empty(),
           format("loader %u.%u.%u, headers %d, devices: %s", VK_API_VERSION_MAJOR(version),
                  VK_API_VERSION_MINOR(version), VK_API_VERSION_PATCH(version), VK_HEADER_VERSION,
                  devices.empty() ? "none" : devices.c_str()));
    return &instance;
  } catch (const std::exception& e) {
    report("vulkan", false, e.what());
    return nullptr;
  }
}

void check_glfw_and_vulkan() {
  glfwSetErrorCallback([](int code, const char* text) {
    std::printf("          glfw error 0x%x: %s\n", code, text);
  });
  std::optional<vk::raii::Context> context;
  try {
    context.emplace();  // loads vulkan-1.dll
  } catch (const std::exception& e) {
    report("vulkan", false, std::string("no Vulkan driver: vk::raii::Context: ") + e.what());
  }
  if (!glfwInit()) {
    std::printf("glfw      --    glfwInit failed (no display?); Vulkan without a surface\n");
    if (context) make_instance(*context, {});
    return;
  }
  std::vector<const char*> extensions;
  if (glfwVulkanSupported()) {
    uint32_t count = 0;
    const char** names = glfwGetRequiredInstanceExtensions(&count);
    extensions.assign(names, names + count);
  }
  vk::raii::Instance* instance = context ? make_instance(*context, extensions) : nullptr;
  std::string surface = "no surface tried";
  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  GLFWwindow* window = glfwCreateWindow(320, 200, "sortscope smoke", nullptr, nullptr);
  if (window && instance && glfwVulkanSupported()) {
    VkSurfaceKHR raw = VK_NULL_HANDLE;
    const VkResult result = glfwCreateWindowSurface(**instance, window, nullptr, &raw);
    surface = format("glfwCreateWindowSurface: %s", vk::to_string(vk::Result(result)).c_str());
    if (result == VK_SUCCESS) vk::raii::SurfaceKHR(*instance, raw);  // destroyed at once
  }
  int width = 0, height = 0;
  if (window) glfwGetFramebufferSize(window, &width, &height);
  report("glfw", window != nullptr,
         format("%s, Vulkan %s, %u instance extensions, window %dx%d, %s", glfwGetVersionString(),
                glfwVulkanSupported() ? "supported" : "not supported", unsigned(extensions.size()),
                width, height, surface.c_str()));
  if (window) glfwDestroyWindow(window);
  glfwTerminate();
}

void check_sdl() {
  SDL_setenv("SDL_AUDIODRIVER", "dummy", 1);
  SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
  std::string drivers;
  for (int i = 0; i < SDL_GetNumAudioDrivers(); ++i)
    drivers += std::string(i ? "," : "") + SDL_GetAudioDriver(i);
  if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
    report("sdl2", false, format("SDL_InitSubSystem: %s", SDL_GetError()));
    return;
  }
  static std::atomic<int> callbacks{0};
  SDL_AudioSpec want{}, have{};
  want.freq = 48000;
  want.format = AUDIO_F32SYS;
  want.channels = 2;
  want.samples = 1024;
  want.callback = [](void*, Uint8* stream, int len) {
    SDL_memset(stream, 0, len);
    ++callbacks;
  };
  const SDL_AudioDeviceID device = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);
  if (device != 0) {
    SDL_PauseAudioDevice(device, 0);
    SDL_Delay(200);
    SDL_CloseAudioDevice(device);
  }
  SDL_version v;
  SDL_GetVersion(&v);
  report("sdl2", device != 0 && callbacks > 0,
         format("%d.%d.%d, driver %s, %d Hz, %d callbacks in 200 ms (drivers: %s)%s%s", v.major,
                v.minor, v.patch, SDL_GetCurrentAudioDriver(), have.freq, callbacks.load(),
                drivers.c_str(),
                device ? "" : ", SDL_OpenAudioDevice: ", device ? "" : SDL_GetError()));
  SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

// cairo: text through the toy API (Win32 fonts) into a PNG and a PDF, and through FreeType.
void check_cairo(const char* font) {
  cairo_surface_t* image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 240, 60);
  cairo_t* cr = cairo_create(image);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, 28);
  cairo_move_to(cr, 10, 40);
  cairo_show_text(cr, "sortscope");
  cairo_text_extents_t extents;
  cairo_text_extents(cr, "sortscope", &extents);
  const cairo_status_t png = cairo_surface_write_to_png(image, "smoke.png");
  cairo_destroy(cr);
  cairo_surface_destroy(image);
  // Read it back (stb_image): the text must have left dark pixels.
  int w = 0, h = 0, n = 0, dark = 0;
  if (unsigned char* pixels = stbi_load("smoke.png", &w, &h, &n, 1)) {
    for (int i = 0; i < w * h; ++i) dark += pixels[i] < 128;
    stbi_image_free(pixels);
  }

  cairo_surface_t* pdf = cairo_pdf_surface_create("smoke.pdf", 595, 842);
  cr = cairo_create(pdf);
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size(cr, 24);
  cairo_move_to(cr, 72, 100);
  cairo_show_text(cr, "sortscope handout on Windows");
  cairo_show_page(cr);
  const cairo_status_t page = cairo_status(cr);
  cairo_destroy(cr);
  cairo_surface_finish(pdf);
  const cairo_status_t finished = cairo_surface_status(pdf);
  cairo_surface_destroy(pdf);
  std::ifstream in("smoke.pdf", std::ios::binary | std::ios::ate);
  const long pdf_size = in ? long(in.tellg()) : -1;
  report("cairo",
         png == CAIRO_STATUS_SUCCESS && dark > 50 && page == CAIRO_STATUS_SUCCESS &&
             finished == CAIRO_STATUS_SUCCESS && pdf_size > 1000,
         format("%s, smoke.png %dx%d with %d dark pixels (text %.0fx%.0f), smoke.pdf %ld bytes",
                cairo_version_string(), w, h, dark, extents.width, extents.height, pdf_size));

  // FreeType, and cairo drawing with a font loaded from a file.
  FT_Library library;
  FT_Face face;
  if (FT_Init_FreeType(&library) != 0) {
    report("freetype", false, "FT_Init_FreeType failed");
    return;
  }
  FT_Int major, minor, patch;
  FT_Library_Version(library, &major, &minor, &patch);
  if (!font || FT_New_Face(library, font, 0, &face) != 0) {
    report("freetype", font == nullptr,
           format("%d.%d.%d, %s", major, minor, patch,
                  font ? "cannot open the font" : "no font given"));
    FT_Done_FreeType(library);
    return;
  }
  cairo_font_face_t* ft_face = cairo_ft_font_face_create_for_ft_face(face, 0);
  image = cairo_image_surface_create(CAIRO_FORMAT_A8, 240, 60);
  cr = cairo_create(image);
  cairo_set_font_face(cr, ft_face);
  cairo_set_font_size(cr, 28);
  cairo_move_to(cr, 10, 40);
  cairo_show_text(cr, "sortscope");
  cairo_surface_flush(image);
  int inked = 0;
  const unsigned char* data = cairo_image_surface_get_data(image);
  for (int y = 0; y < 60; ++y)
    for (int x = 0; x < 240; ++x)
      inked += data[y * cairo_image_surface_get_stride(image) + x] > 128;
  const cairo_status_t status = cairo_status(cr);
  cairo_destroy(cr);
  cairo_surface_destroy(image);
  cairo_font_face_destroy(ft_face);
  report("freetype", status == CAIRO_STATUS_SUCCESS && inked > 50,
         format("%d.%d.%d, %s (%s), %ld glyphs, cairo drew %d pixels with it", major, minor, patch,
                face->family_name, face->style_name, face->num_glyphs, inked));
  FT_Done_Face(face);
  FT_Done_FreeType(library);
}

void check_gif() {
  int error = 0;
  GifFileType* out = EGifOpenFileName("smoke.gif", false, &error);
  bool ok = out != nullptr;
  if (out) {
    GifColorType colors[4] = {{0, 0, 0}, {255, 0, 0}, {0, 255, 0}, {0, 0, 255}};
    ColorMapObject* map = GifMakeMapObject(4, colors);
    EGifSetGifVersion(out, true);
    ok = EGifPutScreenDesc(out, 8, 8, 2, 0, map) == GIF_OK;
    GifPixelType row[8];
    for (int frame = 0; frame < 2 && ok; ++frame) {
      ok = EGifPutImageDesc(out, 0, 0, 8, 8, false, nullptr) == GIF_OK;
      for (int y = 0; y < 8 && ok; ++y) {
        for (int x = 0; x < 8; ++x) row[x] = GifPixelType((x + y + frame) % 4);
        ok = EGifPutLine(out, row, 8) == GIF_OK;
      }
    }
    ok = EGifCloseFile(out, &error) == GIF_OK && ok;
    GifFreeMapObject(map);
  }
  GifFileType* in = DGifOpenFileName("smoke.gif", &error);
  int frames = -1;
  if (in && DGifSlurp(in) == GIF_OK) frames = in->ImageCount;
  if (in) DGifCloseFile(in, &error);
  report("giflib", ok && frames == 2,
         format("%d.%d.%d, wrote and read back smoke.gif: %d frames", GIFLIB_MAJOR, GIFLIB_MINOR,
                GIFLIB_RELEASE, frames));
}

void check_pugixml() {
  pugi::xml_document doc;
  const pugi::xml_parse_result parsed =
      doc.load_string("<svg><g id='bars'><rect x='1'/><rect x='2'/><rect x='3'/></g></svg>");
  const pugi::xpath_node_set rects = doc.select_nodes("//g[@id='bars']/rect");
  report("pugixml", parsed && rects.size() == 3,
         format("%d.%d, parsed XML, XPath found %d rects", PUGIXML_VERSION / 1000,
                PUGIXML_VERSION % 1000 / 10, int(rects.size())));
}

void check_tbb() {
  std::vector<int> keys(1 << 20);
  std::mt19937 random(42);
  for (int& k : keys) k = int(random());
  std::vector<int> copy = keys;
  const auto t0 = std::chrono::steady_clock::now();
  std::sort(std::execution::par, keys.begin(), keys.end());
  const auto t1 = std::chrono::steady_clock::now();
  tbb::parallel_sort(copy.begin(), copy.end());
  const bool sorted = std::is_sorted(keys.begin(), keys.end()) && keys == copy;
  // Which threads take part in a parallel_for of 64 tasks of 1 ms each.
  tbb::enumerable_thread_specific<int> per_thread(0);
  tbb::parallel_for(0, 64, [&](int) {
    ++per_thread.local();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  int threads = 0;
  for (int count : per_thread) threads += count > 0;
#if defined(_PSTL_PAR_BACKEND_TBB)
  const char* backend = "TBB";
#else
  const char* backend = "serial";
#endif
  report("tbb", sorted && std::string(backend) == "TBB",
         format("oneTBB %d.%d (interface %d), std::execution::par backend %s: sorted 2^20 ints in "
                "%.1f ms, "
                "tbb::parallel_sort agrees; %d worker slots, %d threads ran a parallel_for "
                "(%u hardware threads)",
                TBB_VERSION_MAJOR, TBB_VERSION_MINOR, TBB_INTERFACE_VERSION, backend,
                std::chrono::duration<double, std::milli>(t1 - t0).count(),
                tbb::this_task_arena::max_concurrency(), threads,
                std::thread::hardware_concurrency()));
}

void check_imgui(const char* font) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->AddFontDefault();
  const bool loaded = !font || io.Fonts->AddFontFromFileTTF(font, 18.0f) != nullptr;
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  io.DisplaySize = ImVec2(800, 600);
  io.DeltaTime = 1.0f / 60;
  // Two frames: a new window that sizes itself is hidden in its first.
  for (int frame = 0; frame < 2; ++frame) {
    ImGui::NewFrame();
    ImGui::Begin("smoke");
    ImGui::Text("sortscope %d", 42);
    ImGui::End();
    ImGui::Render();
  }
  const ImDrawData* draw = ImGui::GetDrawData();
  report("imgui", pixels && width > 0 && loaded && draw && draw->TotalVtxCount > 0,
         format("%s, font atlas %dx%d (%d fonts), second frame: %d vertices", ImGui::GetVersion(),
                width, height, io.Fonts->Fonts.Size, draw ? draw->TotalVtxCount : 0));
  ImGui::DestroyContext();
}

void check_headers() {
  const nlohmann::json j = nlohmann::json::parse(R"({"algo": "batcher", "n": 1024})");
  const toml::table t = toml::parse("[lesson]\ntitle = \"Batcher\"\nsteps = 3\n");
  CLI::App app("smoke");
  int n = 0;
  app.add_option("--n", n);
  const char* argv[] = {"smoke", "--n", "32"};
  app.parse(3, argv);
  const glm::vec3 v = glm::normalize(glm::vec3(3, 0, 4));
  unsigned char rgb[4 * 4 * 3] = {};
  const bool png = stbi_write_png("smoke-stb.png", 4, 4, 3, rgb, 12) != 0;
  const bool ok = j["n"] == 1024 && t["lesson"]["steps"].value_or(0) == 3 && n == 32 &&
                  std::abs(v.z - 0.8f) < 1e-6f && png;
  report(
      "headers", ok,
      format("nlohmann-json %d.%d.%d, toml++ %d.%d.%d, CLI11 %s, glm %d, stb_image_write: all used",
             NLOHMANN_JSON_VERSION_MAJOR, NLOHMANN_JSON_VERSION_MINOR, NLOHMANN_JSON_VERSION_PATCH,
             TOML_LIB_MAJOR, TOML_LIB_MINOR, TOML_LIB_PATCH, CLI11_VERSION, GLM_VERSION));
}

}  // namespace

int main(int argc, char** argv) {
  const char* font = argc > 1 ? argv[1] : nullptr;
  check_glfw_and_vulkan();
  check_sdl();
  check_cairo(font);
  check_gif();
  check_pugixml();
  check_tbb();
  check_imgui(font);
  check_headers();
  std::string catch_version;
  const int catch_failures = run_catch2(catch_version);
  report("catch2", catch_failures == 0,
         format("%s, one test case run by a Catch::Session", catch_version.c_str()));
  std::printf("%d failure(s)\n", failures);
  return failures;
}
