#pragma once
// Text that stays inside its room, measured with the font it is drawn in: cut short with "..."
// or wrapped at spaces, never broken inside a word. Every view draws its text with draw_text(),
// ImDrawList::AddText checked by the layout audit (render/layout_audit.hpp).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

namespace ss::render {

inline constexpr std::size_t k_any_lines = SIZE_MAX;

ImVec2 text_size(const ImFont* font, float size, std::string_view text);
// `text` when it fits in `width`, else as much of it as fits followed by "..." (empty when not
// even that fits).
std::string elide(const ImFont* font, float size, std::string_view text, float width);
// Lines no wider than `width`, broken at spaces and at '\n'; a word longer than a line is
// elided. At most `max_lines`: the last ends in "..." when text was left out.
std::vector<std::string> wrap_words(const ImFont* font, float size, std::string_view text,
                                    float width, std::size_t max_lines = k_any_lines);

// The same, in the current ImGui font.
std::string elide(std::string_view text, float width);
// "9,203,114": thousands separated by commas, as positions read off a projector.
std::string grouped_number(std::uint64_t value);
std::vector<std::string> wrap_words(std::string_view text, float width,
                                    std::size_t max_lines = k_any_lines);

void draw_text(ImDrawList* list, ImFont* font, float size, ImVec2 pos, ImU32 color,
               std::string_view text);
void draw_text(ImDrawList* list, ImVec2 pos, ImU32 color, std::string_view text);
// wrap_words' lines one under the other; returns their height.
float draw_wrapped(ImDrawList* list, ImFont* font, float size, ImVec2 pos, ImU32 color,
                   std::string_view text, float width, std::size_t max_lines = k_any_lines);
float draw_wrapped(ImDrawList* list, ImVec2 pos, ImU32 color, std::string_view text, float width,
                   std::size_t max_lines = k_any_lines);

// How many of `entries` one-line entries (`line` high, `gap` under each but the last) a list
// shows in `room` pixels: all of them, or as many as leave a line to say how many more there are.
std::size_t lines_listed(std::size_t entries, float room, float line, float gap);

}  // namespace ss::render
