// Animation export: the GIF writer's frame differencing, and `render --steps` end to end (GIF,
// PNG sequence, video, bad ranges), each frame checked against the single-step render.
#include <gif_lib.h>
#include <stb_image.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "render/animation.hpp"
#include "render/gif_writer.hpp"
#include "render/video_writer.hpp"
#include "support/cli.hpp"
#include "support/gif_decode.hpp"

namespace {

namespace fs = std::filesystem;
using ss::test::cli;
using ss::test::data_path;

ss::render::Image solid(std::uint32_t width, std::uint32_t height, std::uint32_t rgb) {
  ss::render::Image image{width, height, std::vector<std::uint8_t>(width * height * 4, 255)};
  for (std::size_t i = 0; i < std::size_t(width) * height; ++i) {
    image.rgba[i * 4] = std::uint8_t(rgb >> 16);
    image.rgba[i * 4 + 1] = std::uint8_t(rgb >> 8);
    image.rgba[i * 4 + 2] = std::uint8_t(rgb);
  }
  return image;
}

}  // namespace

TEST_CASE("gif writer: one palette, only the changed rectangle, repeats lengthen the delay",
          "[animation]") {
  using ss::render::Image;
  const Image first = solid(40, 30, 0x102030);
  Image second = first;
  for (std::uint32_t y = 5; y < 9; ++y)
    for (std::uint32_t x = 10; x < 17; ++x) {
      std::uint8_t* p = &second.rgba[(y * 40 + x) * 4];
      p[0] = 250, p[1] = 120, p[2] = 0;
    }
  const std::string path = data_path("writer.gif");
  {
    ss::render::GifWriter writer(path, 40, 30, ss::render::make_gif_palette({first, second}));
    writer.add_frame(first, 500);
    writer.add_frame(second, 500);
    writer.add_frame(second, 500);  // unchanged: no frame, the one before stays 1 s
    writer.add_frame(first, 250);
    writer.finish();
  }
  const ss::test::DecodedGif d = ss::test::decode_gif(path);
  REQUIRE(d.frames.size() == 3);
  CHECK(d.delays_cs == std::vector<int>{50, 100, 25});
  CHECK(d.rects[1].Left == 10);
  CHECK(d.rects[1].Top == 5);
  CHECK(d.rects[1].Width == 7);
  CHECK(d.rects[1].Height == 4);
  CHECK(d.frames[1][6 * 40 + 12] == 0xfa7800);
  CHECK(d.frames[1][0] == 0x102030);
  CHECK(d.frames[2] == d.frames[0]);
}

TEST_CASE("gif writer: an unfinished GIF leaves no file", "[animation]") {
  const std::string path = data_path("unfinished.gif");
  fs::remove(path);
  {
    const ss::render::Image image = solid(8, 8, 0xffffff);
    ss::render::GifWriter writer(path, 8, 8, ss::render::make_gif_palette({image}));
    writer.add_frame(image, 100);
  }
  CHECK_FALSE(fs::exists(path));
}

TEST_CASE("animation: output names pick the format, step ranges are checked", "[animation]") {
  using ss::render::animation_format;
  using ss::render::AnimationFormat;
  CHECK(animation_format("a.gif") == AnimationFormat::gif);
  CHECK(animation_format("a.mp4") == AnimationFormat::video);
  CHECK(animation_format("frames/") == AnimationFormat::png_sequence);
  CHECK(animation_format("f-%04d.png") == AnimationFormat::png_sequence);
  CHECK_THROWS_WITH(animation_format("a.png"), Catch::Contains(".gif"));
  CHECK_THROWS_WITH(animation_format("a-%s.png"), Catch::Contains("%d"));
  CHECK(ss::render::sequence_path("f-%04d.png", 7) == "f-0007.png");
  CHECK(ss::render::sequence_path("f%d.png", 12) == "f12.png");
  CHECK(ss::render::sequence_path("out/", 3) == "out/step-0003.png");
  const auto all = ss::render::parse_step_range("all", 7, false);
  CHECK((all.first == 0 && all.last == 7));
  CHECK_THROWS_WITH(ss::render::parse_step_range("5..2", 7, false),
                    Catch::Contains("valid steps are 0..7"));
  CHECK_THROWS_WITH(ss::render::parse_step_range("0..8", 7, false),
                    Catch::Contains("past the end"));
  CHECK_THROWS(ss::render::parse_step_range("3", 7, false));
  const auto tail = ss::render::parse_step_range("-3..-1", 7, false);
  CHECK((tail.first == 5 && tail.last == 7));
  CHECK_THROWS_WITH(ss::render::parse_step_range("-9..-1", 7, false),
                    Catch::Contains("before the start"));
}

