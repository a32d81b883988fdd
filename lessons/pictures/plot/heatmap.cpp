#include "pictures/plot/heatmap.hpp"

#include <cairo.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <numbers>
#include <stdexcept>

namespace course::plot {
namespace {

// Matplotlib's viridis (CC0, by Stéfan van der Walt and Nathaniel Smith),
// resampled at t = k / 32 from its 256-entry table. Linear interpolation
// between these anchors stays within 2/255 of the full table.
constexpr std::array<std::array<double, 3>, 33> kViridis = {{
    {0.267004, 0.004874, 0.329415}, {0.276987, 0.050151, 0.375542}, {0.282302, 0.094624, 0.417024},
    {0.282902, 0.135449, 0.453035}, {0.278919, 0.174879, 0.482972}, {0.270788, 0.213324, 0.506643},
    {0.259266, 0.250672, 0.524378}, {0.245374, 0.286704, 0.536971}, {0.230223, 0.321297, 0.545488},
    {0.214836, 0.354470, 0.551027}, {0.199995, 0.386377, 0.554533}, {0.186132, 0.417256, 0.556682},
    {0.173302, 0.447386, 0.557850}, {0.161265, 0.477036, 0.558125}, {0.149668, 0.506440, 0.557329},
    {0.138415, 0.535767, 0.555090}, {0.128148, 0.565107, 0.550893}, {0.120875, 0.594465, 0.544158},
    {0.120325, 0.623765, 0.534308}, {0.130961, 0.652859, 0.520817}, {0.155378, 0.681539, 0.503240},
    {0.192974, 0.709556, 0.481231}, {0.241467, 0.736626, 0.454543}, {0.298636, 0.762445, 0.423019},
    {0.362859, 0.786695, 0.386589}, {0.432985, 0.809056, 0.345271}, {0.508094, 0.829231, 0.299221},
    {0.587266, 0.846982, 0.248871}, {0.669358, 0.862217, 0.195444}, {0.752867, 0.875089, 0.142650},
    {0.835913, 0.886110, 0.102462}, {0.916550, 0.896130, 0.100822}, {0.993248, 0.906157, 0.143936},
}};

constexpr const char* kFontFamily = "DejaVu Sans";
constexpr int kMinWidth = 240;
constexpr int kMinHeight = 180;
const Rgb kInk{0.15, 0.15, 0.15};
const Rgb kFrame{0.3, 0.3, 0.3};

// Owning handles so every early throw releases Cairo objects.
struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};
using SurfacePtr = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
using ContextPtr = std::unique_ptr<cairo_t, ContextDeleter>;

struct ColourScale {
  double lo = 0;
  double hi = 1;
  bool any_non_finite = false;
};

std::string describe(const HeatmapSpec& spec, std::optional<std::size_t> panel) {
  const std::string title = spec.title.empty() ? "untitled" : spec.title;
  if (panel) return fmt::format("heatmap panel {} ('{}')", *panel, title);
  return fmt::format("heatmap '{}'", title);
}

void validate(const HeatmapSpec& spec, std::optional<std::size_t> panel) {
  const std::string who = describe(spec, panel);
  if (spec.rows <= 0 || spec.cols <= 0) {
    throw std::invalid_argument(fmt::format(
        "{}: empty matrix ({} x {}); pass at least one row and one column", who, spec.rows, spec.cols));
  }
  const auto want = static_cast<std::size_t>(spec.rows) * static_cast<std::size_t>(spec.cols);
  if (spec.values.size() != want) {
    throw std::invalid_argument(fmt::format(
        "{}: values holds {} numbers but rows x cols = {} x {} = {}; fill values row-major with rows * cols numbers",
        who, spec.values.size(), spec.rows, spec.cols, want));
  }
  if (spec.width < kMinWidth || spec.height < kMinHeight) {
    throw std::invalid_argument(fmt::format("{}: picture size {} x {} is too small for labels; use at least {} x {}",
                                            who, spec.width, spec.height, kMinWidth, kMinHeight));
  }
  for (const auto& [name, limit] : {std::pair{"vmin", spec.vmin}, std::pair{"vmax", spec.vmax}}) {
    if (limit && !std::isfinite(*limit)) {
      throw std::invalid_argument(fmt::format("{}: {} is {}; give a finite limit or leave it unset", who, name, *limit));
    }
  }
  if (spec.vmin && spec.vmax && *spec.vmin > *spec.vmax) {
    throw std::invalid_argument(
        fmt::format("{}: vmin {} is above vmax {}; swap them", who, *spec.vmin, *spec.vmax));
  }
}

// One scale over every panel so that equal colours mean equal values.
ColourScale shared_scale(const std::vector<HeatmapSpec>& panels, bool single) {
  double data_lo = INFINITY;
  double data_hi = -INFINITY;
  std::optional<double> set_lo;
  std::optional<double> set_hi;
  ColourScale scale;
  for (const auto& spec : panels) {
    for (double v : spec.values) {
      if (std::isfinite(v)) {
        data_lo = std::min(data_lo, v);
        data_hi = std::max(data_hi, v);
      } else {
        scale.any_non_finite = true;
      }
    }
    if (spec.vmin) set_lo = set_lo ? std::min(*set_lo, *spec.vmin) : *spec.vmin;
    if (spec.vmax) set_hi = set_hi ? std::max(*set_hi, *spec.vmax) : *spec.vmax;
  }
  if (data_lo > data_hi && !(set_lo && set_hi)) {
    const std::string who = single ? describe(panels.front(), std::nullopt) : std::string("heatmap grid");
    throw std::invalid_argument(fmt::format(
        "{}: every value is NaN or infinite, so there is nothing to colour; check the computation that produced "
        "the matrix (or set vmin and vmax to draw it all grey)",
        who));
  }
  scale.lo = set_lo.value_or(data_lo);
  scale.hi = set_hi.value_or(data_hi);
  if (scale.lo > scale.hi) {
    throw std::invalid_argument(fmt::format(
        "heatmap colour scale is empty: it would run from {} down to {} (a vmin above the data, or a vmax below it); "
        "set both vmin and vmax, or neither",
        scale.lo, scale.hi));
  }
  if (scale.lo == scale.hi) {
    scale.lo -= 0.5;
    scale.hi += 0.5;
  }
  return scale;
}

double font_size_for(double width, double height) { return std::clamp(std::min(width, height) / 40.0, 10.0, 16.0); }

// A scratch context for measuring text before any picture exists.
class TextMeter {
 public:
  TextMeter()
      : surface_(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)), cr_(cairo_create(surface_.get())) {
    cairo_select_font_face(cr_.get(), kFontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  }
  double width(const std::string& text, double size) {
    cairo_set_font_size(cr_.get(), size);
    cairo_text_extents_t ext;
    cairo_text_extents(cr_.get(), text.c_str(), &ext);
    return ext.x_advance;
  }

 private:
  SurfacePtr surface_;
  ContextPtr cr_;
};

std::string format_value(double v, double range) {
  // Snap round-off such as 3e-17 in the middle of a symmetric range to zero;
  // "+ 0.0" turns -0 into 0.
  if (std::abs(v) < 1e-9 * range) v = 0.0;
  return fmt::format("{:.3g}", v + 0.0);
}

std::array<std::pair<double, std::string>, 3> colorbar_ticks(const ColourScale& scale) {
  const double range = scale.hi - scale.lo;
  const double mid = 0.5 * (scale.lo + scale.hi);
  return {{{scale.lo, format_value(scale.lo, range)},
           {mid, format_value(mid, range)},
           {scale.hi, format_value(scale.hi, range)}}};
}

// Integer ticks 0, step, 2*step, ... below n, with step 1, 2 or 5 times a
// power of ten, as many as fit in `pixels` at `spacing` pixels apart.
std::vector<int> integer_ticks(int n, double pixels, double spacing) {
  const int max_ticks = std::max(2, static_cast<int>(pixels / spacing));
  int step = 1;
  for (int magnitude = 1;; magnitude *= 10) {
    bool found = false;
    for (int m : {1, 2, 5}) {
      step = m * magnitude;
      if ((n - 1) / step + 1 <= max_ticks) {
        found = true;
        break;
      }
    }
    if (found) break;
  }
  std::vector<int> ticks;
  for (int i = 0; i < n; i += step) ticks.push_back(i);
  return ticks;
}

// Sizes shared by layout and drawing, all derived from the font size.
struct Metrics {
  double fs = 12;
  double margin = 12;
  double tick_len = 4;
  double gap = 3;

