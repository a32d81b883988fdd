// Public tests of exercise dbg-head-dim. Every test asks head_dim to refuse
// something integer division would quietly get wrong; the last one walks a
// small grid you can check by hand. Run them with
//   build/bin/grader check shapes-and-debugging
#include <string>
#include <vector>

#include "common/tensor_testing.hpp"
#include "dbg_checks.hpp"
#include "shapes-and-debugging/bridge/proxy.hpp"

using course::Index;

TEST(DbgHeadDim, RejectsTenFeaturesForThreeHeads) {
  dbg::expect_rejected(
      "head_dim(10, 3)", [] { return dbg::head_dim_returned(10, 3, student::head_dim(10, 3)); },
      {"embed_dim (10)", "num_heads (3)"}, dbg::advice::kIndivisible);
}

TEST(DbgHeadDim, RejectsZeroOrNegativeHeads) {
  for (const Index heads : {Index{0}, Index{-2}}) {
    const std::string call = "head_dim(8, " + std::to_string(heads) + ")";
    dbg::expect_rejected(
        call, [&] { return dbg::head_dim_returned(8, heads, student::head_dim(8, heads)); }, {"num_heads"},
        dbg::advice::kHeadsFirst);
  }
}

TEST(DbgHeadDim, RejectsZeroOrNegativeEmbedDim) {
  for (const auto& [embed_dim, heads] : std::vector<std::pair<Index, Index>>{{0, 4}, {-8, 2}}) {
    const std::string call = "head_dim(" + std::to_string(embed_dim) + ", " + std::to_string(heads) + ")";
    dbg::expect_rejected(
        call, [&] { return dbg::head_dim_returned(embed_dim, heads, student::head_dim(embed_dim, heads)); },
        {"embed_dim"}, dbg::advice::kEmbedDim);
  }
}

TEST(DbgHeadDim, DividesEvenlyOrRefusesOnASmallGrid) {
  // embed_dim 1..12 against 1..4 heads: the quotient when the heads share the
  // features evenly, std::invalid_argument otherwise.
  dbg::GridReport report;
  for (Index embed_dim = 1; embed_dim <= 12; ++embed_dim)
    for (Index heads = 1; heads <= 4; ++heads)
      report.check(embed_dim, heads, embed_dim % heads == 0 ? embed_dim / heads : -1,
                   [&] { return student::head_dim(embed_dim, heads); });
  if (!report.ok()) {
    DBG_FAIL(report.text());
  }
}

TEST(DbgHeadDim, KeepsSizesBeyondThirtyTwoBits) {
  // Index is 64-bit: a size squeezed through int on the way loses its high bits.
  constexpr Index kBig = Index{1} << 40;
  dbg::GridReport report;
  report.check(kBig, Index{1} << 20, Index{1} << 20, [] { return student::head_dim(kBig, Index{1} << 20); });
  report.check(kBig + 1, Index{1} << 20, -1, [] { return student::head_dim(kBig + 1, Index{1} << 20); });
  if (!report.ok()) {
    DBG_FAIL(report.text() + "\n" +
             dbg::cause("the sizes were narrowed to 32 bits (int) somewhere: keep them in Index, which is 64-bit."));
  }
}
