// Heatmap PNG writer of the course's pictures (lessons/pictures/plot).
//
// The pictures are read back with Cairo and checked where the data must show:
// inside the plot rectangles the layout reports, each matrix cell must carry
// the viridis colour of its value.
#include <cairo.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "pictures/plot/heatmap.hpp"

namespace {

namespace fs = std::filesystem;
using course::plot::HeatmapLayout;
using course::plot::HeatmapSpec;
using course::plot::PixelRect;
using course::plot::Rgb;

// One channel step of an 8-bit PNG is 1/255. Colours read back from the
// picture were rounded to 8 bits once, so 2/255 per channel covers that plus
// the viridis table's interpolation error (< 2/255, see heatmap.hpp) with
// room for neither a wrong colour map nor a neighbouring cell's colour.
constexpr double kColourTolerance = 3.0 / 255.0;

class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "heatmap_test_XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

struct Picture {
  int width = 0;
  int height = 0;
  std::vector<std::uint32_t> pixels;  // 0x00RRGGBB

  Rgb at(double x, double y) const {
    const int xi = static_cast<int>(std::floor(x));
    const int yi = static_cast<int>(std::floor(y));
    EXPECT_TRUE(xi >= 0 && xi < width && yi >= 0 && yi < height) << "pixel (" << xi << ", " << yi << ") is outside";
    const std::uint32_t p = pixels[static_cast<std::size_t>(yi) * static_cast<std::size_t>(width) + xi];
    return {((p >> 16) & 0xff) / 255.0, ((p >> 8) & 0xff) / 255.0, (p & 0xff) / 255.0};
  }
};

Picture read_png(const std::string& path) {
  cairo_surface_t* surface = cairo_image_surface_create_from_png(path.c_str());
  Picture picture;
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    ADD_FAILURE() << "cannot read PNG '" << path << "': " << cairo_status_to_string(cairo_surface_status(surface));
    cairo_surface_destroy(surface);
    return picture;
  }
  picture.width = cairo_image_surface_get_width(surface);
  picture.height = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  for (int y = 0; y < picture.height; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int x = 0; x < picture.width; ++x) picture.pixels.push_back(row[x] & 0xffffff);
  }
  cairo_surface_destroy(surface);
  return picture;
}

struct PngHeader {
  bool signature_ok = false;
  std::uint32_t width = 0;
  std::uint32_t height = 0;
};

// The first 24 bytes: the 8-byte signature, then the IHDR chunk's length,
// type and big-endian width and height.
PngHeader read_png_header(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::array<unsigned char, 24> b{};
  in.read(reinterpret_cast<char*>(b.data()), b.size());
  PngHeader h;
  if (in.gcount() != static_cast<std::streamsize>(b.size())) return h;
  const std::array<unsigned char, 8> signature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  h.signature_ok = std::equal(signature.begin(), signature.end(), b.begin()) && b[12] == 'I' && b[13] == 'H' &&
                   b[14] == 'D' && b[15] == 'R';
  auto be32 = [&](int at) {
    return (std::uint32_t{b[at]} << 24) | (std::uint32_t{b[at + 1]} << 16) | (std::uint32_t{b[at + 2]} << 8) |
           std::uint32_t{b[at + 3]};
  };
  h.width = be32(16);
  h.height = be32(20);
  return h;
}

double colour_distance(const Rgb& a, const Rgb& b) {
  return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}

// Where on the viridis scale a colour sits (0..1), by the nearest of 1024
// samples; `distance` says how far the colour is from that sample.
double viridis_position(const Rgb& c, double* distance = nullptr) {
  double best_t = 0;
  double best_d = std::numeric_limits<double>::infinity();
  for (int k = 0; k <= 1023; ++k) {
    const double t = k / 1023.0;
    const double d = colour_distance(c, course::plot::viridis(t));
    if (d < best_d) {
      best_d = d;
      best_t = t;
    }
  }
  if (distance) *distance = best_d;
  return best_t;
}

