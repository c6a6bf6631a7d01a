#include "distributed/distributed_output.hpp"

#include <unistd.h>
#include <algorithm>
#include <numeric>
#include <system_error>

#include "core/errors.hpp"
#include "distributed/mpi_world.hpp"
#include "input/key_file.hpp"

namespace ss {

namespace {

// Bytes of this rank's part in the file: text lines differ in length, so they are counted first.
std::uint64_t part_bytes(const KeyArray& part, bool binary) {
  if (binary)
    return std::uint64_t(part.size()) * (4u * key_words(part.type) + (part.has_values ? 4u : 0u));
  std::uint64_t bytes = 0;
  for (std::size_t first = 0; first < part.size(); first += k_keys_per_file_piece) {
    bytes +=
        key_file_bytes(part, false, first, std::min(k_keys_per_file_piece, part.size() - first))
            .size();
  }
  return bytes;
}

}  // namespace

void write_distributed_key_file(const MpiWorld& world, const std::filesystem::path& path,
                                const KeyArray& part) {
  const bool binary = is_binary_key_file(path);
  const std::vector<std::uint64_t> sizes = world.all_gather(part_bytes(part, binary));
  const std::uint64_t offset =
      std::accumulate(sizes.begin(), sizes.begin() + world.rank(), std::uint64_t{0});
  // Rank 0's process id names the temporary, the same on every rank.
  const std::uint64_t id = world.all_gather(static_cast<std::uint64_t>(getpid()))[0];
  const std::filesystem::path temporary =
      path.string() + ".sortscope-" + std::to_string(id) + ".partial";

  MPI_File file = MPI_FILE_NULL;
  const int opened = MPI_File_open(world.comm(), temporary.c_str(),
                                   MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &file);
  std::string problem;
  if (opened != MPI_SUCCESS) {
    problem = "cannot write " + path.string() + " (opening " + temporary.string() + " failed)";
  } else {
    MPI_File_set_errhandler(file, MPI_ERRORS_RETURN);
    if (MPI_File_set_size(file, 0) != MPI_SUCCESS)
      problem = "cannot truncate " + temporary.string();
    std::uint64_t at = offset;
    for (std::size_t first = 0; first < part.size() && problem.empty();
         first += k_keys_per_file_piece) {
      const std::string bytes =
          key_file_bytes(part, binary, first, std::min(k_keys_per_file_piece, part.size() - first));
      MPI_Status status;
      if (MPI_File_write_at(file, static_cast<MPI_Offset>(at), bytes.data(),
                            static_cast<int>(bytes.size()), MPI_CHAR, &status) != MPI_SUCCESS) {
        problem = "writing " + path.string() + " failed (disk full?)";
      }
      at += bytes.size();
    }
    if (MPI_File_close(&file) != MPI_SUCCESS && problem.empty()) {
      problem = "closing " + path.string() + " failed";
    }
  }
  problem = world.first_problem(problem);
  if (world.rank() == 0) {
    std::error_code error;
    if (problem.empty()) {
      std::filesystem::rename(temporary, path, error);
      if (error) problem = "cannot rename " + temporary.string() + ": " + error.message();
    }
    if (!problem.empty()) std::filesystem::remove(temporary, error);
  }
  problem = world.first_problem(problem);
  if (!problem.empty()) throw UsageError(problem);
}

}  // namespace ss