TEST_CASE("cli: render --steps writes a GIF whose frames are the single-step renders",
          "[animation][cli][gpu]") {
  const std::string gif = data_path("anim.gif");
  // One tuned tile: with several, onesweep's lookback depths (the tile strip) may differ from
  // run to run as the workgroups race, and two renders of a step need not match.
  const std::string size = " --width 320 --height 200 --tile-keys tuned";
  const auto r = cli("render --algo onesweep --n 64 --steps 0..3 --fps 4 --hold-ms 1000" + size +
                     " --out '" + gif + "'");
  INFO(r.out);
  REQUIRE(r.code == 0);
  const ss::test::DecodedGif d = ss::test::decode_gif(gif);
  CHECK(d.width == 320);
  CHECK(d.height == 200);
  REQUIRE(d.frames.size() == 4);  // every step changes the picture (at least its heading)
  CHECK(d.delays_cs == std::vector<int>{25, 25, 25, 125});
  struct Error {
    double mean = 0;
    int worst = 0;
    int far = 0;  // pixels with a channel off by more than a palette's error
  };
  const auto compare = [&](std::size_t frame, int step) {
    const std::string png = data_path("anim_step.png");
    const auto one = cli("render --algo onesweep --n 64 --step " + std::to_string(step) + size +
                         " --out '" + png + "'");
    REQUIRE(one.code == 0);
    int width = 0, height = 0, channels = 0;
    unsigned char* pixels = stbi_load(png.c_str(), &width, &height, &channels, 4);
    REQUIRE(pixels != nullptr);
    REQUIRE((width == 320 && height == 200));
    Error e;
    double total = 0;
    for (int i = 0; i < width * height; ++i) {
      const std::uint32_t g = d.frames[frame][std::size_t(i)];
      int pixel_worst = 0;
      for (int c = 0; c < 3; ++c) {
        const int diff = std::abs(int(pixels[i * 4 + c]) - int((g >> (16 - 8 * c)) & 0xff));
        total += diff;
        pixel_worst = std::max(pixel_worst, diff);
      }
      e.worst = std::max(e.worst, pixel_worst);
      e.far += pixel_worst > 32;
    }
    stbi_image_free(pixels);
    e.mean = total / (3.0 * width * height);
    return e;
  };
  for (const int step : {0, 2, 3}) {
    const Error e = compare(std::size_t(step), step);
    INFO("step " << step << ": mean error " << e.mean << ", worst " << e.worst);
    CHECK(e.mean < 1.0);
    // A colour too rare to get its own palette entry takes the nearest one: a few pixels of
    // anti-aliased edges may be that far off (11 of 64000 on an H200, whose onesweep tiles
    // draw more edges than lavapipe's), never a region.
    CHECK(e.far <= 32);
  }
  // The comparison tells steps apart: the input's frame is not the render of step 3.
  const Error other = compare(0, 3);
  INFO("step 3 against the input's frame: " << other.far << " pixels far off");
  CHECK(other.far > 320);  // 8409 on lavapipe
}

