// `grader picture NAME` end to end: the built grader draws from a
// workspace's own functions through the lesson's worker. From the solutions
// it writes a PNG of the right size whose cells carry the solution's values;
// from a submission with sin and cos swapped the same cells carry that
// submission's values; from the untouched starter, a crashing submission or
// a file that does not compile it exits 1 with the reason and leaves no file;
// a bad option exits 2 before anything is built.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "grader/validate/mutant_workspace.hpp"
#include "integration/grader_run.hpp"
#include "pictures/attention_picture.hpp"
#include "pictures/encoding_picture.hpp"
#include "pictures/plot/heatmap.hpp"

namespace {

namespace fs = std::filesystem;
using namespace grader_test;

const fs::path kCourse = COURSE_SOURCE_DIR;
constexpr auto kBound = std::chrono::seconds(120);

struct Png {
  int width = 0;
  int height = 0;
  std::vector<std::uint32_t> pixels;  // 0x00RRGGBB, row-major
  std::uint32_t at(double x, double y) const {
    return pixels[static_cast<std::size_t>(std::floor(y)) * static_cast<std::size_t>(width) +
                  static_cast<std::size_t>(std::floor(x))];
  }
};

Png read_png(const fs::path& path) {
  Png png;
  cairo_surface_t* s = cairo_image_surface_create_from_png(path.c_str());
  if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
    ADD_FAILURE() << path << " is not a PNG Cairo can read";
    cairo_surface_destroy(s);
    return png;
  }
  cairo_surface_flush(s);
  png.width = cairo_image_surface_get_width(s);
  png.height = cairo_image_surface_get_height(s);
  const int stride = cairo_image_surface_get_stride(s);
  const unsigned char* data = cairo_image_surface_get_data(s);
  for (int y = 0; y < png.height; ++y)
    for (int x = 0; x < png.width; ++x)
      png.pixels.push_back(reinterpret_cast<const std::uint32_t*>(data + y * stride)[x] & 0xffffff);
  cairo_surface_destroy(s);
  return png;
}

std::uint32_t packed(const course::plot::Rgb& c) {
  auto channel = [](double v) { return static_cast<std::uint32_t>(std::lround(v * 255.0)); };
  return (channel(c.r) << 16) | (channel(c.g) << 8) | channel(c.b);
}

// Each channel within 3/255 (8-bit rounding plus viridis's interpolation).
bool near_colour(std::uint32_t got, std::uint32_t want) {
  for (int shift : {16, 8, 0}) {
    const int a = static_cast<int>((got >> shift) & 0xff), b = static_cast<int>((want >> shift) & 0xff);
    if (std::abs(a - b) > 3) return false;
  }
  return true;
}

// Centre of cell (row, col) of a rows x cols heatmap drawn in `plot`.
std::pair<double, double> cell_centre(const course::plot::PixelRect& plot, int rows, int cols, int row, int col) {
  return {plot.x + (col + 0.5) * plot.width / cols, plot.y + (row + 0.5) * plot.height / rows};
}

// The encoding picture of a (rows, cols) matrix, as picture-encoding lays it out.
course::plot::HeatmapLayout encoding_layout(int rows, int cols) {
  return course::plot::layout_heatmap(course::pictures::encoding_heatmap(course::MatrixXd::Zero(rows, cols), 10000.0, 800, 600));
}

class PictureTest : public ::testing::Test {
 protected:
  ScratchDir scratch{"picture-test"};
  fs::path out(const std::string& name) const { return scratch.path() / name; }
  fs::path submission(const std::string& broken) const {
    return overlay_submission(kCourse, scratch.path() / broken, broken);
  }
};

