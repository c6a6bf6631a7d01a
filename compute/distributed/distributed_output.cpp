#include "distributed/distributed_output.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <string>
#include <system_error>
#include <vector>

#include "core/errors.hpp"
#include "distributed/mpi_world.hpp"
#include "input/key_file.hpp"
#include "platform/this_process.hpp"

namespace ss {

namespace {

// Formatting text is what takes the time in writing it (f32's "%.9g" took about 0.3 us a key on
// one core: a rank's 2^30 keys, formatted once to count their bytes and once to write them, would
// keep it past --rank-timeout), so the pieces are formatted on every core, a batch at a time.
std::size_t pieces_of(const KeyArray& part) {
  return (part.size() + k_keys_per_file_piece - 1) / k_keys_per_file_piece;
}

std::string piece_bytes(const KeyArray& part, bool binary, std::size_t piece) {
  const std::size_t first = piece * k_keys_per_file_piece;
  return key_file_bytes(part, binary, first, std::min(k_keys_per_file_piece, part.size() - first));
}

// Pieces [begin, end), formatted in parallel.
std::vector<std::string> format_pieces(const KeyArray& part, bool binary, std::size_t begin,
                                       std::size_t end) {
  std::vector<std::string> pieces(end - begin);
  tbb::parallel_for(begin, end,
                    [&](std::size_t p) { pieces[p - begin] = piece_bytes(part, binary, p); });
  return pieces;
}

// Bytes of this rank's part in the file: text lines differ in length, so they are counted first.
std::uint64_t part_bytes(const KeyArray& part, bool binary) {
  if (binary)
    return std::uint64_t(part.size()) * (4u * key_words(part.type) + (part.has_values ? 4u : 0u));
  return tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, pieces_of(part)), std::uint64_t{0},
      [&](const tbb::blocked_range<std::size_t>& r, std::uint64_t bytes) {
        for (std::size_t p = r.begin(); p != r.end(); ++p)
          bytes += piece_bytes(part, false, p).size();
        return bytes;
      },
      std::plus<>());
}

}  // namespace

void write_distributed_key_file(const MpiWorld& world, const std::filesystem::path& path,
                                const KeyArray& part) {
  const bool binary = is_binary_key_file(path);
  const std::vector<std::uint64_t> sizes = world.all_gather(part_bytes(part, binary));
  const std::uint64_t offset =
      std::accumulate(sizes.begin(), sizes.begin() + world.rank(), std::uint64_t{0});
  // Rank 0's process id names the temporary, the same on every rank.
  const std::uint64_t id = world.all_gather(platform::process_id())[0];
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
    const std::size_t pieces = pieces_of(part);
    // Enough pieces to keep the cores busy; at most 32 (about 1.5 GB of text) held at once.
    const std::size_t batch =
        std::clamp<std::size_t>(2 * std::size_t(tbb::this_task_arena::max_concurrency()), 4, 32);
    for (std::size_t begin = 0; begin < pieces && problem.empty(); begin += batch) {
      for (const std::string& bytes :
           format_pieces(part, binary, begin, std::min(begin + batch, pieces))) {
        MPI_Status status;
        if (problem.empty() &&
            MPI_File_write_at(file, static_cast<MPI_Offset>(at), bytes.data(),
                              static_cast<int>(bytes.size()), MPI_CHAR, &status) != MPI_SUCCESS) {
          problem = "writing " + path.string() + " failed (disk full?)";
        }
        at += bytes.size();
      }
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
