// mergesort (seed 002): Sean Baxter's Modern GPU mergesort. Steps, each one dispatch:
//   blocksort  one workgroup of NT threads per tile of NV = NT * VT keys: each thread sorts its VT
//              keys in registers with the odd-even transposition network (phase 0), then the tile
//              merges lists of VT, 2VT, ... keys in shared memory, coop = 2, 4, ..., NT threads
//              per output list, each thread finding its VT outputs by a merge-path search (phases
//              1 .. log2 NT). The step's phase_limit stops it after that many phases and writes
//              the tile out as it then stands, so a lecturer can open the blocksort phase by phase
//              with the very kernel the full-speed run times (phase_limit = phases).
//   then ceil(log2 tiles) passes of two steps:
//   partition  one invocation per tile boundary finds where the tile's first output lies on the
//              merge path of the two sorted lists it merges from (mergesort_partition_*), and
//              writes that A-count into the partitions buffer;
//   merge      one workgroup per tiles_per_group consecutive tiles of NV outputs: for each, it
//              loads the A and B ranges its two partitions bound, merges them in shared memory
//              (each thread VT outputs from its own merge-path search) and stores them, in pass
//              p into the other ping-pong buffer; the next tile's loads go out before the merge.
// Comparisons are on encoded keys (keys.h) and take A's key on ties, so the sort is stable.
//
// Plan buffers (index = PlanBuffer index; steps bind them to the MERGESORT_BINDING_* slots):
//   0 keys, 1 values             the input; the blocksort only reads it, so every blocksort
//                                phase reads the same input; even passes write here
//   2 keys, 3 values (ping-pong) the blocksort's output; odd passes write here
//   4 partitions                 uint[tiles + 1]: for each tile of outputs, how many of its
//                                output list's first keys (up to the tile's first output) come
//                                from list A: where the tile's cross-diagonal meets the merge path
//   5 merge sources              uint[n], instrumented pipelines only (the stepper's): for each
//                                output of the last merge step, 0 = it came from list A, 1 = B
//   6 samples                    every S-th key of the last written keys, twice (keys S k, then
//                                keys S k + S - 1; mergesort_sample_*): the partition searches
//                                them before the keys themselves, see mergesort_partition.comp
// Pass p reads what pass p - 1 (or the blocksort) wrote and writes the other buffer pair, so the
// result needs no extra copy: it is where the last pass wrote it (mergesort_keys_after_pass).
#ifndef SS_MERGESORT_STEP_H
#define SS_MERGESORT_STEP_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

SS_CONST uint MERGESORT_STAGE_BLOCKSORT = 0u;
SS_CONST uint MERGESORT_STAGE_PARTITION = 1u;
SS_CONST uint MERGESORT_STAGE_MERGE = 2u;

SS_CONST uint MERGESORT_BUFFER_KEYS = 0u;
SS_CONST uint MERGESORT_BUFFER_VALUES = 1u;
SS_CONST uint MERGESORT_BUFFER_KEYS_ALT = 2u;
SS_CONST uint MERGESORT_BUFFER_VALUES_ALT = 3u;
SS_CONST uint MERGESORT_BUFFER_PARTITIONS = 4u;
SS_CONST uint MERGESORT_BUFFER_SOURCES = 5u;
SS_CONST uint MERGESORT_BUFFER_SAMPLES = 6u;
SS_CONST uint MERGESORT_BUFFER_COUNT = 7u;

SS_CONST uint MERGESORT_BINDING_KEYS_IN = 0u;
SS_CONST uint MERGESORT_BINDING_VALUES_IN = 1u;
SS_CONST uint MERGESORT_BINDING_KEYS_OUT = 2u;
SS_CONST uint MERGESORT_BINDING_VALUES_OUT = 3u;
SS_CONST uint MERGESORT_BINDING_PARTITIONS = 4u;
SS_CONST uint MERGESORT_BINDING_SOURCES = 5u;
SS_CONST uint MERGESORT_BINDING_SAMPLES = 6u;
SS_CONST uint MERGESORT_BINDING_COUNT = 7u;