TEST_F(PictureTest, EncodingFromTheSolutionsCarriesTheirValues) {
  const fs::path png = out("pe.png");
  const auto r = run_grader({"picture", "encoding", "--workspace", (kCourse / "solutions").string(), "--seq-len", "20",
                             "--d-model", "8", "-o", png.string()},
                            kBound);
  ASSERT_EQ(r.exit_code, 0) << describe(r);
  EXPECT_NE(r.out.find("wrote " + png.string() + " (800x600)"), std::string::npos) << describe(r);
  EXPECT_NE(r.out.find("positional_encoding"), std::string::npos) << describe(r);
  EXPECT_NE(r.out.find("compare with: lessons/positional-encoding/README.md"), std::string::npos) << describe(r);
  EXPECT_NE(r.out.find("grader picture encoding --reference --seq-len 20 --d-model 8"), std::string::npos) << describe(r);
  const Png picture = read_png(png);
  ASSERT_EQ(picture.width, 800);
  ASSERT_EQ(picture.height, 600);
  const auto layout = encoding_layout(20, 8);
  ASSERT_EQ(layout.plots.size(), 1u);
  // Row 0 is sin 0 = 0, cos 0 = 1, ...: the middle colour, then the top one.
  auto [x0, y0] = cell_centre(layout.plots[0], 20, 8, 0, 0);
  auto [x1, y1] = cell_centre(layout.plots[0], 20, 8, 0, 1);
  EXPECT_TRUE(near_colour(picture.at(x0, y0), packed(course::plot::viridis(0.5)))) << std::hex << picture.at(x0, y0);
  EXPECT_TRUE(near_colour(picture.at(x1, y1), packed(course::plot::viridis(1.0)))) << std::hex << picture.at(x1, y1);
  // Not one flat colour: every cell of the data area, many colours.
  std::set<std::uint32_t> colours;
  for (int row = 0; row < 20; ++row)
    for (int col = 0; col < 8; ++col) {
      auto [x, y] = cell_centre(layout.plots[0], 20, 8, row, col);
      colours.insert(picture.at(x, y));
    }
  EXPECT_GE(colours.size(), 60u);
}

TEST_F(PictureTest, EncodingIsDrawnByTheWorkspacesOwnCode) {
  // sin and cos swapped: row 0 starts at cos 0 = 1 (the top colour) instead of 0.
  const fs::path work = submission("pe-wrong-formula");
  const fs::path png = out("swapped.png");
  const auto r = run_grader({"picture", "encoding", "--workspace", work.string(), "--seq-len", "20", "--d-model", "8",
                             "-o", png.string()},
                            kBound);
  ASSERT_EQ(r.exit_code, 0) << describe(r);
  const Png picture = read_png(png);
  ASSERT_EQ(picture.width, 800);
  const auto layout = encoding_layout(20, 8);
  auto [x0, y0] = cell_centre(layout.plots[0], 20, 8, 0, 0);
  auto [x1, y1] = cell_centre(layout.plots[0], 20, 8, 0, 1);
  EXPECT_TRUE(near_colour(picture.at(x0, y0), packed(course::plot::viridis(1.0)))) << std::hex << picture.at(x0, y0);
  EXPECT_TRUE(near_colour(picture.at(x1, y1), packed(course::plot::viridis(0.5)))) << std::hex << picture.at(x1, y1);
}

// The pixels of column `col` of a rows x cols heatmap in `plot`, two pixels in
// from each side of the column (clear of the cell edges' rounding).
std::vector<std::uint32_t> column_pixels(const Png& png, const course::plot::PixelRect& plot, int cols, int col) {
  std::vector<std::uint32_t> pixels;
  const double left = plot.x + col * plot.width / cols, right = plot.x + (col + 1) * plot.width / cols;
  for (double y = plot.y + 2; y < plot.y + plot.height - 2; y += 1)
    for (double x = std::ceil(left) + 2; x < std::floor(right) - 2; x += 1) pixels.push_back(png.at(x, y));
  return pixels;
}

long count_near(const std::vector<std::uint32_t>& pixels, std::uint32_t colour) {
  return std::count_if(pixels.begin(), pixels.end(), [&](std::uint32_t p) { return near_colour(p, colour); });
}

long count_near_outside(const Png& png, const course::plot::PixelRect& plot, std::uint32_t colour) {
  long n = 0;
  for (int y = 0; y < png.height; ++y)
    for (int x = 0; x < png.width; ++x) {
      const bool inside = x >= plot.x && x < plot.x + plot.width && y >= plot.y && y < plot.y + plot.height;
      if (!inside && near_colour(png.at(x, y), colour)) ++n;
    }
  return n;
}

