#pragma once
// CPU sorts in the order the GPU kernels produce (keys compared through the shared encoding):
// the reference the GPU result is verified against, and the std::sort baseline of the bench.
#include <string>

#include "plan/key_array.hpp"

namespace ss {

// std::stable_sort of the keys, values following their keys: equal keys stay in input order,
// which is also a valid std::sort result.
KeyArray cpu_sort(const KeyArray& input, bool descending);

struct Verification {
  bool ok = false;
  std::string message;  // what matched, or the first difference found
};

// Checks a GPU result: keys equal std::sort's bit for bit; with values, every input (key, value)
// pair appears exactly once, and a stable algorithm must equal std::stable_sort exactly.
Verification verify_sorted(const KeyArray& input, const KeyArray& output, bool descending,
                           bool stable);

// The same check against `expected` = cpu_sort(input, descending), computed
// once by callers that verify several results of one input (the bench).
Verification verify_sorted_against(const KeyArray& input, const KeyArray& expected,
                                   const KeyArray& output, bool stable);

}  // namespace ss
