#pragma once
// MPI for one sortscope process: initialised on construction, finalised on destruction, with
// MPI's errors returned as exceptions instead of aborting inside the library, and the few
// collectives the sample sort needs on top of the C API.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <mpi.h>

#include "core/errors.hpp"

namespace ss {

// An MPI call failed; what() names the call and MPI's message.
class MpiError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A problem every rank found together (MpiWorld::first_problem): rank 0 says it, every rank
// exits 2.
class AgreedUsageError : public UsageError {
 public:
  using UsageError::UsageError;
};

class MpiWorld {
 public:
  MpiWorld();
  ~MpiWorld();
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;

  std::uint32_t rank() const { return rank_; }
  std::uint32_t size() const { return size_; }
  // This process's rank among those on the same host (its GPU's index there).
  std::uint32_t local_rank() const { return local_rank_; }
  std::uint32_t local_size() const { return local_size_; }
  bool thread_multiple() const { return thread_multiple_; }
  MPI_Comm comm() const { return MPI_COMM_WORLD; }

  // Throws MpiError naming `call` when code is not MPI_SUCCESS.
  void check(int code, const char* call) const;

  // Every rank's problem (empty: none): the first one in rank order, the same on every rank, so
  // all of them can refuse together.
  std::string first_problem(const std::string& problem) const;

  // Every rank's `value`, in rank order.
  std::vector<std::uint64_t> all_gather(std::uint64_t value) const;
  std::vector<std::uint64_t> all_gather(const std::vector<std::uint64_t>& values) const;
  std::uint64_t sum(std::uint64_t value) const;
  double max(double value) const;

  // Ends every rank with `exit_code` (MPI_Abort).
  [[noreturn]] void abort(int exit_code) const;

 private:
  std::uint32_t rank_ = 0;
  std::uint32_t size_ = 1;
  std::uint32_t local_rank_ = 0;
  std::uint32_t local_size_ = 1;
  bool thread_multiple_ = false;
  MPI_Comm local_ = MPI_COMM_NULL;
};

}  // namespace ss
