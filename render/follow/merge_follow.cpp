// Following a key through mergesort: the blocksort sorts each tile in shared memory and records
// nothing per key, so the key is matched within its tile (stable: equal keys keep their order);
// a merge records for every output whether it came from list A or B (the sources buffer), and the
// partition step's merge-path splits say which tile of outputs took the key.
#include <algorithm>
#include <variant>

#include "render/follow/followers.hpp"
#include "render/gather.hpp"
#include "render/move_matching.hpp"

namespace ss::render {

namespace {

FollowMove follow_blocksort(const gpu::MergesortStep& step, const FollowInput& in) {
  // Every blocksort phase reads the untouched input: the key starts from its input position.
  const std::uint32_t n = step.n, words = key_words(in.stepper.plan().spec.key_type);
  const std::uint32_t tile = in.origin / step.tile_keys, first = tile * step.tile_keys;
  const std::vector<std::uint32_t> positions =
      index_range(first, std::min(n, first + step.tile_keys));
  const std::vector<std::uint32_t> before =
      key_words_at(in, in.step.bindings[gpu::MERGESORT_BINDING_KEYS_IN], positions);
  const std::vector<std::uint32_t> after = key_words_at(in, in.step.keys_after, positions);
  const std::uint32_t m = matched_index(before, after, words, in.origin - first);
  if (m == k_unmatched)
    return {in.at, "the blocksort's tile lost it: its keys before and after differ"};
  const std::uint32_t runs = gpu::blocksort_run_length(step.phase_limit - 1u, step.keys_per_thread);
  return {first + m, "the blocksort sorted its tile " + grouped_number(tile + 1) + " (keys " +
                         grouped_number(first) + " to " + grouped_number(positions.back()) +
                         ") into runs of " + grouped_number(std::min(runs, step.tile_keys))};
}

FollowMove follow_merge(const gpu::MergesortStep& step, const FollowInput& in) {
  const std::uint32_t n = step.n, nv = step.tile_keys, coop = step.coop;
  const std::uint32_t frame = gpu::mergesort_frame_begin(coop, in.at / nv, nv);
  const std::uint32_t size = gpu::mergesort_frame_size(coop, nv);
  const bool from_a = in.at < frame + size;
  const std::uint32_t list = frame / (2 * size);
  // The frame's output tiles and their splits; the tile whose A or B range holds the key.
  const std::uint32_t first_block = frame / nv;
  const std::uint32_t blocks = std::min(coop, step.tiles - first_block);
  const std::vector<std::uint32_t> parts = gather_words(
      in.context, in.stepper.buffer(in.step.bindings[gpu::MERGESORT_BINDING_PARTITIONS]),
      index_range(first_block, first_block + blocks + 1));
  for (std::uint32_t k = 0; k < blocks; ++k) {
    const std::uint32_t block = first_block + k;
    std::uint32_t a0, a1, b0, b1;
    gpu::mergesort_interval(coop, block, nv, n, parts[k], parts[k + 1], a0, a1, b0, b1);
    const bool here = from_a ? (in.at >= a0 && in.at < a1) : (in.at >= b0 && in.at < b1);
    if (!here) continue;
    // Its rank among the tile's outputs from its list is its place in the list's range.
    const std::uint32_t rank = in.at - (from_a ? a0 : b0);
    const std::uint32_t out = block * nv;
    const std::vector<std::uint32_t> sources = gather_words(
        in.context, in.stepper.buffer(in.step.bindings[gpu::MERGESORT_BINDING_SOURCES]),
        index_range(out, std::min(n, out + nv)));
    std::uint32_t seen = 0;
    for (std::uint32_t i = 0; i < sources.size(); ++i) {
      if ((sources[i] == 0) != from_a) continue;
      if (seen++ != rank) continue;
      const std::string name = from_a ? "A" : "B";
      return {out + i,
              "merged from list " + name + " of output list " + grouped_number(list + 1) +
                  ": tile " + grouped_number(block + 1) + "'s merge-path split makes it the " +
                  ordinal(rank + 1) + " key the tile takes from " + name +
                  ", and the GPU's merge sources put that one at " + grouped_number(out + i)};
    }
    return {in.at,
            "the merge sources of tile " + grouped_number(block + 1) + " hold no place for it"};
  }
  return {in.at, "no tile's merge-path split covers it: it stays"};
}

}  // namespace

std::uint32_t input_origin(const Context& context, const Stepper& stepper, std::uint32_t at) {
  const Plan& plan = stepper.plan();
  if (stepper.position() == 0) return at;
  const Step& last = plan.steps[stepper.position() - 1];
  const auto* view = std::get_if<gpu::MergesortStep>(&last.view);
  if (view == nullptr) return at;
  const auto step = push_value<gpu::MergesortStep>(last);
  if (step.stage != gpu::MERGESORT_STAGE_BLOCKSORT) return at;
  const std::uint32_t words = key_words(plan.spec.key_type);
  const std::uint32_t first = at / step.tile_keys * step.tile_keys;
  const std::vector<std::uint32_t> positions =
      index_range(first, std::min(step.n, first + step.tile_keys));
  const auto read = [&](std::uint32_t buffer) {
    return gather_words(context, stepper.buffer(buffer), positions, words);
  };
  const std::vector<std::uint32_t> before = read(last.bindings[gpu::MERGESORT_BINDING_KEYS_IN]);
  const std::vector<std::uint32_t> after = read(last.keys_after);
  const std::vector<std::uint32_t> moved =
      match_moves(before, after, words, index_range(0, std::uint32_t(positions.size())));
  const auto it = std::find(moved.begin(), moved.end(), at - first);
  return it != moved.end() ? first + std::uint32_t(it - moved.begin()) : at;
}

FollowMove follow(const gpu::MergesortStep& step, const FollowInput& in) {
  if (step.stage == gpu::MERGESORT_STAGE_BLOCKSORT) return follow_blocksort(step, in);
  if (step.stage == gpu::MERGESORT_STAGE_PARTITION)
    return {in.at,
            "the partition step finds where each tile's outputs start on the merge path: it "
            "moves no keys"};
  return follow_merge(step, in);
}

}  // namespace ss::render
