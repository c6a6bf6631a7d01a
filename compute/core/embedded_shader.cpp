#include "core/embedded_shader.hpp"

#include <stdexcept>
#include <string>

namespace ss {

const EmbeddedShader& find_shader(std::string_view name) {
  for (const EmbeddedShader& shader : embedded_shaders_sortscope_compute()) {
    if (shader.name == name) return shader;
  }
  throw std::logic_error("no embedded shader named " + std::string(name));
}

}  // namespace ss
