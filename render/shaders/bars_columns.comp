#version 460
// Bars pre-pass: one workgroup per column of the bars view reads the column's keys from the GPU
// keys buffer (coalesced, each key once) and writes what the draws need: the smallest and largest
// key's height, the bar's colour, the share of mergesort list B, whether the step's comparators
// touched or swapped a key there, and, for the density view, how many keys fall into each value
// row with the sum of their colour positions. Counts gather in shared memory; a subgroup whose
// keys all land in one row (sorted runs, the common case after a few steps) adds once.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require

#define BARS_OUTPUTS
#include "bars_keys.glsl"

layout(local_size_x = 128) in;

shared uint cell_count[BARS_MAX_ROWS];
shared uint cell_color[BARS_MAX_ROWS];
shared uint column_lo, column_hi, column_b, column_flags;

// Colour position of key i's digit in the pass shown, extracted exactly as the radix kernels do.
float digit_fraction(uint i) {
  uint raw = keys[i * key_words(pc.key_type) + pc.digit_word];
  uint digit = radix_digit(raw, pc.key_type, pc.descending != 0u, pc.digit_shift, pc.digit_bits);
  return digit_color_t(digit, 1u << pc.digit_bits);
}

// The key's position in [0, 1] between the input's smallest and largest key.
float key_fraction(uint i) {
  if (pc.key_type == KEY_F32) {
    float v = uintBitsToFloat(keys[i]);
    if (isnan(v)) return (keys[i] & 0x80000000u) != 0u ? 0.0 : 1.0;  // totalOrder: -NaN first
    float range = pc.max_value - pc.min_value;
    return range > 0.0 ? clamp((v - pc.min_value) / range, 0.0, 1.0) : 0.5;
  }
  if (pc.key_type == KEY_U64) {
    uint hi = encode_key_word(keys[2u * i + 1u], KEY_U64, false);
    uint lo = keys[2u * i];
    float offset = float(hi - pc.min_hi) * 4294967296.0 + (float(lo) - float(pc.min_lo));
    float range =
        float(pc.max_hi - pc.min_hi) * 4294967296.0 + (float(pc.max_lo) - float(pc.min_lo));
    return range > 0.0 ? clamp(offset / range, 0.0, 1.0) : 0.5;
  }
  uint e = encode_key_word(keys[i], pc.key_type, false);
  uint range = pc.max_lo - pc.min_lo;
  return range > 0u ? clamp(float(e - pc.min_lo) / float(range), 0.0, 1.0) : 0.5;
}

// Whether key i came from (merge step: the GPU's sources buffer) or is merged from (partition
// step: the second half of its output list, mergesort_step.h) list B.
bool from_b(uint i) {
  if (pc.color_mode == BARS_COLOR_MERGE_SOURCE) return sources[i] != 0u;
  uint frame = mergesort_frame_begin(pc.merge_coop, i / pc.merge_nv, pc.merge_nv);
  return i - frame >= mergesort_frame_size(pc.merge_coop, pc.merge_nv);
}

bool swapped(uint i) {
  uint mark = marks[i];
  if (pc.has_flags == 0u || mark == 0u) return false;
  uint left = (mark & MARK_RIGHT) != 0u ? (mark & MARK_PARTNER_MASK) - 1u : i;
  return stats[pc.flags_offset + left] != 0u;
}

// Colour position a density cell averages: the key's own height is the row, so only values,
// digits and lists need summing.
float cell_color_t(uint i, float fraction) {
  if (pc.color_mode == BARS_COLOR_VALUE) return float(values[i]) / float(max(pc.n - 1u, 1u));
  if (pc.color_mode == BARS_COLOR_DIGIT) return digit_fraction(i);
  if (merge_mode()) return from_b(i) ? 1.0 : 0.0;
  return fraction;
}

