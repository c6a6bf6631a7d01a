#version 460
// radix4, step 2 of a pass (seed 001, "exclusive-scan to find global and local offsets"): the
// digit-major tile histogram's exclusive scan. Entry (d, t) of the result is where tile t's keys
// of digit d start in the output: keys of lower digits anywhere plus keys of digit d in earlier
// tiles. Also records each digit's total and global offset.
//
// Workgroup (c, d) scans chunk c (WORKGROUP_SIZE * RADIX4_SCAN_ITEMS entries) of digit d's row, so
// a long row is scanned by many workgroups at once (one workgroup per digit was latency-bound:
// 7% of the sort at 2^28 on an H100). Its start in the row comes from a look-back that never
// waits: it publishes its chunk's sum at once, then walks back over earlier chunks, taking an
// inclusive prefix where one is published, a sum where only that is, and summing the chunk's
// entries itself where neither is yet (they were written by the count step, an earlier dispatch),
// so no workgroup depends on another one running. The keys of lower digits come from the count
// step's spread digit counts (radix4_count_index).
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_memory_scope_semantics : require

#include "radix4_step.h"
#include "radix_common.glsl"

layout(push_constant) uniform Push {
  Radix4Step pc;
};

layout(std430, set = 0, binding = RADIX4_BINDING_TILE_HIST) readonly buffer TileHist {
  uint tile_hist[];
};
layout(std430, set = 0, binding = RADIX4_BINDING_TILE_OFFSETS) writeonly buffer TileOffsets {
  uint tile_offsets[];
};
layout(std430, set = 0, binding = RADIX4_BINDING_DIGIT_TOTALS) buffer DigitTotals {
  uint digit_totals[];
};

const uint CHUNK = WORKGROUP_SIZE * RADIX4_SCAN_ITEMS;

// Tests of the look-back's own sums (Radix4Options): these chunks never publish.
layout(constant_id = RADIX_SPEC_WITHHOLD_PERIOD) const uint WITHHOLD_PERIOD = 0u;
bool withheld(uint chunk) {
  return WITHHOLD_PERIOD != 0u && (chunk + 1u) % WITHHOLD_PERIOD == 0u;
}

shared uint s_word;  // what lane 0 read in the look-back: 0 nothing, 1 a sum, 2 a prefix
shared uint s_kind;

uint load_word(uint i) {
  return atomicLoad(digit_totals[i], gl_ScopeDevice, gl_StorageSemanticsBuffer,
                    gl_SemanticsRelaxed);
}

// The sum of chunk `chunk` of the row starting at `row`, for every invocation.
uint chunk_sum(uint row, uint chunk) {
  const uint first = chunk * CHUNK;
  uint sum = 0u;
  for (uint e = first + wg_lane(); e < min(first + CHUNK, pc.tiles); e += WORKGROUP_SIZE)
    sum += tile_hist[row + e];
  uint total;
  wg_exclusive_scan(sum, total);
  return total;
}

void main() {
  const uint chunk = gl_WorkGroupID.x;
  // From the tiles, not gl_NumWorkGroups: a dispatch split into parts sees only its part's count.
  const uint chunks = (pc.tiles + CHUNK - 1u) / CHUNK;
  const uint digit = gl_WorkGroupID.y;
  const uint lane = wg_lane();
  const uint row = digit * pc.tiles;  // first entry of this digit's row

  // Keys of lower digits: their spread counts, consecutive for digits 0 .. digit - 1.
  const uint counts = radix4_count_index(pc.passes, pc.pass, 0u, 0u);
  uint partial = 0u;
  for (uint e = lane; e < digit * RADIX4_COUNT_SPREAD; e += WORKGROUP_SIZE) {
    partial += digit_totals[counts + e];
  }
  uint lower;
  wg_exclusive_scan(partial, lower);

  // This invocation's RADIX4_SCAN_ITEMS consecutive entries of the chunk, scanned.
  const uint first = chunk * CHUNK + lane * RADIX4_SCAN_ITEMS;
  uint v[RADIX4_SCAN_ITEMS];
  uint sum = 0u;
  for (uint j = 0u; j < RADIX4_SCAN_ITEMS; ++j) {
    v[j] = first + j < pc.tiles ? tile_hist[row + first + j] : 0u;
    sum += v[j];
  }
  uint chunk_total;
  uint running = wg_exclusive_scan(sum, chunk_total);

  // Published as value + 1, so 0 says "not yet" and a word is whole when read.
  const uint aggregate_word = radix4_scan_aggregate_index(pc.passes, pc.pass, digit, chunk, chunks);
  const uint prefix_word = radix4_scan_prefix_index(pc.passes, pc.pass, digit, chunk, chunks);
  if (lane == 0u && !withheld(chunk)) atomicMax(digit_totals[aggregate_word], chunk_total + 1u);

  // The look-back: keys of this digit in the chunks before this one.
  uint before = 0u;
  uint look = chunk;
  while (look > 0u) {
    --look;
    if (lane == 0u) {
      const uint prefix =
          load_word(radix4_scan_prefix_index(pc.passes, pc.pass, digit, look, chunks));
      const uint aggregate =
          prefix != 0u
              ? 0u
              : load_word(radix4_scan_aggregate_index(pc.passes, pc.pass, digit, look, chunks));
      s_kind = prefix != 0u ? 2u : (aggregate != 0u ? 1u : 0u);
      s_word = prefix != 0u ? prefix - 1u : (aggregate != 0u ? aggregate - 1u : 0u);
    }
    barrier();
    const uint kind = s_kind;
    const uint got = s_word;
    barrier();  // s_kind and s_word are read
    if (kind == 0u)
      before += chunk_sum(row, look);  // nothing published yet: summed here
    else
      before += got;
    if (kind == 2u) break;  // an inclusive prefix covers every chunk before it
  }
  if (lane == 0u && !withheld(chunk))
    atomicMax(digit_totals[prefix_word], before + chunk_total + 1u);

  running += lower + before;
  for (uint j = 0u; j < RADIX4_SCAN_ITEMS; ++j) {
    if (first + j < pc.tiles) tile_offsets[row + first + j] = running;
    running += v[j];
  }
  if (chunk == chunks - 1u && lane == 0u) {
    digit_totals[radix4_total_index(pc.pass, digit)] = before + chunk_total;
    digit_totals[radix4_offset_index(pc.passes, pc.pass, digit)] = lower;
  }
}