  explicit Metrics(double font_size)
      : fs(font_size), margin(font_size), tick_len(0.35 * font_size), gap(0.3 * font_size) {}
  double title_size() const { return 1.2 * fs; }
  double title_band(bool has_title) const { return has_title ? 2.0 * title_size() : 0.5 * fs; }
};

// Pixel-aligned so each matrix cell covers whole pixels as far as possible.
PixelRect snap(PixelRect r) {
  const double x0 = std::round(r.x);
  const double y0 = std::round(r.y);
  return {x0, y0, std::max(1.0, std::round(r.x + r.width) - x0), std::max(1.0, std::round(r.y + r.height) - y0)};
}

// Layout of one panel inside `cell`: where its matrix goes. `right_reserved`
// is space at the right kept free (for a single picture's colour bar).
PixelRect panel_plot_rect(const HeatmapSpec& spec, const PixelRect& cell, const Metrics& m, double right_reserved,
                          TextMeter& meter) {
  const double widest_row_tick = meter.width(std::to_string(spec.rows - 1), m.fs);
  const double left = m.margin + (spec.y_label.empty() ? 0.0 : 1.6 * m.fs) + widest_row_tick + m.tick_len + m.gap;
  const double top = m.title_band(!spec.title.empty());
  const double bottom = m.margin + m.tick_len + m.gap + 1.2 * m.fs + (spec.x_label.empty() ? 0.0 : 1.6 * m.fs);
  PixelRect plot{cell.x + left, cell.y + top, cell.width - left - right_reserved - m.margin, cell.height - top - bottom};
  plot.width = std::max(plot.width, 1.0);
  plot.height = std::max(plot.height, 1.0);
  return snap(plot);
}

struct ColorbarGeometry {
  double bar_width = 0;
  double total_width = 0;  // gap + bar + ticks + labels + title
};

ColorbarGeometry colorbar_geometry(const ColourScale& scale, const std::string& label, const Metrics& m,
                                   double picture_width, TextMeter& meter) {
  ColorbarGeometry g;
  g.bar_width = std::max(12.0, std::round(0.035 * picture_width));
  double widest = 0;
  for (const auto& tick : colorbar_ticks(scale)) widest = std::max(widest, meter.width(tick.second, m.fs));
  g.total_width = 1.5 * m.fs + g.bar_width + m.tick_len + m.gap + widest + (label.empty() ? 0.0 : 1.8 * m.fs);
  return g;
}

HeatmapLayout layout_single(const HeatmapSpec& spec, const ColourScale& scale, TextMeter& meter) {
  const Metrics m(font_size_for(spec.width, spec.height));
  HeatmapLayout layout;
  layout.width = spec.width;
  layout.height = spec.height;
  const PixelRect cell{0, 0, static_cast<double>(spec.width), static_cast<double>(spec.height)};
  double reserved = 0;
  ColorbarGeometry bar;
  if (spec.colorbar) {
    bar = colorbar_geometry(scale, spec.colorbar_label, m, spec.width, meter);
    reserved = bar.total_width;
  }
  const PixelRect plot = panel_plot_rect(spec, cell, m, reserved, meter);
  layout.plots.push_back(plot);
  if (spec.colorbar) {
    layout.colorbar = snap({plot.x + plot.width + 1.5 * m.fs, plot.y, bar.bar_width, plot.height});
  }
  return layout;
}

struct GridShape {
  int columns = 1;
  int rows = 1;
  double cell_width = 0;
  double cell_height = 0;
};

GridShape grid_shape(const std::vector<HeatmapSpec>& panels, int columns) {
  GridShape g;
  const int n = static_cast<int>(panels.size());
  g.columns = std::min(columns, n);
  g.rows = (n + g.columns - 1) / g.columns;
  for (const auto& p : panels) {
    g.cell_width = std::max(g.cell_width, static_cast<double>(p.width));
    g.cell_height = std::max(g.cell_height, static_cast<double>(p.height));
  }
  return g;
}

bool grid_wants_colorbar(const std::vector<HeatmapSpec>& panels) {
  return std::any_of(panels.begin(), panels.end(), [](const HeatmapSpec& p) { return p.colorbar; });
}

HeatmapLayout layout_grid(const std::vector<HeatmapSpec>& panels, const GridShape& g, const std::string& title,
                          const ColourScale& scale, TextMeter& meter) {
  const Metrics m(font_size_for(g.cell_width, g.cell_height));
  const double title_band = title.empty() ? 0.0 : 2.2 * m.title_size();
  ColorbarGeometry bar;
  const bool with_bar = grid_wants_colorbar(panels);
  if (with_bar) bar = colorbar_geometry(scale, panels.front().colorbar_label, m, g.cell_width, meter);

  HeatmapLayout layout;
  layout.width = static_cast<int>(std::lround(g.columns * g.cell_width + bar.total_width));
  layout.height = static_cast<int>(std::lround(title_band + g.rows * g.cell_height));
  for (std::size_t i = 0; i < panels.size(); ++i) {
    const int col = static_cast<int>(i) % g.columns;
    const int row = static_cast<int>(i) / g.columns;
    const PixelRect cell{col * g.cell_width, title_band + row * g.cell_height, g.cell_width, g.cell_height};
    layout.plots.push_back(panel_plot_rect(panels[i], cell, m, 0.0, meter));
  }
  if (with_bar) {
    double top = INFINITY;
    double bottom = -INFINITY;
    for (const auto& p : layout.plots) {
      top = std::min(top, p.y);
      bottom = std::max(bottom, p.y + p.height);
    }
    layout.colorbar = snap({g.columns * g.cell_width + 1.5 * m.fs - m.margin, top, bar.bar_width, bottom - top});
  }
  return layout;
}

// ---- drawing ----

void set_colour(cairo_t* cr, const Rgb& c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

enum class Align { left, centre, right };

double advance(cairo_t* cr, const std::string& text) {
  cairo_text_extents_t te;
  cairo_text_extents(cr, text.c_str(), &te);
  return te.x_advance;
}

// Makes `text` fit in `max_width` pixels: first a smaller font (down to 70%
// of `size`, still readable), then a shortened text ending in "...". Sets
// the context's font size and returns the text to draw.
std::string fit(cairo_t* cr, std::string text, double size, double max_width) {
  cairo_set_font_size(cr, size);
  const double full = advance(cr, text);
  if (full <= max_width) return text;
  cairo_set_font_size(cr, std::max(0.7 * size, size * max_width / full));
  if (advance(cr, text) <= max_width) return text;
  while (!text.empty() && advance(cr, text + "...") > max_width) {
    // Drop the last whole UTF-8 character: its continuation bytes, then its lead byte.
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
    if (!text.empty()) text.pop_back();
  }
  return text + "...";
}

// Draws text with its baseline-independent middle at y (so labels sit
// centred on tick marks) and its left, centre or right at x, shrunk or
// shortened to fit in max_width.
void draw_text(cairo_t* cr, const std::string& text, double x, double y, double size, Align align,
               bool bold = false, double max_width = INFINITY) {
  cairo_select_font_face(cr, kFontFamily, CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  const std::string shown = fit(cr, text, size, max_width);
  cairo_font_extents_t fe;
  cairo_font_extents(cr, &fe);
  const double width = advance(cr, shown);
  double left = x;
  if (align == Align::centre) left = x - width / 2;
  if (align == Align::right) left = x - width;
  cairo_move_to(cr, left, y + (fe.ascent - fe.descent) / 2);
  cairo_show_text(cr, shown.c_str());
}

void draw_vertical_text(cairo_t* cr, const std::string& text, double x, double y, double size,
                        double max_width = INFINITY) {
  cairo_save(cr);
  cairo_translate(cr, x, y);
  cairo_rotate(cr, -std::numbers::pi / 2);
  draw_text(cr, text, 0, 0, size, Align::centre, false, max_width);
  cairo_restore(cr);
}

std::uint32_t pack(const Rgb& c) {
  auto channel = [](double v) { return static_cast<std::uint32_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); };
  return (channel(c.r) << 16) | (channel(c.g) << 8) | channel(c.b);
}

// Paints a cols x rows image (one pixel per cell) scaled onto `rect` with
// nearest-neighbour sampling, so cells keep hard edges and exact colours.
void paint_cells(cairo_t* cr, const PixelRect& rect, int cols, int rows, const std::vector<std::uint32_t>& pixels) {
  SurfacePtr image(cairo_image_surface_create(CAIRO_FORMAT_RGB24, cols, rows));
  cairo_surface_flush(image.get());
  unsigned char* data = cairo_image_surface_get_data(image.get());
  const int stride = cairo_image_surface_get_stride(image.get());
  for (int r = 0; r < rows; ++r) {
    auto* line = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(r) * stride);
    std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>(r) * cols, cols, line);
  }
  cairo_surface_mark_dirty(image.get());

