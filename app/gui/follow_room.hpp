#pragma once
// Following a key in the app (render/follow/key_follow.hpp): a click on a bar (without a drag) or
// --follow I picks the key; from then on every step the App runs past the end of the key's path
// runs one whole step at a time so the follower sees each, the bars mark the key, a plot beside
// them draws its path, the step panel says where it went and why, and the bars' window follows
// it when zoomed in. Going back keeps the path (a replay gives the same steps); a new input or
// plan ends it, except the key --follow names, which is followed from the input of each plan.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "plan/stepper.hpp"
#include "render/follow/key_follow.hpp"
#include "render/views/follow_view.hpp"

namespace ss::gui {

class FollowRoom {
 public:
  // The key at input index `index`, followed from the input of the next plan made (--follow).
  void request(std::uint32_t index) { requested_ = index; }
  // A new stepper at position 0: ends the old path and starts the requested one; when the
  // requested index is past the new array, drops the request and says why (else empty).
  std::string on_new_stepper(const Context& context, const Stepper& stepper);
  // The key at index `at` of the stepper's current position, followed from here (a click).
  void start(const Context& context, const Stepper& stepper, std::uint32_t at);
  void stop();
  bool active() const { return follower_ != nullptr; }
  // The stepper position the path reaches (0 when not following).
  std::size_t last_position() const { return follower_ ? follower_->last_position() : 0; }

  // Whether the step the stepper runs next extends the path: then the App runs it alone,
  // calling before_step() at its start and after_step() once it ends.
  bool extends(const Stepper& stepper) const;
  void before_step(const Stepper& stepper);
  void after_step(const Stepper& stepper);

  // The mark the views draw at stepper position `position` (not shown where not followed).
  render::FollowMark mark(std::size_t position) const;
  // "follow: key 17 of the input, at 9 after step 21 of 21" (main prints it on exit).
  std::string summary() const;

  bool keep_in_window = true;  // centre the bars' window on the key when it leaves it

 private:
  std::unique_ptr<render::KeyFollower> follower_;
  std::optional<std::uint32_t> requested_;
  bool in_step_ = false;  // before_step() read the step that runs now
};

}  // namespace ss::gui
