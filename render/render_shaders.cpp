#include "render/render_shaders.hpp"

#include <stdexcept>
#include <string>

namespace ss::render {

const EmbeddedShader& find_render_shader(std::string_view name) {
  for (const EmbeddedShader& shader : embedded_shaders_sortscope_render()) {
    if (shader.name == name) return shader;
  }
  throw std::logic_error("no embedded render shader named " + std::string(name));
}

}  // namespace ss::render
