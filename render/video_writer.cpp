#include "render/video_writer.hpp"

#include <sstream>
#include <system_error>
#include <vector>

#include "core/errors.hpp"
#include "platform/replacement_file.hpp"
#include "platform/this_process.hpp"
#include "platform/utf8_paths.hpp"
#include "render/sound/wav_file.hpp"

namespace ss::render {

std::filesystem::path find_ffmpeg() {
  return platform::find_program("ffmpeg").value_or(std::filesystem::path());
}

std::filesystem::path require_ffmpeg() {
  std::filesystem::path ffmpeg = find_ffmpeg();
  if (ffmpeg.empty())
    throw UsageError(
        "writing an .mp4 video needs ffmpeg, which was not found on PATH; install it (e.g. apt "
        "install ffmpeg, or ffmpeg.exe from ffmpeg.org with its folder on PATH) or write a .gif "
        "instead");
  return ffmpeg;
}

VideoWriter::VideoWriter(const std::filesystem::path& path, std::uint32_t width,
                         std::uint32_t height, double fps)
    : destination_(path), width_(width), height_(height) {
  const std::filesystem::path ffmpeg = require_ffmpeg();
  temporary_ = path;
  temporary_ += ".partial-" + std::to_string(platform::process_id());
  std::ostringstream rate;
  rate << fps;
  // yuv420p (what players and slide software accept) needs even sizes: pad by one pixel.
  const std::vector<std::string> args = {platform::utf8_from_path(ffmpeg),
                                         "-hide_banner",
                                         "-loglevel",
                                         "error",
                                         "-y",
                                         "-f",
                                         "rawvideo",
                                         "-pixel_format",
                                         "rgba",
                                         "-video_size",
                                         std::to_string(width) + "x" + std::to_string(height),
                                         "-framerate",
                                         rate.str(),
                                         "-i",
                                         "pipe:0",
                                         "-vf",
                                         "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                                         "-c:v",
                                         "libx264",
                                         "-pix_fmt",
                                         "yuv420p",
                                         "-movflags",
                                         "+faststart",
                                         "-f",
                                         "mp4",
                                         platform::utf8_from_path(temporary_)};
  platform::ChildOptions options;
  options.pipe_input = true;
  ffmpeg_ = std::make_unique<platform::ChildProcess>(args, options);
}

VideoWriter::~VideoWriter() {
  if (committed_) return;
  ffmpeg_.reset();  // closes its input and waits for it to end
  std::error_code ignored;
  std::filesystem::remove(temporary_, ignored);
}

void VideoWriter::add_frame(const Image& image) {
  if (image.width != width_ || image.height != height_)
    throw std::logic_error("video frames must all have the size of the first");
  try {
    ffmpeg_->write_input(image.rgba.data(), image.rgba.size());
  } catch (const std::system_error& e) {  // ffmpeg ended early
    throw UsageError("ffmpeg stopped taking frames for '" + platform::utf8_from_path(destination_) +
                     "' (" + e.code().message() + "); its messages are above");
  }
}

void VideoWriter::finish(std::span<const float> soundtrack, std::uint32_t sample_rate) {
  ffmpeg_->close_input();
  const int status = ffmpeg_->wait();
  ffmpeg_.reset();
  if (status != 0)
    throw UsageError("ffmpeg could not write '" + platform::utf8_from_path(destination_) +
                     "'; its messages are above");
  std::filesystem::path finished = temporary_;
  std::filesystem::path muxed, wav;
  // Removes the muxing's files on every way out; the silent video is the destructor's.
  struct Cleanup {
    std::filesystem::path* a;
    std::filesystem::path* b;
    ~Cleanup() {
      std::error_code ignored;
      if (!a->empty()) std::filesystem::remove(*a, ignored);
      if (!b->empty()) std::filesystem::remove(*b, ignored);
    }
  } cleanup{&muxed, &wav};
  if (!soundtrack.empty()) {
    // The soundtrack is complete only once the last frame is drawn, so it joins the finished
    // video in a second ffmpeg run that copies the video stream as it is.
    wav = temporary_;
    wav += ".wav";
    write_wav(wav, soundtrack, sample_rate);
    muxed = temporary_;
    muxed += ".muxed";
    const std::vector<std::string> args = {platform::utf8_from_path(require_ffmpeg()),
                                           "-hide_banner",
                                           "-loglevel",
                                           "error",
                                           "-y",
                                           "-i",
                                           platform::utf8_from_path(temporary_),
                                           "-i",
                                           platform::utf8_from_path(wav),
                                           "-map",
                                           "0:v:0",
                                           "-map",
                                           "1:a:0",
                                           "-c:v",
                                           "copy",
                                           "-c:a",
                                           "aac",
                                           "-b:a",
                                           "128k",
                                           "-movflags",
                                           "+faststart",
                                           "-f",
                                           "mp4",
                                           platform::utf8_from_path(muxed)};
    if (platform::ChildProcess(args).wait() != 0)
      throw UsageError("ffmpeg could not add the soundtrack to '" +
                       platform::utf8_from_path(destination_) + "'; its messages are above");
    finished = muxed;
  }
  if (const std::error_code error = platform::move_over(finished, destination_))
    throw UsageError("cannot move the video into place at '" +
                     platform::utf8_from_path(destination_) + "': " + error.message());
  if (finished == muxed) muxed.clear();
  committed_ = true;
  std::error_code ignored;
  std::filesystem::remove(temporary_, ignored);
}

}  // namespace ss::render
