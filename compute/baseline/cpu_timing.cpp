#include "baseline/cpu_timing.hpp"

#include <algorithm>
#include <chrono>
#include <execution>
#include <utility>
#include <vector>

#include "core/interruptible.hpp"

namespace ss {

namespace {

// On a thread of its own (run_interruptibly), which owns the copy it sorts: std::sort of 2^28 keys
// on one core takes half a minute, and an interrupt must not wait for it.
template <class T, class Less>
double time_sort(std::vector<T> data, Less less, CpuSort kind) {
  return run_interruptibly([data = std::move(data), less, kind]() mutable {
    const auto start = std::chrono::steady_clock::now();
    if (kind == CpuSort::std_sort_parallel) {
      std::sort(std::execution::par, data.begin(), data.end(), less);
    } else {
      std::sort(data.begin(), data.end(), less);
    }
    const auto stop = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::milli>(stop - start).count();
  });
}

template <class K>
double time_typed(const KeyArray& input, bool descending, CpuSort kind, auto key_of) {
  const std::size_t n = input.size();
  if (input.has_values) {
    std::vector<std::pair<K, std::uint32_t>> records(n);
    for (std::size_t i = 0; i < n; ++i) records[i] = {key_of(i), input.values[i]};
    if (descending) {
      return time_sort(
          std::move(records), [](const auto& a, const auto& b) { return b.first < a.first; }, kind);
    }
    return time_sort(
        std::move(records), [](const auto& a, const auto& b) { return a.first < b.first; }, kind);
  }
  std::vector<K> keys(n);
  for (std::size_t i = 0; i < n; ++i) keys[i] = key_of(i);
  if (descending)
    return time_sort(
        std::move(keys), [](K a, K b) { return b < a; }, kind);
  return time_sort(
      std::move(keys), [](K a, K b) { return a < b; }, kind);
}

}  // namespace

double time_cpu_sort(const KeyArray& input, bool descending, CpuSort kind) {
  switch (input.type) {
    case KeyType::u32:
      return time_typed<std::uint32_t>(input, descending, kind,
                                       [&](std::size_t i) { return input.words[i]; });
    case KeyType::i32:
      return time_typed<std::int32_t>(input, descending, kind,
                                      [&](std::size_t i) { return std::int32_t(input.words[i]); });
    case KeyType::f32:
      // totalOrder through the same encoding as the kernels (a plain float < would misplace NaNs).
      return time_typed<std::uint32_t>(input, false, kind, [&](std::size_t i) {
        return std::uint32_t(encoded_key(input, i, descending));
      });
    case KeyType::u64:
      return time_typed<std::uint64_t>(input, descending, kind,
                                       [&](std::size_t i) { return input.bits(i); });
  }
  return 0;
}

}  // namespace ss
