// Eliding and wrapping text to a width, measured with a real font: nothing wider than the room,
// no word broken across lines, "..." wherever text was left out.
#include <sstream>

#include <catch2/catch.hpp>

#include "render/text_fit.hpp"

namespace {

using namespace ss;

// ImGui's built-in font, without a context: text_fit measures with the font it is given.
struct Font {
  ImFontAtlas atlas;
  ImFont* font = nullptr;
  Font() {
    font = atlas.AddFontDefault();
    atlas.Build();
  }
  float width(const std::string& text) const { return render::text_size(font, 13, text).x; }
};

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

TEST_CASE("text fit: elide keeps text that fits and cuts the rest with ...", "[render][text]") {
  const Font f;
  const std::string text = "onesweep_pass.comp (entry point main)";
  CHECK(render::elide(f.font, 13, text, f.width(text)) == text);
  for (float width : {40.0f, 80.0f, 150.0f}) {
    const std::string cut = render::elide(f.font, 13, text, width);
    INFO(width << ": " << cut);
    CHECK(ends_with(cut, "..."));
    CHECK(f.width(cut) <= width);
    CHECK(text.rfind(cut.substr(0, cut.size() - 3), 0) == 0);
  }
  CHECK(render::elide(f.font, 13, text, 1.0f).empty());
  // A cut never splits a UTF-8 sequence.
  const std::string accents = "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9";
  for (float width = 20; width < f.width(accents); width += 1) {
    const std::string cut = render::elide(f.font, 13, accents, width);
    if (!cut.empty()) CHECK((cut.size() - 3) % 2 == 0);
  }
}

TEST_CASE("text fit: wrap_words breaks at spaces, never inside a word", "[render][text]") {
  const Font f;
  const std::string text =
      "kernel onesweep_pass.comp (entry point main) dispatch 1 x 1 x 1 groups of 256";
  for (float width : {60.0f, 100.0f, 140.0f, 200.0f, 400.0f}) {
    const auto lines = render::wrap_words(f.font, 13, text, width);
    INFO("width " << width);
    std::vector<std::string> seen;
    for (const std::string& line : lines) {
      INFO(line);
      CHECK(f.width(line) <= width);
      for (const std::string& word : words(line)) seen.push_back(word);
    }
    // Every word whole and in order, or cut short with "..." when longer than a line.
    const auto all = words(text);
    REQUIRE(seen.size() == all.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
      if (seen[i] == all[i]) continue;
      CHECK(ends_with(seen[i], "..."));
      CHECK(f.width(all[i]) > width);
    }
  }
  // Lines beyond the limit: the last line shown says text was left out.
  const auto two = render::wrap_words(f.font, 13, text, 120, 2);
  REQUIRE(two.size() == 2);
  CHECK(ends_with(two.back(), "..."));
  CHECK(f.width(two.back()) <= 120);
  // Newlines start new lines.
  CHECK(render::wrap_words(f.font, 13, "a\nb", 400).size() == 2);
}

TEST_CASE("text fit: a list shows every entry, or as many as fit and a line for how many more",
          "[render]") {
  // Lines of 20 px with 2 px under each but the last (the merge-path view's tiles, the throughput
  // plot's legend). The merge-path view once listed four tiles in room for three lines and a
  // bit, the last dropped without a word; the plot's legend ran past its bottom.
  const float line = 20, gap = 2;
  auto height = [&](std::size_t lines) {
    return lines == 0 ? 0.0f : float(lines - 1) * (line + gap) + line;
  };
  for (std::size_t entries : {1u, 2u, 4u, 9u}) {
    for (float room = 0; room <= 240; room += 0.5f) {
      INFO(entries << " entries in " << room << " px");
      const std::size_t listed = render::lines_listed(entries, room, line, gap);
      REQUIRE(listed <= entries);
      if (listed == entries) {
        CHECK(height(entries) <= room);
        continue;
      }
      CHECK(height(entries) > room);
      // The listed entries and the "more" line fit, where one line does; one more entry would not.
      if (room >= line) CHECK(height(listed + 1) <= room);
      CHECK(height(listed + 2) > room);
    }
  }
  CHECK(render::lines_listed(4, height(3) + 1, line, gap) == 2);
  CHECK(render::lines_listed(4, height(4), line, gap) == 4);
  CHECK(render::lines_listed(3, 100, 0, 0) == 3);  // no height: nothing to cut
}
