#pragma once
// A lesson's handout: one page per stop with the picture, the step's caption, the verdict of
// what holds after it and the lecturer's text. As a PDF (cairo) or as a folder of PNGs with an
// index.html. Nothing is left behind when writing stops early: the PDF is written atomically
// when finished, the folder's index last.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "render/offscreen_target.hpp"
#include "render/sound/tone_track.hpp"

namespace ss::cli {

// What a step sounds like, as the WAV export lays it out (render --steps K..K --audio): its tones
// from 0 s, and the factor the export's mix scales them by (1 unless they would pass its peak).
struct StepSound {
  std::vector<render::Tone> tones;
  float level = 1.0f;
};

// A step between two stops, as the lesson's "play" shows it (web lessons only).
struct PlayStep {
  std::size_t position = 0;  // steps applied
  std::string heading;
  std::string narration;  // what the step did, and what holds after it
  std::string invariant;
  bool invariant_fails = false;
  render::Image image;
  StepSound sound;
};

// A full-speed page's measurements, for a page that shows them as figures (web lessons).
struct FullSpeedTiming {
  std::string device, driver;
  std::string algorithm, key_type;
  std::uint32_t n = 0;
  double gpu_ms = 0, gkeys_per_s = 0;
  double std_sort_ms = 0, std_sort_all_cores_ms = 0;  // medians of 3
  int gpu_runs = 0;                                   // the GPU's median is of this many runs
};

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
  // Read by the web lesson only (HandoutWriter::wants_motion): the stop's sound, the steps up to
  // the next stop of the scene, and a full-speed page's figures.
  StepSound sound;
  std::vector<PlayStep> play;
  std::optional<FullSpeedTiming> timing;
};

class HandoutWriter {
 public:
  virtual ~HandoutWriter() = default;
  virtual void add(const HandoutPage& page) = 0;
  // True: the writer shows sound and the steps between stops, so the pages carry them.
  virtual bool wants_motion() const { return false; }
  // Writes what is still to be written; before it, the destination is left as it was.
  virtual void finish() = 0;
};

// True for a name ending in '/' or an existing directory: the handout's and web site's folder.
bool names_folder(const std::filesystem::path& out);

// FILE.pdf, or a folder (names_folder); UsageError otherwise.
std::unique_ptr<HandoutWriter> make_handout_writer(const std::filesystem::path& out,
                                                   const std::string& lesson_title);

// Text with & < > " escaped, for an HTML page's text and attributes.
std::string html_escape(const std::string& text);

}  // namespace ss::cli
