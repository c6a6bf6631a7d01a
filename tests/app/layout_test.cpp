// The app's whole window (panels and central view) drawn offscreen at projector sizes, for every
// algorithm, view and a few steps: nothing may be drawn outside its rectangle (clipped, cut or
// overlapping) or too small to read, and no view may get less room than it needs to be read. See
// support/layout_check.hpp for what is checked. SORTSCOPE_LAYOUT_PNG=DIR writes every frame
// checked to DIR, to look at, and the problems found at each display size. The larger displays
// are [slow]: the sanitizer build runs the two at 1280x720.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include <catch2/catch.hpp>

#include "common/lesson.hpp"
#include "common/sample_sort_replay.hpp"
#include "gui/app_state.hpp"
#include "gui/lesson_player.hpp"
#include "gui/panels.hpp"
#include "render/frame_renderer.hpp"
#include "render/headless.hpp"
#include "render/layout_audit.hpp"
#include "render/narration/narration.hpp"
#include "render/narration/sample_sort_narration.hpp"
#include "render/offscreen_target.hpp"
#include "support/gpu.hpp"
#include "support/layout_check.hpp"

namespace {

using namespace ss;
using render::ViewSelection;

struct Display {
  const char* name;
  std::uint32_t width, height;
  bool presenter;
};

struct Algorithm {
  const char* name;
  bool phases;
  std::vector<ViewSelection> views;
};

const Algorithm k_algorithms[] = {
    {"batcher", false, {ViewSelection::bars, ViewSelection::network, ViewSelection::both}},
    {"transposition", false, {ViewSelection::bars, ViewSelection::network, ViewSelection::both}},
    {"bitonic", false, {ViewSelection::bars, ViewSelection::network, ViewSelection::both}},
    {"mergesort",
     false,
     {ViewSelection::bars, ViewSelection::both, ViewSelection::mergepath,
      ViewSelection::blocksort}},
    {"mergesort", true, {ViewSelection::both}},
    {"radix4",
     false,
     {ViewSelection::both, ViewSelection::digits, ViewSelection::histogram, ViewSelection::scatter,
      ViewSelection::tiles}},
    {"onesweep",
     false,
     {ViewSelection::both, ViewSelection::digits, ViewSelection::histogram, ViewSelection::scatter,
      ViewSelection::tiles}},
};

const char* view_name(ViewSelection view) {
  constexpr const char* names[] = {"bars",    "network", "both",      "digits",   "histogram",
                                   "scatter", "tiles",   "mergepath", "blocksort"};
  return names[int(view)];
}

// The input, the first step of each kind (count, scan, scatter; partition, merge; ...) and the
// last step.
std::vector<std::size_t> positions(const Plan& plan) {
  std::set<std::size_t> at{0, plan.steps.size()};
  std::set<std::string> kinds;
  for (std::size_t i = 0; i < plan.steps.size(); ++i) {
    const Step& step = plan.steps[i];
    if (kinds.insert(step.kind.empty() ? step.label : step.kind).second) at.insert(i + 1);
  }
  return {at.begin(), at.end()};
}

void settle(gui::App& app) {
  for (int i = 0; i < 10000 && (!app.ready() || app.busy()); ++i) app.update(1.0 / 60);
  REQUIRE(app.ready());
  REQUIRE(app.error.empty());
}

// The app's frames at one display size, offscreen, as main.cpp draws them into the window.
class Frames {
 public:
  explicit Frames(const Display& display)
      : style_{display.presenter ? 2.0f : 1.0f, display.presenter},
        frame_(test::gpu(), render::OffscreenTarget::k_format, vk::ImageLayout::eTransferSrcOptimal,
               2, style_),
        target_(test::gpu(), frame_.render_pass(), display.width, display.height) {}

  const render::UiStyle& style() const { return style_; }

