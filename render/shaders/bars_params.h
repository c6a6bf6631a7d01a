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
};

// What a bar's colour shows: the key (also its height), the value (key-value sorts: the original
// index, so stability shows), or the digit of the radix pass shown (buckets form pass by pass).
SS_CONST uint BARS_COLOR_KEY = 0u;
SS_CONST uint BARS_COLOR_VALUE = 1u;
SS_CONST uint BARS_COLOR_DIGIT = 2u;

// Marks buffer: 0 for a wire no comparator of the step touches, else (partner + 1), with
// MARK_RIGHT set on the right (upper) wire, whose swap flag lives at its partner.
SS_CONST uint MARK_RIGHT = 0x80000000u;
SS_CONST uint MARK_PARTNER_MASK = 0x7fffffffu;

// Height of a bar of the smallest key, as a fraction of the bar area, so it stays visible.
SS_CONST float BARS_MIN_HEIGHT = 0.02;

SS_NAMESPACE_END

#ifdef __cplusplus
static_assert(sizeof(ss::gpu::BarsParams) == 88, "BarsParams is the bars push-constant block");
#endif

#endif  // SS_BARS_PARAMS_H
