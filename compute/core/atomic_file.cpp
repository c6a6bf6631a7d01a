#include "core/atomic_file.hpp"

namespace ss {

AtomicFile::AtomicFile(std::filesystem::path destination)
    : destination_(std::move(destination)), file_(destination_) {}

void AtomicFile::write(const void* data, std::size_t bytes) {
  buffer_.append(static_cast<const char*>(data), bytes);
  if (buffer_.size() >= (1u << 20)) flush();
}

void AtomicFile::flush() {
  file_.write(buffer_.data(), buffer_.size());
  buffer_.clear();
}

void AtomicFile::commit() {
  flush();
  file_.commit();
}

void write_file_atomically(const std::filesystem::path& path, std::string_view bytes) {
  AtomicFile file(path);
  file.write(bytes);
  file.commit();
}

}  // namespace ss
