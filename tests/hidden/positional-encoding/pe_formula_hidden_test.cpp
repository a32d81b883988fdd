// Hidden tests of exercise pe-formula: positional_encoding(seq_len, d_model, base)
// against the reference over a sweep of shapes, its mathematical properties,
// the NumPy golden values and its argument checks.
#include <cmath>
#include <limits>
#include <ostream>
#include <string>

#include "../../public/positional-encoding/pe_checks.hpp"
#include "common/tensor_testing.hpp"
#include "pe_golden.hpp"
#include "pe_mistakes.hpp"
#include "positional-encoding/bridge/proxy.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace {

using course::Index;
using course::MatrixXd;
using pe_checks::call_text;
using pe_checks::values_tolerance;

struct Shape {
  Index seq_len;
  Index d_model;
  double base;
  const char* name;  // test-name suffix: what the case is about
};

// Widths 0, 1, 2 and odd ones; no positions, one position and 10,000 (kept
// 16 wide so the reply stays small); the common 100 x 512 example; custom bases.
const Shape kSweep[] = {
    {5, 8, 10000.0, "len5_width8"},
    {50, 16, 10000.0, "len50_width16"},
    {7, 5, 10000.0, "len7_width5_odd"},
    {4, 3, 10000.0, "len4_width3_odd"},
    {3, 1, 10000.0, "len3_width1"},
    {6, 2, 10000.0, "len6_width2"},
    {0, 8, 10000.0, "len0_width8"},
    {1, 8, 10000.0, "len1_width8"},
    {5, 0, 10000.0, "len5_width0"},
    {10000, 16, 10000.0, "len10000_width16"},
    {100, 512, 10000.0, "len100_width512"},
    {20, 8, 100.0, "len20_width8_base100"},
    {12, 7, 2.0, "len12_width7_odd_base2"},
};

class PeFormulaHidden : public ::testing::TestWithParam<Shape> {};

TEST_P(PeFormulaHidden, MatchesReference) {
  const Shape s = GetParam();
  if (s.d_model % 2 == 1) pe_checks::explain_a_cosine_past_the_end();
  const MatrixXd got = student::positional_encoding(s.seq_len, s.d_model, s.base);
  EXPECT_ENCODING_NEAR_EXPLAINED(call_text("positional_encoding", s.seq_len, s.d_model, s.base), got,
                                 ref::positional_encoding(s.seq_len, s.d_model, s.base), "the reference",
                                 values_tolerance(s.seq_len),
                                 pe_mistakes::formula_mistakes(s.seq_len, s.d_model, s.base));
}

// Shown by GoogleTest next to a failing case, instead of the struct's bytes.
void PrintTo(const Shape& s, std::ostream* out) { *out << "(" << s.seq_len << ", " << s.d_model << ", base " << s.base << ")"; }

std::string case_name(const ::testing::TestParamInfo<Shape>& c) { return c.param.name; }

INSTANTIATE_TEST_SUITE_P(Sweep, PeFormulaHidden, ::testing::ValuesIn(kSweep), case_name);

// Shapes for the property tests: non-trivial values in every column.
const Shape kPropertyShapes[] = {
    {50, 16, 10000.0, "(50, 16)"},
    {7, 5, 10000.0, "(7, 5)"},
    {10000, 16, 10000.0, "(10000, 16)"},
    {30, 6, 100.0, "(30, 6, 100)"},
};

}  // namespace

TEST(PeFormulaHidden, ValuesStayInUnitRange) {
  // Sines and cosines never leave [-1, 1]; the slack only admits the rounding
  // of implementations that build the values by recurrence.
  for (const Shape& s : kPropertyShapes) {
    const std::string call = call_text("positional_encoding", s.seq_len, s.d_model, s.base);
    const MatrixXd pe = student::positional_encoding(s.seq_len, s.d_model, s.base);
    ASSERT_ENCODING_SHAPE(call, pe, s.seq_len, s.d_model);
    const double limit = 1.0 + values_tolerance(s.seq_len);
    for (Index pos = 0; pos < pe.rows(); ++pos) {
      for (Index c = 0; c < pe.cols(); ++c) {
        if (!(std::fabs(pe(pos, c)) <= limit)) {
          ADD_FAILURE() << call << ": expected every entry in [-1, 1] (each is a sine or a cosine), got PE(" << pos
                        << ", " << c << ") = " << pe(pos, c);
          return;
        }
      }
    }
  }
}

