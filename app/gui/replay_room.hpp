#pragma once
// A recorded sample sort stepped through in the app (sortscope --replay DIR, or a lesson's replay
// scene; render/views/sample_sort_view.hpp draws it). While one is open the stepping keys and
// buttons move through its six steps, playing advances them on the clock, and the central view
// and the step drawer show it instead of the scenario's sort; editing the scenario closes it.
#include <cstddef>
#include <optional>
#include <string>

#include "distributed/sample_sort_record.hpp"

namespace ss::gui {

enum class Action;

class ReplayRoom {
 public:
  // `source` names where it came from (a folder, or a lesson's built-in replay) for the panels.
  void open(SampleSortReplay replay, std::string source);
  void close();
  bool active() const { return replay_.has_value(); }
  const SampleSortReplay& replay() const { return *replay_; }
  const std::string& source() const { return source_; }

  std::size_t step() const { return step_; }
  std::size_t step_count() const;  // the last step's number (steps 0 to step_count())
  void jump_to(std::size_t step);

  // The stepping actions (next, back, play, reset, end) move the replay; the actions that act on
  // a sort on the GPU (new input, phases, full speed, zoom, follow, ...) have nothing to act on
  // and do nothing. Returns false for the rest (panels, presenter, caption, quit), which the app
  // performs as usual.
  bool perform(Action action, bool& playing);
  // Playing: one step each 1 / steps_per_second seconds, stopping at the last.
  void update(double seconds, bool& playing, float steps_per_second);

 private:
  std::optional<SampleSortReplay> replay_;
  std::string source_;
  std::size_t step_ = 0;
  double play_clock_ = 0;
};

}  // namespace ss::gui
