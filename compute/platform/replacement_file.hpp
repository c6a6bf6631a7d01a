#pragma once
// The OS's half of an all-or-nothing output (core/atomic_file.hpp holds the buffering): bytes go
// to a temporary beside the destination, which commit() flushes to the disk and renames over the
// destination in one step, so a reader sees the old file or the whole new one, never a part.
//   POSIX: mkstemp, write, fsync, close, rename.
//   Windows: CreateFileW (CREATE_NEW), WriteFile, FlushFileBuffers, CloseHandle,
//            MoveFileExW(MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH).
// A destination that is a device (/dev/null, /dev/full, a pipe; NUL on Windows) cannot be
// renamed over: it is written directly, every write and the close still checked.
// Every failure removes the temporary and throws UsageError naming the step, the destination and
// the OS's reason, adding that nothing was written.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>

namespace ss::platform {

class ReplacementFile {
 public:
  // Creates the temporary (named "." + the destination's name + ".sortscope-..."), or opens the
  // device.
  explicit ReplacementFile(const std::filesystem::path& destination);
  // Without commit(): closes and removes the temporary; the destination is as it was.
  ~ReplacementFile();
  ReplacementFile(const ReplacementFile&) = delete;
  ReplacementFile& operator=(const ReplacementFile&) = delete;

  // Writes all of it (unbuffered: the caller gathers small writes).
  void write(const void* data, std::size_t bytes);
  // Flushes to the disk, closes and renames over the destination.
  void commit();
  // Closes and removes the temporary now (also what the destructor does).
  void discard() noexcept;

  const std::filesystem::path& destination() const { return destination_; }

 private:
  // The OS's handle and the temporary's name: one per side (replacement_file_<os>.cpp).
  struct Open;
  [[noreturn]] void fail(const std::string& step, const std::string& reason);

  std::filesystem::path destination_;
  std::unique_ptr<Open> open_;  // none once committed or discarded
};

// Renames `finished` (a complete file another program wrote) to `destination`, replacing it in
// one step; the OS's error, none on success. POSIX: rename. Windows: MoveFileExW
// (MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH).
std::error_code move_over(const std::filesystem::path& finished,
                          const std::filesystem::path& destination) noexcept;

// The reason given for a write after commit() or after a failure (giflib, for one, writes again
// after a write it was told failed).
inline constexpr const char* k_replacement_closed = "it was closed after an earlier error";

}  // namespace ss::platform
