// Push constants of the bars pipelines, shared by bars_columns.comp, bars.vert, density.vert,
// density.frag and render/views/bars_view.cpp. Each frame a compute pre-pass (bars_columns.comp)
// reads the GPU keys buffer once, one workgroup per pixel column (or per key when the keys fit),
// and writes each column's min..max, colour and marks and, for the density view, how many of its
// keys fall into each pixel row; the draws read only those. No frame reads keys back to the host
// and no vertex loops over keys.
#ifndef SS_BARS_PARAMS_H
#define SS_BARS_PARAMS_H
#include "shared_types.h"

SS_NAMESPACE_BEGIN

struct BarsParams {
  uint n;           // keys in the buffer
  uint columns;     // instances drawn: window_keys, or the pixel width when they exceed it
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
  // Density view: value rows per column (the pixel rows of the bar area, at most the pre-pass's
  // shared-memory rows); 0 draws min..max bars instead.
  uint rows;
  uint keys_per_column;  // most keys one column holds: the count that draws at full brightness
  // The draw's viewport in framebuffer pixels (density.frag maps gl_FragCoord to a cell).
  float viewport_x;
  float viewport_y;
  float viewport_w;
  float viewport_h;
  // The keys drawn: [window_first, window_first + window_keys) of the n (render/key_window.hpp).
  uint window_first;
  uint window_keys;
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

// First key of column `column` when n keys are spread over `columns` columns (the column holds
// [begin(column), begin(column + 1))), without 32-bit overflow of column * n.
SS_FN uint bars_column_begin(uint column, uint n, uint columns) {
  uint base = n / columns, extra = n % columns;
  return column * base + (column * extra) / columns;
}

// The pre-pass's output for column c: BARS_COLUMN_WORDS words at c * BARS_COLUMN_WORDS.
SS_CONST uint BARS_COLUMN_WORDS = 6u;
SS_CONST uint BARS_COLUMN_LO = 0u;      // smallest key's height fraction (float bits)
SS_CONST uint BARS_COLUMN_HI = 1u;      // largest key's height fraction (float bits)
SS_CONST uint BARS_COLUMN_COLOR = 2u;   // colour-map position of the bar (float bits)
SS_CONST uint BARS_COLUMN_B = 3u;       // mergesort: keys of the column from list B
SS_CONST uint BARS_COLUMN_FLAGS = 4u;   // BARS_FLAG_*
SS_CONST uint BARS_COLUMN_COUNT = 5u;   // keys in the column
SS_CONST uint BARS_FLAG_COMPARED = 1u;  // a comparator of the step touches a key of the column
SS_CONST uint BARS_FLAG_SWAPPED = 2u;   // and the GPU swapped one of them
// After the columns, at columns * BARS_COLUMN_WORDS: the most keys any density cell holds (the
// count drawn at full brightness), zeroed before the pre-pass.
SS_CONST uint BARS_IMAGE_MAX_WORDS = 1u;
// Density cells, three planes of columns x rows words, column c's row r at c * rows + r: the
// count of keys, the sum of their colour positions (quantised, see bars_cell_color_scale), and the
// cell's pixel colour as RGBA8 (written by bars_density.comp, read by density.frag).
SS_CONST uint BARS_CELL_PLANES = 3u;
// Colour positions are summed as integers: scaled so a full column cannot overflow 32 bits.
SS_FN uint bars_cell_color_scale(uint keys_per_column) {
  uint most = 0xffffffffu / (keys_per_column > 1u ? keys_per_column : 1u);
  return most < 255u ? most : 255u;
}
// Brightness of a cell holding `count` keys when the fullest cell holds `most`: log(1 + count) /
// log(1 + most), so one key in a million still shows and the brightest cell of every picture
// (a sorted run's line or the cloud's densest spot) is at full brightness, with a floor so a lone
// key is not lost on a projector.
SS_CONST float BARS_DENSITY_FLOOR = 0.3;
// An empty pixel beside a cell with keys takes that cell's colour at this share of its brightness.
SS_CONST float BARS_DENSITY_HALO = 0.6;
// The density view's most rows: its pre-pass holds a column's counts and colour sums in shared
// memory (the smallest shared memory Vulkan guarantees is 16 KiB).
SS_CONST uint BARS_MAX_ROWS = 1536u;

// Height of a bar of the smallest key, as a fraction of the bar area, so it stays visible.
SS_CONST float BARS_MIN_HEIGHT = 0.02;

SS_NAMESPACE_END

#ifdef __cplusplus
// 128 bytes: the most push-constant space every Vulkan device has (maxPushConstantsSize).
static_assert(sizeof(ss::gpu::BarsParams) == 128, "BarsParams is the bars push-constant block");
#endif

#endif  // SS_BARS_PARAMS_H
