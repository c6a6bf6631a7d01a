#include "distributed/mpi_world.hpp"

#include <cstdlib>
#include <stdexcept>

namespace ss {

MpiWorld::MpiWorld() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (initialized) throw std::logic_error("MPI was initialised twice in one process");
  int provided = 0;
  // Multiple: the watchdog thread may abort every rank while the main one waits in a collective.
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS) {
    throw MpiError("MPI could not be initialised (MPI_Init_thread failed)");
  }
  thread_multiple_ = provided >= MPI_THREAD_MULTIPLE;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int value = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &value);
  rank_ = static_cast<std::uint32_t>(value);
  MPI_Comm_size(MPI_COMM_WORLD, &value);
  size_ = static_cast<std::uint32_t>(value);
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, static_cast<int>(rank_),
                            MPI_INFO_NULL, &local_),
        "MPI_Comm_split_type");
  MPI_Comm_rank(local_, &value);
  local_rank_ = static_cast<std::uint32_t>(value);
  MPI_Comm_size(local_, &value);
  local_size_ = static_cast<std::uint32_t>(value);
}

MpiWorld::~MpiWorld() {
  if (local_ != MPI_COMM_NULL) MPI_Comm_free(&local_);
  MPI_Finalize();
}

void MpiWorld::check(int code, const char* call) const {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw MpiError(std::string(call) + " failed on rank " + std::to_string(rank_) + ": " +
                 std::string(text, static_cast<std::size_t>(length)));
}

std::string MpiWorld::first_problem(const std::string& problem) const {
  const std::vector<std::uint64_t> lengths = all_gather(problem.size());
  std::uint32_t first = size_;
  for (std::uint32_t r = 0; r < size_ && first == size_; ++r) {
    if (lengths[r] != 0) first = r;
  }
  if (first == size_) return {};
  std::string text(lengths[first], '\0');
  if (rank_ == first) text = problem;
  check(MPI_Bcast(text.data(), static_cast<int>(text.size()), MPI_CHAR, static_cast<int>(first),
                  MPI_COMM_WORLD),
        "MPI_Bcast");
  return size_ > 1 && first != 0 ? "rank " + std::to_string(first) + ": " + text : text;
}

std::vector<std::uint64_t> MpiWorld::all_gather(std::uint64_t value) const {
  std::vector<std::uint64_t> values(size_);
  check(MPI_Allgather(&value, 1, MPI_UINT64_T, values.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD),
        "MPI_Allgather");
  return values;
}

std::vector<std::uint64_t> MpiWorld::all_gather(const std::vector<std::uint64_t>& values) const {
  std::vector<std::uint64_t> all(values.size() * size_);
  check(MPI_Allgather(values.data(), static_cast<int>(values.size()), MPI_UINT64_T, all.data(),
                      static_cast<int>(values.size()), MPI_UINT64_T, MPI_COMM_WORLD),
        "MPI_Allgather");
  return all;
}

std::uint64_t MpiWorld::sum(std::uint64_t value) const {
  std::uint64_t total = 0;
  check(MPI_Allreduce(&value, &total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD), "MPI_Allreduce");
  return total;
}

double MpiWorld::max(double value) const {
  double result = 0;
  check(MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
  return result;
}

void MpiWorld::abort(int exit_code) const {
  MPI_Abort(MPI_COMM_WORLD, exit_code);
  std::_Exit(exit_code);  // MPI_Abort does not return; should it, end this process at least
}

}  // namespace ss
