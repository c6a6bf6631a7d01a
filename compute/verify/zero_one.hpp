#pragma once
// The 0-1 principle on the GPU: runs a network plan's comparators (the disabled ones left out)
// on all 2^n inputs of 0s and 1s, n <= 32, in chunks short enough that each submission ends
// quickly, and reports the lowest input the network leaves unsorted.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "plan/key_array.hpp"
#include "plan/plan.hpp"

namespace ss {

class Context;

// On a CPU implementation of Vulkan (lavapipe) the check takes n <= this unless overridden.
// Measured on lavapipe, 2 cores: n = 22 takes 0.67 s (batcher, 119 comparators), 0.86 s
// (bitonic) and 1.35 s (transposition, 231 comparators) when idle, about twice that while a build
// shares the cores; n = 24 took 6 to 12 s under that load, and every wire more doubles it.
inline constexpr std::uint32_t k_zero_one_cpu_max_n = 22;

struct ZeroOneOptions {
  // Called after every chunk with the inputs checked so far and the total (2^n).
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
  // Set (e.g. by another thread) to stop after the current chunk; the result is then incomplete.
  const std::atomic<bool>* cancel = nullptr;
  // Run n above k_zero_one_cpu_max_n on a CPU device too.
  bool allow_slow = false;
  // Wall time one submission should take; the chunk size adapts to it after each chunk.
  double chunk_seconds = 0.1;
  // First input to check (the ones below are taken as checked elsewhere): for resuming, and for
  // tests of the top of the 32-bit index space.
  std::uint64_t first_input = 0;
};

struct ZeroOneResult {
  std::uint32_t n = 0;
  std::uint64_t comparators = 0;  // comparators run on each input
  std::uint64_t total = 0;        // 2^n
  std::uint64_t first_input = 0;  // ZeroOneOptions::first_input
  std::uint64_t checked = 0;      // inputs checked from first_input on (all unless stopped)
  bool cancelled = false;         // stopped through ZeroOneOptions::cancel
  // Lowest input (bit w = key on wire w) the network leaves unsorted; none when it sorts all.
  std::optional<std::uint32_t> failing_input;
  double seconds = 0;  // wall time of the check
  double inputs_per_second() const { return seconds > 0 ? double(checked) / seconds : 0; }
  bool sorts() const {
    return !failing_input && !cancelled && first_input == 0 && checked == total;
  }
};

// The comparators of the plan's network as zero_one_check.h packs them, layer after layer, the
// disabled ones left out.
std::vector<std::uint32_t> zero_one_comparators(const Plan& plan);

// The 0-1 input `bits` as keys of the plan's type: key w is 1 where bit w is set, else 0 (for a
// descending plan the other way round, so the keys fail exactly as the 0-1 input does).
KeyArray zero_one_keys(std::uint32_t bits, const SortSpec& spec);

// The 0-1 input `bits` of n wires as a class reads it, wire 0 first: "11001100".
std::string zero_one_input_text(std::uint32_t bits, std::uint32_t n);

// The check's verdict in words, the same in the app and in a lesson's handout: "sorts all 2^8
// inputs of 0s and 1s, hence every input (0-1 principle)", "does NOT sort: it fails on the 0-1
// input 11001100 (wire 0 first)", or how far a cancelled check came.
std::string zero_one_verdict(const ZeroOneResult& result);

// Throws UsageError for a plan that is not a network, n > 32, or n above the CPU limit on a CPU
// device without allow_slow (what check_zero_one checks first), so a caller can refuse early.
void require_zero_one_checkable(const Context& context, const Plan& plan, bool allow_slow);

// Throws as require_zero_one_checkable; Interrupted when a signal arrives between chunks.
ZeroOneResult check_zero_one(const Context& context, const Plan& plan,
                             const ZeroOneOptions& options = {});

}  // namespace ss