TEST_CASE("cli: render --steps writes one PNG per step, numbered as --step",
          "[animation][cli][gpu]") {
  const fs::path folder = data_path("anim_sequence");
  fs::remove_all(folder);
  const auto r = cli("render --algo batcher --n 16 --steps 2..5 --width 320 --height 200 --out '" +
                     folder.string() + "/'");
  INFO(r.out);
  REQUIRE(r.code == 0);
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"step-0002.png", "step-0003.png", "step-0004.png",
                                          "step-0005.png"});

  const auto pattern =
      cli("render --algo batcher --n 16 --steps all --width 320 --height 200 "
          "--out '" +
          folder.string() + "/all-%02d.png'");
  INFO(pattern.out);
  REQUIRE(pattern.code == 0);
  std::size_t count = 0;
  for (const auto& entry : fs::directory_iterator(folder))
    count += entry.path().filename().string().rfind("all-", 0) == 0;
  CHECK(count == 11);  // Batcher's network for 16 keys has 10 layers, plus the input
  CHECK(fs::exists(folder / "all-10.png"));
}

TEST_CASE("cli: render --steps refuses bad ranges and names the valid one",
          "[animation][cli][gpu]") {
  const std::string gif = data_path("bad_range.gif");
  for (const char* steps : {"5..2", "0..99", "x..3"}) {
    const auto r =
        cli(std::string("render --algo batcher --n 16 --steps ") + steps + " --out '" + gif + "'");
    INFO(r.out);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains("valid steps are 0..10"));
  }
  const auto both = cli("render --algo batcher --n 16 --step 3 --steps 0..4 --out '" + gif + "'");
  CHECK(both.code == 2);
  const auto png =
      cli("render --algo batcher --n 16 --steps 0..4 --out '" + data_path("bad_range.png") + "'");
  CHECK(png.code == 2);
  CHECK_THAT(png.out, Catch::Contains(".gif"));
  CHECK_FALSE(fs::exists(gif));
}

TEST_CASE("cli: render --steps to .mp4 needs ffmpeg", "[animation][cli][gpu]") {
  const std::string mp4 = data_path("anim.mp4");
  fs::remove(mp4);
  const auto missing =
      cli("render --algo batcher --n 16 --steps 0..3 --out '" + mp4 + "'", "PATH=");
  INFO(missing.out);
  CHECK(missing.code == 2);
  CHECK_THAT(missing.out,
             Catch::Contains("install") && Catch::Contains("ffmpeg") && Catch::Contains(".gif"));
  CHECK_FALSE(fs::exists(mp4));

  if (ss::render::find_ffmpeg().empty()) {
    WARN("ffmpeg is not on PATH here: the positive .mp4 export is not tested");
    return;
  }
  const auto r =
      cli("render --algo batcher --n 16 --steps 0..3 --width 320 --height 201 --out '" + mp4 + "'");
  INFO(r.out);
  CHECK(r.code == 0);
  REQUIRE(fs::file_size(mp4) > 0);
  // 4 steps at 1 frame each, and the 2 s hold at 2 frames per second: 8 frames, the odd height
  // padded to even for yuv420p.
  const auto probe =
      ss::test::run_program({"ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                             "stream=width,height,nb_frames", "-of", "csv=p=0", mp4});
  INFO(probe.out);
  CHECK(probe.out.rfind("320,202,8", 0) == 0);
}

// Run by the "gui: the record action ..." ctest entry after the app recorded under Xvfb.
TEST_CASE("the app's recording is the whole scenario as a GIF", "[.][gui-record-gif]") {
  const char* gif = std::getenv("SORTSCOPE_GUI_GIF");
  REQUIRE(gif != nullptr);
  const ss::test::DecodedGif d = ss::test::decode_gif(gif);
  CHECK(d.width == 640);
  CHECK(d.height == 400);
  CHECK(d.frames.size() == 11);  // the input and Batcher's 10 layers for 16 keys
}