// The lesson's "a striped last column (the odd-width case)": a loop over
// complete pairs leaves the lone sine of an odd width at 0. The correct
// column is close to 0 too at 50 positions (sin(49 * 10000^(-14/15)) is
// about 0.009), so both have the middle colour: only the stripes, and the
// legend entry that explains them, tell the two pictures apart.
TEST_F(PictureTest, AnOddWidthsUnwrittenLastColumnIsStripedAndTheReferencesIsNot) {
  const fs::path mutant = scratch.path() / "odd-width-drops-last-sine";
  grader::validate::build_mutant_workspace(kCourse / "solutions",
                                           kCourse / "tests/mutants/positional-encoding/odd-width-drops-last-sine", mutant);
  const fs::path reference_png = out("reference.png"), mutant_png = out("mutant.png");
  for (const auto& [workspace, png] : {std::pair{kCourse / "solutions", reference_png}, std::pair{mutant, mutant_png}}) {
    const auto r = run_grader({"picture", "encoding", "--workspace", workspace.string(), "--seq-len", "50", "--d-model",
                               "15", "-o", png.string()},
                              kBound);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
  }
  const Png reference = read_png(reference_png), broken = read_png(mutant_png);
  const auto layout = encoding_layout(50, 15);
  const auto& plot = layout.plots[0];
  const std::uint32_t mark = packed(course::plot::zero_column_mark_colour());
  const std::uint32_t middle = packed(course::plot::viridis(0.5));

  const auto reference_last = column_pixels(reference, plot, 15, 14), broken_last = column_pixels(broken, plot, 15, 14);
  ASSERT_FALSE(reference_last.empty());
  // The reference's last column: the middle colour (within a shade), no stripe.
  EXPECT_EQ(count_near(reference_last, mark), 0);
  EXPECT_GT(count_near(reference_last, middle), static_cast<long>(reference_last.size() * 9 / 10));
  // The mutant's: stripes over a good part of it, the middle colour between them.
  EXPECT_GT(count_near(broken_last, mark), static_cast<long>(broken_last.size() / 5));
  EXPECT_GT(count_near(broken_last, middle), static_cast<long>(broken_last.size() / 5));
  // Every other column is the same in both (the mutant computes them right), unstriped.
  for (int col = 0; col < 14; ++col) {
    SCOPED_TRACE(col);
    const auto got = column_pixels(broken, plot, 15, col), want = column_pixels(reference, plot, 15, col);
    ASSERT_EQ(got.size(), want.size());
    long differing = 0;
    for (std::size_t i = 0; i < got.size(); ++i) differing += near_colour(got[i], want[i]) ? 0 : 1;
    EXPECT_EQ(differing, 0);
    EXPECT_EQ(count_near(got, mark), 0);
  }
  // The legend's striped swatch, outside the data area, only where stripes are drawn.
  EXPECT_GT(count_near_outside(broken, plot, mark), 0);
  EXPECT_EQ(count_near_outside(reference, plot, mark), 0);
}

// The lesson's "every pair of columns repeats the first pair": with 2i / d_model
// an integer division every pair turns at the speed of pair 0.
TEST_F(PictureTest, AnIntegerDivisionInTheExponentRepeatsTheFirstPairOfColumns) {
  const fs::path mutant = scratch.path() / "int-division";
  grader::validate::build_mutant_workspace(kCourse / "solutions", kCourse / "tests/mutants/positional-encoding/int-division",
                                           mutant);
  const fs::path reference_png = out("reference.png"), mutant_png = out("mutant.png");
  for (const auto& [workspace, png] : {std::pair{kCourse / "solutions", reference_png}, std::pair{mutant, mutant_png}}) {
    const auto r = run_grader({"picture", "encoding", "--workspace", workspace.string(), "--seq-len", "50", "--d-model",
                               "16", "-o", png.string()},
                              kBound);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
  }
  const Png reference = read_png(reference_png), broken = read_png(mutant_png);
  const auto plot = encoding_layout(50, 16).plots[0];
  auto same_column = [&](const Png& png, int a, int b) {
    for (int row = 0; row < 50; ++row) {
      auto [xa, ya] = cell_centre(plot, 50, 16, row, a);
      auto [xb, yb] = cell_centre(plot, 50, 16, row, b);
      if (!near_colour(png.at(xa, ya), png.at(xb, yb))) return false;
    }
    return true;
  };
  for (int pair = 1; pair < 8; ++pair) {
    SCOPED_TRACE(pair);
    EXPECT_TRUE(same_column(broken, 2 * pair, 0));
    EXPECT_TRUE(same_column(broken, 2 * pair + 1, 1));
    EXPECT_FALSE(same_column(reference, 2 * pair, 0));
  }
}

