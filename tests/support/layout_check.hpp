#pragma once
// What the last ImGui frame drew outside its room, read from ImGui's own records after
// ImGui::Render(): every vertex of every draw command against the command's clip rectangle (a
// glyph or a shape cut at a window's, a table column's or a view's edge), every window's and
// table column's content against what shows of it (a label ImGui dropped whole past the edge),
// the windows against the display and each other, and what the views reported as they drew
// (render/layout_audit.hpp: text wholly outside its room or too small, views given less room than
// they need).
// Scrolling is not clipping: a window with a visible scrollbar may run past its edge that way.
#include <string>
#include <vector>

namespace ss::test {

// One sentence per problem; empty when everything lies inside its rectangle. Windows named in
// `overlays` (drawers, dialogs) may lie over others.
std::vector<std::string> layout_problems(const std::vector<std::string>& overlays = {});

}  // namespace ss::test
