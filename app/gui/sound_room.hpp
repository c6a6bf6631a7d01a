#pragma once
// The app's sound (render/sound/step_sound.hpp says what each step sounds like): follows the
// step the App shows and plays that step's notes within the time the step is shown, at the
// steps/s it plays at, then the closing sweep once the keys are sorted. It owns the audio device;
// the App only holds the settings the panels edit (SoundSettings). Without an audio device it
// says so once and stays silent; nothing else changes.
#include <cstddef>
#include <memory>
#include <string>

#include "gui/app_state.hpp"

namespace ss::gui {

class AudioOutput;

class SoundRoom {
 public:
  // Opens the audio device; when there is none, prints why once and stays silent.
  SoundRoom();
  ~SoundRoom();
  SoundRoom(const SoundRoom&) = delete;
  SoundRoom& operator=(const SoundRoom&) = delete;

  bool has_device() const { return output_ != nullptr; }
  // Once per frame, after App::update: plays the step shown when it changed, applies the volume,
  // silences at once on mute; keeps app.sound.status up to date for the controls panel.
  void follow(App& app);
  // "sound: 37 steps played, 412 tones, SDL audio driver pulseaudio" (or why it was silent).
  std::string summary() const;

 private:
  std::unique_ptr<AudioOutput> output_;
  std::string missing_;  // why there is no device
  const Plan* plan_ = nullptr;
  std::size_t position_ = 0;
  bool was_audible_ = false;
  std::size_t steps_played_ = 0;
};

}  // namespace ss::gui
