#include "render/follow/key_follow.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <type_traits>
#include <variant>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "render/follow/followers.hpp"
#include "render/gather.hpp"
#include "render/move_matching.hpp"

namespace ss::render {

std::string ordinal(std::uint32_t k) {
  const std::uint32_t tens = k % 100;
  const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                       : k % 10 == 1              ? "st"
                       : k % 10 == 2              ? "nd"
                       : k % 10 == 3              ? "rd"
                                                  : "th";
  return grouped_number(k) + suffix;
}

std::string digit_text(std::uint32_t digit, std::uint32_t bits) {
  char text[16];
  std::snprintf(text, sizeof text, bits > 4 ? "0x%02X" : "0x%X", digit);
  return text;
}

std::vector<std::uint32_t> index_range(std::uint32_t first, std::uint32_t end) {
  std::vector<std::uint32_t> positions(end > first ? end - first : 0);
  std::iota(positions.begin(), positions.end(), first);
  return positions;
}

std::vector<std::uint32_t> key_words_at(const FollowInput& in, std::uint32_t buffer,
                                        std::span<const std::uint32_t> positions) {
  return gather_words(in.context, in.stepper.buffer(buffer), positions,
                      key_words(in.stepper.plan().spec.key_type));
}

std::uint32_t matched_index(std::span<const std::uint32_t> before,
                            std::span<const std::uint32_t> after, std::uint32_t words,
                            std::uint32_t index) {
  const std::uint32_t positions[] = {index};
  return match_moves(before, after, words, positions).front();
}

KeyFollower::KeyFollower(const Context& context, const Stepper& stepper, std::uint32_t at)
    : context_(context), index_(at), origin_(at) {
  const Plan& plan = stepper.plan();
  const std::uint32_t n = plan.spec.n;
  if (at >= n)
    throw UsageError("--follow " + std::to_string(at) + " is past the array: it holds " +
                     std::to_string(n) + " keys (0.." + std::to_string(n - 1) + ")");
  if (stepper.mid_step()) throw std::logic_error("KeyFollower starts between steps");
  const std::uint32_t here[] = {at};
  key_ = gather_words(context, stepper.keys_buffer(), here, key_words(plan.spec.key_type));
  if (plan.spec.pairs) value_ = gather_words(context, stepper.values_buffer(), here);
  const std::size_t position = stepper.position();
  if (position > 0) origin_ = input_origin(context, stepper, at);
  path_.push_back({position, at, false,
                   position == 0 ? "the input: key " + grouped_number(at)
                                 : "followed from here: key " + grouped_number(at)});
}

const FollowedStep* KeyFollower::at_position(std::size_t position) const {
  if (position < first_position() || position > last_position()) return nullptr;
  return &path_[position - first_position()];
}

void KeyFollower::before_step(const Stepper& stepper) {
  region_.clear();
  region_words_.clear();
  if (stepper.at_end() || stepper.mid_step()) return;
  const Step& step = stepper.plan().steps[stepper.position()];
  region_ = network_region(step, at());
  if (!region_.empty())
    region_words_ = gather_words(context_, stepper.keys_buffer(), region_,
                                 key_words(stepper.plan().spec.key_type));
}

void KeyFollower::after_step(const Stepper& stepper) {
  if (stepper.mid_step() || stepper.position() != last_position() + 1)
    throw std::logic_error("KeyFollower: after_step() follows one whole step at a time");
  const Plan& plan = stepper.plan();
  const Step& step = plan.steps[stepper.position() - 1];
  const FollowInput in{context_, stepper, step, at(), origin_, key_, region_, region_words_};
  const FollowMove move = std::visit(
      [&](const auto& view) -> FollowMove {
        using T = std::decay_t<decltype(view)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return {in.at, "this step moves no keys"};
        } else if constexpr (is_network_step_v<T>) {
          return follow_network(in);
        } else {
          return follow(push_value<T>(step), in);
        }
      },
      step.view);
  region_.clear();
  region_words_.clear();

  // The move must land on the key (and, with pairs, its value): else the kernel's records and
  // its output disagree, which no view should paper over.
  const std::uint32_t at[] = {move.at};
  const bool inside = move.at < plan.spec.n;
  const bool key_there = inside && gather_words(context_, stepper.buffer(step.keys_after), at,
                                                key_words(plan.spec.key_type)) == key_;
  const bool value_there =
      !plan.spec.pairs ||
      (inside && gather_words(context_, stepper.buffer(step.values_after), at) == value_);
  if (!key_there || !value_there)
    throw GpuError("following key " + grouped_number(index_) + ": after step " +
                   std::to_string(stepper.position()) + " (" + step.label +
                   ") the move data says " + "it is at " + grouped_number(move.at) +
                   ", but the GPU's output holds " +
                   (inside ? "another key there" : "no key there") + " (" + move.why + ")");
  path_.push_back({stepper.position(), move.at, move.at != path_.back().at, move.why});
}

void KeyFollower::back_to(std::size_t position) {
  const std::size_t keep = std::max(position, first_position()) - first_position() + 1;
  if (keep < path_.size()) path_.resize(keep);
}

KeyFollower follow_through(const Context& context, const Plan& plan, const KeyArray& input,
                           std::uint32_t index, std::size_t last) {
  Stepper stepper(context, plan, input, false);
  KeyFollower follower(context, stepper, index);
  while (stepper.position() < std::min(last, plan.steps.size())) {
    throw_if_interrupted();
    follower.before_step(stepper);
    stepper.next();
    follower.after_step(stepper);
  }
  return follower;
}

}  // namespace ss::render