TEST_F(PictureTest, TheUntouchedStarterSaysWhatIsNotImplementedAndWritesNothing) {
  for (const std::string name : {"encoding", "attention", "order"}) {
    SCOPED_TRACE(name);
    const fs::path png = out(name + ".png");
    const auto r = run_grader({"picture", name, "-o", png.string()}, kBound);  // the course's starter/
    EXPECT_EQ(r.exit_code, 1) << describe(r);
    EXPECT_NE(r.err.find("your code cannot draw it"), std::string::npos) << describe(r);
    EXPECT_NE(r.err.find("not implemented"), std::string::npos) << describe(r);
    EXPECT_FALSE(fs::exists(png)) << describe(r);
  }
  const auto r = run_grader({"picture", "encoding", "-o", out("pe.png").string()}, kBound);
  // The call, in the student's terms, and the exercise to finish.
  EXPECT_NE(r.err.find("positional_encoding(50, 16): not implemented"), std::string::npos) << describe(r);
  EXPECT_NE(r.err.find("exercise pe-formula"), std::string::npos) << describe(r);
}

TEST_F(PictureTest, AFailedDrawingKeepsAnEarlierPicture) {
  const fs::path png = out("pe.png");
  write_text(png, "an earlier picture");
  const auto r = run_grader({"picture", "encoding", "-o", png.string()}, kBound);
  EXPECT_EQ(r.exit_code, 1) << describe(r);
  EXPECT_EQ(read_text(png), "an earlier picture");
  EXPECT_EQ(std::distance(fs::directory_iterator(scratch.path()), fs::directory_iterator()), 1) << "a file was left behind";
}

TEST_F(PictureTest, ACrashingSubmissionFailsWithTheCrash) {
  const fs::path work = submission("pe-segfault");
  const fs::path png = out("pe.png");
  const auto r = run_grader({"picture", "encoding", "--workspace", work.string(), "-o", png.string()}, kBound);
  EXPECT_EQ(r.exit_code, 1) << describe(r);
  EXPECT_NE(r.err.find("positional_encoding(50, 16)"), std::string::npos) << describe(r);
  EXPECT_NE(r.err.find("SIGSEGV"), std::string::npos) << describe(r);
  EXPECT_FALSE(fs::exists(png));
}

TEST_F(PictureTest, AResultOfTheWrongShapeFailsWithBothShapes) {
  const fs::path work = submission("pe-narrow");
  const fs::path png = out("pe.png");
  const auto r = run_grader({"picture", "encoding", "--workspace", work.string(), "--seq-len", "7", "--d-model", "5",
                             "-o", png.string()},
                            kBound);
  EXPECT_EQ(r.exit_code, 1) << describe(r);
  EXPECT_NE(r.err.find("positional_encoding(7, 5): expected shape (7, 5), got (7, 4)"), std::string::npos) << describe(r);
  EXPECT_FALSE(fs::exists(png));
}

TEST_F(PictureTest, ASubmissionThatDoesNotCompileShowsTheCompilerError) {
  const fs::path work = submission("pe-does-not-compile");
  const fs::path png = out("pe.png");
  const auto r = run_grader({"picture", "encoding", "--workspace", work.string(), "-o", png.string()}, kBound);
  EXPECT_EQ(r.exit_code, 1) << describe(r);
  EXPECT_NE(r.err.find("do not compile"), std::string::npos) << describe(r);
  EXPECT_NE(r.err.find("positional-encoding/positional_encoding.cpp:"), std::string::npos) << describe(r);
  EXPECT_FALSE(fs::exists(png));
}