void main() {
  uint column = gl_WorkGroupID.x;
  uint lane = gl_LocalInvocationID.x;
  uvec2 range = column_keys(column);
  bool density = pc.rows > 0u;
  bool sum_colors = density && pc.color_mode != BARS_COLOR_KEY;
  uint scale = bars_cell_color_scale(pc.keys_per_column);
  if (lane == 0u) {
    column_lo = floatBitsToUint(1.0);
    column_hi = 0u;
    column_b = 0u;
    column_flags = 0u;
  }
  if (density) {
    for (uint r = lane; r < pc.rows; r += gl_WorkGroupSize.x) {
      cell_count[r] = 0u;
      cell_color[r] = 0u;
    }
  }
  barrier();

  // Heights are fractions in [0, 1]: as non-negative floats their bits order like the values,
  // so integer atomics take their min and max.
  float lo = 1.0, hi = 0.0;
  uint b_count = 0u, flags = 0u;
  for (uint i = range.x + lane; i < range.y; i += gl_WorkGroupSize.x) {
    float f = key_fraction(i);
    lo = min(lo, f);
    hi = max(hi, f);
    if (merge_mode() && from_b(i)) ++b_count;
    if (pc.has_marks != 0u && marks[i] != 0u)
      flags |= BARS_FLAG_COMPARED | (swapped(i) ? BARS_FLAG_SWAPPED : 0u);
    if (density) {
      uint row = min(uint(f * float(pc.rows)), pc.rows - 1u);
      uint color = sum_colors ? uint(cell_color_t(i, f) * float(scale) + 0.5) : 0u;
      uint first = subgroupBroadcastFirst(row);
      if (subgroupBallotBitCount(subgroupBallot(row != first)) == 0u) {
        uint count = subgroupAdd(1u);
        uint color_sum = subgroupAdd(color);
        if (subgroupElect()) {
          atomicAdd(cell_count[row], count);
          if (sum_colors) atomicAdd(cell_color[row], color_sum);
        }
      } else {
        atomicAdd(cell_count[row], 1u);
        if (sum_colors) atomicAdd(cell_color[row], color);
      }
    }
  }
  lo = subgroupMin(lo);
  hi = subgroupMax(hi);
  b_count = subgroupAdd(b_count);
  flags = subgroupOr(flags);
  if (subgroupElect()) {
    atomicMin(column_lo, floatBitsToUint(lo));
    atomicMax(column_hi, floatBitsToUint(hi));
    atomicAdd(column_b, b_count);
    atomicOr(column_flags, flags);
  }
  barrier();

  if (lane == 0u) {
    float color_t = uintBitsToFloat(column_hi);
    if (range.y > range.x) {
      if (pc.color_mode == BARS_COLOR_VALUE)
        color_t = float(values[range.x]) / float(max(pc.n - 1u, 1u));
      else if (pc.color_mode == BARS_COLOR_DIGIT)
        color_t = digit_fraction(range.x);
    }
    uint base = column * BARS_COLUMN_WORDS;
    columns[base + BARS_COLUMN_LO] = column_lo;
    columns[base + BARS_COLUMN_HI] = column_hi;
    columns[base + BARS_COLUMN_COLOR] = floatBitsToUint(color_t);
    columns[base + BARS_COLUMN_B] = column_b;
    columns[base + BARS_COLUMN_FLAGS] = column_flags;
    columns[base + BARS_COLUMN_COUNT] = range.y - range.x;
  }
  if (density) {
    uint cells_base = column * pc.rows;
    uint color_base = pc.columns * pc.rows + cells_base;
    uint most = 0u;
    for (uint r = lane; r < pc.rows; r += gl_WorkGroupSize.x) {
      cells[cells_base + r] = cell_count[r];
      cells[color_base + r] = cell_color[r];
      most = max(most, cell_count[r]);
    }
    most = subgroupMax(most);
    if (subgroupElect()) atomicMax(columns[pc.columns * BARS_COLUMN_WORDS], most);
  }
}
