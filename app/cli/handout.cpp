#include "cli/handout.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <cstring>

#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "platform/utf8_paths.hpp"
#include "render/cairo_fonts.hpp"

namespace ss::cli {

namespace {

// A4 landscape in points.
constexpr double k_page_w = 842, k_page_h = 595, k_margin = 36;

struct Rgb {
  double r, g, b;
};
constexpr Rgb k_text{0.1, 0.1, 0.1}, k_dim{0.4, 0.4, 0.45}, k_holds{0.0, 0.45, 0.3},
    k_warning{0.75, 0.25, 0.0};

class PdfHandout final : public HandoutWriter {
 public:
  PdfHandout(std::filesystem::path out, const std::string& title) : out_(std::move(out)) {
    surface_ = cairo_pdf_surface_create_for_stream(append, &bytes_, k_page_w, k_page_h);
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_TITLE, title.c_str());
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATOR, "sortscope");
    cr_ = cairo_create(surface_);
    check();
  }
  ~PdfHandout() override {
    cairo_destroy(cr_);
    cairo_surface_destroy(surface_);
  }

  void add(const HandoutPage& page) override {
    double y = k_margin;
    text(page.lesson + ": " + page.scene, 15, true, k_text, y);
    text(page.progress + "  |  " + page.scenario, 9, false, k_dim, y);
    text(page.heading, 11, true, k_text, y);
    y += 4;
    // The picture, as large as fits above room for about ten lines of text.
    if (page.image.width != 0) {
      const double max_w = k_page_w - 2 * k_margin, max_h = k_page_h - y - k_margin - 150;
      const double scale =
          std::min(max_w / double(page.image.width), max_h / double(page.image.height));
      picture(page.image, k_margin, y, scale);
      y += double(page.image.height) * scale + 8;
    }
    text(page.narration, 10, false, k_text, y);
    if (!page.invariant.empty())
      text(page.invariant, 10, true, page.invariant_fails ? k_warning : k_holds, y);
    if (!page.check.empty()) text(page.check, 10, true, page.check_fails ? k_warning : k_holds, y);
    if (!page.lecturer.empty()) {
      y += 4;
      std::size_t start = 0;
      while (start <= page.lecturer.size()) {
        std::size_t end = page.lecturer.find('\n', start);
        if (end == std::string::npos) end = page.lecturer.size();
        text(page.lecturer.substr(start, end - start), 10, false, k_dim, y);
        start = end + 1;
      }
    }
    cairo_show_page(cr_);
    check();
  }

  void finish() override {
    cairo_surface_finish(surface_);
    check();
    AtomicFile file(out_);
    file.write(bytes_);
    file.commit();
  }

 private:
  static cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
  }

  void check() const {
    if (const cairo_status_t status = cairo_status(cr_); status != CAIRO_STATUS_SUCCESS)
      throw std::runtime_error(std::string("cairo: ") + cairo_status_to_string(status));
  }

  // Text wrapped at word boundaries to the page's width, from y down; y ends under it.
  void text(const std::string& words, double size, bool bold, Rgb color, double& y) {
    fonts_.select(cr_, bold);
    cairo_set_font_size(cr_, size);
    cairo_set_source_rgb(cr_, color.r, color.g, color.b);
    const double width = k_page_w - 2 * k_margin, line = size * 1.3;
    std::string current;
    auto flush = [&] {
      cairo_move_to(cr_, k_margin, y + size);
      cairo_show_text(cr_, current.c_str());
      y += line;
      current.clear();
    };
    std::size_t start = 0;
    while (start < words.size()) {
      std::size_t end = words.find(' ', start);
      if (end == std::string::npos) end = words.size();
      const std::string word = words.substr(start, end - start);
      const std::string candidate = current.empty() ? word : current + " " + word;
      cairo_text_extents_t extents;
      cairo_text_extents(cr_, candidate.c_str(), &extents);
      if (extents.x_advance > width && !current.empty()) {
        flush();
        current = word;
      } else {
        current = candidate;
      }
      start = end + 1;
    }
    if (!current.empty()) flush();
  }

  void picture(const render::Image& image, double x, double y, double scale) {
    cairo_surface_t* surface =
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, int(image.width), int(image.height));
    unsigned char* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    for (std::uint32_t row = 0; row < image.height; ++row) {
      auto* out = reinterpret_cast<std::uint32_t*>(data + std::size_t(row) * stride);
      for (std::uint32_t col = 0; col < image.width; ++col) out[col] = image.rgb(col, row);
    }
    cairo_surface_mark_dirty(surface);
    cairo_save(cr_);
    cairo_translate(cr_, x, y);
    cairo_scale(cr_, scale, scale);
    cairo_set_source_surface(cr_, surface, 0, 0);
    cairo_paint(cr_);
    cairo_restore(cr_);
    cairo_surface_destroy(surface);
  }

  std::filesystem::path out_;
  std::string bytes_;
  render::CairoFonts fonts_;  // the same DejaVu on every system, not the system's "DejaVu Sans"
  cairo_surface_t* surface_ = nullptr;
  cairo_t* cr_ = nullptr;
};

