// Push constants of the bars pipeline, shared by bars.vert and render/views/bars_view.cpp. One
// instance per pixel column (or per key when the keys fit): the vertex shader reads the keys of
// its column straight from the GPU keys buffer, so no frame reads keys back to the host.
#ifndef SS_BARS_PARAMS_H
#define SS_BARS_PARAMS_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

struct BarsParams {
  uint n;           // keys in the buffer
  uint columns;     // instances drawn: n, or the pixel width when n exceeds it
  uint key_type;    // KEY_U32 ... KEY_U64
  uint color_mode;  // BARS_COLOR_*: what the bar's colour shows
  // Key range of the input for bar heights, as ascending encoded keys (encode_key_word with
  // descending = false), which is linear in the key for u32, i32 and u64.
  uint min_hi;
  uint min_lo;
  uint max_hi;
  uint max_lo;
  // f32 keys: the finite range of the decoded float values (the encoding is not linear).
  float min_value;
  float max_value;
  uint has_marks;  // the marks buffer describes the step shown (comparator pairs)
  uint has_flags;  // the stats buffer holds that step's swap flags
  float strip;     // fraction of the height, at the bottom, for the comparator marker strip
  float gap;       // fraction of a column left empty between bars (0 when columns are pixels)
  float background_r;
  float background_g;
  float background_b;
  uint flags_offset;  // first swap flag in the stats buffer (STATS_FLAGS_OFFSET)
  // BARS_COLOR_DIGIT: the radix pass whose digit colours the bars, as the kernels extract it
  // (radix_digit of key word `digit_word` at `digit_shift`, `digit_bits` wide).
  uint digit_word;
  uint digit_shift;
  uint digit_bits;
  uint descending;  // the sort's direction: digits come from the encoded key
  // BARS_COLOR_MERGE_*: the global pass shown (mergesort_step.h: 2 << pass tiles of NV keys
  // cooperate on one output list, merged from lists A and B of half its length).
  uint merge_coop;
  uint merge_nv;
};

// What a bar's colour shows: the key (also its height), the value (key-value sorts: the original
// index, so stability shows), or the digit of the radix pass shown (buckets form pass by pass).
SS_CONST uint BARS_COLOR_KEY = 0u;
SS_CONST uint BARS_COLOR_VALUE = 1u;
SS_CONST uint BARS_COLOR_DIGIT = 2u;
// Mergesort: whether a key came from list A or B of its output list. MERGE_SOURCE reads the
// merge kernel's sources buffer (binding 4: 0 = A, 1 = B), MERGE_LIST the index math (the first
// half of each output list is A). A column of several keys mixes the two by its share of B.
SS_CONST uint BARS_COLOR_MERGE_SOURCE = 3u;
SS_CONST uint BARS_COLOR_MERGE_LIST = 4u;
// Their colours (Okabe-Ito sky blue and orange), shared with the legends and the grid.
SS_CONST float BARS_MERGE_A_R = 0.337;
SS_CONST float BARS_MERGE_A_G = 0.706;
SS_CONST float BARS_MERGE_A_B = 0.914;
SS_CONST float BARS_MERGE_B_R = 0.902;
SS_CONST float BARS_MERGE_B_G = 0.624;
SS_CONST float BARS_MERGE_B_B = 0.0;

// Marks buffer: 0 for a wire no comparator of the step touches, else (partner + 1), with
// MARK_RIGHT set on the right (upper) wire, whose swap flag lives at its partner.
SS_CONST uint MARK_RIGHT = 0x80000000u;
SS_CONST uint MARK_PARTNER_MASK = 0x7fffffffu;

// Height of a bar of the smallest key, as a fraction of the bar area, so it stays visible.
SS_CONST float BARS_MIN_HEIGHT = 0.02;

SS_NAMESPACE_END

#ifdef __cplusplus
static_assert(sizeof(ss::gpu::BarsParams) == 96, "BarsParams is the bars push-constant block");
#endif

#endif  // SS_BARS_PARAMS_H