TEST(PeFormulaHidden, PairsLieOnUnitCircle) {
  // Columns 2i and 2i+1 are sin and cos of one angle, so sin^2 + cos^2 = 1.
  // Errors of size e in each value move the sum by at most 2*sqrt(2)*e.
  for (const Shape& s : kPropertyShapes) {
    const std::string call = call_text("positional_encoding", s.seq_len, s.d_model, s.base);
    const MatrixXd pe = student::positional_encoding(s.seq_len, s.d_model, s.base);
    ASSERT_ENCODING_SHAPE(call, pe, s.seq_len, s.d_model);
    const double tolerance = 3.0 * values_tolerance(s.seq_len);
    for (Index pos = 0; pos < pe.rows(); ++pos) {
      for (Index c = 0; c + 1 < pe.cols(); c += 2) {
        const double radius2 = pe(pos, c) * pe(pos, c) + pe(pos, c + 1) * pe(pos, c + 1);
        if (!(std::fabs(radius2 - 1.0) <= tolerance)) {
          ADD_FAILURE() << call << ": at position " << pos << ", PE(" << pos << ", " << c << ")^2 + PE(" << pos
                        << ", " << c + 1 << ")^2 = " << radius2
                        << ", expected 1: the two columns of a pair must be sin and cos of the same angle";
          return;
        }
      }
    }
  }
}

TEST(PeFormulaHidden, OffsetIsRotationOfEachPair) {
  // The property that makes relative positions easy to read: for pair i with
  // frequency w_i = base^(-2i / d_model), moving k positions adds k * w_i to
  // the angle, so (sin, cos) at pos + k is the 2x2 rotation by k * w_i of
  // (sin, cos) at pos, the same rotation for every pos.
  // Tolerance: the values on both sides err by values_tolerance each, and the
  // rotation mixes two of them.
  struct Offset {
    Index seq_len;
    Index d_model;
    double base;
    Index k;
  };
  const Offset offsets[] = {{64, 8, 10000.0, 1}, {64, 8, 10000.0, 7}, {200, 16, 10000.0, 33}, {40, 6, 100.0, 3}};
  for (const Offset& o : offsets) {
    const std::string call = call_text("positional_encoding", o.seq_len, o.d_model, o.base);
    const MatrixXd pe = student::positional_encoding(o.seq_len, o.d_model, o.base);
    ASSERT_ENCODING_SHAPE(call, pe, o.seq_len, o.d_model);
    const double tolerance = 3.0 * values_tolerance(o.seq_len);
    for (Index pair = 0; 2 * pair + 1 < o.d_model; ++pair) {
      const double w = std::pow(o.base, -2.0 * static_cast<double>(pair) / static_cast<double>(o.d_model));
      const double turn = static_cast<double>(o.k) * w;
      const double c = std::cos(turn), s = std::sin(turn);
      for (Index pos = 0; pos + o.k < o.seq_len; ++pos) {
        const double sin_a = pe(pos, 2 * pair), cos_a = pe(pos, 2 * pair + 1);
        const double want_sin = sin_a * c + cos_a * s;  // sin(a + turn)
        const double want_cos = cos_a * c - sin_a * s;  // cos(a + turn)
        const double got_sin = pe(pos + o.k, 2 * pair), got_cos = pe(pos + o.k, 2 * pair + 1);
        if (!(std::fabs(got_sin - want_sin) <= tolerance && std::fabs(got_cos - want_cos) <= tolerance)) {
          ADD_FAILURE() << call << ": columns (" << 2 * pair << ", " << 2 * pair + 1 << ") at position " << pos + o.k
                        << " should be those at position " << pos << " rotated by " << o.k << " * " << w << " rad: "
                        << "expected (" << want_sin << ", " << want_cos << "), got (" << got_sin << ", " << got_cos
                        << "). Check the frequency of pair " << pair << ": base^(-2i / d_model)";
          return;
        }
      }
    }
  }
}

TEST(PeFormulaHidden, MatchesNumpyGolden) {
  // Golden positions stay below 50, where NumPy's and C++'s sin/cos/exp agree
  // to about 1e-15: the course's double rule (1e-12) is a safe margin, yet a float computation
  // (errors near 1e-7) or any formula slip fails it.
  for (const pe_golden::Case& g : pe_golden::load()) {
    const MatrixXd got = student::positional_encoding(g.seq_len, g.d_model, g.base);
    EXPECT_ENCODING_NEAR(call_text("positional_encoding", g.seq_len, g.d_model, g.base), got, g.values,
                         "the NumPy golden values", course_testing::kDoubleTol.atol);
  }
}

TEST(PeFormulaHidden, RejectsNegativeSeqLen) {
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(-1, 8), "seq_len");
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(-100, 0), "seq_len");
}

TEST(PeFormulaHidden, RejectsNegativeDModel) {
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(5, -1), "d_model");
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(0, -8), "d_model");
}

TEST(PeFormulaHidden, RejectsNonPositiveBase) {
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(5, 8, 0.0), "base");
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(5, 8, -10000.0), "base");
}

TEST(PeFormulaHidden, RejectsNonFiniteBase) {
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(5, 8, std::numeric_limits<double>::quiet_NaN()), "base");
  EXPECT_INVALID_ARGUMENT(student::positional_encoding(5, 8, std::numeric_limits<double>::infinity()), "base");
}
