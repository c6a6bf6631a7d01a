#pragma once
// A file descriptor that closes itself: the POSIX side's files and pipe ends.
#include <unistd.h>

#include <utility>

namespace ss::platform {

class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd&& other) noexcept : fd_(other.release()) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    if (this != &other) reset(other.release());
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  int release() { return std::exchange(fd_, -1); }
  // Closes the descriptor held now (its error ignored: see close_checked).
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }
  // Closes it and returns close()'s result: for a written file, where a failing close can be the
  // first sign of a full disk.
  int close_checked() { return ::close(release()); }

 private:
  int fd_ = -1;
};

}  // namespace ss::platform
