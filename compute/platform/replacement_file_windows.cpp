// Windows side of replacement_file.hpp: a new file beside the destination, FlushFileBuffers,
// MoveFileExW over the destination. Paths stay UTF-16 throughout (std::filesystem::path's native
// form on Windows).
#include "platform/replacement_file.hpp"

#include <atomic>
#include <string>

#include "platform/this_process.hpp"
#include "platform/unique_handle_windows.hpp"
#include "platform/wide_text_windows.hpp"

namespace ss::platform {

struct ReplacementFile::Open {
  UniqueHandle file;
  std::filesystem::path temporary;  // empty for a device written directly
};

namespace {

std::string windows_last_reason() {
  return windows_error_text(::GetLastError());
}

// NUL, CON or a pipe cannot be renamed over: such a destination is opened and written directly.
// Anything else (a file, or nothing yet) is replaced.
UniqueHandle windows_open_if_device(const std::filesystem::path& destination) {
  UniqueHandle probe(::CreateFileW(destination.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE,
                                   nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr));
  if (!probe.valid() || ::GetFileType(probe.get()) == FILE_TYPE_DISK) return {};
  probe.reset();
  return UniqueHandle(::CreateFileW(destination.c_str(), GENERIC_WRITE,
                                    FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                                    FILE_ATTRIBUTE_NORMAL, nullptr));
}

// Makes every temporary's name differ within this process; the process id tells processes apart.
std::atomic<unsigned> g_windows_replacement_counter{0};

}  // namespace

ReplacementFile::ReplacementFile(const std::filesystem::path& destination)
    : destination_(destination), open_(std::make_unique<Open>()) {
  if (UniqueHandle device = windows_open_if_device(destination_); device.valid()) {
    open_->file = std::move(device);
    return;
  }
  const std::filesystem::path folder =
      destination_.has_parent_path() ? destination_.parent_path() : std::filesystem::path(".");
  // CREATE_NEW fails rather than open a file that exists: a name already taken (a stale
  // temporary of an earlier run with the same id) moves on to the next number.
  for (int attempt = 0; attempt < 100; ++attempt) {
    const std::wstring hidden = L"." + destination_.filename().wstring() + L".sortscope-" +
                                std::to_wstring(process_id()) + L"-" +
                                std::to_wstring(g_windows_replacement_counter.fetch_add(1));
    const std::filesystem::path temporary = folder / hidden;
    open_->file.reset(::CreateFileW(temporary.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                                    FILE_ATTRIBUTE_NORMAL, nullptr));
    if (open_->file.valid()) {
      open_->temporary = temporary;
      return;
    }
    if (::GetLastError() != ERROR_FILE_EXISTS) break;
  }
  fail("cannot create a temporary file beside", windows_last_reason());
}

ReplacementFile::~ReplacementFile() {
  discard();
}

void ReplacementFile::write(const void* data, std::size_t bytes) {
  if (!open_) fail("cannot write", k_replacement_closed);
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const DWORD chunk = bytes > (1u << 30) ? DWORD(1u << 30) : DWORD(bytes);
    DWORD written = 0;
    if (::WriteFile(open_->file.get(), p, chunk, &written, nullptr) == 0)
      fail("cannot write", windows_last_reason());
    if (written == 0) fail("cannot write", windows_error_text(ERROR_DISK_FULL));
    p += written;
    bytes -= written;
  }
}

void ReplacementFile::commit() {
  if (!open_) fail("cannot write", k_replacement_closed);
  if (open_->temporary.empty()) {  // a device: nothing to rename
    if (!open_->file.close_checked()) fail("cannot write", windows_last_reason());
    open_.reset();
    return;
  }
  if (::FlushFileBuffers(open_->file.get()) == 0) fail("cannot write", windows_last_reason());
  if (!open_->file.close_checked()) fail("cannot write", windows_last_reason());
  // WRITE_THROUGH: returns once the rename itself is on the disk, as the flush did for the data.
  if (::MoveFileExW(open_->temporary.c_str(), destination_.c_str(),
                    MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) == 0)
    fail("cannot replace", windows_last_reason());
  open_.reset();  // committed: nothing left to discard
}

void ReplacementFile::discard() noexcept {
  if (!open_) return;
  open_->file.reset();
  if (!open_->temporary.empty()) ::DeleteFileW(open_->temporary.c_str());
  open_.reset();
}

std::error_code move_over(const std::filesystem::path& finished,
                          const std::filesystem::path& destination) noexcept {
  if (::MoveFileExW(finished.c_str(), destination.c_str(),
                    MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) == 0)
    return std::error_code(int(::GetLastError()), std::system_category());
  return {};
}

}  // namespace ss::platform
