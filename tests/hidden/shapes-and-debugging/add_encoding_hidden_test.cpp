// Hidden tests of exercise dbg-add-encoding: random inputs of many shapes
// against the reference, which rows go where, the boundary L == max_len, and
// every way the encoding can fail to fit.
#include <ostream>
#include <string>

#include "../../public/shapes-and-debugging/dbg_checks.hpp"
#include "common/tensor_testing.hpp"
#include "dbg_random.hpp"
#include "shapes-and-debugging/bridge/proxy.hpp"
#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace {

using course::Index;
using course::MatrixXd;

std::string call_of(const MatrixXd& embeddings, const MatrixXd& encoding) {
  return dbg::call_text("add_positional_encoding",
                        {course::bridge::describe_arg(embeddings), course::bridge::describe_arg(encoding)});
}

std::string returned(const MatrixXd& m) { return "returned a " + dbg::shape_text(m) + " matrix"; }

// One addition per element: any correct implementation gives the reference's
// bits exactly, so the tolerance only allows the rounding of a different
// association (e.g. adding zero rows first), far below any wrong row (~0.1):
// the course's double rule (lessons/common/tensor_testing.hpp).
constexpr course_testing::Tolerance kTol = course_testing::kDoubleTol;

struct Shape {
  Index seq_len;
  Index max_len;
  Index d_model;
  const char* name;
};

const Shape kSweep[] = {
    {1, 1, 4, "len1_max1_width4"},           {3, 3, 4, "len3_max3_width4"},         {5, 8, 8, "len5_max8_width8"},
    {2, 10, 1, "len2_max10_width1"},         {7, 100, 16, "len7_max100_width16"},   {4, 5, 3, "len4_max5_width3_odd"},
    {128, 128, 32, "len128_max128_width32"}, {50, 512, 64, "len50_max512_width64"},
};

class DbgAddEncodingHidden : public ::testing::TestWithParam<Shape> {};

TEST_P(DbgAddEncodingHidden, MatchesReference) {
  const Shape s = GetParam();
  const auto seed = static_cast<std::uint32_t>(s.seq_len * 1000 + s.max_len * 10 + s.d_model);
  const MatrixXd embeddings = dbg_random::uniform<MatrixXd>(s.seq_len, s.d_model, seed);
  const MatrixXd encoding = dbg_random::uniform<MatrixXd>(s.max_len, s.d_model, seed + 1);
  const MatrixXd got = student::add_positional_encoding(embeddings, encoding);
  DBG_EXPECT_NEAR(call_of(embeddings, encoding), got, ref::add_positional_encoding(embeddings, encoding),
                  "the reference", kTol.atol, kTol.rtol)
      << dbg::diagnose_add_encoding(embeddings, encoding, got);
}

void PrintTo(const Shape& s, std::ostream* out) {
  *out << "L = " << s.seq_len << ", max_len = " << s.max_len << ", d_model = " << s.d_model;
}
std::string case_name(const ::testing::TestParamInfo<Shape>& c) { return c.param.name; }

INSTANTIATE_TEST_SUITE_P(Sweep, DbgAddEncodingHidden, ::testing::ValuesIn(kSweep), case_name);

}  // namespace

TEST(DbgAddEncodingHidden, PositionPGetsRowP) {
  // Zero embeddings and an encoding whose row r is r + 1 everywhere: the
  // output shows, row by row, which encoding row each position received.
  const MatrixXd embeddings = MatrixXd::Zero(4, 3);
  MatrixXd encoding(7, 3);
  for (Index r = 0; r < encoding.rows(); ++r) encoding.row(r).setConstant(static_cast<double>(r + 1));
  const MatrixXd got = student::add_positional_encoding(embeddings, encoding);
  const MatrixXd want = encoding.topRows(4);
  DBG_EXPECT_NEAR(call_of(embeddings, encoding), got, want, "rows 0..3 of the encoding", kTol.atol, kTol.rtol)
      << dbg::diagnose_add_encoding(embeddings, encoding, got);
}

TEST(DbgAddEncodingHidden, AcceptsASequenceAsLongAsTheEncoding) {
  // L == max_len is the longest sequence the encoding serves, not one too many.
  for (const Index len : {Index{1}, Index{6}, Index{64}}) {
    const MatrixXd embeddings = dbg_random::uniform<MatrixXd>(len, 8, static_cast<std::uint32_t>(len));
    const MatrixXd encoding = dbg_random::uniform<MatrixXd>(len, 8, static_cast<std::uint32_t>(len + 99));
    try {
      const MatrixXd got = student::add_positional_encoding(embeddings, encoding);
      DBG_EXPECT_NEAR(call_of(embeddings, encoding), got, ref::add_positional_encoding(embeddings, encoding),
                      "the reference", kTol.atol, kTol.rtol)
          << dbg::diagnose_add_encoding(embeddings, encoding, got);
    } catch (const std::invalid_argument& e) {
      DBG_FAIL(call_of(embeddings, encoding) + ": expected the sum (a sequence of L = max_len tokens fits the " +
               "encoding exactly), but your code threw std::invalid_argument (" + e.what() + ")\n" +
               dbg::cause("an off-by-one length check: refuse L > max_len, not L >= max_len."));
    }
  }
}

TEST(DbgAddEncodingHidden, RejectsAnEncodingThatIsTooNarrow) {
  // The lesson's demonstration (d_model - 1 columns) and worse.
  for (const auto& [d_model, encoding_width] : std::vector<std::pair<Index, Index>>{{8, 7}, {16, 8}, {4, 1}}) {
    const MatrixXd embeddings = MatrixXd::Ones(3, d_model);
    const MatrixXd encoding = MatrixXd::Ones(10, encoding_width);
    dbg::expect_rejected(
        call_of(embeddings, encoding), [&] { return returned(student::add_positional_encoding(embeddings, encoding)); },
        {"d_model"}, dbg::advice::kEncodingWidth);
  }
}

TEST(DbgAddEncodingHidden, RejectsAnEncodingThatIsTooWide) {
  // Quietly using the first d_model columns of a wider encoding hides a model
  // configured with two different widths.
  for (const auto& [d_model, encoding_width] : std::vector<std::pair<Index, Index>>{{8, 9}, {4, 16}}) {
    const MatrixXd embeddings = MatrixXd::Ones(3, d_model);
    const MatrixXd encoding = MatrixXd::Ones(10, encoding_width);
    dbg::expect_rejected(
        call_of(embeddings, encoding), [&] { return returned(student::add_positional_encoding(embeddings, encoding)); },
        {"d_model"},
        "a wider encoding is a mismatch too: compare the widths for equality rather than taking "
        "the first d_model columns.");
  }
}

TEST(DbgAddEncodingHidden, RejectsASequenceLongerThanTheEncoding) {
  for (const auto& [seq_len, max_len] : std::vector<std::pair<Index, Index>>{{6, 5}, {20, 10}, {1, 0}}) {
    const MatrixXd embeddings = MatrixXd::Ones(seq_len, 4);
    const MatrixXd encoding = MatrixXd::Ones(max_len, 4);
    dbg::expect_rejected(
        call_of(embeddings, encoding), [&] { return returned(student::add_positional_encoding(embeddings, encoding)); },
        {"max_len"}, dbg::advice::kEncodingLength);
  }
}
