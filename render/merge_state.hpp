#pragma once
// What the mergesort views (sorted runs on the bars, the merge-path grid, the blocksort tile)
// show, read back from the buffers the mergesort kernels wrote, once per change of step or of
// the list or tile picked. Index math comes from mergesort_step.h; nothing here merges or sorts:
// partitions, merge sources and keys are the GPU's words, only regrouped for drawing.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/buffer.hpp"
#include "plan/plan.hpp"
#include "plan/stepper.hpp"
#include "render/key_window.hpp"

namespace ss::render {

struct KeyRange;

// Cells per axis the merge-path model keeps (larger lists are cut into this many blocks, each
// read back as its first and last key only).
inline constexpr std::uint32_t k_max_grid_cells = 1024;
// Points of the merge path kept (sampled evenly over the outputs for long lists).
inline constexpr std::uint32_t k_max_path_points = 4096;
// Lists up to this many keys get their keys printed along the grid's axes.
inline constexpr std::uint32_t k_max_labelled_keys = 32;

// What the lecturer picked: the output list of a pass (merge-path grid) and the blocksort tile,
// and the window of keys the bars show: the scatter view reads where its keys went, and a pick
// that holds none of its keys gives way to the one at its middle (picks_in_window).
struct ViewPicks {
  std::uint32_t pair = 0;
  std::uint32_t tile = 0;
  KeyWindow window;
  bool operator==(const ViewPicks&) const = default;
};

// A mergesort step as the views read it (from its push constants, through mergesort_step.h).
struct MergeStepInfo {
  std::uint32_t stage = 0;  // MERGESORT_STAGE_* of the step shown (blocksort at the input)
  bool stepped = false;     // false at the input, before any step
  std::uint32_t n = 0, nv = 0, vt = 0, nt = 0, tiles = 0;
  std::uint32_t pass = 0, coop = 0;     // partition, merge
  std::uint32_t phase = 0, phases = 0;  // blocksort: phases run (phases = the whole step)
  std::uint32_t run_length = 1;         // sorted runs of the state shown (1 at the input)
  std::uint32_t list_length = 0;        // partition, merge: keys in each list A and B
  std::uint32_t output_lists = 0;       // partition, merge: output lists of the pass
  bool merging() const;                 // a partition or merge step is shown
  bool blocksort() const;               // a blocksort step or phase is shown (or the input)
  // Threads cooperating on one output list in the blocksort phase shown (1: registers only).
  std::uint32_t blocksort_coop() const { return phase <= 1 ? 1u : 1u << (phase - 1); }
};
// The mergesort step shown at `position` of a mergesort plan; nullopt for other plans.
std::optional<MergeStepInfo> merge_step_info(const Plan& plan, std::size_t position);

// `picks` with an output list (merging) or blocksort tile that holds none of the window's keys
// replaced by the one holding the window's middle key, so the merge views show what the bars do.
ViewPicks picks_in_window(ViewPicks picks, const MergeStepInfo& info);

// One tile boundary of the picked output list on its merge path: the partition kernel's answer.
struct MergePartition {
  std::uint32_t tile = 0;  // global tile index (its first output is this point)
  std::uint32_t diag = 0;  // cross-diagonal in the output list (a + b on it)
  std::uint32_t a = 0;     // A-count where the path crosses it (partitions buffer)
  bool end = false;        // the list's end (|A|, |B|), not a partition of this list
};

// Path point after some outputs: how many came from A and from B.
struct PathPoint {
  std::uint32_t a = 0, b = 0;
};

struct MergePathModel {
  std::uint32_t pair = 0, pairs = 0;       // output list shown, output lists in the pass
  std::uint32_t input_buffer = 0;          // plan buffer the step read (binding 0)
  std::uint32_t a_begin = 0, a_count = 0;  // A in that buffer
  std::uint32_t b_begin = 0, b_count = 0;  // B
  // The grid: A cut into a_cells blocks along x, B into b_cells along y; block r of a list of
  // `count` keys is [r * count / cells, (r + 1) * count / cells). Encoded keys (sort order) of
  // each block's first and last key.
  std::uint32_t a_cells = 0, b_cells = 0;
  std::vector<std::uint64_t> a_first, a_last, b_first, b_last;
  std::vector<std::string> a_labels, b_labels;  // keys printed (lists <= k_max_labelled_keys)
  std::vector<MergePartition> partitions;       // the list's tile boundaries, then its end
  bool has_path = false;                        // merge steps: path from the sources buffer
  std::vector<PathPoint> path;                  // (0, 0) .. (a_count, b_count), sampled
  // Cell (x, y): 0 every A key of the block goes before every B key of its row block
  // (A <= B, ties take A), 1 every B key goes first (B < A), 2 mixed (the path crosses it).
  std::uint32_t cell(std::uint32_t x, std::uint32_t y) const;
  std::uint32_t block_begin(std::uint32_t r, std::uint32_t cells, std::uint32_t count) const {
    return std::uint32_t(std::uint64_t(r) * count / cells);
  }
};

// One blocksort tile as the phase shown left it: each thread's VT keys (one row per thread) and,
// at coop levels, the lists each thread merged (blocksort_thread_lists).
struct BlocksortThread {
  std::uint32_t a0 = 0, a1 = 0, b0 = 0, b1 = 0, diag = 0;  // tile-local
};
struct BlocksortModel {
  std::uint32_t tile = 0, tiles = 0;
  std::uint32_t first = 0;  // global index of the tile's first key
  std::uint32_t count = 0;  // keys in the tile (the last one may be short)
  std::uint32_t nt = 0, vt = 0, coop = 1;
  std::uint32_t source_buffer = 0;       // plan buffer the keys were read from
  std::vector<float> fraction;           // key's place in the input's range, as the bars
  std::vector<std::string> labels;       // printed keys
  std::vector<BlocksortThread> threads;  // coop >= 2
};

struct MergeState {
  MergeStepInfo info;
  const Buffer* sources = nullptr;     // merge steps: the merge sources buffer, bound by the bars
  std::optional<MergePathModel> path;  // partition and merge steps
  std::optional<BlocksortModel> blocksort;  // blocksort steps and the input
};

// Reads the state of the stepper's mergesort plan at its position; nullopt for other plans.
std::optional<MergeState> capture_merge_state(const Context& context, const Stepper& stepper,
                                              const KeyRange& range, const ViewPicks& picks);

// Path from merge sources (0 = A, 1 = B), one flag per output in order, sampled to at most
// k_max_path_points + 1 points (pure, for the model and its tests).
std::vector<PathPoint> path_from_sources(const std::vector<std::uint32_t>& sources);

// "list length", "coop", "NV", "partitions" (partition, merge) or "coop", "list length"
// (blocksort phases), for the step panel and the headless render's report.
struct StepFact {
  std::string name;
  std::string value;
};
std::vector<StepFact> merge_step_facts(const Step& step);

}  // namespace ss::render