TEST_F(PictureTest, BadOptionsAreUsageErrorsThatSayWhatIsAccepted) {
  const fs::path png = out("bad.png");
  const std::string solutions = (kCourse / "solutions").string();
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{"encoding", "--seq-len", "0"}, "--seq-len must be from 1 to 1024, got 0"},
      {{"encoding", "--seq-len", "5000"}, "--seq-len must be from 1 to 1024, got 5000"},
      {{"encoding", "--d-model=eight"}, "--d-model must be a whole number, got 'eight'"},
      {{"encoding", "--seq-length", "5"}, "did you mean --seq-len?"},
      {{"encoding", "--seq-len"}, "--seq-len needs a value"},
      {{"encoding", "--base", "0.001"}, "--base must be at least 0.01"},
      {{"order", "--show", "both"}, "--show must be one of outputs, weights, got 'both'"},
      {{"histogram"}, "no picture named 'histogram'; the course's pictures are: encoding, attention, order"},
      // Global options after the subcommand are the grader's, checked as such.
      {{"encoding", "--jobs", "many"}, "--jobs: expected a number of jobs, got 'many'"},
      {{"encoding", "--cache-dir"}, "--cache-dir needs a value"},
      // Each in range, not drawable together: the picture program says so.
      {{"attention", "--embed-dim", "30", "--heads", "4", "--workspace", solutions}, "--embed-dim 30 is not divisible by --heads 4"},
      {{"order", "--sentence-a", "dog bites unicorn", "--sentence-b", "unicorn bites dog", "--workspace", solutions},
       "unknown word 'unicorn'"},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"picture"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    args.insert(args.end(), {"-o", png.string()});
    const auto r = run_grader(args, kBound);
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find(c.says), std::string::npos) << "expected: " << c.says << "\n" << describe(r);
    EXPECT_FALSE(fs::exists(png));
  }
}

TEST_F(PictureTest, GlobalOptionsAfterTheSubcommandAreTheGradersOwn) {
  // As for check and grade: --no-color, --jobs and --cache-dir may follow the
  // subcommand; they must not be taken for the picture's options.
  const fs::path png = out("global.png");
  const fs::path cache = out("own-cache");
  const auto r = run_grader({"picture", "encoding", "--workspace", (kCourse / "solutions").string(), "--no-color",
                             "--seq-len", "12", "-j", "1", "--cache-dir", cache.string(), "-o", png.string()},
                            kBound);
  ASSERT_EQ(r.exit_code, 0) << describe(r);
  EXPECT_TRUE(fs::exists(png));
  EXPECT_NE(r.out.find("positional_encoding(12, 16)"), std::string::npos) << describe(r);
  EXPECT_TRUE(fs::is_directory(cache / "objects")) << "the worker was not built with the --cache-dir given";
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << "--no-color output holds an escape sequence";
}

TEST_F(PictureTest, AttentionDrawsOnePanelPerHeadOfTheStudentsModule) {
  const std::string solutions = (kCourse / "solutions").string();
  const fs::path two = out("two.png"), four = out("four.png");
  const auto r2 = run_grader({"picture", "attention", "--workspace", solutions, "--seq-len", "6", "--embed-dim", "16",
                              "--heads", "2", "--columns", "2", "-o", two.string()},
                             kBound);
  const auto r4 = run_grader({"picture", "attention", "--workspace", solutions, "--seq-len", "6", "--embed-dim", "16",
                              "--heads", "4", "--columns", "4", "-o", four.string()},
                             kBound);
  ASSERT_EQ(r2.exit_code, 0) << describe(r2);
  ASSERT_EQ(r4.exit_code, 0) << describe(r4);
  EXPECT_NE(r4.out.find("MultiHeadAttention(16, 4, 0)"), std::string::npos) << describe(r4);
  const Png p2 = read_png(two), p4 = read_png(four);
  // One row of panels each: two more panels make it wider, not taller.
  EXPECT_GT(p4.width, p2.width + 400);
  EXPECT_EQ(p4.height, p2.height);
  std::set<std::uint32_t> colours(p4.pixels.begin(), p4.pixels.end());
  EXPECT_GE(colours.size(), 50u);
}

// ---- the attention picture's signs of a bug (lessons/multi-head-attention/README.md) ----

// Each panel's cells read back as positions t in [0, 1] on the colour bar
// (the viridis colour nearest the cell's centre pixel). The scale runs from 0
// to the largest weight, so t is a weight divided by that largest weight:
// ratios of t within a picture are ratios of weights.
using PanelCells = std::vector<std::vector<double>>;  // [row][col]

