// The wire diagram: its layout packs each layer without overlaps, and the SVG holds exactly the
// comparators the kernels execute (step_comparators), for n that are not powers of two too.
#include <map>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>
#include <pugixml.hpp>

#include "algorithms/algorithm.hpp"
#include "input/distributions.hpp"
#include "plan/stepper.hpp"
#include "render/headless.hpp"
#include "render/views/network_view.hpp"
#include "support/gpu.hpp"
#include "support/render.hpp"

namespace {

using namespace ss;

DeviceLimits cpu_limits() {
  DeviceProperties p;
  p.max_workgroup_invocations = 1024;
  p.max_workgroup_count[0] = p.max_workgroup_count[1] = p.max_workgroup_count[2] = 65535;
  p.max_storage_buffer_range = 1u << 30;
  p.max_allocation_size = 1ull << 32;
  p.device_local_memory = 1ull << 32;
  p.max_shared_memory = 32768;
  p.subgroup_size = p.min_subgroup_size = p.max_subgroup_size = 8;
  return DeviceLimits::from(p);
}

}  // namespace

TEST_CASE("network view: layers hold their step's comparators, sub-columns never overlap",
          "[render]") {
  for (const char* algo : {"batcher", "transposition"}) {
    for (std::uint32_t n : {2u, 5u, 13u, 16u, 33u}) {
      const Plan plan = make_plan(algo, {n, KeyType::u32, false, false}, cpu_limits());
      const render::NetworkLayout layout = render::layout_network(plan);
      std::size_t total = 0;
      for (const Step& step : plan.steps) total += step_comparators(step).size();
      std::size_t placed = 0;
      std::uint32_t next_column = 0;
      for (const auto& layer : layout.layers) {
        INFO(algo << " n=" << n << " step " << layer.step);
        CHECK(layer.first_column == next_column);
        next_column += layer.columns;
        CHECK(layer.comparators.size() == step_comparators(plan.steps[layer.step]).size());
        std::map<std::uint32_t, std::vector<Comparator>> by_column;
        for (const auto& p : layer.comparators) {
          CHECK(p.comparator.right < n);
          CHECK(p.column < layer.columns);
          for (const Comparator& other : by_column[p.column])
            CHECK((p.comparator.left > other.right || p.comparator.right < other.left));
          by_column[p.column].push_back(p.comparator);
        }
        placed += layer.comparators.size();
      }
      CHECK(placed == total);
      CHECK(layout.total_columns == next_column);
    }
  }
}

TEST_CASE("network view: the SVG parses and holds exactly the executed comparators",
          "[render][gpu]") {
  for (const char* algo : {"batcher", "transposition"}) {
    const std::uint32_t n = 13;
    const Plan plan = make_plan(algo, {n, KeyType::u32, false, false},
                                DeviceLimits::from(test::gpu().properties()));
    const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 3, false);
    Stepper stepper(test::gpu(), plan, input);
    stepper.jump(plan.steps.size() / 2);
    const std::string svg =
        render::render_network_svg(test::gpu(), stepper, render::key_range(input));
    pugi::xml_document doc;
    const pugi::xml_parse_result parsed = doc.load_string(svg.c_str());
    INFO(algo << ": " << parsed.description());
    REQUIRE(parsed);
    REQUIRE(std::string(doc.document_element().name()) == "svg");
    std::map<std::size_t, std::set<std::pair<std::uint32_t, std::uint32_t>>> drawn;
    std::size_t lines = 0;
    for (const auto& node : doc.select_nodes("//line[@class='comparator']")) {
      const pugi::xml_node line = node.node();
      drawn[line.attribute("data-step").as_ullong()].insert(
          {line.attribute("data-left").as_uint(), line.attribute("data-right").as_uint()});
      ++lines;
    }
    std::size_t expected_lines = 0;
    for (std::size_t s = 0; s < plan.steps.size(); ++s) {
      std::set<std::pair<std::uint32_t, std::uint32_t>> expected;
      for (const Comparator& c : step_comparators(plan.steps[s]))
        expected.insert({c.left, c.right});
      expected_lines += expected.size();
      INFO(algo << " step " << s);
      CHECK(drawn[s] == expected);
    }
    CHECK(lines == expected_lines);
    CHECK(doc.select_nodes("//g[@class='wires']/line").size() == n);
    CHECK(doc.select_nodes("//rect[@class='current-layer']").size() == 1);
  }
  test::require_validation_clean();
}

