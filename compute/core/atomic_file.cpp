#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/errors.hpp"

namespace ss {

namespace {

// Special files (/dev/null, /dev/full, a pipe) cannot be replaced by a rename: write to them
// directly, still checking every write and the close.
bool is_special_file(const std::filesystem::path& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path destination) : destination_(std::move(destination)) {
  if (is_special_file(destination_)) {
    fd_ = ::open(destination_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) fail("cannot open", errno);
    return;
  }
  const std::filesystem::path folder =
      destination_.has_parent_path() ? destination_.parent_path() : std::filesystem::path(".");
  std::string hidden = ".";
  hidden.append(destination_.filename().string()).append(".sortscope-XXXXXX");
  const std::string pattern = (folder / hidden).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  fd_ = ::mkstemp(name.data());
  if (fd_ < 0) fail("cannot create a temporary file beside", errno);
  temporary_ = name.data();
  // mkstemp makes the file private; give it the permissions a new file would get.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd_, 0666 & ~mask);
}

AtomicFile::~AtomicFile() {
  if (!committed_) discard();
}

void AtomicFile::write(const void* data, std::size_t bytes) {
  buffer_.append(static_cast<const char*>(data), bytes);
  if (buffer_.size() >= (1u << 20)) flush();
}

void AtomicFile::flush() {
  const char* p = buffer_.data();
  std::size_t bytes = buffer_.size();
  while (bytes > 0) {
    const ssize_t written = ::write(fd_, p, bytes);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) fail("cannot write", written < 0 ? errno : ENOSPC);
    p += written;
    bytes -= static_cast<std::size_t>(written);
  }
  buffer_.clear();
}

void AtomicFile::commit() {
  flush();
  if (temporary_.empty()) {  // a special file: nothing to rename
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail("cannot write", errno);
    committed_ = true;
    return;
  }
  if (::fsync(fd_) != 0) fail("cannot write", errno);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("cannot write", errno);
  if (::rename(temporary_.c_str(), destination_.c_str()) != 0) fail("cannot replace", errno);
  committed_ = true;
}

void AtomicFile::fail(const std::string& what, int error) {
  discard();
  throw UsageError(what + " " + destination_.string() + ": " + std::strerror(error) +
                   " (nothing was written; any previous file is unchanged)");
}

void AtomicFile::discard() noexcept {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
}

void write_file_atomically(const std::filesystem::path& path, std::string_view bytes) {
  AtomicFile file(path);
  file.write(bytes);
  file.commit();
}

}  // namespace ss