double viridis_position(std::uint32_t pixel) {
  double best = 0, best_distance = INFINITY;
  for (int i = 0; i <= 1000; ++i) {
    const std::uint32_t c = packed(course::plot::viridis(i / 1000.0));
    double d = 0;
    for (int shift : {16, 8, 0}) {
      const double diff = static_cast<double>((pixel >> shift) & 0xff) - static_cast<double>((c >> shift) & 0xff);
      d += diff * diff;
    }
    if (d < best_distance) best_distance = d, best = i / 1000.0;
  }
  return best;
}

class AttentionPicture : public PictureTest {
 protected:
  static constexpr int kLength = 8, kHeads = 4;

  // The workspace's picture at 8 positions, E = 32, 4 heads (D = 8) in one row, seed 3.
  std::vector<PanelCells> draw(const fs::path& workspace, const std::string& name) {
    const fs::path png_path = out(name + ".png");
    const auto r = run_grader({"picture", "attention", "--workspace", workspace.string(), "--seq-len",
                               std::to_string(kLength), "--embed-dim", "32", "--heads", std::to_string(kHeads),
                               "--columns", std::to_string(kHeads), "--seed", "3", "-o", png_path.string()},
                              kBound);
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    if (r.exit_code != 0) return {};
    const Png png = read_png(png_path);
    course::Tensor weights({1, kHeads, kLength, kLength});
    const auto panels = course::pictures::attention_panels(weights, 0, 420, 380);
    const auto layout = course::plot::layout_heatmap_grid(panels, kHeads, "title");
    std::vector<PanelCells> cells;
    for (const auto& plot : layout.plots) {
      PanelCells panel(kLength, std::vector<double>(kLength));
      for (int row = 0; row < kLength; ++row)
        for (int col = 0; col < kLength; ++col) {
          auto [x, y] = cell_centre(plot, kLength, kLength, row, col);
          panel[row][col] = viridis_position(png.at(x, y));
        }
      cells.push_back(panel);
    }
    return cells;
  }
  fs::path mutant(const std::string& name) {
    const fs::path ws = scratch.path() / name;
    grader::validate::build_mutant_workspace(kCourse / "solutions", kCourse / "tests/mutants/multi-head-attention" / name, ws);
    return ws;
  }
};

// How far the row sums of every panel spread around their mean: 0 when every
// row is a distribution (each sums to 1, so to 1 / largest weight in t).
double row_sum_spread(const std::vector<PanelCells>& panels) {
  std::vector<double> sums;
  for (const auto& p : panels)
    for (const auto& row : p) {
      double sum = 0;
      for (double t : row) sum += t;
      sums.push_back(sum);
    }
  const auto [lo, hi] = std::minmax_element(sums.begin(), sums.end());
  double mean = 0;
  for (double v : sums) mean += v / static_cast<double>(sums.size());
  return (*hi - *lo) / mean;
}

// The mean over every row of (largest cell / row sum): 1 / L for even rows,
// 1 for one-hot rows.
double sharpness(const std::vector<PanelCells>& panels) {
  double total = 0;
  int rows = 0;
  for (const auto& p : panels)
    for (const auto& row : p) {
      double sum = 0;
      for (double t : row) sum += t;
      total += *std::max_element(row.begin(), row.end()) / sum;
      ++rows;
    }
  return total / rows;
}

// The largest difference between two panels, cell by cell, in t.
double panel_difference(const PanelCells& a, const PanelCells& b) {
  double d = 0;
  for (std::size_t r = 0; r < a.size(); ++r)
    for (std::size_t c = 0; c < a[r].size(); ++c) d = std::max(d, std::abs(a[r][c] - b[r][c]));
  return d;
}

