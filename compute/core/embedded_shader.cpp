#include "core/embedded_shader.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.hpp"

namespace ss {

const EmbeddedShader& find_shader(std::string_view name) {
  for (const EmbeddedShader& shader : embedded_shaders_sortscope_compute()) {
    if (shader.name == name) return shader;
  }
  throw std::logic_error("no embedded shader named " + std::string(name));
}

std::span<const std::uint32_t> kernel_spirv(std::string_view name) {
  const EmbeddedShader& embedded = find_shader(name);
  const char* dir = std::getenv("SORTSCOPE_SPIRV_DIR");
  if (dir == nullptr || *dir == '\0') return embedded.spirv;
  const std::filesystem::path path = std::filesystem::path(dir) / (std::string(name) + ".spv");
  if (!std::filesystem::exists(path)) return embedded.spirv;

  // Loaded once per process; the spans handed out stay valid until it ends.
  static std::mutex mutex;
  static std::map<std::string, std::vector<std::uint32_t>, std::less<>> loaded;
  const std::lock_guard lock(mutex);
  if (auto it = loaded.find(name); it != loaded.end()) return it->second;
  std::ifstream in(path, std::ios::binary);
  const auto bytes = std::filesystem::file_size(path);
  std::vector<std::uint32_t> words(bytes / 4);
  if (!in || bytes == 0 || bytes % 4 != 0 ||
      !in.read(reinterpret_cast<char*>(words.data()), std::streamsize(bytes)) ||
      words[0] != 0x07230203u) {
    throw SetupError("SORTSCOPE_SPIRV_DIR: " + path.string() + " is not a SPIR-V module");
  }
  return loaded.emplace(std::string(name), std::move(words)).first->second;
}

}  // namespace ss
