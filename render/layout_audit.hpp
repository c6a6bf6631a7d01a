#pragma once
// A record of text and views drawn outside the room they were given, and of the captions drawn,
// for the layout tests (tests/app/layout_test.cpp, tests/app/lesson_layout_test.cpp). Off unless a
// test turns it on; the app records nothing. ImGui silently drops text that lies wholly outside its
// clip rectangle, so the test cannot find it in the draw lists afterwards: draw_text()
// (render/text_fit.hpp) reports it here as it draws.
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

namespace ss::render {

// `smallest_text`: the height in pixels below which text counts as too small to read (0: none).
void set_layout_audit(bool on, float smallest_text = 0);
bool layout_audit_on();
// The problems recorded since the last call, one sentence each.
std::vector<std::string> take_layout_problems();

// Text of `size` about to be drawn at `pos` into `list`: a problem when it leaves the list's
// current clip rectangle or is smaller than the smallest readable text.
void audit_text(const ImDrawList* list, ImVec2 pos, ImVec2 size, std::string_view text);
// A view given [min, max] that needs `need` (width, height) to be read: a problem when it got
// less.
void audit_room(std::string_view view, ImVec2 min, ImVec2 max, ImVec2 need);

// A line of text as drawn: its rectangle.
struct PlacedText {
  std::string text;
  ImVec2 min, max;
};
// A caption drawn (views/caption_block.hpp): the text it was asked to show and the lines it drew,
// so a test can check that every word was placed, and where.
struct DrawnCaption {
  std::string asked;
  std::vector<PlacedText> lines;
};
void audit_caption(std::string_view asked, std::vector<PlacedText> lines);
// The captions drawn since the last call.
std::vector<DrawnCaption> take_drawn_captions();

}  // namespace ss::render