TEST_F(AttentionPicture, HeadsThatAreNotSplitDrawIdenticalPanels) {
  // Every head reads the first D columns of the projections: the heads are not split.
  const fs::path ws = scratch.path() / "heads-not-split";
  fs::copy(kCourse / "solutions", ws, fs::copy_options::recursive);
  const fs::path file = ws / "multi-head-attention/mha_projections.cpp";
  std::string code = read_text(file);
  const std::string split = "projected.block(b * length, h * d, length, d)";
  const auto at = code.find(split);
  ASSERT_NE(at, std::string::npos) << "the reference's split changed: update this test's bug";
  code.replace(at, split.size(), "projected.block(b * length, 0, length, d)");
  write_text(file, code);

  const auto reference = draw(kCourse / "solutions", "reference"), broken = draw(ws, "not-split");
  ASSERT_EQ(reference.size(), static_cast<std::size_t>(kHeads));
  ASSERT_EQ(broken.size(), static_cast<std::size_t>(kHeads));
  for (int h = 1; h < kHeads; ++h) {
    SCOPED_TRACE(h);
    // Identical up to one colour step; the reference's heads differ by far more.
    EXPECT_LE(panel_difference(broken[0], broken[h]), 0.01);
    EXPECT_GE(panel_difference(reference[0], reference[h]), 0.1);
  }
}

TEST_F(AttentionPicture, ASoftmaxOverTheWrongAxisDrawsRowsThatAreNotDistributions) {
  const auto reference = draw(kCourse / "solutions", "reference"), broken = draw(mutant("softmax-wrong-axis"), "axis");
  ASSERT_FALSE(reference.empty());
  ASSERT_FALSE(broken.empty());
  // Every reference row sums to 1: equal sums up to the colours' 8-bit steps.
  EXPECT_LE(row_sum_spread(reference), 0.1);
  EXPECT_GE(row_sum_spread(broken), 0.3);
}

TEST_F(AttentionPicture, UnscaledScoresDrawSharperRowsAndScoresOverSqrtEFlatterOnes) {
  const auto reference = draw(kCourse / "solutions", "reference");
  const auto unscaled = draw(mutant("no-scaling"), "unscaled");
  const auto by_sqrt_e = draw(mutant("scale-sqrt-embed-dim"), "sqrt-e");
  ASSERT_FALSE(reference.empty());
  ASSERT_FALSE(unscaled.empty());
  ASSERT_FALSE(by_sqrt_e.empty());
  const double r = sharpness(reference), u = sharpness(unscaled), e = sharpness(by_sqrt_e);
  EXPECT_GT(u, r * 1.2) << "unscaled " << u << ", reference " << r;
  EXPECT_LT(e, r / 1.05) << "over sqrt(E) " << e << ", reference " << r;
  // Each is still a distribution per row: only the sharpness tells them apart.
  EXPECT_LE(row_sum_spread(unscaled), 0.1);
  EXPECT_LE(row_sum_spread(by_sqrt_e), 0.1);
}

TEST_F(PictureTest, TheOrderExperimentRunsOnTheWorkspace) {
  const fs::path png = out("order.png");
  const auto r = run_grader({"picture", "order", "--workspace", (kCourse / "solutions").string(), "--show", "weights",
                             "-o", png.string()},
                            kBound);
  ASSERT_EQ(r.exit_code, 0) << describe(r);
  EXPECT_NE(r.out.find("Does order matter?"), std::string::npos) << describe(r);
  EXPECT_NE(r.out.find("word j of B is word permutation[j] of A: 0->2, 1->1, 2->0"), std::string::npos) << describe(r);
  EXPECT_GT(read_png(png).width, 0);
}