// The centre of matrix cell (r, c) inside a plot rectangle.
std::pair<double, double> cell_centre(const PixelRect& plot, int rows, int cols, int r, int c) {
  return {plot.x + (c + 0.5) * plot.width / cols, plot.y + (r + 0.5) * plot.height / rows};
}

HeatmapSpec make_spec(int rows, int cols, const std::function<double(int, int)>& value) {
  HeatmapSpec spec;
  spec.rows = rows;
  spec.cols = cols;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) spec.values.push_back(value(r, c));
  }
  spec.title = "Test picture";
  spec.x_label = "Column";
  spec.y_label = "Row";
  spec.colorbar_label = "Value";
  return spec;
}

::testing::AssertionResult ColourNear(const char* got_expr, const char* want_expr, const Rgb& got, const Rgb& want) {
  const double d = colour_distance(got, want);
  if (d <= kColourTolerance) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << got_expr << " = rgb(" << got.r * 255 << ", " << got.g * 255 << ", "
                                       << got.b * 255 << ") but " << want_expr << " = rgb(" << want.r * 255 << ", "
                                       << want.g * 255 << ", " << want.b * 255 << "); largest channel difference "
                                       << d * 255 << "/255 > " << kColourTolerance * 255 << "/255";
}

Rgb hex(std::uint32_t rgb) { return {((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0}; }

// ---- the colour map ----

TEST(Viridis, MatchesMatplotlibAtItsFivePaletteStops) {
  // matplotlib's viridis sampled at 0, 1/4, 1/2, 3/4, 1 (its documented 5-colour palette).
  EXPECT_PRED_FORMAT2(ColourNear, course::plot::viridis(0.0), hex(0x440154));
  EXPECT_PRED_FORMAT2(ColourNear, course::plot::viridis(0.25), hex(0x3b528b));
  EXPECT_PRED_FORMAT2(ColourNear, course::plot::viridis(0.5), hex(0x21918c));
  EXPECT_PRED_FORMAT2(ColourNear, course::plot::viridis(0.75), hex(0x5ec962));
  EXPECT_PRED_FORMAT2(ColourNear, course::plot::viridis(1.0), hex(0xfde725));
}

TEST(Viridis, GetsLighterAlongTheScaleAndClampsOutside) {
  // viridis is built so that lightness rises steadily from purple to yellow.
  auto luma = [](const Rgb& c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; };
  for (int k = 1; k <= 64; ++k) {
    EXPECT_GT(luma(course::plot::viridis(k / 64.0)), luma(course::plot::viridis((k - 1) / 64.0))) << "at t = " << k / 64.0;
  }
  EXPECT_PRED_FORMAT2(ColourNear, course::plot::viridis(-3.0), course::plot::viridis(0.0));
  EXPECT_PRED_FORMAT2(ColourNear, course::plot::viridis(7.0), course::plot::viridis(1.0));
}

// ---- single heatmap ----

TEST(HeatmapPng, WritesAValidPngOfTheRequestedSize) {
  TempDir dir;
  HeatmapSpec spec = make_spec(5, 7, [](int r, int c) { return r * 7 + c; });
  spec.width = 640;
  spec.height = 480;
  const std::string path = dir.file("size.png");
  course::plot::write_heatmap_png(spec, path);

  const PngHeader header = read_png_header(path);
  EXPECT_TRUE(header.signature_ok) << path << " does not start with the PNG signature and an IHDR chunk";
  EXPECT_EQ(header.width, 640u);
  EXPECT_EQ(header.height, 480u);
  const Picture picture = read_png(path);
  EXPECT_EQ(picture.width, 640);
  EXPECT_EQ(picture.height, 480);
  EXPECT_FALSE(fs::exists(path + ".tmp")) << "the temporary file was left behind";
}

TEST(HeatmapPng, IsNeitherBlankNorConstant) {
  TempDir dir;
  const HeatmapSpec spec = make_spec(8, 8, [](int r, int c) { return std::sin(r) + std::cos(c); });
  course::plot::write_heatmap_png(spec, dir.file("busy.png"));
  const Picture picture = read_png(dir.file("busy.png"));
  const std::set<std::uint32_t> colours(picture.pixels.begin(), picture.pixels.end());
  // 64 cells of mostly different values, a 256-step colour bar, text and a white background.
  EXPECT_GT(colours.size(), 100u);
  const auto white = std::count(picture.pixels.begin(), picture.pixels.end(), 0xffffffu);
  EXPECT_GT(white, 0) << "no background left: the plot covers everything?";
  EXPECT_LT(white, static_cast<long>(picture.pixels.size()) * 3 / 4) << "mostly white: little or nothing drawn";
}

TEST(HeatmapPng, ColoursRiseLeftToRightWhenTheMatrixDoes) {
  TempDir dir;
  constexpr int kRows = 4;
  constexpr int kCols = 10;
  const HeatmapSpec spec = make_spec(kRows, kCols, [](int, int c) { return 2.0 * c - 3.0; });
  const std::string path = dir.file("ramp.png");
  course::plot::write_heatmap_png(spec, path);
  const HeatmapLayout layout = course::plot::layout_heatmap(spec);
  ASSERT_EQ(layout.plots.size(), 1u);
  const Picture picture = read_png(path);

  double previous = -1;
  for (int c = 0; c < kCols; ++c) {
    const auto [x, y] = cell_centre(layout.plots[0], kRows, kCols, 1, c);
    double distance = 0;
    const double t = viridis_position(picture.at(x, y), &distance);
    EXPECT_LE(distance, kColourTolerance) << "cell (1, " << c << ") is not a viridis colour";
    EXPECT_NEAR(t, c / (kCols - 1.0), 0.01) << "cell (1, " << c << ") holds value " << 2.0 * c - 3.0
                                            << " on a scale from -3 to 15";
    EXPECT_GT(t, previous) << "colour order broken at column " << c;
    previous = t;
  }
}

TEST(HeatmapPng, RowZeroIsAtTheTop) {
  TempDir dir;
  const HeatmapSpec spec = make_spec(6, 3, [](int r, int) { return r; });
  course::plot::write_heatmap_png(spec, dir.file("rows.png"));
  const HeatmapLayout layout = course::plot::layout_heatmap(spec);
  const Picture picture = read_png(dir.file("rows.png"));
  const auto [x0, y0] = cell_centre(layout.plots[0], 6, 3, 0, 1);
  const auto [x5, y5] = cell_centre(layout.plots[0], 6, 3, 5, 1);
  EXPECT_PRED_FORMAT2(ColourNear, picture.at(x0, y0), course::plot::viridis(0.0));
  EXPECT_PRED_FORMAT2(ColourNear, picture.at(x5, y5), course::plot::viridis(1.0));
}

TEST(HeatmapPng, ZeroRegionAndHighRegionGetTheEndsOfTheScale) {
  TempDir dir;
  // Left half zero, right half high.
  const HeatmapSpec spec = make_spec(6, 6, [](int, int c) { return c < 3 ? 0.0 : 40.0; });
  course::plot::write_heatmap_png(spec, dir.file("halves.png"));
  const HeatmapLayout layout = course::plot::layout_heatmap(spec);
  const Picture picture = read_png(dir.file("halves.png"));
  for (int r = 0; r < 6; ++r) {
    const auto [xl, yl] = cell_centre(layout.plots[0], 6, 6, r, 1);
    const auto [xr, yr] = cell_centre(layout.plots[0], 6, 6, r, 4);
    EXPECT_PRED_FORMAT2(ColourNear, picture.at(xl, yl), course::plot::viridis(0.0));
    EXPECT_PRED_FORMAT2(ColourNear, picture.at(xr, yr), course::plot::viridis(1.0));
  }
}

TEST(HeatmapPng, ExplicitLimitsSetTheScale) {
  TempDir dir;
  // Values 0.25 and 0.75 on a fixed -1..1 scale land at 5/8 and 7/8 of it.
  HeatmapSpec spec = make_spec(1, 2, [](int, int c) { return c == 0 ? 0.25 : 0.75; });
  spec.vmin = -1.0;
  spec.vmax = 1.0;
  course::plot::write_heatmap_png(spec, dir.file("limits.png"));
  const HeatmapLayout layout = course::plot::layout_heatmap(spec);
  const Picture picture = read_png(dir.file("limits.png"));
  const auto [x0, y0] = cell_centre(layout.plots[0], 1, 2, 0, 0);
  const auto [x1, y1] = cell_centre(layout.plots[0], 1, 2, 0, 1);
  EXPECT_PRED_FORMAT2(ColourNear, picture.at(x0, y0), course::plot::viridis(0.625));
  EXPECT_PRED_FORMAT2(ColourNear, picture.at(x1, y1), course::plot::viridis(0.875));
}

TEST(HeatmapPng, ColourBarRunsFromLowAtTheBottomToHighAtTheTop) {
  TempDir dir;
  const HeatmapSpec spec = make_spec(3, 3, [](int r, int c) { return r - c; });
  course::plot::write_heatmap_png(spec, dir.file("bar.png"));
  const HeatmapLayout layout = course::plot::layout_heatmap(spec);
  ASSERT_TRUE(layout.colorbar.has_value());
  const PixelRect bar = *layout.colorbar;
  EXPECT_GE(bar.x, layout.plots[0].x + layout.plots[0].width) << "the colour bar overlaps the plot";
  const Picture picture = read_png(dir.file("bar.png"));
  const double x = bar.x + bar.width / 2;
  EXPECT_PRED_FORMAT2(ColourNear, picture.at(x, bar.y + 1), course::plot::viridis(1.0));
  EXPECT_PRED_FORMAT2(ColourNear, picture.at(x, bar.y + bar.height / 2), course::plot::viridis(0.5));
  EXPECT_PRED_FORMAT2(ColourNear, picture.at(x, bar.y + bar.height - 1), course::plot::viridis(0.0));
}

TEST(HeatmapPng, WithoutColourBarThePlotGetsTheRoom) {
  HeatmapSpec with = make_spec(3, 3, [](int r, int c) { return r + c; });
  HeatmapSpec without = with;
  without.colorbar = false;
  const HeatmapLayout a = course::plot::layout_heatmap(with);
  const HeatmapLayout b = course::plot::layout_heatmap(without);
  EXPECT_TRUE(a.colorbar.has_value());
  EXPECT_FALSE(b.colorbar.has_value());
  EXPECT_GT(b.plots[0].width, a.plots[0].width);
}

TEST(HeatmapPng, NonFiniteValuesAreGreyAndTheRestKeepTheirScale) {
  TempDir dir;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  // Row 0: NaN, 0, 1; row 1: inf, 0.5, 1.
  HeatmapSpec spec = make_spec(2, 3, [](int, int) { return 0.0; });
  spec.values = {nan, 0.0, 1.0, inf, 0.5, 1.0};
  course::plot::write_heatmap_png(spec, dir.file("nan.png"));
  const HeatmapLayout layout = course::plot::layout_heatmap(spec);
  const Picture picture = read_png(dir.file("nan.png"));
  auto cell = [&](int r, int c) {
    const auto [x, y] = cell_centre(layout.plots[0], 2, 3, r, c);
    return picture.at(x, y);
  };
  EXPECT_PRED_FORMAT2(ColourNear, cell(0, 0), course::plot::non_finite_colour());
  EXPECT_PRED_FORMAT2(ColourNear, cell(1, 0), course::plot::non_finite_colour());
  EXPECT_PRED_FORMAT2(ColourNear, cell(0, 1), course::plot::viridis(0.0));
  EXPECT_PRED_FORMAT2(ColourNear, cell(1, 1), course::plot::viridis(0.5));
  EXPECT_PRED_FORMAT2(ColourNear, cell(0, 2), course::plot::viridis(1.0));
  double distance = 0;
  viridis_position(course::plot::non_finite_colour(), &distance);
  EXPECT_GT(distance, 0.1) << "the NaN grey must not be mistaken for a value";
}

TEST(HeatmapPng, AConstantMatrixShowsTheMiddleColour) {
  TempDir dir;
  const HeatmapSpec spec = make_spec(4, 4, [](int, int) { return 3.0; });
  course::plot::write_heatmap_png(spec, dir.file("flat.png"));
  const HeatmapLayout layout = course::plot::layout_heatmap(spec);
  const Picture picture = read_png(dir.file("flat.png"));
  const auto [x, y] = cell_centre(layout.plots[0], 4, 4, 2, 2);
  EXPECT_PRED_FORMAT2(ColourNear, picture.at(x, y), course::plot::viridis(0.5));
}

// ---- grid ----

std::vector<HeatmapSpec> constant_panels(int count) {
  std::vector<HeatmapSpec> panels;
  for (int h = 0; h < count; ++h) {
    HeatmapSpec p = make_spec(5, 5, [h](int, int) { return static_cast<double>(h); });
    p.title = "Head " + std::to_string(h);
    p.width = 300;
    p.height = 260;
    panels.push_back(p);
  }
  return panels;
}

TEST(HeatmapGridPng, DrawsOnePanelPerMatrixOnASharedScale) {
  TempDir dir;
  const auto panels = constant_panels(4);
  const std::string path = dir.file("grid.png");
  course::plot::write_heatmap_grid_png(panels, 2, "Four heads", path);
  const HeatmapLayout layout = course::plot::layout_heatmap_grid(panels, 2, "Four heads");
  ASSERT_EQ(layout.plots.size(), 4u);
  const Picture picture = read_png(path);
  EXPECT_EQ(picture.width, layout.width);
  EXPECT_EQ(picture.height, layout.height);
  const PngHeader header = read_png_header(path);
  EXPECT_TRUE(header.signature_ok);

  // Two per row: 1 is right of 0, 2 is below 0.
  EXPECT_GT(layout.plots[1].x, layout.plots[0].x + layout.plots[0].width);
  EXPECT_NEAR(layout.plots[1].y, layout.plots[0].y, 0.5);
  EXPECT_GT(layout.plots[2].y, layout.plots[0].y + layout.plots[0].height);
  EXPECT_NEAR(layout.plots[2].x, layout.plots[0].x, 0.5);

  // Panel h is constant h; on one shared 0..3 scale it sits at h / 3. (Each
  // panel on its own scale would show every panel in the middle colour.)
  std::set<std::uint32_t> panel_colours;
  for (int h = 0; h < 4; ++h) {
    const auto [x, y] = cell_centre(layout.plots[static_cast<std::size_t>(h)], 5, 5, 2, 2);
    const Rgb got = picture.at(x, y);
    EXPECT_PRED_FORMAT2(ColourNear, got, course::plot::viridis(h / 3.0)) << "panel " << h;
    panel_colours.insert((static_cast<std::uint32_t>(std::lround(got.r * 255)) << 16) |
                         (static_cast<std::uint32_t>(std::lround(got.g * 255)) << 8) |
                         static_cast<std::uint32_t>(std::lround(got.b * 255)));
  }
  EXPECT_EQ(panel_colours.size(), 4u) << "panels with different data must look different";
  ASSERT_TRUE(layout.colorbar.has_value());
  EXPECT_GE(layout.colorbar->x, layout.plots[1].x + layout.plots[1].width);
}

TEST(HeatmapGridPng, PanelsKeepTheirOwnPatterns) {
  TempDir dir;
  // Panel 0 rises to the right, panel 1 rises downwards.
  std::vector<HeatmapSpec> panels = {make_spec(4, 4, [](int, int c) { return c; }),
                                     make_spec(4, 4, [](int r, int) { return r; })};
  for (auto& p : panels) {
    p.width = 320;
    p.height = 280;
  }
  course::plot::write_heatmap_grid_png(panels, 2, "", dir.file("patterns.png"));
  const HeatmapLayout layout = course::plot::layout_heatmap_grid(panels, 2, "");
  const Picture picture = read_png(dir.file("patterns.png"));
  auto at = [&](int panel, int r, int c) {
    const auto [x, y] = cell_centre(layout.plots[static_cast<std::size_t>(panel)], 4, 4, r, c);
    return picture.at(x, y);
  };
  EXPECT_PRED_FORMAT2(ColourNear, at(0, 0, 3), course::plot::viridis(1.0));
  EXPECT_PRED_FORMAT2(ColourNear, at(0, 3, 0), course::plot::viridis(0.0));
  EXPECT_PRED_FORMAT2(ColourNear, at(1, 0, 3), course::plot::viridis(0.0));
  EXPECT_PRED_FORMAT2(ColourNear, at(1, 3, 0), course::plot::viridis(1.0));
}

TEST(HeatmapGridPng, AnIncompleteLastRowStillHoldsEveryPanel) {
  const auto panels = constant_panels(3);
  const HeatmapLayout layout = course::plot::layout_heatmap_grid(panels, 2, "Three");
  ASSERT_EQ(layout.plots.size(), 3u);
  EXPECT_GT(layout.plots[2].y, layout.plots[0].y);
  for (const auto& p : layout.plots) {
    EXPECT_LE(p.x + p.width, layout.width);
    EXPECT_LE(p.y + p.height, layout.height);
  }
}

// ---- errors ----

// Runs `write` expecting exception E whose message contains every fragment,
// and checks that neither `path` nor its temporary file exists afterwards.
template <typename E, typename Write>
void expect_failure_leaves_nothing(Write write, const std::string& path, const std::vector<std::string>& fragments) {
  try {
    write();
    ADD_FAILURE() << "no exception for " << path;
  } catch (const E& e) {
    for (const auto& fragment : fragments) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos)
          << "message \"" << e.what() << "\" lacks \"" << fragment << "\"";
    }
  } catch (const std::exception& e) {
    ADD_FAILURE() << "wrong exception type: " << e.what();
  }
  EXPECT_FALSE(fs::exists(path)) << path << " was left behind";
  EXPECT_FALSE(fs::exists(path + ".tmp")) << path << ".tmp was left behind";
}

