// Hidden tests of exercise dbg-head-dim: a large grid against the reference,
// the exact wording of the divisibility error, every non-positive argument,
// and sizes beyond 32 bits.
#include <string>
#include <utility>
#include <vector>

#include "../../public/shapes-and-debugging/dbg_checks.hpp"
#include "common/tensor_testing.hpp"
#include "shapes-and-debugging/bridge/proxy.hpp"
#include "shapes-and-debugging/shapes_and_debugging.hpp"

using course::Index;

namespace {

std::string call_of(Index embed_dim, Index num_heads) {
  return "head_dim(" + std::to_string(embed_dim) + ", " + std::to_string(num_heads) + ")";
}

/// The reference's answer, or -1 when it refuses.
Index reference_or_refusal(Index embed_dim, Index num_heads) {
  try {
    return ref::head_dim(embed_dim, num_heads);
  } catch (const std::invalid_argument&) {
    return -1;
  }
}

}  // namespace

TEST(DbgHeadDimHidden, MatchesReferenceOnAGrid) {
  dbg::GridReport report;
  for (Index embed_dim = 1; embed_dim <= 96; ++embed_dim)
    for (Index heads = 1; heads <= 12; ++heads)
      report.check(embed_dim, heads, reference_or_refusal(embed_dim, heads),
                   [&] { return student::head_dim(embed_dim, heads); });
  if (!report.ok()) {
    DBG_FAIL(report.text());
  }
}

TEST(DbgHeadDimHidden, DivisibilityErrorNamesBothValues) {
  // The message says which numbers clash, in the documented order.
  for (const auto& [embed_dim, heads] : std::vector<std::pair<Index, Index>>{{10, 3}, {512, 3}, {7, 2}, {100, 8}})
    dbg::expect_rejected(
        call_of(embed_dim, heads),
        [&] { return dbg::head_dim_returned(embed_dim, heads, student::head_dim(embed_dim, heads)); },
        {"embed_dim (" + std::to_string(embed_dim) + ") must be divisible by num_heads (" + std::to_string(heads) +
         ")"},
        dbg::advice::kIndivisible);
}

TEST(DbgHeadDimHidden, RejectsZeroHeads) {
  for (const Index embed_dim : {Index{8}, Index{1}, Index{12}})
    dbg::expect_rejected(
        call_of(embed_dim, 0), [&] { return dbg::head_dim_returned(embed_dim, 0, student::head_dim(embed_dim, 0)); },
        {"num_heads"}, dbg::advice::kHeadsFirst);
}

TEST(DbgHeadDimHidden, RejectsNegativeHeads) {
  // -2 divides 8 evenly; that does not make -2 heads a thing.
  for (const auto& [embed_dim, heads] : std::vector<std::pair<Index, Index>>{{8, -2}, {9, -3}, {7, -1}})
    dbg::expect_rejected(
        call_of(embed_dim, heads),
        [&] { return dbg::head_dim_returned(embed_dim, heads, student::head_dim(embed_dim, heads)); }, {"num_heads"},
        dbg::advice::kHeadsFirst);
}

TEST(DbgHeadDimHidden, RejectsZeroOrNegativeEmbedDim) {
  for (const auto& [embed_dim, heads] : std::vector<std::pair<Index, Index>>{{0, 1}, {0, 4}, {-8, 2}, {-1, 1}})
    dbg::expect_rejected(
        call_of(embed_dim, heads),
        [&] { return dbg::head_dim_returned(embed_dim, heads, student::head_dim(embed_dim, heads)); }, {"embed_dim"},
        dbg::advice::kEmbedDim);
}

TEST(DbgHeadDimHidden, HandlesSizesBeyondThirtyTwoBits) {
  // Index is 64-bit; squeezing the arguments through int loses them.
  constexpr Index kBig = Index{1} << 40;
  dbg::GridReport divisible;
  divisible.check(kBig, Index{1} << 20, Index{1} << 20, [] { return student::head_dim(kBig, Index{1} << 20); });
  divisible.check(3 * (Index{1} << 33), 3, Index{1} << 33, [] { return student::head_dim(3 * (Index{1} << 33), 3); });
  if (!divisible.ok()) {
    DBG_FAIL(divisible.text() + "\n" +
             dbg::cause("the sizes were narrowed to 32 bits (int) somewhere: keep them in Index, which is 64-bit."));
  }
  dbg::GridReport indivisible;
  indivisible.check(kBig + 1, Index{1} << 20, -1, [] { return student::head_dim(kBig + 1, Index{1} << 20); });
  if (!indivisible.ok()) {
    DBG_FAIL(indivisible.text());
  }
}
