#pragma once
// Follow one key through a sort: where the key that stood at input position `index` is after
// every step, found from what the step's kernel wrote, never by sorting again on the CPU:
//   networks       the comparator on its wire (the plan's index math) and the GPU's swap flag;
//                  a batcher-fused step, which flags wires but not layers, by matching the keys
//                  of the window it can reach before and after the dispatch;
//   radix passes   its digit, where its tile's keys of that digit start (radix4: the scan's tile
//                  offset; onesweep: the tile's inclusive prefix from the chained scan) and its
//                  rank among them in the tile;
//   mergesort      blocksort: matched within its tile; merge: the GPU's merge sources, narrowed
//                  to one tile by the partition step's merge-path splits.
// Every move is checked against the output (the key found where the move says), and with pairs
// the value there (the original index) must be `index`. Equal keys of a keys-only sort cannot be
// told apart: the follower takes the one the kernel's move data names.
#include <cstdint>
#include <string>
#include <vector>

#include "plan/stepper.hpp"
#include "render/text_fit.hpp"  // grouped_number

namespace ss::render {

// Where the key is after a step, and why.
struct FollowedStep {
  std::size_t position = 0;  // stepper position: steps applied (0 = the input)
  std::uint32_t at = 0;      // the key's index in the array
  bool moved = false;
  std::string why;  // "compared with the key at 9,203,114 and swapped"
};

class KeyFollower {
 public:
  // Follows the key at index `at` of the stepper's array from its current position on (the
  // input, for a path through the whole sort). UsageError when at >= n.
  KeyFollower(const Context& context, const Stepper& stepper, std::uint32_t at);

  // Around each stepper.next(): before reads what an in-place step leaves no record of, after
  // finds the move. A step cut midway is not followed (call after() only once it ends).
  void before_step(const Stepper& stepper);
  void after_step(const Stepper& stepper);
  // The stepper went back to position `position` (<= the last followed): the path is cut there.
  void back_to(std::size_t position);

  // Where following began: the index the key had then, and the stepper position.
  std::uint32_t index() const { return index_; }
  std::size_t first_position() const { return path_.front().position; }
  // The stepper position after the last step followed, and the key's index there.
  std::size_t last_position() const { return path_.back().position; }
  std::uint32_t at() const { return path_.back().at; }
  // path()[k]: where the key was at stepper position first_position() + k.
  const std::vector<FollowedStep>& path() const { return path_; }
  // The entry for stepper position `position`, or null when it was not followed.
  const FollowedStep* at_position(std::size_t position) const;

 private:
  const Context& context_;
  std::uint32_t index_;
  std::uint32_t origin_;  // the key's input index where known (the blocksort reads the input)
  std::vector<std::uint32_t> key_;    // the key's words
  std::vector<std::uint32_t> value_;  // pairs: its value, which travels with it
  std::vector<FollowedStep> path_;
  // Read by before_step for the step about to run: positions and the keys there.
  std::vector<std::uint32_t> region_;
  std::vector<std::uint32_t> region_words_;
};

// The key at input position `index` followed through steps 0 .. `last` of `plan` by a stepper of
// its own (pictures and animations that show it at any step they draw).
KeyFollower follow_through(const Context& context, const Plan& plan, const KeyArray& input,
                           std::uint32_t index, std::size_t last);

}  // namespace ss::render