class FolderHandout final : public HandoutWriter {
 public:
  FolderHandout(std::filesystem::path folder, const std::string& title)
      : folder_(std::move(folder)) {
    std::error_code error;
    std::filesystem::create_directories(folder_, error);
    if (error)
      throw UsageError("cannot create the folder " + platform::utf8_from_path(folder_) + ": " +
                       error.message());
    html_ = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + html_escape(title) +
            "</title>\n<style>body{font-family:sans-serif;max-width:1000px;margin:auto}"
            "img{width:100%}.holds{color:#007550}.fails{color:#c04000}.dim{color:#666}"
            "section{page-break-after:always;margin-bottom:3em}</style></head><body>\n<h1>" +
            html_escape(title) + "</h1>\n";
  }

  void add(const HandoutPage& page) override {
    char name[32];
    std::snprintf(name, sizeof name, "stop-%03zu.png", ++pages_);
    html_ += "<section><h2>" + html_escape(page.scene) + "</h2>\n<p class=\"dim\">" +
             html_escape(page.progress + " | " + page.scenario) + "</p>\n<h3>" +
             html_escape(page.heading) + "</h3>\n";
    if (page.image.width != 0) {
      render::write_png(page.image, platform::utf8_from_path(folder_ / name));
      html_ +=
          "<img src=\"" + std::string(name) + "\" alt=\"" + html_escape(page.heading) + "\">\n";
    }
    html_ += "<p>" + html_escape(page.narration) + "</p>\n";
    if (!page.invariant.empty()) {
      html_ += std::string("<p class=\"") + (page.invariant_fails ? "fails" : "holds") + "\">" +
               html_escape(page.invariant) + "</p>\n";
    }
    if (!page.check.empty()) {
      html_ += std::string("<p class=\"") + (page.check_fails ? "fails" : "holds") + "\">" +
               html_escape(page.check) + "</p>\n";
    }
    if (!page.lecturer.empty())
      html_ += "<p class=\"dim\">" + html_escape(page.lecturer) + "</p>\n";
    html_ += "</section>\n";
  }

  void finish() override {
    html_ += "</body></html>\n";
    write_file_atomically(folder_ / "index.html", html_);
  }

 private:
  std::filesystem::path folder_;
  std::string html_;
  std::size_t pages_ = 0;
};

}  // namespace

std::string html_escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

bool names_folder(const std::filesystem::path& out) {
  const std::string text = platform::utf8_from_path(out);
  std::error_code error;
  return platform::ends_in_separator(text) ||
         (!text.empty() && std::filesystem::is_directory(out, error));
}

std::unique_ptr<HandoutWriter> make_handout_writer(const std::filesystem::path& out,
                                                   const std::string& lesson_title) {
  const std::string text = platform::utf8_from_path(out);
  std::error_code error;
  if (names_folder(out)) return std::make_unique<FolderHandout>(out, lesson_title);
  if (out.extension() == ".pdf") {
    const auto dir = out.parent_path();
    if (!dir.empty() && !std::filesystem::is_directory(dir, error))
      throw UsageError("--out: the folder of '" + text + "' does not exist");
    return std::make_unique<PdfHandout>(out, lesson_title);
  }
  throw UsageError(
      "--lesson writes a handout: --out FILE.pdf, or a folder (ending in /) for "
      "PNGs and an index.html (got '" +
      text + "')");
}

}  // namespace ss::cli
