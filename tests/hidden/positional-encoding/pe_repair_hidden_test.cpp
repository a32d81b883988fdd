// Hidden tests of exercise pe-repair: once repaired, positional_encoding_loop
// has the contract of positional_encoding with the default base (same shape,
// same values, same argument errors).
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

struct Shape {
  Index seq_len;
  Index d_model;
  const char* name;
};

// The repaired version must also handle what the broken one never did: odd
// widths (the last column is a sine), widths 0 to 2, no positions, and long
// sequences.
const Shape kSweep[] = {
    {5, 8, "len5_width8"},     {50, 16, "len50_width16"},       {7, 5, "len7_width5_odd"},
    {4, 3, "len4_width3_odd"}, {3, 1, "len3_width1"},           {6, 2, "len6_width2"},
    {0, 8, "len0_width8"},     {1, 8, "len1_width8"},           {5, 0, "len5_width0"},
    {10000, 16, "len10000_width16"}, {100, 512, "len100_width512"},
};

class PeRepairHidden : public ::testing::TestWithParam<Shape> {};

TEST_P(PeRepairHidden, MatchesReference) {
  const Shape s = GetParam();
  if (s.d_model % 2 == 1) pe_checks::explain_a_cosine_past_the_end();
  const MatrixXd got = student::positional_encoding_loop(s.seq_len, s.d_model);
  EXPECT_ENCODING_NEAR_EXPLAINED(call_text("positional_encoding_loop", s.seq_len, s.d_model), got,
                                 ref::positional_encoding(s.seq_len, s.d_model), "the reference",
                                 pe_checks::values_tolerance(s.seq_len),
                                 pe_mistakes::formula_mistakes(s.seq_len, s.d_model, 10000.0));
}

// Shown by GoogleTest next to a failing case, instead of the struct's bytes.
void PrintTo(const Shape& s, std::ostream* out) { *out << "(" << s.seq_len << ", " << s.d_model << ")"; }

std::string case_name(const ::testing::TestParamInfo<Shape>& c) { return c.param.name; }

INSTANTIATE_TEST_SUITE_P(Sweep, PeRepairHidden, ::testing::ValuesIn(kSweep), case_name);

}  // namespace

TEST(PeRepairHidden, MatchesNumpyGolden) {
  // The default-base cases of the golden file; 1e-12 as in pe_formula_hidden_test.cpp
  // (positions below 50, where NumPy and C++ agree to about 1e-15).
  int compared = 0;
  for (const pe_golden::Case& g : pe_golden::load()) {
    if (g.base != 10000.0) continue;
    const MatrixXd got = student::positional_encoding_loop(g.seq_len, g.d_model);
    EXPECT_ENCODING_NEAR(call_text("positional_encoding_loop", g.seq_len, g.d_model), got, g.values,
                         "the NumPy golden values", course_testing::kDoubleTol.atol);
    ++compared;
  }
  EXPECT_HOLDS(compared > 0, pe_golden::path() + " has no case with the default base 10000");
}

TEST(PeRepairHidden, RejectsNegativeSeqLen) {
  EXPECT_INVALID_ARGUMENT(student::positional_encoding_loop(-1, 8), "seq_len");
}

TEST(PeRepairHidden, RejectsNegativeDModel) {
  EXPECT_INVALID_ARGUMENT(student::positional_encoding_loop(5, -1), "d_model");
}