  cairo_save(cr);
  cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height);
  cairo_clip(cr);
  cairo_translate(cr, rect.x, rect.y);
  cairo_scale(cr, rect.width / cols, rect.height / rows);
  cairo_set_source_surface(cr, image.get(), 0, 0);
  cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
  cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
  cairo_paint(cr);
  cairo_restore(cr);
}

// A one-pixel frame just outside `rect`, leaving the data pixels untouched.
void frame(cairo_t* cr, const PixelRect& rect) {
  set_colour(cr, kFrame);
  cairo_set_line_width(cr, 1.0);
  cairo_rectangle(cr, rect.x - 0.5, rect.y - 0.5, rect.width + 1.0, rect.height + 1.0);
  cairo_stroke(cr);
}

// Columns of `spec` whose every value is exactly 0 (NaN is not 0).
std::vector<int> zero_columns(const HeatmapSpec& spec) {
  std::vector<int> zero;
  for (int c = 0; c < spec.cols; ++c) {
    bool all_zero = true;
    for (int r = 0; r < spec.rows && all_zero; ++r)
      all_zero = spec.values[static_cast<std::size_t>(r) * static_cast<std::size_t>(spec.cols) +
                             static_cast<std::size_t>(c)] == 0.0;
    if (all_zero) zero.push_back(c);
  }
  return zero;
}

