#pragma once
// Graphics shaders of render/, compiled by glslc at build time (cmake/EmbedShaders.cmake).
#include "core/embedded_shader.hpp"

namespace ss {
std::span<const EmbeddedShader> embedded_shaders_sortscope_render();
}  // namespace ss

namespace ss::render {
// Throws std::logic_error for an unknown name: shader names are fixed at build time.
const EmbeddedShader& find_render_shader(std::string_view name);
}  // namespace ss::render
