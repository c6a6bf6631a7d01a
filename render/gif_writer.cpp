#include "render/gif_writer.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <exception>
#include <optional>
#include <string>
#include <unordered_map>

#include "core/atomic_file.hpp"
#include "core/errors.hpp"

namespace ss::render {

namespace {

constexpr int k_transparent = 255;
constexpr std::size_t k_max_colors = 255;

std::uint32_t rgb_at(const Image& image, std::size_t pixel) {
  const std::uint8_t* p = &image.rgba[pixel * 4];
  return (std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2];
}

int channel_distance(std::uint32_t a, std::uint32_t b) {
  int sum = 0;
  for (int shift : {16, 8, 0}) {
    const int d = int((a >> shift) & 0xff) - int((b >> shift) & 0xff);
    sum += d * d;
  }
  return sum;
}

}  // namespace

std::vector<std::uint32_t> make_gif_palette(const std::vector<Image>& samples) {
  std::unordered_map<std::uint32_t, std::size_t> counts;
  std::size_t pixels = 0;
  for (const Image& image : samples) {
    const std::size_t size = std::size_t(image.width) * image.height;
    pixels += size;
    for (std::size_t i = 0; i < size && counts.size() <= k_max_colors; ++i)
      ++counts[rgb_at(image, i)];
  }
  if (counts.size() <= k_max_colors) {
    std::vector<std::uint32_t> palette;
    for (const auto& [color, count] : counts) palette.push_back(color);
    std::sort(palette.begin(), palette.end());
    return palette;
  }
  // Too many colours (anti-aliased text and lines): median cut over all the samples, as one tall
  // image, so the colours that cover the most pixels get the closest entries.
  std::vector<GifByteType> red(pixels), green(pixels), blue(pixels), indices(pixels);
  std::size_t at = 0;
  for (const Image& image : samples) {
    const std::size_t size = std::size_t(image.width) * image.height;
    for (std::size_t i = 0; i < size; ++i, ++at) {
      red[at] = image.rgba[i * 4];
      green[at] = image.rgba[i * 4 + 1];
      blue[at] = image.rgba[i * 4 + 2];
    }
  }
  int size = int(k_max_colors);
  std::vector<GifColorType> map(256);
  counts.clear();
  const unsigned width = samples.front().width;
  if (GifQuantizeBuffer(width, unsigned(pixels / width), &size, red.data(), green.data(),
                        blue.data(), indices.data(), map.data()) != GIF_OK)
    throw SetupError("giflib could not make a palette (out of memory?)");
  // GifQuantizeBuffer gives each box its mean colour, which no pixel may have: the flat colours
  // that fill most of a frame (background, bars) would all be slightly off. Each entry becomes
  // instead the commonest colour among the pixels it stands for.
  for (at = 0; at < pixels; ++at)
    ++counts[(std::uint32_t(red[at]) << 16) | (std::uint32_t(green[at]) << 8) | blue[at]];
  std::vector<std::uint32_t> palette;
  for (int i = 0; i < size; ++i)
    palette.push_back((std::uint32_t(map[i].Red) << 16) | (std::uint32_t(map[i].Green) << 8) |
                      map[i].Blue);
  std::vector<std::size_t> best(std::size_t(size), 0);
  for (at = 0; at < pixels; ++at) {
    const std::uint32_t color =
        (std::uint32_t(red[at]) << 16) | (std::uint32_t(green[at]) << 8) | blue[at];
    const std::size_t count = counts[color];
    if (count > best[indices[at]]) {
      best[indices[at]] = count;
      palette[indices[at]] = color;
    }
  }
  return palette;
}

struct GifWriter::State {
  AtomicFile file;
  std::exception_ptr write_error;
  GifFileType* gif = nullptr;
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint32_t> palette;
  std::unordered_map<std::uint32_t, std::uint8_t> nearest;  // colour -> palette index, memoised
  std::vector<std::uint8_t> canvas;  // what a decoder shows after the frames written so far
  // The last frame with a change, held back until the next change fixes its delay.
  struct Pending {
    std::uint32_t left = 0, top = 0, width = 0, height = 0;
    std::vector<std::uint8_t> pixels;
    bool transparent = false;
    std::uint64_t end_ms = 0;  // animation time at which it gives way to the next frame
  };
  std::optional<Pending> pending;
  std::uint64_t elapsed_ms = 0;
  std::uint64_t written_cs = 0;

