#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/embedded_shader.hpp"
#include "core/errors.hpp"
#include "platform/this_process.hpp"
#include "platform/utf8_paths.hpp"

using namespace ss;

namespace {
// Sets SORTSCOPE_SPIRV_DIR for one test and removes it (and the folder) afterwards, so no other
// test in the process creates kernels from the folder.
class SpirvDir {
 public:
  explicit SpirvDir(const std::string& name)
      : path_(std::filesystem::temp_directory_path() / ("sortscope-spirv-" + name)) {
    std::filesystem::create_directories(path_);
    platform::set_environment_variable("SORTSCOPE_SPIRV_DIR", platform::utf8_from_path(path_));
  }
  ~SpirvDir() {
    platform::unset_environment_variable("SORTSCOPE_SPIRV_DIR");
    std::filesystem::remove_all(path_);
  }
  void write(const std::string& file, const void* data, std::size_t bytes) const {
    std::ofstream out(path_ / file, std::ios::binary);
    out.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
  }

 private:
  std::filesystem::path path_;
};
}  // namespace

TEST_CASE(
    "embedded shaders: kernels use the built-in SPIR-V unless SORTSCOPE_SPIRV_DIR has NAME.spv",
    "[shaders]") {
  const EmbeddedShader& embedded = find_shader("onesweep_init.comp");
  REQUIRE(embedded.spirv.size() > 5);
  CHECK(kernel_spirv("onesweep_init.comp").data() == embedded.spirv.data());

  SpirvDir dir("override");
  CHECK(kernel_spirv("onesweep_init.comp").data() == embedded.spirv.data());  // no file: built in

  // The same module written to the folder: loaded from there (another copy), word for word.
  dir.write("onesweep_init.comp.spv", embedded.spirv.data(), embedded.spirv.size_bytes());
  const auto loaded = kernel_spirv("onesweep_init.comp");
  CHECK(loaded.data() != embedded.spirv.data());
  CHECK(std::equal(loaded.begin(), loaded.end(), embedded.spirv.begin(), embedded.spirv.end()));
  CHECK(kernel_spirv("batcher.comp").data() == find_shader("batcher.comp").spirv.data());
}

TEST_CASE("embedded shaders: a SORTSCOPE_SPIRV_DIR file that is not SPIR-V is a setup error",
          "[shaders]") {
  SpirvDir dir("bad");
  const std::string text = "this is GLSL, not SPIR-V";
  dir.write("onesweep_scan.comp.spv", text.data(), text.size());
  CHECK_THROWS_AS(kernel_spirv("onesweep_scan.comp"), SetupError);
  dir.write("onesweep_scan.comp.spv", "", 0);
  CHECK_THROWS_AS(kernel_spirv("onesweep_scan.comp"), SetupError);
  CHECK_THROWS_AS(kernel_spirv("no_such_shader.comp"), std::logic_error);
}
