// `grader picture NAME` end to end: the built grader draws from a
// workspace's own functions through the lesson's worker. From the solutions
// it writes a PNG of the right size whose cells carry the solution's values;
// from a submission with sin and cos swapped the same cells carry that
// submission's values; from the untouched starter, a crashing submission or
// a file that does not compile it exits 1 with the reason and leaves no file;
// a bad option exits 2 before anything is built.
#include <cairo.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "integration/grader_run.hpp"
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
      {{"encoding", "--base", "0.5"}, "--base must be at least 1"},
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

TEST_F(PictureTest, CheckPointsAtThePictureWhenAnEncodingTestFails) {
  const fs::path work = submission("pe-wrong-formula");
  const auto failing = run_grader({"--no-color", "check", "positional-encoding", "--workspace", work.string()}, kBound);
  EXPECT_EQ(failing.exit_code, 1) << describe(failing);
  EXPECT_NE(failing.out.find("see it: grader picture encoding --workspace " + work.string() + " -o encoding.png"),
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