  explicit State(const std::filesystem::path& path) : file(path) {}
  // Unfinished (an error, Ctrl-C): free giflib's state; the AtomicFile then drops the temporary.
  ~State() {
    if (gif != nullptr) EGifCloseFile(gif, nullptr);
  }

  void check(int result, const char* what) {
    if (write_error) std::rethrow_exception(write_error);
    if (result != GIF_OK)
      throw UsageError("cannot write the GIF '" + file.destination().string() + "' (" + what +
                       ": " + GifErrorString(gif != nullptr ? gif->Error : 0) + ")");
  }

  std::uint8_t index_of(std::uint32_t color) {
    if (auto it = nearest.find(color); it != nearest.end()) return it->second;
    std::size_t best = 0;
    for (std::size_t i = 1; i < palette.size(); ++i)
      if (channel_distance(palette[i], color) < channel_distance(palette[best], color)) best = i;
    nearest.emplace(color, std::uint8_t(best));
    return std::uint8_t(best);
  }

  void flush_pending() {
    if (!pending) return;
    const Pending& p = *pending;
    // Browsers show delays under 2/100 s as 1/10 s, so no frame gets less than 2.
    const std::uint64_t end_cs = std::max((p.end_ms + 5) / 10, written_cs + 2);
    GraphicsControlBlock control{};
    control.DisposalMode = DISPOSE_DO_NOT;
    control.UserInputFlag = false;
    control.DelayTime = int(std::min<std::uint64_t>(end_cs - written_cs, 65535));
    control.TransparentColor = p.transparent ? k_transparent : NO_TRANSPARENT_COLOR;
    written_cs = end_cs;
    GifByteType extension[4];
    const std::size_t length = EGifGCBToExtension(&control, extension);
    check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, int(length), extension), "delay");
    check(
        EGifPutImageDesc(gif, int(p.left), int(p.top), int(p.width), int(p.height), false, nullptr),
        "frame");
    std::vector<GifPixelType> row(p.width);
    for (std::uint32_t y = 0; y < p.height; ++y) {
      std::copy_n(&p.pixels[std::size_t(y) * p.width], p.width, row.begin());
      check(EGifPutLine(gif, row.data(), int(p.width)), "pixels");
    }
    pending.reset();
  }
};

