#pragma once
// What holds after each step of a plan: the statement the algorithm guarantees at that point
// (every pair a layer compared is in order, runs of 16 keys sorted, keys sorted by their low 8
// bits and stable, a histogram that counts every key once...), as text for the caption and as
// the parameters of invariant_check.comp, which checks it over the whole array on the GPU. Each
// algorithm family says what holds after its steps in its own file (algorithms/*_invariant.cpp);
// the last step of every plan claims the keys sorted (and stable, for a stable sort of pairs).
#include <cstddef>
#include <cstdint>
#include <string>

#include "plan/plan.hpp"
#include "shaders/common/invariant_check.h"

namespace ss {

inline constexpr std::uint32_t k_no_plan_buffer = 0xffffffffu;

struct StepInvariant {
  std::string text;                        // "every run of 16 keys is sorted"
  gpu::InvariantCheck check{};             // threads and groups_x are the checker's to fill
  std::uint32_t aux_a = k_no_plan_buffer;  // plan buffers the auxiliary modes read
  std::uint32_t aux_b = k_no_plan_buffer;
};

// What holds after step `index` of the plan (the state at position index + 1).
StepInvariant step_invariant(const Plan& plan, std::size_t index);

// A statement of `mode` about the spec's keys (mode, n, key type and direction set; the rest of
// the check is the caller's).
StepInvariant invariant_of(const SortSpec& spec, std::uint32_t mode, std::string text);

// Runs of `run_length` keys sorted by the low `low_bits` bits of the encoded key (64: all of it),
// with ties in input order where `stable` (pairs only: the values are the input positions).
StepInvariant sorted_runs(const SortSpec& spec, std::uint64_t run_length, std::uint32_t low_bits,
                          bool stable);
// Bits of the encoded key: 32, or 64 for u64 keys.
std::uint32_t key_bits(const SortSpec& spec);

// What the checker found after a step.
struct InvariantVerdict {
  std::string text;
  std::uint32_t mode = gpu::INVARIANT_RUNS;
  bool holds = true;
  std::uint64_t violations = 0;
  // Lowest array position (or word of the auxiliary range) that breaks the statement.
  std::uint32_t first_violation = gpu::INVARIANT_NONE;
  std::uint64_t out_of_order = 0;  // neighbouring pairs (i, i + 1) out of order: a measure
  std::uint64_t sum = 0;           // INVARIANT_SUM: the total the GPU added up
  std::uint64_t expected_sum = 0;
};

// What broke the statement: "3 violations, the first at position 12" (empty when it holds).
std::string violations_text(const InvariantVerdict& verdict);
// "holds" or "fails: " and violations_text, for the CLI and tests.
std::string verdict_text(const InvariantVerdict& verdict);

}  // namespace ss
