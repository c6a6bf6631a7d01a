#pragma once
// The app's speaker: an SDL2 audio device whose own thread mixes the tones the sound room hands
// it (render/sound/tone_track.hpp's add_tone, one block at a time). Handing tones over takes a
// short lock, never a wait on the device, so a frame never stalls on audio.
#include <SDL.h>

#include <atomic>
#include <cstdint>
#include <limits>
#include <mutex>
#include <string>
#include <vector>

#include "render/sound/tone_track.hpp"

namespace ss::gui {

class AudioOutput {
 public:
  // Opens the default audio device (SDL's driver choice, or SDL_AUDIODRIVER); throws SetupError
  // naming SDL's reason when there is none.
  AudioOutput();
  ~AudioOutput();
  AudioOutput(const AudioOutput&) = delete;
  AudioOutput& operator=(const AudioOutput&) = delete;

  std::string driver() const { return driver_; }
  std::uint32_t sample_rate() const { return rate_; }

  // Plays `tones` (start_s counted from now) after fading out, over their release, the tones
  // still sounding and dropping those not yet started: one step's sound never runs on into the
  // next step's.
  void play(const std::vector<render::Tone>& tones);
  void silence() { play({}); }
  void set_volume(float volume) { volume_.store(volume); }
  std::uint64_t tones_played() const { return played_.load(); }

 private:
  static void callback(void* self, Uint8* stream, int bytes);
  void fill(float* out, std::size_t count);

  struct Scheduled {
    render::Tone tone;  // start_s unused
    std::int64_t first = 0;
    bool counted = false;
  };
  SDL_AudioDeviceID device_ = 0;
  std::string driver_;
  std::uint32_t rate_ = 44100;
  std::uint32_t block_ = 1024;
  std::mutex mutex_;  // guards tones_ and clock_ between play() and the audio thread
  std::vector<Scheduled> tones_;
  std::int64_t clock_ = 0;  // the stream's next sample to be mixed
  std::atomic<float> volume_{0.8f};
  std::atomic<std::uint64_t> played_{0};
};

}  // namespace ss::gui
