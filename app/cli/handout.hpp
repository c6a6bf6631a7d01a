#pragma once
// A lesson's handout: one page per stop with the picture, the step's caption, the verdict of
// what holds after it and the lecturer's text. As a PDF (cairo) or as a folder of PNGs with an
// index.html. Nothing is left behind when writing stops early: the PDF is written atomically
// when finished, the folder's index last.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "render/offscreen_target.hpp"

namespace ss::cli {

struct HandoutPage {
  std::string lesson;    // the lesson's title
  std::string scene;     // the scene's title
  std::string progress;  // "scene 2 of 7, stop 3 of 5"
  std::string heading;   // "step 3 of 10: merge 4, stride 1"
  std::string scenario;  // "batcher, 16 u32 keys, ascending"
  std::string narration;
  std::string invariant;
  bool invariant_fails = false;
  // The scene's 0-1 check (lesson `check = "0-1"`): "0-1 check: sorts all 2^8 inputs ...".
  std::string check;
  bool check_fails = false;
  std::string lecturer;  // the scene's text (its first stop) and the stop's note
  render::Image image;
};

class HandoutWriter {
 public:
  virtual ~HandoutWriter() = default;
  virtual void add(const HandoutPage& page) = 0;
  // Writes what is still to be written; before it, the destination is left as it was.
  virtual void finish() = 0;
};

// FILE.pdf, or a folder (a name ending in '/' or an existing directory); UsageError otherwise.
std::unique_ptr<HandoutWriter> make_handout_writer(const std::filesystem::path& out,
                                                   const std::string& lesson_title);

// Text with & < > " escaped, for an HTML page's text and attributes.
std::string html_escape(const std::string& text);

}  // namespace ss::cli