// Diagonal stripes over `rect`, leaving the cell colour visible between them.
void stripe(cairo_t* cr, const PixelRect& rect, double spacing) {
  cairo_save(cr);
  cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height);
  cairo_clip(cr);
  set_colour(cr, zero_column_mark_colour());
  cairo_set_line_width(cr, std::max(1.5, spacing / 3));
  for (double x = rect.x - rect.height; x < rect.x + rect.width; x += spacing) {
    cairo_move_to(cr, x, rect.y + rect.height);
    cairo_line_to(cr, x + rect.height, rect.y);
  }
  cairo_stroke(cr);
  cairo_restore(cr);
}

void mark_zero_columns(cairo_t* cr, const HeatmapSpec& spec, const PixelRect& plot, double spacing) {
  const double cell_w = plot.width / spec.cols;
  for (int c : zero_columns(spec)) {
    const double left = std::round(plot.x + c * cell_w);
    const double right = std::round(plot.x + (c + 1) * cell_w);
    stripe(cr, {left, plot.y, std::max(1.0, right - left), plot.height}, spacing);
  }
}

bool any_zero_column(const std::vector<HeatmapSpec>& panels) {
  return std::any_of(panels.begin(), panels.end(),
                     [](const HeatmapSpec& p) { return p.mark_zero_columns && !zero_columns(p).empty(); });
}

