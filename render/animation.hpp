#pragma once
// Steps A..B of a plan as one animation: an animated GIF, a numbered PNG sequence or (through
// ffmpeg) an MP4 video, chosen by the output name, with its soundtrack as WAV or in the MP4. Every
// frame is the offscreen render of one stepper position, so it shows exactly what `render --step K`
// shows, heading and counters too.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "render/follow/key_follow.hpp"
#include "render/headless.hpp"
#include "render/sound/step_sound.hpp"

namespace ss::render {

enum class AnimationFormat { gif, png_sequence, video };

// .gif; a name with one printf-style %d or %0Nd, or ending in '/' (a folder: step-%04d.png in
// it); .mp4. Anything else throws UsageError listing these.
AnimationFormat animation_format(const std::string& out);
// The PNG sequence's file for step K: the %d filled in, or step-%04d.png in the folder.
std::string sequence_path(const std::string& out, std::size_t step);

struct StepRange {
  std::size_t first = 0;
  std::size_t last = 0;
};
// "A..B" or "all" for a plan of `steps` steps (positions 0..steps, negative ones counted from the
// end: plan/step_position.hpp); throws UsageError naming the valid range when B < A or either
// lies outside the plan.
StepRange parse_step_range(const std::string& text, std::size_t steps, bool phases);

struct AnimationOptions {
  StepRange steps;
  double fps = 2.0;                   // frames per second
  std::uint32_t frames_per_step = 1;  // how many frames each step stays on screen
  std::uint32_t hold_ms = 2000;       // the last step stays this much longer
  // The soundtrack (sound/soundtrack.hpp): `audio` names a WAV file to write it to; `sound` puts it
  // into the MP4 (refused for GIFs and PNGs, which are silent).
  std::string audio;
  bool sound = false;
  SoundOptions sound_options;
  std::optional<std::uint32_t> follow;  // the input index of a key followed in every frame
  double step_seconds() const { return frames_per_step / fps; }
  double hold_seconds() const { return hold_ms / 1000.0; }
};

// Throws UsageError for an --audio name that is not .wav, or --sound with an output that cannot
// carry sound (`out` empty: no pictures, the WAV alone).
void check_sound_options(const AnimationOptions& options, const std::string& out);

// Records an animation one frame per call, so the app can record between its own frames and
// show progress; write_animation() below is the loop the CLI runs. Steps a Stepper of its own
// (the plan and input given), so the caller's stepper stays where it is. A GIF or video is
// written all or nothing (destroyed before the last frame: no file); a PNG sequence one complete
// file at a time.
class SoundtrackBuilder;

class AnimationRecorder {
 public:
  // Throws UsageError for an unknown output name, bad timing options or a missing ffmpeg.
  AnimationRecorder(const Context& context, const Plan& plan, const KeyArray& input,
                    const KeyRange& range, const OffscreenOptions& frame,
                    const AnimationOptions& options, std::string out);
  ~AnimationRecorder();
  AnimationRecorder(const AnimationRecorder&) = delete;
  AnimationRecorder& operator=(const AnimationRecorder&) = delete;

  // Draws and writes the next step; after the last one, finishes the file.
  void advance();
  bool done() const { return done_ == total(); }
  std::size_t frames_done() const { return done_; }
  std::size_t total() const { return options_.steps.last - options_.steps.first + 1; }
  const std::string& out() const { return out_; }

 private:
  struct Output;
  KeyRange range_;
  AnimationOptions options_;
  std::string out_;
  std::unique_ptr<Stepper> stepper_;
  std::unique_ptr<OffscreenRenderer> renderer_;
  std::unique_ptr<Output> output_;
  std::unique_ptr<SoundtrackBuilder> sound_;
  std::unique_ptr<KeyFollower> follower_;  // its path through the whole range, made first
  const Context* context_ = nullptr;
  std::size_t done_ = 0;
  double shown_ms_ = 0;
  std::uint64_t rounded_ms_ = 0;
};

// Called after each frame: frames done, frames in all.
using AnimationProgress = std::function<void(std::size_t done, std::size_t total)>;

// The whole animation, checking for Ctrl-C between frames (Interrupted).
void write_animation(const Context& context, const Plan& plan, const KeyArray& input,
                     const KeyRange& range, const OffscreenOptions& frame,
                     const AnimationOptions& options, const std::string& out,
                     const AnimationProgress& progress = {});

// Frames drawn by `draw(position)` for positions options.steps, as a GIF, PNG sequence or MP4
// (silent), with the same timing as write_animation: for views that are not a Stepper's (a recorded
// sample sort's replay).
void write_drawn_animation(const std::function<Image(std::size_t)>& draw, std::uint32_t width,
                           std::uint32_t height, const AnimationOptions& options,
                           const std::string& out, const AnimationProgress& progress = {});

// The soundtrack alone, as the animation of `options.steps` would play it, to the WAV file
// `options.audio`: steps a Stepper of its own without drawing anything.
void write_soundtrack(const Context& context, const Plan& plan, const KeyArray& input,
                      const KeyRange& range, const AnimationOptions& options,
                      const AnimationProgress& progress = {});

}  // namespace ss::render
