#include "gui/follow_room.hpp"

namespace ss::gui {

std::string FollowRoom::on_new_stepper(const Context& context, const Stepper& stepper) {
  stop();
  if (!requested_) return {};
  const std::uint32_t n = stepper.plan().spec.n;
  if (*requested_ >= n) {
    const std::string why = "not following key " + std::to_string(*requested_) +
                            ": the input holds " + std::to_string(n) + " keys";
    requested_.reset();
    return why;
  }
  follower_ = std::make_unique<render::KeyFollower>(context, stepper, *requested_);
  return {};
}

void FollowRoom::start(const Context& context, const Stepper& stepper, std::uint32_t at) {
  if (stepper.mid_step()) return;
  follower_ = std::make_unique<render::KeyFollower>(context, stepper, at);
  in_step_ = false;
  // A key picked by hand replaces the one --follow named, also in later plans.
  requested_.reset();
  if (stepper.position() == 0) requested_ = at;
}

void FollowRoom::stop() {
  follower_.reset();
  in_step_ = false;
}

bool FollowRoom::extends(const Stepper& stepper) const {
  return follower_ != nullptr && stepper.position() == follower_->last_position() &&
         !stepper.at_end();
}

void FollowRoom::before_step(const Stepper& stepper) {
  if (!extends(stepper) || stepper.mid_step()) return;
  follower_->before_step(stepper);
  in_step_ = true;
}

void FollowRoom::after_step(const Stepper& stepper) {
  if (!in_step_ || stepper.mid_step() || follower_ == nullptr ||
      stepper.position() != follower_->last_position() + 1)
    return;
  follower_->after_step(stepper);
  in_step_ = false;
}

render::FollowMark FollowRoom::mark(std::size_t position) const {
  return follower_ ? render::follow_mark(*follower_, position) : render::FollowMark{};
}

std::string FollowRoom::summary() const {
  if (!follower_) return {};
  return "follow: key " + std::to_string(follower_->index()) +
         (follower_->first_position() == 0
              ? " of the input"
              : " at step " + std::to_string(follower_->first_position())) +
         ", at " + std::to_string(follower_->at()) + " after step " +
         std::to_string(follower_->last_position());
}

}  // namespace ss::gui