TEST_CASE("network view: the headless render highlights the current layer", "[render][gpu]") {
  const std::uint32_t n = 32;
  const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false},
                              DeviceLimits::from(test::gpu().properties()));
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 1, false);
  Stepper stepper(test::gpu(), plan, input);
  stepper.jump(8);
  const render::Image image =
      test::render_view(stepper, input, render::ViewSelection::network, 1280, 720);
  // Some pixels carry the accent band's tint and some the swapped orange.
  std::size_t orange = 0;
  for (std::uint32_t y = 0; y < image.height; ++y)
    for (std::uint32_t x = 0; x < image.width; ++x)
      if (image.rgb(x, y) == 0xe69f00) ++orange;
  CHECK(orange > 100);
  test::require_validation_clean();
}

TEST_CASE("network view: a click finds each comparator, the margins find none",
          "[render][gpu][lab]") {
  const std::uint32_t n = 8;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 2, false);
  const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false},
                              DeviceLimits::from(test::gpu().properties()));
  Stepper stepper(test::gpu(), plan, input);
  stepper.jump(3);
  const render::StepState state =
      render::capture_step_state(test::gpu(), stepper, render::key_range(input));
  const render::NetworkLayout layout = render::layout_network(plan);
  std::set<std::pair<std::uint32_t, std::uint32_t>> found;
  bool margin_empty = true, picks_valid = true;
  render::render_imgui_offscreen(
      test::gpu(), 800, 400, {}, [&](ImDrawList* list, ImVec2 min, ImVec2 max, const auto& colors) {
        const render::NetworkStyle style;
        render::draw_network(list, min, max, layout, state, style, colors, nullptr);
        for (float y = min.y; y < max.y; y += 2) {
          for (float x = min.x; x < max.x; x += 1) {
            const auto pick =
                render::network_comparator_at(min, max, layout, state, style, nullptr, {x, y});
            if (!pick) continue;
            // A pick names a real comparator of a real step.
            const auto comparators = step_comparators(plan.steps.at(pick->step));
            picks_valid = picks_valid && pick->index < comparators.size();
            found.insert({pick->step, pick->index});
            if (x < min.x + 8) margin_empty = false;  // the wire numbers' margin
          }
        }
        CHECK_FALSE(render::network_comparator_at(min, max, layout, state, style, nullptr,
                                                  {max.x + 5, max.y - 5}));
      });
  CHECK(picks_valid);
  CHECK(margin_empty);
  CHECK(found.size() == 19);  // every comparator of Batcher's 8-input network can be clicked
  test::require_validation_clean();
}

TEST_CASE("network view: a window of the bars shows the comparators of its wires",
          "[render][gpu][window]") {
  const std::uint32_t n = 64;
  const KeyArray input = generate_keys(Distribution::random, n, KeyType::u32, 2, false);
  const Plan plan = make_plan("batcher", {n, KeyType::u32, false, false},
                              DeviceLimits::from(test::gpu().properties()));
  Stepper stepper(test::gpu(), plan, input);
  stepper.jump(3);
  const render::StepState state =
      render::capture_step_state(test::gpu(), stepper, render::key_range(input));
  const render::NetworkLayout layout = render::layout_network(plan);
  const render::KeyWindow window{16, 16};
  std::set<std::pair<std::uint32_t, std::uint32_t>> inside, found;  // (left, right) wires
  for (const auto& layer : layout.layers)
    for (const auto& placed : layer.comparators)
      if (placed.comparator.left >= 16 && placed.comparator.right < 32)
        inside.insert({placed.comparator.left, placed.comparator.right});
  bool all_touch = true;
  render::render_imgui_offscreen(
      test::gpu(), 1200, 600, {},
      [&](ImDrawList* list, ImVec2 min, ImVec2 max, const auto& colors) {
        render::NetworkStyle style;
        style.wires = window;
        render::draw_network(list, min, max, layout, state, style, colors, nullptr);
        for (float y = min.y; y < max.y; y += 2) {
          for (float x = min.x; x < max.x; x += 1) {
            const auto pick =
                render::network_comparator_at(min, max, layout, state, style, nullptr, {x, y});
            if (!pick) continue;
            for (const auto& layer : layout.layers) {
              if (layer.network_layer != pick->layer) continue;
              const Comparator& c = layer.comparators.at(pick->index).comparator;
              // A comparator picked touches the window's wires: one end, or a line across it.
              all_touch = all_touch && c.right >= 16 && c.left < 32;
              found.insert({c.left, c.right});
            }
          }
        }
      });
  CHECK(all_touch);
  REQUIRE(!inside.empty());
  for (const auto& c : inside) CHECK(found.count(c) == 1);
  test::require_validation_clean();
}
