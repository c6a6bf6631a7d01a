#include "gui/start_room.hpp"

#include <GLFW/glfw3.h>  // key codes only, as the key queue reports them

#include <algorithm>
#include <iostream>

#include "common/lesson.hpp"
#include "common/sample_sort_replay.hpp"
#include "core/errors.hpp"
#include "gui/kept_settings.hpp"
#include "gui/key_queue.hpp"
#include "gui/panel_widgets.hpp"
#include "platform/utf8_paths.hpp"
#include "render/color_map.hpp"
#include "render/imgui_layer.hpp"

namespace ss::gui {

namespace {

// The lessons a newcomer should meet first, in this order; the others follow by name.
constexpr const char* k_start_lesson_order[] = {"networks",  "radix",      "onesweep",
                                                "mergesort", "full-speed", "sample-sort"};
constexpr std::size_t k_thumbnail_columns = 48;

std::vector<std::string> start_lesson_names() {
  std::vector<std::string> names = builtin_lesson_names(), ordered;
  for (const char* first : k_start_lesson_order) {
    if (std::find(names.begin(), names.end(), first) != names.end()) ordered.push_back(first);
  }
  for (const std::string& name : names)
    if (std::find(ordered.begin(), ordered.end(), name) == ordered.end()) ordered.push_back(name);
  return ordered;
}

// Up to k_thumbnail_columns of `keys`, evenly spaced, as heights 0..1 of their sort order.
std::vector<float> thumbnail_of(const KeyArray& keys) {
  std::vector<float> heights;
  if (keys.size() == 0) return heights;
  const std::size_t columns = std::min(keys.size(), k_thumbnail_columns);
  std::vector<std::uint64_t> picked;
  for (std::size_t c = 0; c < columns; ++c)
    picked.push_back(encoded_key(keys, c * keys.size() / columns, false));
  const auto [lo, hi] = std::minmax_element(picked.begin(), picked.end());
  const double range = double(*hi - *lo);
  for (std::uint64_t key : picked)
    heights.push_back(range > 0 ? float(0.15 + 0.85 * double(key - *lo) / range) : 0.5f);
  return heights;
}

// The first scene's input: its keys or distribution, or a replay's ranks' input one after another.
KeyArray first_input(const LessonScene& scene) {
  if (!scene.replay) return lesson_input(scene);
  KeyArray all;
  all.type = scene.replay->type;
  for (const ReplayRank& rank : scene.replay->ranks) {
    const KeyArray& keys = rank.record.input.keys;
    for (std::size_t i = 0; i < keys.size(); ++i) all.push_back_bits(keys.bits(i));
  }
  return all;
}

void draw_thumbnail(const std::vector<float>& heights, ImVec2 size) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(at, {at.x + size.x, at.y + size.y}, ImGui::GetColorU32(ImGuiCol_FrameBg));
  if (heights.empty()) return;
  const float bar = size.x / float(heights.size());
  for (std::size_t i = 0; i < heights.size(); ++i) {
    const float x = at.x + float(i) * bar, top = at.y + size.y * (1.0f - heights[i]);
    list->AddRectFilled({x + bar * 0.1f, top}, {x + bar * 0.9f, at.y + size.y},
                        render::viridis_color(heights[i]));
  }
}

}  // namespace

Scenario free_play_scenario(const std::string& device) {
  ScenarioOptions o;
  o.algorithm = "batcher";
  o.n = "32";
  o.distribution = "small";
  o.device = device;
  return resolve_scenario(o);
}

StartRoom::StartRoom(std::filesystem::path settings_file)
    : file_(std::move(settings_file)), settings_(read_user_settings(file_)) {}

void StartRoom::make_cards(const App& app) {
  cards_made_ = true;
  const DeviceLimits limits = DeviceLimits::from(app.context().properties());
  for (const std::string& name : start_lesson_names()) {
    LessonCard card;
    card.name = name;
    try {
      const Lesson lesson = builtin_lesson(name);
      card.title = lesson.title;
      card.summary = lesson.summary;
      std::size_t stops = 0;
      for (const LessonScene& scene : lesson.scenes) {
        if (scene.replay) {
          stops += lesson_replay_stops(lesson, scene).size();
        } else {
          const Plan plan =
              lesson_scene_plan(lesson, scene, limits, app.context().properties().name);
          stops += lesson_stops(lesson, scene, plan).size() + (scene.full_speed ? 1 : 0);
        }
      }
      card.length =
          std::to_string(lesson.scenes.size()) + " scenes, " + std::to_string(stops) + " stops";
      card.thumbnail = thumbnail_of(first_input(lesson.scenes.front()));
    } catch (const UsageError& e) {
      // A lesson this device cannot plan is still offered: playing it says why.
      if (card.title.empty()) card.title = name;
      card.length = e.what();
    }
    cards_.push_back(std::move(card));
  }
}

void StartRoom::draw_card(App& app, const LessonCard& card, std::size_t number, ImU32 accent) {
  const float font = ImGui::GetFontSize();
  const float width = ImGui::GetContentRegionAvail().x;
  ImGui::PushID(int(number));
  // Beside the text where the cell is wide, else a strip above it.
  const bool beside = width >= font * 24;
  draw_thumbnail(card.thumbnail, beside ? ImVec2{font * 5, font * 3.5f} : ImVec2{width, font * 2});
  if (beside) ImGui::SameLine();
  ImGui::BeginGroup();
  // The title is the button: one click (or its number's key) plays the lesson.
  const std::string label = std::to_string(number) + "  " + card.title;
  ImGui::PushStyleColor(ImGuiCol_Text, accent);
  if (ImGui::Button(label.c_str())) choose(app, {StartChoice::Kind::lesson, card.name});
  ImGui::PopStyleColor();
  wrapped_text(card.summary);
  wrapped_text_disabled(card.length);
  ImGui::EndGroup();
  ImGui::PopID();
}

