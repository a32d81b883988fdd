// Hidden tests of exercise dbg-split-heads: random tensors of many shapes
// against the reference, and every input split_heads must refuse.
#include <ostream>
#include <string>
#include <vector>

#include "../../public/shapes-and-debugging/dbg_checks.hpp"
#include "common/tensor_testing.hpp"
#include "dbg_random.hpp"
#include "shapes-and-debugging/bridge/proxy.hpp"
#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace {

using course::Index;
using course::Tensor;

std::string call_of(const Tensor& x, Index heads) {
  return dbg::call_text("split_heads", {course::bridge::describe_arg(x), std::to_string(heads)});
}

std::string returned(const Tensor& t) { return "returned a tensor of shape " + course::shape_string(t.shape()); }

struct Shape {
  Index batch;
  Index seq_len;
  Index embed_dim;
  Index heads;
  const char* name;
};

// At least 2 tokens and 2 heads in every case: with one of either, a reshape
// that forgets the transpose happens to be right.
const Shape kSweep[] = {
    {1, 2, 4, 2, "B1_L2_E4_H2"},     {2, 3, 6, 3, "B2_L3_E6_H3"},       {1, 5, 8, 4, "B1_L5_E8_H4"},
    {3, 4, 12, 2, "B3_L4_E12_H2"},   {2, 7, 16, 8, "B2_L7_E16_H8"},     {1, 3, 6, 6, "B1_L3_E6_H6_D1"},
    {2, 10, 64, 4, "B2_L10_E64_H4"}, {1, 16, 512, 8, "B1_L16_E512_H8"}, {4, 2, 6, 2, "B4_L2_E6_H2"},
};

class DbgSplitHeadsHidden : public ::testing::TestWithParam<Shape> {};

TEST_P(DbgSplitHeadsHidden, MatchesReference) {
  const Shape s = GetParam();
  const Tensor x = dbg_random::uniform_tensor(
      {s.batch, s.seq_len, s.embed_dim}, static_cast<std::uint32_t>(s.batch * 7919 + s.seq_len * 31 + s.embed_dim));
  const Tensor got = student::split_heads(x, s.heads);
  // A split only moves values: exact.
  DBG_EXPECT_NEAR(call_of(x, s.heads), got, ref::split_heads(x, s.heads), "the reference", 0.0, 0.0)
      << dbg::diagnose_split(x, s.heads, got);
}

void PrintTo(const Shape& s, std::ostream* out) {
  *out << "x (" << s.batch << ", " << s.seq_len << ", " << s.embed_dim << "), num_heads " << s.heads;
}
std::string case_name(const ::testing::TestParamInfo<Shape>& c) { return c.param.name; }

INSTANTIATE_TEST_SUITE_P(Sweep, DbgSplitHeadsHidden, ::testing::ValuesIn(kSweep), case_name);

}  // namespace

TEST(DbgSplitHeadsHidden, RejectsTensorsOfAnotherRank) {
  for (const Tensor& x : {Tensor({4, 8}), Tensor({1, 2, 4, 8}), Tensor({8})})
    dbg::expect_rejected(
        call_of(x, 2), [&] { return returned(student::split_heads(x, 2)); }, {"(B, L, E)"}, dbg::advice::kRank);
}

TEST(DbgSplitHeadsHidden, RejectsFeaturesTheHeadsCannotShare) {
  for (const auto& [shape, heads] :
       std::vector<std::pair<std::vector<Index>, Index>>{{{1, 2, 10}, 3}, {{2, 3, 8}, 3}, {{1, 2, 4}, 8}}) {
    const Tensor x(shape, 1.0f);
    dbg::expect_rejected(
        call_of(x, heads), [&] { return returned(student::split_heads(x, heads)); },
        {"embed_dim (" + std::to_string(shape[2]) + ") must be divisible by num_heads (" + std::to_string(heads) + ")"},
        dbg::advice::kIndivisible);
  }
}

TEST(DbgSplitHeadsHidden, RejectsZeroOrNegativeHeads) {
  const Tensor x({2, 3, 8}, 1.0f);
  for (const Index heads : {Index{0}, Index{-1}, Index{-4}})
    dbg::expect_rejected(
        call_of(x, heads), [&] { return returned(student::split_heads(x, heads)); }, {"num_heads"},
        dbg::advice::kHeadsFirst);
}
