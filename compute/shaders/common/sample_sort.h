// The two kernels of the distributed sample sort (compute/distributed/): where each splitter
// falls in a rank's sorted keys, and the merge of the sorted runs a rank received. Keys are
// compared by their encoded words (keys.h), so every key type and both directions share them.
#ifndef SS_SAMPLE_SORT_H
#define SS_SAMPLE_SORT_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

// splitter_search.comp: invocation s finds, for splitter s given as its encoded (hi, lo) words,
// the first position whose key is not below it and the first whose key is above it.
struct SplitterSearch {
  uint n;          // keys in the sorted array
  uint splitters;  // splitters to find
  uint key_type;   // KEY_U32 ...
  uint descending;
};

SS_CONST uint SPLITTER_SEARCH_BINDING_COUNT = 3;  // sorted keys, splitters, bounds (2 a splitter)

// merge_runs.comp: merges run A = [a_first, a_first + a_count) and run B = [b_first, b_first +
// b_count) of the source buffers into [out_first, out_first + a_count + b_count) of the
// destination buffers, A's key first where two are equal (so merging runs in rank order is
// stable). Each invocation writes MERGE_RUNS_ITEMS consecutive outputs, found by a merge-path
// search of its diagonal.
struct MergeRuns {
  uint a_first;
  uint a_count;
  uint b_first;
  uint b_count;
  uint out_first;
  uint key_type;
  uint descending;
  uint pairs;
  uint groups_x;  // workgroups along x, to flatten a 2D dispatch
};

SS_CONST uint MERGE_RUNS_ITEMS = 8;
SS_CONST uint MERGE_RUNS_BINDING_COUNT = 4;  // source keys, source values, output keys, values

// gather_keys.comp: invocation i copies the key (key_words words) and, with pairs, the value at
// positions[i] to place i of the output: a rank's samples (and a replay's recorded keys) read out
// of its sorted buffer in one dispatch instead of a copy region per key.
struct GatherKeys {
  uint count;      // positions to read
  uint key_words;  // 1 or 2
  uint pairs;
  uint groups_x;
};

SS_CONST uint GATHER_KEYS_BINDING_COUNT = 5;  // keys, values, positions, output keys, values

SS_NAMESPACE_END

#endif  // SS_SAMPLE_SORT_H
