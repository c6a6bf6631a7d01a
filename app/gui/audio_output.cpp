#include "gui/audio_output.hpp"

#include <algorithm>
#include <cmath>
#include <span>

#include "core/errors.hpp"
#include "platform/sound_library_messages.hpp"

namespace ss::gui {

AudioOutput::AudioOutput() {
  // sortscope handles Ctrl-C itself (core/interrupt.hpp); SDL must not take SIGINT over.
  SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
  // Without a sound card, the sound library's own lines would come before the one line the sound
  // room prints, which names SDL's reason.
  platform::quiet_sound_library_messages();
  if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0)
    throw SetupError(std::string("SDL's audio did not start: ") + SDL_GetError());
  SDL_AudioSpec want{};
  want.freq = 44100;
  want.format = AUDIO_F32SYS;
  want.channels = 1;
  want.samples = 1024;  // 23 ms a block: tones start within that of their step
  want.callback = &AudioOutput::callback;
  want.userdata = this;
  SDL_AudioSpec have{};
  device_ = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);
  if (device_ == 0) {
    const std::string why = SDL_GetError();
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    throw SetupError("no audio device (" + why + ")");
  }
  rate_ = std::uint32_t(have.freq);
  block_ = have.samples;
  if (const char* name = SDL_GetCurrentAudioDriver()) driver_ = name;
  SDL_PauseAudioDevice(device_, 0);
}

AudioOutput::~AudioOutput() {
  SDL_CloseAudioDevice(device_);  // waits for the callback to return
  SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void AudioOutput::play(const std::vector<render::Tone>& tones) {
  std::lock_guard lock(mutex_);
  // The next block may already be mixing: start a block later so no tone loses its attack.
  const std::int64_t now = clock_ + block_;
  const auto release = std::int64_t(render::k_tone_release_s * rate_);
  std::erase_if(tones_, [&](const Scheduled& s) { return s.first >= now; });
  for (Scheduled& s : tones_) {
    // Sounding: end it `release` from now, so its envelope falls from where it is to silence.
    const double until_s = double(now + release - s.first) / rate_;
    s.tone.duration_s = std::min(s.tone.duration_s, until_s);
  }
  for (const render::Tone& tone : tones)
    tones_.push_back({tone, now + std::llround(tone.start_s * rate_), false});
}

void AudioOutput::callback(void* self, Uint8* stream, int bytes) {
  static_cast<AudioOutput*>(self)->fill(reinterpret_cast<float*>(stream),
                                        std::size_t(bytes) / sizeof(float));
}

void AudioOutput::fill(float* out, std::size_t count) {
  std::fill(out, out + count, 0.0f);
  const std::span<float> block(out, count);
  {
    std::lock_guard lock(mutex_);
    const std::int64_t end = clock_ + std::int64_t(count);
    for (Scheduled& s : tones_) {
      if (s.first >= end) continue;
      render::add_tone(s.tone, rate_, s.first, clock_, block);
      if (!s.counted) {
        s.counted = true;
        played_.fetch_add(1);
      }
    }
    clock_ = end;
    std::erase_if(tones_, [&](const Scheduled& s) {
      return s.first + std::llround(s.tone.duration_s * rate_) <= clock_;
    });
  }
  const float volume = volume_.load();
  for (float& sample : block) sample = std::clamp(sample * volume, -1.0f, 1.0f);
}

}  // namespace ss::gui