// Specialization constant ids (0 is local_size_x = NT). Ids 1..4 match the other kernels', so
// Plan::instrumented_constant_id is MERGESORT_SPEC_INSTRUMENTED.
SS_CONST uint MERGESORT_SPEC_KEY_TYPE = 1u;
SS_CONST uint MERGESORT_SPEC_DESCENDING = 2u;
SS_CONST uint MERGESORT_SPEC_HAS_VALUES = 3u;
SS_CONST uint MERGESORT_SPEC_INSTRUMENTED = 4u;
SS_CONST uint MERGESORT_SPEC_VT = 5u;  // keys per thread
SS_CONST uint MERGESORT_SPEC_COUNT = 5u;

// The partition kernel's workgroup (one invocation per tile boundary).
SS_CONST uint MERGESORT_PARTITION_WORKGROUP = 64u;

// Push constants of the three mergesort kernels, and the StepView of their steps.
struct MergesortStep {
  uint stage;            // MERGESORT_STAGE_*: which kernel runs (kernels ignore it; views read it)
  uint n;                // keys
  uint tile_keys;        // NV = NT * VT: keys per blocksort tile and outputs per merge tile
  uint tiles;            // ceil(n / NV)
  uint pass;             // partition, merge: global pass, 0 merges lists of NV keys
  uint coop;             // partition, merge: 2 << pass tiles cooperate on one output list
  uint phase_limit;      // blocksort: phases run before the tile is stored (phases = all)
  uint phases;           // blocksort: 1 + log2 NT (transposition sort, then one per coop level)
  uint keys_per_thread;  // VT (also the kernels' specialization constant)
  uint threads;          // NT (also the kernels' workgroup size)
  uint partitions;       // tiles + 1 merge-path searches per partition step
  uint groups_x;         // workgroups along x, to flatten a 2D dispatch
  uint tiles_per_group;  // merge: consecutive tiles one workgroup produces (mergesort_merge.comp)
};

SS_FN uint ms_min(uint a, uint b) {
  return a < b ? a : b;
}
SS_FN uint ms_max(uint a, uint b) {
  return a > b ? a : b;
}

// Global merge passes after the blocksort: ceil(log2 tiles).
SS_FN uint mergesort_passes(uint tiles) {
  uint passes = 0u;
  while ((1u << passes) < tiles) ++passes;
  return passes;
}

// Sorted run length after blocksort phase `phase` (0: each thread's VT keys) or after global
// pass `pass` (NV << (pass + 1)).
SS_FN uint blocksort_run_length(uint phase, uint vt) {
  return vt << phase;
}
SS_FN uint mergesort_run_length(uint pass, uint nv) {
  return nv << (pass + 1u);
}

// Where global pass `pass` leaves the keys and values: the blocksort writes the ping-pong pair
// 2/3, so pass p writes 0/1 when p is even and 2/3 when odd.
SS_FN uint mergesort_keys_after_pass(uint pass) {
  return pass % 2u == 0u ? MERGESORT_BUFFER_KEYS : MERGESORT_BUFFER_KEYS_ALT;
}
SS_FN uint mergesort_values_after_pass(uint pass) {
  return pass % 2u == 0u ? MERGESORT_BUFFER_VALUES : MERGESORT_BUFFER_VALUES_ALT;
}

// One thread's merge inside the blocksort at level coop (CTABlocksortPass of the seed): within a
// tile of `count` keys held as sorted lists of VT * coop / 2, thread tid merges A = [a0, a1) and
// B = [b0, b1) (tile-local indices) and emits outputs diag .. diag + VT - 1 of that merge, i.e.
// tile positions VT * tid + i. coop threads cooperate on one output list.
SS_FN void blocksort_thread_lists(uint tid, uint coop, uint vt, uint count, SS_OUT(uint) a0,
                                  SS_OUT(uint) a1, SS_OUT(uint) b0, SS_OUT(uint) b1,
                                  SS_OUT(uint) diag) {
  uint list = ~(coop - 1u) & tid;
  uint start = vt * list;
  diag = ms_min(count, vt * ((coop - 1u) & tid));
  a0 = ms_min(count, start);
  a1 = ms_min(count, start + vt * (coop / 2u));
  b0 = a1;
  b1 = ms_min(count, start + vt * coop);
}

