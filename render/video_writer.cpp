#include "render/video_writer.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <vector>

#include "core/errors.hpp"
#include "render/sound/wav_file.hpp"

extern char** environ;

namespace ss::render {

namespace {

// Starts `args` (args[0] the program) with `input` as its standard input (-1: inherited);
// returns posix_spawn's error number, 0 when it started.
int spawn(const std::vector<std::string>& args, int input, pid_t& pid) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (input >= 0) posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO);
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return spawned;
}

int wait_for(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

bool succeeded(int status) {
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

std::filesystem::path find_ffmpeg() {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return {};
  std::stringstream folders(path);
  std::string folder;
  while (std::getline(folders, folder, ':')) {
    if (folder.empty()) continue;
    const std::filesystem::path candidate = std::filesystem::path(folder) / "ffmpeg";
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

std::filesystem::path require_ffmpeg() {
  std::filesystem::path ffmpeg = find_ffmpeg();
  if (ffmpeg.empty())
    throw UsageError(
        "writing an .mp4 video needs ffmpeg on PATH; install it (Debian: apt install ffmpeg) or "
        "write a .gif instead");
  return ffmpeg;
}

VideoWriter::VideoWriter(const std::filesystem::path& path, std::uint32_t width,
                         std::uint32_t height, double fps)
    : destination_(path), width_(width), height_(height) {
  const std::filesystem::path ffmpeg = require_ffmpeg();
  temporary_ = path;
  temporary_ += ".partial-" + std::to_string(getpid());
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0)
    throw SetupError(std::string("cannot make a pipe to ffmpeg: ") + std::strerror(errno));
  std::ostringstream rate;
  rate << fps;
  // yuv420p (what players and slide software accept) needs even sizes: pad by one pixel.
  const std::vector<std::string> args = {ffmpeg.string(),
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
                                         temporary_.string()};
  pid_t pid = -1;
  const int spawned = spawn(args, fds[0], pid);
  close(fds[0]);
  if (spawned != 0) {
    close(fds[1]);
    throw SetupError("cannot start " + ffmpeg.string() + ": " + std::strerror(spawned));
  }
  pid_ = pid;
  pipe_ = fds[1];
}

VideoWriter::~VideoWriter() {
  if (committed_) return;
  close_pipe();
  if (pid_ > 0) wait_ffmpeg();
  std::error_code ignored;
  std::filesystem::remove(temporary_, ignored);
}

void VideoWriter::close_pipe() {
  if (pipe_ >= 0) close(pipe_);
  pipe_ = -1;
}

int VideoWriter::wait_ffmpeg() {
  const int status = wait_for(pid_);
  pid_ = -1;
  return status;
}

void VideoWriter::add_frame(const Image& image) {
  if (image.width != width_ || image.height != height_)
    throw std::logic_error("video frames must all have the size of the first");
  // A dead ffmpeg must become an error here, not a SIGPIPE that kills sortscope.
  struct sigaction ignore {
  }, previous{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &previous);
  const std::uint8_t* data = image.rgba.data();
  std::size_t left = image.rgba.size();
  int error = 0;
  while (left > 0) {
    const ssize_t wrote = write(pipe_, data, left);
    if (wrote < 0) {
      if (errno == EINTR) continue;
      error = errno;
      break;
    }
    data += wrote;
    left -= std::size_t(wrote);
  }
  sigaction(SIGPIPE, &previous, nullptr);
  if (error != 0)
    throw UsageError("ffmpeg stopped taking frames for '" + destination_.string() + "' (" +
                     std::strerror(error) + "); its messages are above");
}

void VideoWriter::finish(std::span<const float> soundtrack, std::uint32_t sample_rate) {
  close_pipe();
  if (!succeeded(wait_ffmpeg()))
    throw UsageError("ffmpeg could not write '" + destination_.string() +
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
    const std::vector<std::string> args = {require_ffmpeg().string(),
                                           "-hide_banner",
                                           "-loglevel",
                                           "error",
                                           "-y",
                                           "-i",
                                           temporary_.string(),
                                           "-i",
                                           wav.string(),
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
                                           muxed.string()};
    pid_t pid = -1;
    const int spawned = spawn(args, -1, pid);
    if (spawned != 0) throw SetupError("cannot start " + args[0] + ": " + std::strerror(spawned));
    if (!succeeded(wait_for(pid)))
      throw UsageError("ffmpeg could not add the soundtrack to '" + destination_.string() +
                       "'; its messages are above");
    finished = muxed;
  }
  std::error_code error;
  std::filesystem::rename(finished, destination_, error);
  if (error)
    throw UsageError("cannot move the video into place at '" + destination_.string() +
                     "': " + error.message());
  if (finished == muxed) muxed.clear();
  committed_ = true;
  std::filesystem::remove(temporary_, error);
}
}  // namespace ss::render
