#pragma once
// MP4 video through ffmpeg (not linked: run as a separate program when it is on PATH), fed raw
// RGBA frames on a pipe. ffmpeg writes a temporary beside the destination, renamed into place by
// finish(), so an error or Ctrl-C leaves no partial video.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "platform/child_process.hpp"
#include "render/offscreen_target.hpp"

namespace ss::render {

// The ffmpeg on PATH, or empty when there is none.
std::filesystem::path find_ffmpeg();
// Throws UsageError saying what to install when find_ffmpeg() finds nothing.
std::filesystem::path require_ffmpeg();

class VideoWriter {
 public:
  VideoWriter(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
              double fps);
  ~VideoWriter();
  VideoWriter(const VideoWriter&) = delete;
  VideoWriter& operator=(const VideoWriter&) = delete;

  void add_frame(const Image& image);
  // Ends the video; with a soundtrack (mono samples in [-1, 1]), muxes it in as AAC audio.
  void finish(std::span<const float> soundtrack = {}, std::uint32_t sample_rate = 44100);

 private:
  std::filesystem::path destination_;
  std::filesystem::path temporary_;
  std::uint32_t width_ = 0;
  std::uint32_t height_ = 0;
  // ffmpeg taking the frames on its standard input; none once finish() waited for it.
  std::unique_ptr<platform::ChildProcess> ffmpeg_;
  bool committed_ = false;
};

}  // namespace ss::render
