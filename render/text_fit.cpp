#include "render/text_fit.hpp"

#include <cfloat>

#include "render/layout_audit.hpp"

namespace ss::render {

namespace {

constexpr std::string_view k_ellipsis = "...";

float width_of(const ImFont* font, float size, std::string_view text) {
  return text_size(font, size, text).x;
}

// Back to the start of a UTF-8 sequence, so a cut never splits a character.
std::size_t char_boundary(std::string_view text, std::size_t at) {
  while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
  return at;
}

void wrap_paragraph(const ImFont* font, float size, std::string_view text, float width,
                    std::vector<std::string>& lines) {
  std::string line;
  std::size_t at = 0;
  bool any = false;
  while (at <= text.size()) {
    const std::size_t space = std::min(text.find(' ', at), text.size());
    const std::string_view word = text.substr(at, space - at);
    at = space + 1;
    if (word.empty()) continue;
    any = true;
    std::string candidate = line.empty() ? std::string(word) : line + " " + std::string(word);
    if (width_of(font, size, candidate) <= width) {
      line = std::move(candidate);
      continue;
    }
    if (!line.empty()) lines.push_back(std::move(line));
    line = elide(font, size, word, width);
  }
  if (!line.empty() || !any) lines.push_back(std::move(line));
}

}  // namespace

ImVec2 text_size(const ImFont* font, float size, std::string_view text) {
  return font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.data(), text.data() + text.size());
}

std::string elide(const ImFont* font, float size, std::string_view text, float width) {
  if (width_of(font, size, text) <= width) return std::string(text);
  const float room = width - width_of(font, size, k_ellipsis);
  if (room <= 0) return {};
  const char* fits = text.data();
  font->CalcTextSizeA(size, room, 0.0f, text.data(), text.data() + text.size(), &fits);
  std::size_t keep = char_boundary(text, std::size_t(fits - text.data()));
  while (keep > 0 && text[keep - 1] == ' ') --keep;
  return std::string(text.substr(0, keep)) + std::string(k_ellipsis);
}

std::vector<std::string> wrap_words(const ImFont* font, float size, std::string_view text,
                                    float width, std::size_t max_lines) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    wrap_paragraph(font, size, text.substr(at, end - at), width, lines);
    at = end + 1;
  }
  if (lines.size() > max_lines && max_lines > 0) {
    // What does not fit joins the last line shown, which is cut short with "...".
    std::string rest = lines[max_lines - 1];
    for (std::size_t i = max_lines; i < lines.size(); ++i) rest += " " + lines[i];
    lines.resize(max_lines);
    lines.back() = elide(font, size, rest + " " + std::string(k_ellipsis), width);
  }
  return lines;
}

std::string elide(std::string_view text, float width) {
  return elide(ImGui::GetFont(), ImGui::GetFontSize(), text, width);
}

std::vector<std::string> wrap_words(std::string_view text, float width, std::size_t max_lines) {
  return wrap_words(ImGui::GetFont(), ImGui::GetFontSize(), text, width, max_lines);
}

void draw_text(ImDrawList* list, ImFont* font, float size, ImVec2 pos, ImU32 color,
               std::string_view text) {
  if (text.empty()) return;
  if (layout_audit_on()) audit_text(list, pos, text_size(font, size, text), text);
  list->AddText(font, size, pos, color, text.data(), text.data() + text.size());
}

void draw_text(ImDrawList* list, ImVec2 pos, ImU32 color, std::string_view text) {
  draw_text(list, ImGui::GetFont(), ImGui::GetFontSize(), pos, color, text);
}

float draw_wrapped(ImDrawList* list, ImFont* font, float size, ImVec2 pos, ImU32 color,
                   std::string_view text, float width, std::size_t max_lines) {
  const std::vector<std::string> lines = wrap_words(font, size, text, width, max_lines);
  for (std::size_t i = 0; i < lines.size(); ++i)
    draw_text(list, font, size, {pos.x, pos.y + float(i) * size}, color, lines[i]);
  return float(lines.size()) * size;
}

float draw_wrapped(ImDrawList* list, ImVec2 pos, ImU32 color, std::string_view text, float width,
                   std::size_t max_lines) {
  return draw_wrapped(list, ImGui::GetFont(), ImGui::GetFontSize(), pos, color, text, width,
                      max_lines);
}

std::size_t lines_listed(std::size_t entries, float room, float line, float gap) {
  if (line <= 0) return entries;
  auto fit = [&](std::size_t lines) {
    return lines == 0 || float(lines - 1) * (line + gap) + line <= room;
  };
  if (fit(entries)) return entries;
  std::size_t lines = 0;
  while (fit(lines + 1)) ++lines;
  return lines > 0 ? lines - 1 : 0;
}

std::string grouped_number(std::uint64_t value) {
  const std::string digits = std::to_string(value);
  std::string text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

}  // namespace ss::render