  // Draws the app twice (tables size their columns from the frame before) and returns what the
  // second frame drew outside its room, or too small to read: under 7 pixels at the default size,
  // twice that in presenter mode (a projector's back row).
  std::vector<std::string> problems(gui::App& app, const std::string& png,
                                    const std::vector<std::string>& overlays,
                                    std::vector<render::DrawnCaption>* captions = nullptr) {
    frame_.imgui().set_style(app.style);
    if (app.take_state_changed()) frame_.bars().update(app.state());
    if (app.take_race_changed()) frame_.race_bars().update(app.race_state());
    std::vector<std::string> found;
    render::Image image;
    for (int f = 0; f < 2; ++f) {
      render::set_layout_audit(f == 1, 7.0f * style_.scale);
      image = render::render_frame_offscreen(
          test::gpu(), frame_, target_, [&] { gui::draw_panels(app, frame_); },
          [&] {
            if (f == 1) found = test::layout_problems(overlays);
            if (f == 1 && captions != nullptr) *captions = render::take_drawn_captions();
          },
          f == 1 && !png.empty());
    }
    render::set_layout_audit(false);
    if (!png.empty()) render::write_png(image, png);
    return found;
  }

 private:
  render::UiStyle style_;
  render::FrameRenderer frame_;
  render::OffscreenTarget target_;
};

// The words of `text`, split at spaces and line breaks.
std::vector<std::string> words_in(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// What is wrong with the captions drawn: a word of a caption not drawn (cut short, left out), a
// line outside the display, or text that had to show and was not among them.
std::vector<std::string> caption_problems(const std::vector<render::DrawnCaption>& captions,
                                          const std::vector<std::string>& must_show,
                                          const Display& display) {
  std::vector<std::string> found;
  for (const render::DrawnCaption& caption : captions) {
    std::string drawn;
    for (const render::PlacedText& line : caption.lines) {
      drawn += line.text + " ";
      if (line.min.x < 0 || line.min.y < 0 || line.max.x > float(display.width) ||
          line.max.y > float(display.height))
        found.push_back("caption line \"" + line.text + "\" lies outside the display");
    }
    if (words_in(drawn) != words_in(caption.asked))
      found.push_back("caption not drawn whole: asked \"" + caption.asked + "\", drew \"" + drawn +
                      "\"");
  }
  for (const std::string& text : must_show) {
    const bool shown = std::any_of(captions.begin(), captions.end(), [&](const auto& caption) {
      return caption.asked.find(text) != std::string::npos;
    });
    if (!shown) found.push_back("no caption showed \"" + text + "\"");
  }
  return found;
}

std::string file_name(std::string text) {
  for (char& c : text)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return text;
}

// Checks frames of one display size and collects what they drew outside its room.
class Checker {
 public:
  explicit Checker(const Display& display) : display_(display), frames_(display) {
    if (const char* dir = std::getenv("SORTSCOPE_LAYOUT_PNG")) {
      png_dir_ = dir;
      std::filesystem::create_directories(png_dir_);
    }
  }

  const render::UiStyle& style() const { return frames_.style(); }

  // The app as it stands, with `overlays` (drawers) allowed over the other windows.
  void check(gui::App& app, const std::string& what,
             const std::vector<std::string>& overlays = {}) {
    const std::string where = std::string(display_.name) + ", " + what;
    const std::string png = png_dir_.empty() ? "" : png_dir_ + "/" + file_name(where) + ".png";
    for (const std::string& problem : frames_.problems(app, png, overlays))
      problems_.push_back(where + ": " + problem);
    ++checked_;
  }

  // The app as it stands: besides what check() checks, every caption drawn (narration, lecturer's
  // words, the verdict) has every word placed, each line inside the display, and each of
  // `must_show` is among them.
  void check_captions(gui::App& app, const std::string& what,
                      const std::vector<std::string>& must_show) {
    const std::string where = std::string(display_.name) + ", " + what;
    const std::string png = png_dir_.empty() ? "" : png_dir_ + "/" + file_name(where) + ".png";
    std::vector<render::DrawnCaption> captions;
    std::vector<std::string> found = frames_.problems(app, png, {}, &captions);
    for (const std::string& problem : caption_problems(captions, must_show, display_))
      found.push_back(problem);
    for (const std::string& problem : found) problems_.push_back(where + ": " + problem);
    ++checked_;
  }

  void report() {
    if (!png_dir_.empty()) {
      std::ofstream all(png_dir_ + "/" + file_name(display_.name) + ".txt");
      for (const std::string& problem : problems_) all << problem << "\n";
    }
    std::ostringstream text;
    for (std::size_t i = 0; i < problems_.size() && i < 60; ++i) text << problems_[i] << "\n";
    if (problems_.size() > 60) text << "... and " << problems_.size() - 60 << " more\n";
    INFO(checked_ << " frames checked, " << problems_.size() << " problems:\n" << text.str());
    CHECK(problems_.empty());
  }

 private:
  const Display& display_;
  Frames frames_;
  std::string png_dir_;
  std::vector<std::string> problems_;
  std::size_t checked_ = 0;
};

void check_layout(const Display& display) {
  Checker checker(display);
  for (const Algorithm& algorithm : k_algorithms) {
    Scenario scenario;
    scenario.algorithm = algorithm.name;
    scenario.n = 64;
    scenario.phases = algorithm.phases;
    gui::App app(test::gpu(), scenario);
    app.style = checker.style();
    settle(app);
    const std::string name = std::string(algorithm.name) + (algorithm.phases ? " --phases" : "");
    const std::vector<std::size_t> at = positions(app.stepper()->plan());
    for (std::size_t position : at) {
      app.jump_to(position);
      settle(app);
      for (ViewSelection view : algorithm.views) {
        app.views.selection = view;
        // Radix steps with two views show the second after V when they take turns.
        const std::uint32_t cycles = view == ViewSelection::both && app.state().radix ? 2 : 1;
        for (std::uint32_t cycle = 0; cycle < cycles; ++cycle) {
          app.views.cycle = cycle;
          for (bool panels : {true, false}) {
            app.panels = panels;
            checker.check(app, name + ", step " + std::to_string(position) + ", view " +
                                   view_name(view) + (cycle > 0 ? " after V" : "") + ", panels " +
                                   (panels ? "shown" : "hidden"));
          }
        }
      }
    }
    // The drawers (C, S), open over a middle step, with the panels shown and hidden (H).
    app.jump_to(at[at.size() / 2]);
    settle(app);
    app.views.selection = ViewSelection::both;
    app.views.cycle = 0;
    for (bool panels : {true, false}) {
      app.panels = panels;
      for (gui::Action drawer : {gui::Action::toggle_controls, gui::Action::toggle_step_panel}) {
        app.perform(drawer);
        const bool controls = drawer == gui::Action::toggle_controls;
        checker.check(app,
                      name + ", step " + std::to_string(app.target()) + ", " +
                          (controls ? "controls" : "step") + " drawer open, panels " +
                          (panels ? "shown" : "hidden"),
                      {controls ? "Sort" : "Step"});
        app.perform(gui::Action::close_drawers);
      }
    }
    // A race against another algorithm (two headings, two bar areas), at a middle step.
    app.set_race(algorithm.name == std::string("batcher") ? "bitonic" : "batcher");
    settle(app);
    for (bool panels : {true, false}) {
      app.panels = panels;
      checker.check(app, name + ", race against " + app.race_algorithm() + ", panels " +
                             (panels ? "shown" : "hidden"));
    }
    app.set_race("");
    settle(app);
    // The full-speed panel (F) takes the view's and the step panel's room.
    app.panels = true;
    app.perform(gui::Action::toggle_full_speed);
    checker.check(app, name + ", full-speed panel");
    app.perform(gui::Action::toggle_full_speed);
  }
  // The lesson's recorded sample sort, every step, panels shown and hidden, then the step drawer.
  {
    Scenario scenario;
    scenario.algorithm = "batcher";
    scenario.n = 64;
    gui::App app(test::gpu(), scenario);
    app.style = checker.style();
    settle(app);
    app.replay.open(builtin_replay("sample-sort-4x16"), "built-in replay sample-sort-4x16");
    for (std::size_t step = 0; step < k_replay_steps; ++step) {
      app.jump_to(step);
      for (bool panels : {true, false}) {
        app.panels = panels;
        checker.check(app, "sample-sort replay, step " + std::to_string(step) + ", panels " +
                               (panels ? "shown" : "hidden"));
      }
    }
    app.panels = true;
    app.perform(gui::Action::toggle_step_panel);
    checker.check(app, "sample-sort replay, step drawer open", {"Step"});
  }
  checker.report();
  test::require_validation_clean();
}

// Every stop of every built-in lesson, played as the lesson player plays it: the narration, the
// lecturer's words and the verdict under the heading are drawn whole (every word placed, inside
// the display; smaller where the views cannot give up the room), and nothing else leaves its
// room. A full-speed scene's timed run is made small (2^12 keys) to keep the test short.
void check_lessons(const Display& display) {
  Checker checker(display);
  for (const std::string& name : builtin_lesson_names()) {
    Scenario start;  // what the app shows before the lesson opens its first scene
    start.algorithm = "batcher";
    start.n = 16;
    gui::App app(test::gpu(), start);
    app.style = checker.style();
    app.full_speed.n_text = "2^12";
    app.full_speed.reps = 1;
    app.full_speed.warmup = 0;
    settle(app);
    gui::LessonPlayer player(builtin_lesson(name));
    player.start(app);
    for (std::size_t stop = 0; stop < 200; ++stop) {
      INFO(name << ", " << player.progress() << ": " << app.error);
      settle(app);
      // A timed run goes on a thread of its own; the lesson goes on once its result is in.
      for (int i = 0; i < 120000 && app.working(); ++i) {
        app.update(1.0 / 60);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      REQUIRE_FALSE(app.working());
      // A scene's own 0-1 check starts here; its verdict is part of what the stop shows.
      player.update(app);
      for (int i = 0; i < 120000 && app.working(); ++i) {
        app.update(1.0 / 60);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      player.update(app);
      std::vector<std::string> must_show;
      const bool timed = player.progress().find("full speed") != std::string::npos;
      if (!timed) {
        if (!app.views.lecturer.empty()) must_show.push_back(app.views.lecturer);
        if (!app.views.narration_override.empty())
          must_show.push_back(app.views.narration_override);
        else if (app.replay.active())
          must_show.push_back(
              render::replay_caption(app.replay.replay(), app.replay.step()).narration);
        else if (!app.racing())
          must_show.push_back(render::step_caption(app.state()).narration);
      }
      checker.check_captions(app, name + ", " + player.progress(), must_show);
      if (player.at_end()) break;
      player.next(app);
    }
  }
  checker.report();
  test::require_validation_clean();
}

}  // namespace

TEST_CASE(
    "layout: every stop of every built-in lesson shows its whole narration, presenter mode "
    "at 1280x720",
    "[gui][layout][lesson][gpu]") {
  check_lessons({"presenter 1280x720", 1280, 720, true});
}

TEST_CASE(
    "layout: every stop of every built-in lesson shows its whole narration, default mode at "
    "1920x1080",
    "[gui][layout][lesson][gpu]") {
  check_lessons({"default 1920x1080", 1920, 1080, false});
}

TEST_CASE(
    "layout: every stop of every built-in lesson shows its whole narration, presenter mode "
    "at 1920x1080",
    "[gui][layout][lesson][gpu][slow]") {
  check_lessons({"presenter 1920x1080", 1920, 1080, true});
}

TEST_CASE("layout: presenter mode at 1280x720, every algorithm, view and a few steps",
          "[gui][layout][gpu]") {
  check_layout({"presenter 1280x720", 1280, 720, true});
}

TEST_CASE("layout: presenter mode at 1920x1080, every algorithm, view and a few steps",
          "[gui][layout][gpu][slow]") {
  check_layout({"presenter 1920x1080", 1920, 1080, true});
}

TEST_CASE("layout: presenter mode at 1600x900, every algorithm, view and a few steps",
          "[gui][layout][gpu][slow]") {
  check_layout({"presenter 1600x900", 1600, 900, true});
}

TEST_CASE("layout: default mode at 1280x720, every algorithm, view and a few steps",
          "[gui][layout][gpu]") {
  check_layout({"default 1280x720", 1280, 720, false});
}