void draw_panel(cairo_t* cr, const HeatmapSpec& spec, const PixelRect& plot, const PixelRect& cell,
                const ColourScale& scale, const Metrics& m, TextMeter& meter) {
  std::vector<std::uint32_t> pixels(spec.values.size());
  const std::uint32_t missing = pack(non_finite_colour());
  for (std::size_t i = 0; i < spec.values.size(); ++i) {
    const double v = spec.values[i];
    pixels[i] = std::isfinite(v) ? pack(viridis((v - scale.lo) / (scale.hi - scale.lo))) : missing;
  }
  paint_cells(cr, plot, spec.cols, spec.rows, pixels);
  if (spec.mark_zero_columns) mark_zero_columns(cr, spec, plot, std::max(6.0, 0.8 * m.fs));
  frame(cr, plot);

  set_colour(cr, kInk);
  cairo_set_line_width(cr, 1.0);
  const double cell_w = plot.width / spec.cols;
  const double cell_h = plot.height / spec.rows;
  const double x_spacing = meter.width(std::to_string(spec.cols - 1), m.fs) + 1.5 * m.fs;
  const double label_y = plot.y + plot.height + m.tick_len + m.gap + 0.6 * m.fs;
  for (int c : integer_ticks(spec.cols, plot.width, x_spacing)) {
    const double x = std::round(plot.x + (c + 0.5) * cell_w) + 0.5;
    cairo_move_to(cr, x, plot.y + plot.height + 1);
    cairo_line_to(cr, x, plot.y + plot.height + 1 + m.tick_len);
    cairo_stroke(cr);
    draw_text(cr, std::to_string(c), x, label_y, m.fs, Align::centre);
  }
  for (int r : integer_ticks(spec.rows, plot.height, 2.2 * m.fs)) {
    const double y = std::round(plot.y + (r + 0.5) * cell_h) + 0.5;
    cairo_move_to(cr, plot.x - 1, y);
    cairo_line_to(cr, plot.x - 1 - m.tick_len, y);
    cairo_stroke(cr);
    draw_text(cr, std::to_string(r), plot.x - 1 - m.tick_len - m.gap, y, m.fs, Align::right);
  }
  if (!spec.x_label.empty()) {
    draw_text(cr, spec.x_label, plot.x + plot.width / 2, label_y + 1.7 * m.fs, m.fs, Align::centre, false,
              plot.width + 2 * m.margin);
  }
  if (!spec.y_label.empty()) {
    draw_vertical_text(cr, spec.y_label, cell.x + m.margin + 0.6 * m.fs, plot.y + plot.height / 2, m.fs,
                       plot.height + 2 * m.fs);
  }
  if (!spec.title.empty()) {
    // Centred over the plot, as wide as the panel allows on both sides of that centre.
    const double centre = plot.x + plot.width / 2;
    const double room = 2 * std::min(centre - cell.x, cell.x + cell.width - centre) - 2 * m.gap;
    draw_text(cr, spec.title, centre, plot.y - m.title_band(true) / 2, m.title_size(), Align::centre, true, room);
  }
}