void StartRoom::draw(App& app, ImFont* large) {
  if (!cards_made_) make_cards(app);
  const ImGuiIO& io = ImGui::GetIO();
  const float font = ImGui::GetFontSize();
  const render::Palette colors = render::palette(app.style);
  ImGui::SetNextWindowPos({0, 0});
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {font * 1.5f, font});
  ImGui::Begin("start", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleVar();
  if (large != nullptr) ImGui::PushFont(large);
  ImGui::TextUnformatted("sortscope");
  if (large != nullptr) ImGui::PopFont();
  wrapped_text(
      "Real GPU sorting kernels, one dispatch at a time: what each did, why, and what holds "
      "after it. Start with a lesson, or play freely.");
  ImGui::Spacing();
  if (settings_.last) {
    const std::string label = "continue: " + describe(*settings_.last) + " (Enter)";
    if (ImGui::Button(label.c_str())) choose(app, *settings_.last);
    same_line_if_fits(button_width("free play: 32 keys, bars and wires (F)"));
  }
  if (ImGui::Button("free play: 32 keys, bars and wires (F)"))
    choose(app, {StartChoice::Kind::free_play, {}});
  if (!message_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, colors.warning);
    wrapped_text(message_);
    ImGui::PopStyleColor();
  }

  ImGui::Spacing();
  ImGui::Separator();
  ImGui::TextUnformatted("Lessons (press the number)");
  const int columns = std::clamp(int(ImGui::GetContentRegionAvail().x / (font * 26)), 1, 3);
  if (ImGui::BeginTable("lessons", columns,
                        ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_PadOuterX |
                            ImGuiTableFlags_BordersInnerV)) {
    for (std::size_t i = 0; i < cards_.size(); ++i) {
      ImGui::TableNextColumn();
      draw_card(app, cards_[i], i + 1, colors.accent);
      ImGui::Spacing();
    }
    ImGui::EndTable();
  }

  ImGui::Separator();
  ImGui::TextUnformatted("Open");
  const float field = std::min(font * 24, ImGui::GetContentRegionAvail().x * 0.6f);
  ImGui::SetNextItemWidth(field);
  ImGui::InputTextWithHint("##lesson", "lesson.toml", lesson_path_, sizeof lesson_path_);
  ImGui::SameLine();
  if (ImGui::Button("open the lesson file") && lesson_path_[0] != '\0')
    choose(app, {StartChoice::Kind::lesson_file, lesson_path_});
  ImGui::SetNextItemWidth(field);
  ImGui::InputTextWithHint("##replay", "recorded replay folder", replay_path_, sizeof replay_path_);
  ImGui::SameLine();
  if (ImGui::Button("open the replay") && replay_path_[0] != '\0')
    choose(app, {StartChoice::Kind::replay, replay_path_});
  if (!settings_.recent.empty()) {
    ImGui::Spacing();
    ImGui::TextUnformatted("Recent");
    for (std::size_t i = 0; i < settings_.recent.size(); ++i) {
      ImGui::PushID(int(i));
      const StartChoice recent = settings_.recent[i];  // choose() reorders the list
      if (ImGui::Button(describe(recent).c_str())) choose(app, recent);
      ImGui::PopID();
    }
  }
  ImGui::End();

  // A clicker or keyboard needs no mouse: 1..9, F, Enter, Escape.
  if (io.WantTextInput) return;
  for (const KeyPress& press : take_key_presses()) {
    if (press.repeat || !open_) continue;
    if (press.key >= GLFW_KEY_1 && press.key <= GLFW_KEY_9) {
      const std::size_t index = std::size_t(press.key - GLFW_KEY_1);
      if (index < cards_.size()) choose(app, {StartChoice::Kind::lesson, cards_[index].name});
    } else if (press.key == GLFW_KEY_F) {
      choose(app, {StartChoice::Kind::free_play, {}});
    } else if (press.key == GLFW_KEY_ENTER || press.key == GLFW_KEY_KP_ENTER) {
      choose(app, settings_.last.value_or(StartChoice{}));
    } else if (press.key == GLFW_KEY_ESCAPE) {
      open_ = false;
    }
  }
}

void StartRoom::choose(App& app, const StartChoice& choice) {
  message_.clear();
  try {
    switch (choice.kind) {
      case StartChoice::Kind::lesson:
      case StartChoice::Kind::lesson_file:
        (void)find_lesson(choice.value);  // a file that does not parse stays on this screen
        app.replay.close();
        app.lesson_request = choice.value;
        break;
      case StartChoice::Kind::replay:
        app.replay.open(read_replay(platform::path_from_utf8(choice.value)), choice.value);
        app.lesson_request = std::string();  // stops a lesson playing
        break;
      case StartChoice::Kind::free_play:
        app.lesson_request = std::string();
        app.replay.close();
        app.mode = Mode::stepping;
        app.views.selection = render::ViewSelection::both;
        app.edits = free_play_scenario(app.scenario().device);
        app.apply_edits();
        break;
    }
  } catch (const UsageError& e) {
    message_ = e.what();
    return;
  }
  std::cout << "start screen: " << describe(choice) << "\n";  // for scripts
  remember_choice(settings_, choice);
  save();
  open_ = false;
}

void StartRoom::remember_display(const App& app, float hidpi) {
  settings_.display = display_settings_json(keep_settings(app), hidpi);
  save();
}

void StartRoom::save() {
  try {
    write_user_settings(file_, settings_);
  } catch (const UsageError& e) {
    std::cerr << "sortscope: the settings are not kept: " << e.what() << "\n";
  }
}

}  // namespace ss::gui
