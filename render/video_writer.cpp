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

extern char** environ;

namespace ss::render {

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
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO);
  pid_t pid = -1;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
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
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
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

void VideoWriter::finish() {
  close_pipe();
  const int status = wait_ffmpeg();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw UsageError("ffmpeg could not write '" + destination_.string() +
                     "'; its messages are above");
  std::error_code error;
  std::filesystem::rename(temporary_, destination_, error);
  if (error)
    throw UsageError("cannot move the video into place at '" + destination_.string() +
                     "': " + error.message());
  committed_ = true;
}

}  // namespace ss::render
