#pragma once
// The steps of a recorded sample sort (run --algo sample-sort --record DIR) as a replay shows them,
// and their captions: what each phase did across the ranks, with the numbers the run recorded
// (keys, samples, splitters, the exchange's counts, the phase times), and whether "every key on
// rank r sorts at or before every key on rank r + 1" holds for the keys the ranks hold after it.
#include <cstddef>
#include <cstdint>
#include <string>

#include "distributed/sample_sort_record.hpp"
#include "render/narration/narration.hpp"

namespace ss::render {

// The steps, k_replay_steps of them (sample_sort_record.hpp).
enum class ReplayStep : std::size_t { input, local_sort, samples, splitters, exchange, merge };

// "Local sort (step 1 of 5)".
std::string replay_step_title(std::size_t step);
// "sample sort of 64 u32 keys over 4 ranks (16 each), local sort onesweep, input random (seed 7)".
std::string replay_scenario_text(const SampleSortReplay& replay);
Caption replay_caption(const SampleSortReplay& replay, std::size_t step);

// The keys rank r holds after `step`: its input slice, its sorted keys (through the splitters),
// the runs it received, its merged part.
const RecordedKeys& replay_lane(const SampleSortReplay& replay, std::uint32_t rank,
                                std::size_t step);

// Whether every recorded key on each rank sorts at or before every recorded key on the next
// non-empty rank after `step`; the first pair of ranks where it fails.
struct RankOrder {
  bool holds = true;
  std::uint32_t rank = 0;  // when not: rank's largest key sorts after the next rank's smallest
  std::uint32_t next = 0;
  std::uint64_t largest_bits = 0, smallest_bits = 0;
  std::uint32_t violations = 0;  // pairs of neighbouring ranks that overlap
};
RankOrder rank_order(const SampleSortReplay& replay, std::size_t step);

// A key as a lecture reads it: integers with thousands separated, floats as the key file has them.
std::string replay_key_text(std::uint64_t bits, KeyType type);
// The key as a number, for the bars' heights.
double replay_key_value(std::uint64_t bits, KeyType type);

}  // namespace ss::render
