// Following a key through radix passes: the kernels place a key of digit d from tile t at
// (where tile t's keys of digit d start) + (its rank among them in the tile). The start is the
// GPU's own number: radix4's scan writes it per tile and digit; onesweep's chained scan leaves
// each tile's inclusive prefix in its status words. The rank is counted in the tile's input
// keys, as the kernel ranks them (stably, in input order).
#include <algorithm>

#include "render/follow/followers.hpp"
#include "render/gather.hpp"
#include "shaders/common/radix_digits.h"

namespace ss::render {

namespace {

// The key's tile in the step's input: its digit, its rank among the tile's keys of that digit
// and how many the tile has.
struct TileRank {
  std::uint32_t tile = 0, digit = 0, rank = 0, count = 0;
};

TileRank rank_in_tile(const FollowInput& in, std::uint32_t input_buffer, std::uint32_t tile_keys,
                      std::uint32_t word, std::uint32_t shift, std::uint32_t bits) {
  const SortSpec& spec = in.stepper.plan().spec;
  const std::uint32_t words = key_words(spec.key_type);
  TileRank r;
  r.tile = in.at / tile_keys;
  const std::uint32_t first = r.tile * tile_keys;
  const std::vector<std::uint32_t> positions =
      index_range(first, first + std::min(tile_keys, spec.n - first));
  const std::vector<std::uint32_t> keys = key_words_at(in, input_buffer, positions);
  const auto digit_of = [&](std::size_t i) {
    return gpu::radix_digit(keys[i * words + word], std::uint32_t(spec.key_type), spec.descending,
                            shift, bits);
  };
  r.digit = digit_of(in.at - first);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (digit_of(i) != r.digit) continue;
    if (positions[i] < in.at) ++r.rank;
    ++r.count;
  }
  return r;
}

std::string placed(const TileRank& r, std::uint32_t bits, std::uint32_t pass,
                   const std::string& start) {
  // Passes and tiles counted from 1, as the narration counts them.
  return "digit " + digit_text(r.digit, bits) + " of pass " + std::to_string(pass + 1) + ": tile " +
         grouped_number(r.tile + 1) + "'s keys of that digit start at " + start +
         ", and it is the " + ordinal(r.rank + 1) + " of its tile's " + grouped_number(r.count);
}

}  // namespace

FollowMove follow(const gpu::Radix4Step& step, const FollowInput& in) {
  if (step.stage == gpu::RADIX4_STAGE_COUNT)
    return {in.at, "the count step counts digits: it moves no keys"};
  if (step.stage == gpu::RADIX4_STAGE_SCAN)
    return {in.at, "the scan step adds up counts: it moves no keys"};
  const TileRank r = rank_in_tile(in, in.step.bindings[gpu::RADIX_BINDING_KEYS_IN], step.tile_keys,
                                  step.word, step.shift, gpu::RADIX4_BITS);
  const std::uint32_t entry[] = {gpu::radix4_tile_entry(r.digit, r.tile, step.tiles)};
  const std::uint32_t start =
      gather_words(in.context,
                   in.stepper.buffer(in.step.bindings[gpu::RADIX4_BINDING_TILE_OFFSETS]), entry)
          .front();
  return {start + r.rank,
          placed(r, gpu::RADIX4_BITS, step.pass, grouped_number(start) + " (the scan's offset)")};
}

FollowMove follow(const gpu::OnesweepStep& step, const FollowInput& in) {
  if (step.stage == gpu::ONESWEEP_STAGE_INIT)
    return {in.at, "the init step clears counts and status words: it moves no keys"};
  if (step.stage == gpu::ONESWEEP_STAGE_HISTOGRAM)
    return {in.at, "the histogram step counts digits: it moves no keys"};
  if (step.stage == gpu::ONESWEEP_STAGE_SCAN)
    return {in.at, "the scan step adds up the digit counts: it moves no keys"};
  const TileRank r = rank_in_tile(in, in.step.bindings[gpu::RADIX_BINDING_KEYS_IN], step.tile_keys,
                                  step.word, step.shift, gpu::ONESWEEP_BITS);
  const Buffer& status = in.stepper.buffer(in.step.bindings[gpu::ONESWEEP_BINDING_STATUS]);
  auto word_of = [&](std::uint32_t tile) {
    const std::uint32_t i[] = {gpu::onesweep_status_index(step.tiles, step.region, tile, r.digit)};
    return gather_words(in.context, status, i).front();
  };
  const std::uint32_t own = word_of(r.tile);
  if (gpu::onesweep_status_flag(own) == gpu::ONESWEEP_STATUS_PREFIX) {
    const std::uint32_t start = gpu::onesweep_status_value(own) - r.count;
    return {start + r.rank,
            placed(r, gpu::ONESWEEP_BITS, step.pass,
                   grouped_number(start) + " (its inclusive prefix from the chained scan, less "
                                           "its own count)")};
  }
  // A tile held back from publishing (--delay-tile never): add up the earlier tiles' words as the
  // look-back does, down to a prefix or past tile 0 (then the digit's global offset).
  std::uint64_t start = 0;
  std::uint32_t tile = r.tile;
  for (;;) {
    if (tile == 0) {
      const std::uint32_t i[] = {gpu::onesweep_offset_index(step.passes, step.pass, r.digit)};
      start +=
          gather_words(in.context,
                       in.stepper.buffer(in.step.bindings[gpu::ONESWEEP_BINDING_DIGIT_HIST]), i)
              .front();
      break;
    }
    const std::uint32_t s = word_of(--tile);
    if (gpu::onesweep_status_flag(s) == gpu::ONESWEEP_STATUS_EMPTY)
      return {in.at,
              "tile " + grouped_number(tile + 1) + " left no status: the key cannot be placed"};
    start += gpu::onesweep_status_value(s);
    if (gpu::onesweep_status_flag(s) == gpu::ONESWEEP_STATUS_PREFIX) break;
  }
  return {std::uint32_t(start + r.rank),
          placed(r, gpu::ONESWEEP_BITS, step.pass,
                 grouped_number(start) + " (its tile published no prefix: the earlier tiles' " +
                     "status words, added as the look-back does)")};
}

}  // namespace ss::render
