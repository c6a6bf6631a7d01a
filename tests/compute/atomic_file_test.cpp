// Output files are all or nothing: a failed or abandoned write leaves the destination as it was
// and no temporary behind.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "core/atomic_file.hpp"
#include "core/errors.hpp"

using namespace ss;

namespace {

std::filesystem::path fresh_folder(const std::string& name) {
  const auto folder = std::filesystem::path(SORTSCOPE_TEST_DATA) / name;
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t files_in(const std::filesystem::path& folder) {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(folder),
                                                std::filesystem::directory_iterator()));
}

}  // namespace

TEST_CASE("atomic files: commit replaces the destination, nothing else is left", "[output]") {
  const auto folder = fresh_folder("atomic-commit");
  const auto path = folder / "out.txt";
  std::ofstream(path) << "old";
  AtomicFile file(path);
  file.write("new ");
  file.write(std::string(3 << 20, 'x'));  // more than one buffered block
  CHECK(read(path) == "old");             // untouched until commit
  file.commit();
  CHECK(read(path).substr(0, 4) == "new ");
  CHECK(read(path).size() == 4 + (3u << 20));
  CHECK(files_in(folder) == 1);
}

TEST_CASE("atomic files: abandoned before commit, the previous file stays", "[output]") {
  const auto folder = fresh_folder("atomic-abandon");
  const auto path = folder / "out.txt";
  std::ofstream(path) << "previous";
  try {
    AtomicFile file(path);
    file.write("half of it");
    throw std::runtime_error("interrupted");
  } catch (const std::runtime_error&) {
  }
  CHECK(read(path) == "previous");
  CHECK(files_in(folder) == 1);
}

TEST_CASE("atomic files: a full device and a missing folder are errors naming the path",
          "[output]") {
  if (std::filesystem::exists("/dev/full")) {
    AtomicFile full("/dev/full");
    full.write("x");
    CHECK_THROWS_WITH(full.commit(),
                      Catch::Contains("/dev/full") && Catch::Contains("No space left on device"));
  }
  CHECK_THROWS_WITH(write_file_atomically(fresh_folder("atomic-missing") / "no" / "such.txt", "x"),
                    Catch::Contains("no/such.txt") && Catch::Contains("No such file"));
}
