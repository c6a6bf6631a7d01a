#pragma once
// Output files that are all or nothing: the bytes go to a temporary file beside the destination,
// every write and the close are checked, the data is flushed to disk, and only then is the
// temporary renamed over the destination. On any error, or when the writer is destroyed before
// commit() (an exception, an interruption), the temporary is removed and the destination is left
// as it was. So a full disk never leaves a truncated file, and an output may name the input.
// The OS's part (the temporary, the flush, the rename) is platform/replacement_file.hpp's; this
// gathers small writes into large ones.
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include "platform/replacement_file.hpp"

namespace ss {

class AtomicFile {
 public:
  // Creates the temporary; throws UsageError naming the path and the OS error.
  explicit AtomicFile(std::filesystem::path destination);
  // Without commit(), ReplacementFile's destructor removes the temporary.
  ~AtomicFile() = default;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Buffered: small writes are gathered and written in blocks of about 1 MiB.
  void write(const void* data, std::size_t bytes);
  void write(std::string_view text) { write(text.data(), text.size()); }
  // Flushes, closes and renames over the destination; throws UsageError on any failure.
  void commit();

  const std::filesystem::path& destination() const { return destination_; }

 private:
  void flush();

  std::filesystem::path destination_;
  platform::ReplacementFile file_;
  std::string buffer_;
};

// The whole of `bytes` into `path`, atomically as above.
void write_file_atomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace ss