void draw_colorbar(cairo_t* cr, const PixelRect& bar, const ColourScale& scale, const std::string& label,
                   const Metrics& m) {
  constexpr int kSteps = 256;
  std::vector<std::uint32_t> pixels(kSteps);
  for (int i = 0; i < kSteps; ++i) pixels[static_cast<std::size_t>(i)] = pack(viridis(1.0 - i / (kSteps - 1.0)));
  paint_cells(cr, bar, 1, kSteps, pixels);
  frame(cr, bar);

  set_colour(cr, kInk);
  cairo_set_line_width(cr, 1.0);
  const double right = bar.x + bar.width + 1;
  double widest = 0;
  for (const auto& [value, text] : colorbar_ticks(scale)) {
    const double t = (value - scale.lo) / (scale.hi - scale.lo);
    const double y = std::round(bar.y + (1.0 - t) * bar.height) + 0.5;
    cairo_move_to(cr, right, y);
    cairo_line_to(cr, right + m.tick_len, y);
    cairo_stroke(cr);
    draw_text(cr, text, right + m.tick_len + m.gap, y, m.fs, Align::left);
    cairo_text_extents_t te;
    cairo_text_extents(cr, text.c_str(), &te);
    widest = std::max(widest, te.x_advance);
  }
  if (!label.empty()) {
    draw_vertical_text(cr, label, right + m.tick_len + m.gap + widest + 1.0 * m.fs, bar.y + bar.height / 2, m.fs,
                       bar.height + 2 * m.fs);
  }
}

