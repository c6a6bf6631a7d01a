#include "render/animation.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <optional>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "plan/step_position.hpp"
#include "platform/utf8_paths.hpp"
#include "render/gif_writer.hpp"
#include "render/sound/soundtrack.hpp"
#include "render/sound/wav_file.hpp"
#include "render/video_writer.hpp"

namespace ss::render {

namespace {

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// Where the one %d or %0Nd of a sequence name is, and its zero padding; nullopt when the name
// has no '%'. Any other use of '%' is refused, so a name is never a format string.
struct Placeholder {
  std::size_t at = 0;
  std::size_t length = 0;
  int width = 0;
};

std::optional<Placeholder> find_placeholder(const std::string& out) {
  const std::size_t at = out.find('%');
  if (at == std::string::npos) return std::nullopt;
  std::size_t i = at + 1;
  int width = 0;
  if (i < out.size() && out[i] == '0') {
    ++i;
    const std::size_t digits = i;
    while (i < out.size() && out[i] >= '0' && out[i] <= '9') ++i;
    if (i == digits || i - digits > 2)
      i = out.size();  // refused below
    else
      std::from_chars(out.data() + digits, out.data() + i, width);
  }
  if (i >= out.size() || out[i] != 'd' || out.find('%', i) != std::string::npos)
    throw UsageError("'" + out +
                     "': a PNG sequence's name takes one %d or %0Nd (e.g. frames/step-%04d.png) "
                     "and no other '%'");
  return Placeholder{at, i + 1 - at, width};
}

// A PNG sequence named as a folder (`--out frames/`) writes into it: made first, with its parents.
void make_sequence_folder(const std::string& out) {
  if (!platform::ends_in_separator(out)) return;
  std::error_code error;
  std::filesystem::create_directories(platform::path_from_utf8(out), error);
  if (error) throw UsageError("cannot make the folder '" + out + "': " + error.message());
}

}  // namespace

AnimationFormat animation_format(const std::string& out) {
  if (ends_with(out, ".gif")) return AnimationFormat::gif;
  if (ends_with(out, ".mp4")) return AnimationFormat::video;
  if (platform::ends_in_separator(out) || find_placeholder(out))
    return AnimationFormat::png_sequence;
  throw UsageError("with --steps, --out '" + out +
                   "' must end in .gif (animated GIF) or .mp4 (video, needs ffmpeg), contain %d "
                   "or %04d (one PNG per step), or end in / (a folder of PNGs)");
}

std::string sequence_path(const std::string& out, std::size_t step) {
  if (platform::ends_in_separator(out)) return sequence_path(out + "step-%04d.png", step);
  const Placeholder p = *find_placeholder(out);
  std::string number = std::to_string(step);
  if (number.size() < std::size_t(p.width))
    number.insert(0, std::size_t(p.width) - number.size(), '0');
  return out.substr(0, p.at) + number + out.substr(p.at + p.length);
}

StepRange parse_step_range(const std::string& text, std::size_t steps, bool phases) {
  const std::string valid = "valid steps are 0.." + std::to_string(steps) + " (0 = the input" +
                            (phases ? ", each phase counted as a step" : "") +
                            "; negative from the end, -1 = the last), e.g. --steps 0.." +
                            std::to_string(steps) + ", --steps -4..-1 or --steps all";
  if (text == "all") return {0, steps};
  const std::size_t dots = text.find("..");
  std::int64_t named[2] = {0, 0};
  const auto parse = [&](std::string_view part, std::int64_t& value) {
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    return error == std::errc() && end == part.data() + part.size() && !part.empty();
  };
  const std::string_view all(text);
  if (dots == std::string::npos || !parse(all.substr(0, dots), named[0]) ||
      !parse(all.substr(dots + 2), named[1]))
    throw UsageError("--steps '" + text + "' is not A..B or all; " + valid);
  const auto first = named_position(named[0], steps);
  const auto last = named_position(named[1], steps);
  if (!first || !last) {
    const bool early = !first ? named[0] < 0 : named[1] < 0;
    throw UsageError("--steps " + text + (early ? " is before the start; " : " is past the end; ") +
                     valid);
  }
  if (*last < *first) throw UsageError("--steps " + text + " ends before it starts; " + valid);
  return {*first, *last};
}

void check_sound_options(const AnimationOptions& options, const std::string& out) {
  if (!options.audio.empty() && !ends_with(options.audio, ".wav"))
    throw UsageError("--audio '" + options.audio + "' must end in .wav");
  if (options.sound && (out.empty() || animation_format(out) != AnimationFormat::video))
    throw UsageError(
        "--sound puts the soundtrack into an .mp4 video; GIFs and PNGs are silent. "
        "Give --out FILE.mp4, or write the soundtrack alone with --audio FILE.wav");
}

namespace {

void check_timing(const AnimationOptions& options, const Plan& plan) {
  if (!(options.fps > 0 && options.fps <= 120))
    throw UsageError("--fps must be above 0 and at most 120");
  if (options.frames_per_step < 1) throw UsageError("--frames-per-step must be at least 1");
  if (options.steps.last < options.steps.first || options.steps.last > plan.steps.size())
    throw UsageError("steps " + std::to_string(options.steps.first) + ".." +
                     std::to_string(options.steps.last) + " are not within 0.." +
                     std::to_string(plan.steps.size()));
}

}  // namespace

struct AnimationRecorder::Output {
  std::map<std::size_t, Image> kept;  // the palette's sample frames, not drawn twice
  std::optional<GifWriter> gif;
  std::optional<VideoWriter> video;
};

AnimationRecorder::AnimationRecorder(const Context& context, const Plan& plan,
                                     const KeyArray& input, const KeyRange& range,
                                     const OffscreenOptions& frame, const AnimationOptions& options,
                                     std::string out)
    : range_(range),
      options_(options),
      out_(std::move(out)),
      output_(std::make_unique<Output>()),
      context_(&context) {
  const AnimationFormat format = animation_format(out_);
  check_timing(options, plan);
  check_sound_options(options, out_);
  if (format == AnimationFormat::video) require_ffmpeg();
  if (options.sound || !options.audio.empty())
    sound_ = std::make_unique<SoundtrackBuilder>(options.step_seconds(), options.hold_seconds(),
                                                 options.sound_options);
  stepper_ = std::make_unique<Stepper>(context, plan, input);
  renderer_ = std::make_unique<OffscreenRenderer>(context, frame);
  if (options.follow)
    follower_ = std::make_unique<KeyFollower>(
        follow_through(context, plan, input, *options.follow, options.steps.last));
  const StepRange steps = options.steps;
  if (format == AnimationFormat::gif) {
    // One palette for the whole GIF, from a few positions spread over the range.
    const std::size_t samples = std::min<std::size_t>(total(), 8);
    std::vector<Image> images;
    for (std::size_t i = 0; i < samples; ++i) {
      const std::size_t position =
          steps.first + (samples == 1 ? 0 : i * (total() - 1) / (samples - 1));
      throw_if_interrupted();
      stepper_->jump(position);
      if (follower_) renderer_->set_follow(follow_mark(*follower_, position));
      images.push_back(output_->kept[position] = renderer_->render(*stepper_, range_));
    }
    output_->gif.emplace(platform::path_from_utf8(out_), frame.width, frame.height,
                         make_gif_palette(images));
  } else if (format == AnimationFormat::video) {
    output_->video.emplace(platform::path_from_utf8(out_), frame.width, frame.height, options.fps);
  } else {
    make_sequence_folder(out_);
  }
  stepper_->jump(steps.first);
}

AnimationRecorder::~AnimationRecorder() = default;

void AnimationRecorder::advance() {
  if (done()) return;
  const std::size_t position = options_.steps.first + done_;
  if (done_ > 0) stepper_->next();
  if (follower_) renderer_->set_follow(follow_mark(*follower_, position));
  const auto found = output_->kept.find(position);
  const Image image =
      found != output_->kept.end() ? found->second : renderer_->render(*stepper_, range_);
  const bool last = position == options_.steps.last;
  std::vector<float> soundtrack;
  if (sound_) {
    sound_->add_frame(*context_, *stepper_, range_, last);
    if (last) soundtrack = sound_->samples();
    if (last && !options_.audio.empty())
      write_wav(platform::path_from_utf8(options_.audio), soundtrack, sound_->sample_rate());
  }
  if (output_->gif) {
    shown_ms_ += 1000.0 * options_.frames_per_step / options_.fps + (last ? options_.hold_ms : 0);
    const auto end_ms = std::uint64_t(shown_ms_ + 0.5);
    output_->gif->add_frame(image, std::uint32_t(end_ms - rounded_ms_));
    rounded_ms_ = end_ms;
    if (last) output_->gif->finish();
  } else if (output_->video) {
    // A video's frame rate is constant: a step, and the hold, are that many copies of a frame.
    const auto hold = std::uint32_t(options_.hold_ms * options_.fps / 1000.0 + 0.5);
    for (std::uint32_t i = 0; i < options_.frames_per_step + (last ? hold : 0); ++i)
      output_->video->add_frame(image);
    if (last && options_.sound)
      output_->video->finish(soundtrack, sound_->sample_rate());
    else if (last)
      output_->video->finish();
  } else {
    write_png(image, sequence_path(out_, position));
  }
  ++done_;
}

void write_animation(const Context& context, const Plan& plan, const KeyArray& input,
                     const KeyRange& range, const OffscreenOptions& frame,
                     const AnimationOptions& options, const std::string& out,
                     const AnimationProgress& progress) {
  AnimationRecorder recorder(context, plan, input, range, frame, options, out);
  while (!recorder.done()) {
    throw_if_interrupted();
    recorder.advance();
    if (progress) progress(recorder.frames_done(), recorder.total());
  }
}

void write_drawn_animation(const std::function<Image(std::size_t)>& draw, std::uint32_t width,
                           std::uint32_t height, const AnimationOptions& options,
                           const std::string& out, const AnimationProgress& progress) {
  if (options.sound || !options.audio.empty())
    throw UsageError("this animation has no soundtrack; leave out --sound and --audio");
  const AnimationFormat format = animation_format(out);
  if (format == AnimationFormat::video) require_ffmpeg();
  const std::size_t total = options.steps.last - options.steps.first + 1;
  std::vector<Image> frames;
  for (std::size_t i = 0; i < total; ++i) {
    throw_if_interrupted();
    frames.push_back(draw(options.steps.first + i));
    if (progress) progress(i + 1, total);
  }
  if (format == AnimationFormat::gif) {
    GifWriter gif(platform::path_from_utf8(out), width, height, make_gif_palette(frames));
    for (std::size_t i = 0; i < total; ++i) {
      const double ms =
          1000.0 * options.frames_per_step / options.fps + (i + 1 == total ? options.hold_ms : 0);
      gif.add_frame(frames[i], std::uint32_t(ms + 0.5));
    }
    gif.finish();
  } else if (format == AnimationFormat::video) {
    VideoWriter video(platform::path_from_utf8(out), width, height, options.fps);
    const auto hold = std::uint32_t(options.hold_ms * options.fps / 1000.0 + 0.5);
    for (std::size_t i = 0; i < total; ++i) {
      for (std::uint32_t k = 0; k < options.frames_per_step + (i + 1 == total ? hold : 0); ++k)
        video.add_frame(frames[i]);
    }
    video.finish();
  } else {
    make_sequence_folder(out);
    for (std::size_t i = 0; i < total; ++i)
      write_png(frames[i], sequence_path(out, options.steps.first + i));
  }
}

void write_soundtrack(const Context& context, const Plan& plan, const KeyArray& input,
                      const KeyRange& range, const AnimationOptions& options,
                      const AnimationProgress& progress) {
  check_timing(options, plan);
  check_sound_options(options, "");
  if (options.audio.empty()) throw UsageError("write_soundtrack needs --audio FILE.wav");
  SoundtrackBuilder sound(options.step_seconds(), options.hold_seconds(), options.sound_options);
  Stepper stepper(context, plan, input);
  stepper.jump(options.steps.first);
  const std::size_t total = options.steps.last - options.steps.first + 1;
  for (std::size_t done = 0; done < total; ++done) {
    throw_if_interrupted();
    if (done > 0) stepper.next();
    sound.add_frame(context, stepper, range, done + 1 == total);
    if (progress) progress(done + 1, total);
  }
  write_wav(platform::path_from_utf8(options.audio), sound.samples(), sound.sample_rate());
}

}  // namespace ss::render
