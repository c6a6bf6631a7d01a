// POSIX side of replacement_file.hpp: mkstemp beside the destination, fsync, rename.
#include "platform/replacement_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "platform/unique_fd_posix.hpp"

namespace ss::platform {

struct ReplacementFile::Open {
  UniqueFd fd;
  std::filesystem::path temporary;  // empty for a device written directly
};

namespace {

// Special files (/dev/null, /dev/full, a pipe) cannot be replaced by a rename.
bool posix_is_special_file(const std::filesystem::path& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

std::string posix_reason(int error) {
  return std::strerror(error);
}

}  // namespace

ReplacementFile::ReplacementFile(const std::filesystem::path& destination)
    : destination_(destination), open_(std::make_unique<Open>()) {
  if (posix_is_special_file(destination_)) {
    open_->fd.reset(::open(destination_.c_str(), O_WRONLY | O_CLOEXEC));
    if (!open_->fd.valid()) fail("cannot open", posix_reason(errno));
    return;
  }
  const std::filesystem::path folder =
      destination_.has_parent_path() ? destination_.parent_path() : std::filesystem::path(".");
  std::string hidden = ".";
  hidden.append(destination_.filename().string()).append(".sortscope-XXXXXX");
  const std::string pattern = (folder / hidden).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  open_->fd.reset(::mkstemp(name.data()));
  if (!open_->fd.valid()) fail("cannot create a temporary file beside", posix_reason(errno));
  open_->temporary = name.data();
  // mkstemp makes the file private; give it the permissions a new file would get.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(open_->fd.get(), 0666 & ~mask);
}

ReplacementFile::~ReplacementFile() {
  discard();
}

void ReplacementFile::write(const void* data, std::size_t bytes) {
  if (!open_) fail("cannot write", k_replacement_closed);
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t written = ::write(open_->fd.get(), p, bytes);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) fail("cannot write", posix_reason(written < 0 ? errno : ENOSPC));
    p += written;
    bytes -= static_cast<std::size_t>(written);
  }
}

void ReplacementFile::commit() {
  if (!open_) fail("cannot write", k_replacement_closed);
  if (open_->temporary.empty()) {  // a device: nothing to rename
    if (open_->fd.close_checked() != 0) fail("cannot write", posix_reason(errno));
    open_.reset();
    return;
  }
  if (::fsync(open_->fd.get()) != 0) fail("cannot write", posix_reason(errno));
  if (open_->fd.close_checked() != 0) fail("cannot write", posix_reason(errno));
  if (::rename(open_->temporary.c_str(), destination_.c_str()) != 0)
    fail("cannot replace", posix_reason(errno));
  open_.reset();  // committed: nothing left to discard
}

void ReplacementFile::discard() noexcept {
  if (!open_) return;
  open_->fd.reset();
  if (!open_->temporary.empty()) ::unlink(open_->temporary.c_str());
  open_.reset();
}

std::error_code move_over(const std::filesystem::path& finished,
                          const std::filesystem::path& destination) noexcept {
  if (::rename(finished.c_str(), destination.c_str()) != 0)
    return std::error_code(errno, std::generic_category());
  return {};
}

}  // namespace ss::platform