// The legend in the bottom band of the picture, right-aligned, one entry per
// kind of cell the colour bar does not explain: "grey: NaN / inf" and
// "striped: exactly 0 in every row".
void draw_legend(cairo_t* cr, double picture_width, double picture_height, const Metrics& m, bool non_finite,
                 bool zero_column) {
  const double size = 0.9 * m.fs;
  const double y = picture_height - m.margin - 0.5 * m.fs;
  const double box = 0.9 * m.fs;
  cairo_select_font_face(cr, kFontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  double right = picture_width - m.margin;
  auto entry = [&](const std::string& text, const auto& draw_swatch) {
    cairo_set_font_size(cr, size);
    cairo_text_extents_t te;
    cairo_text_extents(cr, text.c_str(), &te);
    const double text_left = right - te.x_advance;
    const PixelRect swatch{std::round(text_left - box - m.gap * 2), std::round(y - box / 2), std::round(box),
                           std::round(box)};
    draw_swatch(swatch);
    set_colour(cr, kInk);
    draw_text(cr, text, text_left, y, size, Align::left);
    right = swatch.x - 2 * m.fs;
  };
  if (non_finite) {
    entry("grey: NaN / inf", [&](const PixelRect& r) {
      set_colour(cr, non_finite_colour());
      cairo_rectangle(cr, r.x, r.y, r.width, r.height);
      cairo_fill(cr);
    });
  }
  if (zero_column) {
    entry("striped: exactly 0 in every row", [&](const PixelRect& r) {
      set_colour(cr, viridis(0.5));
      cairo_rectangle(cr, r.x, r.y, r.width, r.height);
      cairo_fill(cr);
      stripe(cr, r, std::max(4.0, r.width / 2));
      frame(cr, r);
    });
  }
}

void write_atomically(cairo_surface_t* surface, const std::string& path) {
  const std::string tmp = path + ".tmp";
  std::FILE* file = std::fopen(tmp.c_str(), "wb");
  if (file == nullptr) {
    throw std::runtime_error(fmt::format("cannot write picture '{}': {} (check that the folder exists and is writable)",
                                         path, std::strerror(errno)));
  }
  struct Sink {
    std::FILE* file;
    bool failed = false;
  } sink{file};
  const cairo_status_t status = cairo_surface_write_to_png_stream(
      surface,
      [](void* closure, const unsigned char* data, unsigned int length) {
        auto* s = static_cast<Sink*>(closure);
        if (std::fwrite(data, 1, length, s->file) != length) {
          s->failed = true;
          return CAIRO_STATUS_WRITE_ERROR;
        }
        return CAIRO_STATUS_SUCCESS;
      },
      &sink);
  const int write_errno = errno;
  const bool closed = std::fclose(file) == 0;
  if (status != CAIRO_STATUS_SUCCESS || sink.failed || !closed) {
    std::remove(tmp.c_str());
    const std::string why = sink.failed || !closed ? std::strerror(write_errno) : cairo_status_to_string(status);
    throw std::runtime_error(fmt::format(
        "cannot write picture '{}': {} (check free disk space and permissions; no file was left behind)", path, why));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int rename_errno = errno;
    std::remove(tmp.c_str());
    throw std::runtime_error(fmt::format("cannot move finished picture into place at '{}': {} (is it a folder?)", path,
                                         std::strerror(rename_errno)));
  }
}

struct Canvas {
  SurfacePtr surface;
  ContextPtr cr;
};

Canvas blank_canvas(int width, int height) {
  Canvas c;
  c.surface.reset(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height));
  if (cairo_surface_status(c.surface.get()) != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error(fmt::format("cannot create a {} x {} picture: {}", width, height,
                                         cairo_status_to_string(cairo_surface_status(c.surface.get()))));
  }
  c.cr.reset(cairo_create(c.surface.get()));
  cairo_set_source_rgb(c.cr.get(), 1, 1, 1);
  cairo_paint(c.cr.get());
  return c;
}

void check_grid_arguments(const std::vector<HeatmapSpec>& panels, int columns) {
  if (panels.empty()) {
    throw std::invalid_argument("heatmap grid: no panels; pass at least one HeatmapSpec");
  }
  if (columns < 1) {
    throw std::invalid_argument(
        fmt::format("heatmap grid: columns = {}; pass at least 1 panel per row", columns));
  }
  for (std::size_t i = 0; i < panels.size(); ++i) validate(panels[i], i);
}

}  // namespace