TEST(HeatmapErrors, EmptyMatrixIsRejectedAndWritesNothing) {
  TempDir dir;
  HeatmapSpec spec = make_spec(1, 1, [](int, int) { return 0.0; });
  spec.rows = 0;
  spec.values.clear();
  const std::string path = dir.file("empty.png");
  expect_failure_leaves_nothing<std::invalid_argument>([&] { course::plot::write_heatmap_png(spec, path); }, path,
                                                       {"Test picture", "empty matrix (0 x 1)", "at least one row"});
}

TEST(HeatmapErrors, WrongValueCountIsRejected) {
  TempDir dir;
  HeatmapSpec spec = make_spec(2, 3, [](int, int) { return 0.0; });
  spec.values.pop_back();
  const std::string path = dir.file("short.png");
  expect_failure_leaves_nothing<std::invalid_argument>([&] { course::plot::write_heatmap_png(spec, path); }, path,
                                                       {"values holds 5 numbers", "2 x 3 = 6"});
}

TEST(HeatmapErrors, AllNonFiniteIsRejected) {
  TempDir dir;
  HeatmapSpec spec = make_spec(2, 2, [](int, int) { return std::numeric_limits<double>::quiet_NaN(); });
  const std::string path = dir.file("allnan.png");
  expect_failure_leaves_nothing<std::invalid_argument>([&] { course::plot::write_heatmap_png(spec, path); }, path,
                                                       {"every value is NaN or infinite"});
}

