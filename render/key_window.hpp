#pragma once
// The stretch of the array the bars show: keys [first, first + count). Zooming shrinks it about a
// point, panning slides it; both keep it inside the array and at least min_window_keys() wide, so
// a bar is never wider than k_max_pixels_per_key. count == 0 means the whole array, whatever n is,
// so a window made before the array's size is known (the app's default, `render` without
// --window) follows it.
#include <cstdint>
#include <string>
#include <string_view>

namespace ss::render {

struct KeyWindow {
  std::uint32_t first = 0;
  std::uint32_t count = 0;  // 0: the whole array

  bool whole(std::uint32_t n) const { return count == 0 || (first == 0 && count >= n); }
  // The keys shown of an array of n: [begin(n), end(n)).
  std::uint32_t begin(std::uint32_t n) const { return whole(n) ? 0 : first; }
  std::uint32_t end(std::uint32_t n) const { return whole(n) ? n : first + count; }
  std::uint32_t size(std::uint32_t n) const { return end(n) - begin(n); }
  bool operator==(const KeyWindow&) const = default;
};

// The closest zoom: one key per this many pixels of the bars' width.
inline constexpr std::uint32_t k_max_pixels_per_key = 8;
// Fewest keys a window `width_px` wide shows (at least 1).
std::uint32_t min_window_keys(std::uint32_t width_px);

// `window` moved and shrunk as little as needed to lie inside [0, n) and hold at least
// `min_keys` keys (all n when n is smaller); the whole array comes back as {0, 0}.
KeyWindow fit_window(KeyWindow window, std::uint32_t n, std::uint32_t min_keys);

// Zoomed by `factor` (> 1 closer, < 1 farther) about the key at `anchor` (a fraction of the
// window's width, 0 = its first key), which stays where it is on screen.
KeyWindow zoom_window(KeyWindow window, std::uint32_t n, double factor, double anchor,
                      std::uint32_t min_keys);
// Slid by `keys` (negative: towards the first key), stopping at the ends.
KeyWindow pan_window(KeyWindow window, std::uint32_t n, std::int64_t keys);
// Centred on key `centre` at the same width.
KeyWindow centre_window(KeyWindow window, std::uint32_t n, std::uint32_t centre);

// The groups of `group` consecutive keys (tiles, sorted lists) that keys of the window lie in:
// [first, end) of the array's ceil(n / group) groups.
struct GroupRange {
  std::uint32_t first = 0, end = 0;
  std::uint32_t size() const { return end - first; }
  bool contains(std::uint32_t g) const { return g >= first && g < end; }
  // The k-th of `parts` near-equal consecutive pieces (a pixel column or row of many groups).
  GroupRange part(std::uint32_t k, std::uint32_t parts) const {
    return {first + std::uint32_t(std::uint64_t(k) * size() / parts),
            first + std::uint32_t(std::uint64_t(k + 1) * size() / parts)};
  }
  // Those of [0, total) in the range; all of them where it holds none (or is empty: all).
  GroupRange within(std::uint32_t total) const {
    if (size() == 0 || first >= total) return {0, total};
    return {first, end < total ? end : total};
  }
};
GroupRange window_groups(KeyWindow window, std::uint32_t n, std::uint32_t group);

// "A..B" (keys A to B - 1, decimal, or 2^K) checked against n; UsageError saying what is wrong.
KeyWindow parse_window(std::string_view text, std::uint32_t n);
// "keys 1,048,576..1,049,087 of 16,777,216" for headings and the minimap.
std::string window_text(KeyWindow window, std::uint32_t n);

}  // namespace ss::render