GifWriter::GifWriter(const std::filesystem::path& path, std::uint32_t width, std::uint32_t height,
                     std::vector<std::uint32_t> palette)
    : state_(std::make_unique<State>(path)) {
  State& s = *state_;
  s.width = width;
  s.height = height;
  s.palette = std::move(palette);
  if (s.palette.empty()) s.palette.push_back(0);
  if (s.palette.size() > k_max_colors) s.palette.resize(k_max_colors);
  int error = 0;
  // giflib is C: the writer must not throw through it, so a failed write is kept and rethrown.
  const OutputFunc output = [](GifFileType* gif, const GifByteType* data, int size) -> int {
    auto* state = static_cast<State*>(gif->UserData);
    try {
      state->file.write(data, std::size_t(size));
      return size;
    } catch (...) {
      state->write_error = std::current_exception();
      return 0;
    }
  };
  s.gif = EGifOpen(&s, output, &error);
  if (s.gif == nullptr)
    throw UsageError("cannot start the GIF '" + path.string() + "': " + GifErrorString(error));
  std::vector<GifColorType> colors(256, GifColorType{0, 0, 0});
  for (std::size_t i = 0; i < s.palette.size(); ++i)
    colors[i] = GifColorType{GifByteType(s.palette[i] >> 16), GifByteType(s.palette[i] >> 8),
                             GifByteType(s.palette[i])};
  ColorMapObject* map = GifMakeMapObject(256, colors.data());
  if (map == nullptr) throw SetupError("giflib could not allocate a colour map");
  EGifSetGifVersion(s.gif, true);  // GIF89a: delays, transparency, looping
  const int described = EGifPutScreenDesc(s.gif, int(width), int(height), 8, 0, map);
  GifFreeMapObject(map);
  s.check(described, "header");
  // NETSCAPE2.0 application block: loop forever, as slides and web pages expect.
  static const GifByteType k_netscape[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  static const GifByteType k_loop[] = {1, 0, 0};
  s.check(EGifPutExtensionLeader(s.gif, APPLICATION_EXT_FUNC_CODE), "loop");
  s.check(EGifPutExtensionBlock(s.gif, sizeof k_netscape, k_netscape), "loop");
  s.check(EGifPutExtensionBlock(s.gif, sizeof k_loop, k_loop), "loop");
  s.check(EGifPutExtensionTrailer(s.gif), "loop");
}

GifWriter::~GifWriter() = default;

void GifWriter::add_frame(const Image& image, std::uint32_t duration_ms) {
  State& s = *state_;
  if (image.width != s.width || image.height != s.height)
    throw std::logic_error("GIF frames must all have the size of the first");
  const std::size_t size = std::size_t(s.width) * s.height;
  std::vector<std::uint8_t> indices(size);
  std::uint32_t last_color = ~0u;
  std::uint8_t last_index = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const std::uint32_t color = rgb_at(image, i);
    if (color != last_color) last_index = s.index_of(last_color = color);
    indices[i] = last_index;
  }

  State::Pending frame;
  if (s.canvas.empty()) {
    frame.width = s.width;
    frame.height = s.height;
    frame.pixels = indices;
  } else {
    std::uint32_t x0 = s.width, y0 = s.height, x1 = 0, y1 = 0;
    for (std::uint32_t y = 0; y < s.height; ++y)
      for (std::uint32_t x = 0; x < s.width; ++x)
        if (indices[std::size_t(y) * s.width + x] != s.canvas[std::size_t(y) * s.width + x]) {
          x0 = std::min(x0, x);
          y0 = std::min(y0, y);
          x1 = std::max(x1, x + 1);
          y1 = std::max(y1, y + 1);
        }
    if (x0 >= x1) {  // nothing changed: the frame on screen just stays longer
      s.elapsed_ms += duration_ms;
      if (s.pending) s.pending->end_ms = s.elapsed_ms;
      return;
    }
    frame.left = x0;
    frame.top = y0;
    frame.width = x1 - x0;
    frame.height = y1 - y0;
    frame.transparent = true;
    frame.pixels.resize(std::size_t(frame.width) * frame.height);
    for (std::uint32_t y = 0; y < frame.height; ++y)
      for (std::uint32_t x = 0; x < frame.width; ++x) {
        const std::size_t from = std::size_t(y0 + y) * s.width + x0 + x;
        frame.pixels[std::size_t(y) * frame.width + x] =
            indices[from] == s.canvas[from] ? std::uint8_t(k_transparent) : indices[from];
      }
  }
  s.flush_pending();
  s.canvas = std::move(indices);
  s.elapsed_ms += duration_ms;
  frame.end_ms = s.elapsed_ms;
  s.pending = std::move(frame);
}

void GifWriter::finish() {
  State& s = *state_;
  s.flush_pending();
  int error = 0;
  GifFileType* gif = s.gif;
  s.gif = nullptr;
  const int closed = EGifCloseFile(gif, &error);
  if (s.write_error) std::rethrow_exception(s.write_error);
  if (closed != GIF_OK)
    throw UsageError("cannot finish the GIF '" + s.file.destination().string() +
                     "': " + GifErrorString(error));
  s.file.commit();
}

}  // namespace ss::render