TEST(HeatmapErrors, SwappedLimitsAreRejected) {
  TempDir dir;
  HeatmapSpec spec = make_spec(2, 2, [](int r, int c) { return r + c; });
  spec.vmin = 1.0;
  spec.vmax = 0.0;
  const std::string path = dir.file("swapped.png");
  expect_failure_leaves_nothing<std::invalid_argument>([&] { course::plot::write_heatmap_png(spec, path); }, path,
                                                       {"vmin 1 is above vmax 0"});
}

TEST(HeatmapErrors, MissingFolderGivesARuntimeErrorAndWritesNothing) {
  TempDir dir;
  const HeatmapSpec spec = make_spec(2, 2, [](int r, int c) { return r + c; });
  const std::string path = dir.file("no/such/folder/pic.png");
  expect_failure_leaves_nothing<std::runtime_error>([&] { course::plot::write_heatmap_png(spec, path); }, path,
                                                    {"cannot write picture", path, "No such file or directory",
                                                     "folder exists"});
}

TEST(HeatmapErrors, WriteFailingHalfwayLeavesNoFile) {
  TempDir dir;
  const std::string path = dir.file("cut.png");
  // A child process whose files may not grow past 2000 bytes (the picture
  // needs far more): the write fails partway, as on a full disk.
  const pid_t child = fork();
  ASSERT_NE(child, -1);
  if (child == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{2000, 2000};
    setrlimit(RLIMIT_FSIZE, &limit);
    try {
      course::plot::write_heatmap_png(make_spec(20, 20, [](int r, int c) { return std::sin(r * c); }), path);
      _exit(10);  // no error reported
    } catch (const std::runtime_error& e) {
      _exit(std::string(e.what()).find("cannot write picture") == std::string::npos ? 11 : 0);
    } catch (...) {
      _exit(12);
    }
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "10: the failed write was not reported; 11: message lacks "
                                       "\"cannot write picture\"; 12: wrong exception type";
  EXPECT_FALSE(fs::exists(path)) << path << " was left behind";
  EXPECT_FALSE(fs::exists(path + ".tmp")) << path << ".tmp was left behind";
}

TEST(HeatmapErrors, PathThatIsAFolderLeavesNoTemporaryFile) {
  TempDir dir;
  const HeatmapSpec spec = make_spec(2, 2, [](int r, int c) { return r + c; });
  const std::string path = dir.file("a_folder");
  fs::create_directory(path);
  try {
    course::plot::write_heatmap_png(spec, path);
    ADD_FAILURE() << "writing over a folder did not throw";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_directory(path));
  EXPECT_FALSE(fs::exists(path + ".tmp")) << "the temporary file was left behind";
}

TEST(HeatmapErrors, FailedWriteKeepsThePreviousPicture) {
  TempDir dir;
  const std::string path = dir.file("keep.png");
  course::plot::write_heatmap_png(make_spec(2, 2, [](int r, int c) { return r + c; }), path);
  std::ifstream before_in(path, std::ios::binary);
  const std::string before((std::istreambuf_iterator<char>(before_in)), {});
  HeatmapSpec bad = make_spec(2, 2, [](int, int) { return 0.0; });
  bad.values.clear();
  EXPECT_THROW(course::plot::write_heatmap_png(bad, path), std::invalid_argument);
  std::ifstream after_in(path, std::ios::binary);
  const std::string after((std::istreambuf_iterator<char>(after_in)), {});
  EXPECT_EQ(before, after);
}

TEST(HeatmapErrors, GridArgumentsAreChecked) {
  TempDir dir;
  const std::string path = dir.file("grid.png");
  expect_failure_leaves_nothing<std::invalid_argument>(
      [&] { course::plot::write_heatmap_grid_png({}, 2, "none", path); }, path, {"no panels"});
  expect_failure_leaves_nothing<std::invalid_argument>(
      [&] { course::plot::write_heatmap_grid_png(constant_panels(2), 0, "zero", path); }, path, {"columns = 0"});
  auto panels = constant_panels(3);
  panels[2].cols = 0;
  panels[2].values.clear();
  expect_failure_leaves_nothing<std::invalid_argument>(
      [&] { course::plot::write_heatmap_grid_png(panels, 2, "bad panel", path); }, path,
      {"panel 2 ('Head 2')", "empty matrix"});
}

}  // namespace