// The order-matters lesson's sign of a bug: with a causal mask the top row's
// panels are no longer one another's rows reordered ("dog" first sees only
// itself, "dog" last sees every word). Without the bug, row 0 of "dog bites
// man" and row 2 of "man bites dog" carry the same colours, feature by feature.
TEST_F(PictureTest, ACausalMaskBreaksTheTopRowsReordering) {
  const fs::path mutant = scratch.path() / "attend-causal-mask";
  grader::validate::build_mutant_workspace(kCourse / "solutions", kCourse / "tests/mutants/order-matters/attend-causal-mask",
                                           mutant);
  // The experiment's grid (lessons/order-matters/experiment_main.cpp): 2 x 2
  // panels of 460 x 340, (3 words, 8 features) each, titled and labelled.
  course::plot::HeatmapSpec panel;
  panel.rows = 3;
  panel.cols = 8;
  panel.values.assign(24, 0.5);
  panel.title = panel.x_label = panel.y_label = panel.colorbar_label = "label";
  panel.width = 460;
  panel.height = 340;
  const auto layout = course::plot::layout_heatmap_grid({panel, panel, panel, panel}, 2, "title");
  // How many of the 8 features of row `a_row` of panel 0 (A, no encoding) differ
  // in colour from row `b_row` of panel 1 (B, no encoding).
  auto differing = [&](const Png& png, int a_row, int b_row) {
    int n = 0;
    for (int col = 0; col < 8; ++col) {
      auto [xa, ya] = cell_centre(layout.plots[0], 3, 8, a_row, col);
      auto [xb, yb] = cell_centre(layout.plots[1], 3, 8, b_row, col);
      n += near_colour(png.at(xa, ya), png.at(xb, yb)) ? 0 : 1;
    }
    return n;
  };
  Png pictures[2];
  const fs::path workspaces[2] = {kCourse / "solutions", mutant};
  for (int i = 0; i < 2; ++i) {
    const fs::path png = out("order-" + std::to_string(i) + ".png");
    const auto r = run_grader({"picture", "order", "--workspace", workspaces[i].string(), "-o", png.string()}, kBound);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    pictures[i] = read_png(png);
  }
  // "dog bites man" / "man bites dog": A's row 0 is B's row 2, row 1 is row 1.
  EXPECT_EQ(differing(pictures[0], 0, 2), 0);
  EXPECT_EQ(differing(pictures[0], 1, 1), 0);
  EXPECT_GE(differing(pictures[1], 0, 2), 4);
}

TEST_F(PictureTest, CheckPointsAtThePictureWhenAnEncodingTestFails) {
  const fs::path work = submission("pe-wrong-formula");
  const auto failing = run_grader({"--no-color", "check", "positional-encoding", "--workspace", work.string()}, kBound);
  EXPECT_EQ(failing.exit_code, 1) << describe(failing);
  // The command as this test ran the grader (util::command_name: its path).
  EXPECT_NE(failing.out.find("see it: " + std::string(GRADER_EXE) + " picture encoding --workspace " + work.string() +
                             " -o encoding.png"),
            std::string::npos)
      << describe(failing);
  // Passing lessons get no such line, nor do failures of functions the
  // picture does not draw (the starter's broken positional_encoding_loop,
  // next to a positional_encoding that is still a stub).
  const auto passing = run_grader({"--no-color", "check", "positional-encoding", "--workspace",
                                   (kCourse / "solutions").string()},
                                  kBound);
  EXPECT_EQ(passing.out.find("see it:"), std::string::npos) << describe(passing);
  const auto stubs = run_grader({"--no-color", "check", "positional-encoding"}, kBound);
  EXPECT_EQ(stubs.out.find("see it:"), std::string::npos) << describe(stubs);
}

TEST_F(PictureTest, ListAndHelpNameEveryPictureAndOption) {
  const auto list = run_grader({"picture"}, kBound);
  EXPECT_EQ(list.exit_code, 2) << describe(list);
  for (const char* name : {"encoding", "attention", "order"}) EXPECT_NE(list.out.find(name), std::string::npos) << describe(list);
  const auto help = run_grader({"picture", "encoding", "--help"}, kBound);
  EXPECT_EQ(help.exit_code, 0) << describe(help);
  EXPECT_NE(help.out.find("--seq-len N"), std::string::npos) << describe(help);
  EXPECT_NE(help.out.find("integer 1..1024, default 50"), std::string::npos) << describe(help);
}

TEST_F(PictureTest, ReferenceDrawsTheSolutionsInTheInstructorsCourse) {
  const fs::path png = out("reference.png");
  const auto r = run_grader({"picture", "encoding", "--reference", "-o", png.string()}, kBound);
  ASSERT_EQ(r.exit_code, 0) << describe(r);
  EXPECT_NE(r.out.find("drawn by the reference positional_encoding in solutions"), std::string::npos) << describe(r);
  EXPECT_EQ(read_png(png).width, 800);
  const auto both = run_grader({"picture", "encoding", "--reference", "--workspace", scratch.path().string()}, kBound);
  EXPECT_EQ(both.exit_code, 2) << describe(both);
}

}  // namespace
