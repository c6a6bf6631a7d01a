#pragma once
// Times std::sort on the CPU for the bench, on the same keys the GPU sorts: native integer
// comparisons for u32/i32/u64, encoded (totalOrder) keys for f32, (key, value) records for pairs.
#include "plan/key_array.hpp"

namespace ss {

enum class CpuSort {
  std_sort,           // std::sort, one core
  std_sort_parallel,  // std::sort(std::execution::par), every core (TBB)
};

// Milliseconds of one sort of a fresh copy of `input` (the copy is not timed).
double time_cpu_sort(const KeyArray& input, bool descending, CpuSort kind);

}  // namespace ss