// Samples of the keys a step writes, for the next partition step's search: every S-th key at
// positions S k (phase 0) and S k + S - 1 (phase 1), S the largest power of two up to
// MERGESORT_MAX_SAMPLE_STRIDE dividing NV. Lists start at multiples of NV, and the partition's
// cross-diagonals too, so a search probing A at every S-th candidate (a0 + S g) probes B at
// b0 + diag - 1 - S g, a phase 1 position: both come from the samples, a compact array the
// search's first rounds share with their neighbours, instead of scattered sectors of the keys.
SS_CONST uint MERGESORT_MAX_SAMPLE_STRIDE = 256u;
SS_FN uint mergesort_sample_stride(uint nv) {
  uint lowest = nv & (~nv + 1u);
  return lowest < MERGESORT_MAX_SAMPLE_STRIDE ? lowest : MERGESORT_MAX_SAMPLE_STRIDE;
}
// Samples per phase: one for each S-th position below n.
SS_FN uint mergesort_sample_count(uint n, uint nv) {
  uint stride = mergesort_sample_stride(nv);
  return (n + stride - 1u) / stride;
}
// The sample holding the key at `position` (position % S is 0 or S - 1), in samples of
// `words`-word keys: its first word's index in the samples buffer.
SS_FN uint mergesort_sample_index(uint position, uint n, uint nv, uint words) {
  uint stride = mergesort_sample_stride(nv);
  uint phase = position % stride == 0u ? 0u : 1u;
  return (phase * mergesort_sample_count(n, nv) + position / stride) * words;
}

// The two lists a global pass merges into the output list holding tile `block`
// (FindMergesortFrame): A starts at a_begin, B at a_begin + size, each `size` keys (clipped to n).
SS_FN uint mergesort_frame_begin(uint coop, uint block, uint nv) {
  return nv * (~(coop - 1u) & block);
}
SS_FN uint mergesort_frame_size(uint coop, uint nv) {
  return nv * (coop >> 1u);
}

// The merge-path search at tile boundary `boundary` of a pass (KernelMergePartition): the A list
// [a0, a0 + a_count), the B list [b0, b0 + b_count) and the cross-diagonal, in the output list's
// coordinates, whose intersection with the merge path it searches for.
SS_FN void mergesort_partition_search(uint coop, uint boundary, uint nv, uint n, SS_OUT(uint) a0,
                                      SS_OUT(uint) a_count, SS_OUT(uint) b0, SS_OUT(uint) b_count,
                                      SS_OUT(uint) diag) {
  uint frame = mergesort_frame_begin(coop, boundary, nv);
  uint size = mergesort_frame_size(coop, nv);
  a0 = frame;
  b0 = ms_min(n, frame + size);
  b_count = ms_min(n, frame + 2u * size) - b0;
  a_count = ms_min(n, frame + size) - ms_min(n, a0);
  diag = ms_min(nv * boundary - frame, a_count + b_count);
}

// The input ranges of merge tile `block` (FindMergesortInterval), from the partitions mp0 at
// its first output and mp1 at the next tile's. The next tile's partition belongs to the next
// output list when block is the last of its frame; then the lists' ends are used instead.
SS_FN void mergesort_interval(uint coop, uint block, uint nv, uint n, uint mp0, uint mp1,
                              SS_OUT(uint) a0, SS_OUT(uint) a1, SS_OUT(uint) b0, SS_OUT(uint) b1) {
  uint frame = mergesort_frame_begin(coop, block, nv);
  uint size = mergesort_frame_size(coop, nv);
  uint diag = nv * block - frame;
  a0 = frame + mp0;
  a1 = ms_min(n, frame + mp1);
  b0 = ms_min(n, frame + size + diag - mp0);
  b1 = ms_min(n, frame + size + diag + nv - mp1);
  if (coop - 1u == ((coop - 1u) & block)) {
    a1 = ms_min(n, frame + size);
    b1 = ms_min(n, frame + 2u * size);
  }
}

SS_NAMESPACE_END

#ifdef __cplusplus
static_assert(sizeof(ss::gpu::MergesortStep) == 52, "MergesortStep is the mergesort push block");
#endif

#endif  // SS_MERGESORT_STEP_H