Rgb viridis(double t) {
  if (std::isnan(t)) t = 0;
  const double x = std::clamp(t, 0.0, 1.0) * static_cast<double>(kViridis.size() - 1);
  const auto i = std::min(static_cast<std::size_t>(x), kViridis.size() - 2);
  const double f = x - static_cast<double>(i);
  const auto& a = kViridis[i];
  const auto& b = kViridis[i + 1];
  return {a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]), a[2] + f * (b[2] - a[2])};
}

Rgb non_finite_colour() { return {0.62, 0.62, 0.62}; }

Rgb zero_column_mark_colour() { return {0.86, 0.08, 0.12}; }

HeatmapLayout layout_heatmap(const HeatmapSpec& spec) {
  validate(spec, std::nullopt);
  TextMeter meter;
  return layout_single(spec, shared_scale({spec}, true), meter);
}

HeatmapLayout layout_heatmap_grid(const std::vector<HeatmapSpec>& panels, int columns, const std::string& title) {
  check_grid_arguments(panels, columns);
  TextMeter meter;
  return layout_grid(panels, grid_shape(panels, columns), title, shared_scale(panels, false), meter);
}

void write_heatmap_png(const HeatmapSpec& spec, const std::string& path) {
  validate(spec, std::nullopt);
  const ColourScale scale = shared_scale({spec}, true);
  TextMeter meter;
  const HeatmapLayout layout = layout_single(spec, scale, meter);
  const Metrics m(font_size_for(spec.width, spec.height));

  Canvas canvas = blank_canvas(layout.width, layout.height);
  cairo_t* cr = canvas.cr.get();
  const PixelRect cell{0, 0, static_cast<double>(layout.width), static_cast<double>(layout.height)};
  draw_panel(cr, spec, layout.plots.front(), cell, scale, m, meter);
  if (layout.colorbar) draw_colorbar(cr, *layout.colorbar, scale, spec.colorbar_label, m);
  const bool zero_column = any_zero_column({spec});
  if (scale.any_non_finite || zero_column) {
    draw_legend(cr, layout.width, layout.height, m, scale.any_non_finite, zero_column);
  }
  cairo_surface_flush(canvas.surface.get());
  write_atomically(canvas.surface.get(), path);
}

void write_heatmap_grid_png(const std::vector<HeatmapSpec>& panels, int columns, const std::string& title,
                            const std::string& path) {
  check_grid_arguments(panels, columns);
  const ColourScale scale = shared_scale(panels, false);
  const GridShape g = grid_shape(panels, columns);
  TextMeter meter;
  const HeatmapLayout layout = layout_grid(panels, g, title, scale, meter);
  const Metrics m(font_size_for(g.cell_width, g.cell_height));

  Canvas canvas = blank_canvas(layout.width, layout.height);
  cairo_t* cr = canvas.cr.get();
  const double title_band = title.empty() ? 0.0 : 2.2 * m.title_size();
  if (!title.empty()) {
    set_colour(cr, kInk);
    draw_text(cr, title, layout.width / 2.0, title_band / 2 + 0.2 * m.fs, 1.25 * m.title_size(), Align::centre, true,
              layout.width - 2 * m.margin);
  }
  for (std::size_t i = 0; i < panels.size(); ++i) {
    const int col = static_cast<int>(i) % g.columns;
    const int row = static_cast<int>(i) / g.columns;
    const PixelRect cell{col * g.cell_width, title_band + row * g.cell_height, g.cell_width, g.cell_height};
    draw_panel(cr, panels[i], layout.plots[i], cell, scale, m, meter);
  }
  if (layout.colorbar) draw_colorbar(cr, *layout.colorbar, scale, panels.front().colorbar_label, m);
  const bool zero_column = any_zero_column(panels);
  if (scale.any_non_finite || zero_column) {
    draw_legend(cr, layout.width, layout.height, m, scale.any_non_finite, zero_column);
  }
  cairo_surface_flush(canvas.surface.get());
  write_atomically(canvas.surface.get(), path);
}

}  // namespace course::plot
