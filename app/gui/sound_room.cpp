#include "gui/sound_room.hpp"

#include <algorithm>
#include <iostream>

#include "core/errors.hpp"
#include "gui/audio_output.hpp"
#include "render/sound/soundtrack.hpp"

namespace ss::gui {

SoundRoom::SoundRoom() {
  try {
    output_ = std::make_unique<AudioOutput>();
  } catch (const SetupError& e) {
    missing_ = e.what();
    std::cerr << "sortscope: " << missing_ << ": running without sound\n";
  }
}

SoundRoom::~SoundRoom() = default;

void SoundRoom::follow(App& app) {
  SoundSettings& settings = app.sound;
  if (!output_) {
    settings.status = "silent: " + missing_;
    return;
  }
  settings.status = "playing through SDL audio (" + output_->driver() + ")";
  const bool audible = settings.audible();
  output_->set_volume(std::clamp(settings.volume, 0.0f, 1.0f));
  if (!audible) {
    if (was_audible_) output_->silence();
    was_audible_ = false;
  }
  const Stepper* stepper = app.stepper();
  // Mid-jump (busy) the App shows an earlier step each frame: sound only where it lands.
  if (stepper == nullptr || app.busy() || stepper->mid_step()) return;
  const bool moved = &stepper->plan() != plan_ || stepper->position() != position_;
  plan_ = &stepper->plan();
  position_ = stepper->position();
  if (!moved || !audible) return;
  was_audible_ = true;
  // The step stays on screen 1 / steps/s while playing; stepping by hand, the same time.
  const double window = 1.0 / std::clamp(double(app.steps_per_second), 0.25, 120.0);
  const render::KeyRange& range = app.key_range();
  render::ToneTrack track(output_->sample_rate());
  render::lay_out_step(track, render::step_notes(app.context(), *stepper, range, settings.options),
                       0.0, window);
  if (stepper->at_end() && position_ > 0)
    render::lay_out_step(track, render::closing_sweep_notes(app.context(), *stepper, range), window,
                         render::k_closing_sweep_s);
  output_->play(track.tones());
  if (position_ > 0) ++steps_played_;
}

std::string SoundRoom::summary() const {
  if (!output_) return "sound: silent, " + missing_;
  return "sound: " + std::to_string(steps_played_) + " steps played, " +
         std::to_string(output_->tones_played()) + " tones, SDL audio driver " + output_->driver();
}

}  // namespace ss::gui
