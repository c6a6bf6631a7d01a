#pragma once
// Widgets that stay inside their panel at any width the layout gives it: text wrapped at spaces
// (ImGui's wrap breaks a long word anywhere: "oneswee" / "p_pass.comp"), rows of controls that
// wrap instead of running past the edge, fields that leave their label room.
#include <initializer_list>
#include <string_view>

#include <imgui.h>

namespace ss::gui {

// Text wrapped at spaces to the room left on the line; a word longer than that is elided.
void wrapped_text(std::string_view text);
void wrapped_text_disabled(std::string_view text);

// SameLine() when an item `width` wide still fits on the current line, so rows of controls wrap
// instead of being clipped.
void same_line_if_fits(float width);
float button_width(const char* label);
float checkbox_width(const char* label);
// A field `field` wide with its label at its right.
float labelled_width(float field, const char* label);

// The item width that leaves the widest of `labels` room at the field's right.
float field_width(std::initializer_list<const char*> labels);

// A checkbox whose label wraps at spaces when it does not fit on one line.
bool checkbox(const char* label, bool* value);

}  // namespace ss::gui
