// The app's whole window (panels and central view) drawn offscreen at projector sizes, for every
// algorithm, view and a few steps: nothing may be drawn outside its rectangle (clipped, cut or
// overlapping) and no view may get less room than it needs to be read. See
// support/layout_check.hpp for what is checked. SORTSCOPE_LAYOUT_PNG=DIR writes each frame
// with problems to DIR, to look at, and all the problems found at each display size.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

#include "gui/app_state.hpp"
#include "gui/panels.hpp"
#include "render/frame_renderer.hpp"
#include "render/headless.hpp"
#include "render/layout_audit.hpp"
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
  // second frame drew outside its room.
  std::vector<std::string> problems(gui::App& app, const std::string& png) {
    frame_.imgui().set_style(app.style);
    if (app.take_state_changed()) frame_.bars().update(app.state());
    std::vector<std::string> found;
    render::Image image;
    for (int f = 0; f < 2; ++f) {
      render::set_layout_audit(f == 1);
      image = render::render_frame_offscreen(
          test::gpu(), frame_, target_, [&] { gui::draw_panels(app, frame_); },
          [&] {
            if (f == 1) found = test::layout_problems();
          },
          f == 1 && !png.empty());
    }
    render::set_layout_audit(false);
    if (!found.empty() && !png.empty()) render::write_png(image, png);
    return found;
  }

 private:
  render::UiStyle style_;
  render::FrameRenderer frame_;
  render::OffscreenTarget target_;
};

std::string file_name(std::string text) {
  for (char& c : text)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return text;
}

void check_layout(const Display& display) {
  Frames frames(display);
  const char* png_dir = std::getenv("SORTSCOPE_LAYOUT_PNG");
  if (png_dir != nullptr) std::filesystem::create_directories(png_dir);
  std::vector<std::string> problems;
  std::size_t checked = 0;
  for (const Algorithm& algorithm : k_algorithms) {
    Scenario scenario;
    scenario.algorithm = algorithm.name;
    scenario.n = 64;
    scenario.phases = algorithm.phases;
    gui::App app(test::gpu(), scenario);
    app.style = frames.style();
    settle(app);
    for (std::size_t position : positions(app.stepper()->plan())) {
      app.jump_to(position);
      settle(app);
      for (ViewSelection view : algorithm.views) {
        for (bool panels : {true, false}) {
          app.views.selection = view;
          app.panels = panels;
          std::ostringstream what;
          what << display.name << ", " << algorithm.name << (algorithm.phases ? " --phases" : "")
               << ", step " << position << ", view " << view_name(view) << ", panels "
               << (panels ? "shown" : "hidden");
          const std::string png =
              png_dir != nullptr ? std::string(png_dir) + "/" + file_name(what.str()) + ".png" : "";
          for (const std::string& problem : frames.problems(app, png))
            problems.push_back(what.str() + ": " + problem);
          ++checked;
        }
      }
    }
  }
  if (png_dir != nullptr) {
    std::ofstream all(std::string(png_dir) + "/" + file_name(display.name) + ".txt");
    for (const std::string& problem : problems) all << problem << "\n";
  }
  std::ostringstream report;
  for (std::size_t i = 0; i < problems.size() && i < 60; ++i) report << problems[i] << "\n";
  if (problems.size() > 60) report << "... and " << problems.size() - 60 << " more\n";
  INFO(checked << " frames checked, " << problems.size() << " problems:\n" << report.str());
  CHECK(problems.empty());
  test::require_validation_clean();
}

}  // namespace

TEST_CASE("layout: presenter mode at 1280x720, every algorithm, view and a few steps",
          "[gui][layout][gpu][!shouldfail]") {
  check_layout({"presenter 1280x720", 1280, 720, true});
}

TEST_CASE("layout: presenter mode at 1920x1080, every algorithm, view and a few steps",
          "[gui][layout][gpu][!shouldfail]") {
  check_layout({"presenter 1920x1080", 1920, 1080, true});
}

TEST_CASE("layout: default mode at 1280x720, every algorithm, view and a few steps",
          "[gui][layout][gpu][!shouldfail]") {
  check_layout({"default 1280x720", 1280, 720, false});
}
