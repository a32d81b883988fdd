// Public tests of exercise dbg-split-heads. The inputs carry their own
// address: x(b, l, e) = 100 b + 10 l + e, so a wrong value tells you which
// token and feature it came from. Run them with
//   build/bin/grader check shapes-and-debugging
#include <string>

#include "common/tensor_testing.hpp"
#include "dbg_checks.hpp"
#include "shapes-and-debugging/bridge/proxy.hpp"

namespace {

using course::Index;
using course::Tensor;

// x(b, l, e) = 100 b + 10 l + e: whole numbers, exact in float.
Tensor addressed(Index batch, Index seq_len, Index embed_dim) {
  return dbg::tensor_from({batch, seq_len, embed_dim}, [](const std::vector<Index>& i) {
    return static_cast<float>(100 * i[0] + 10 * i[1] + i[2]);
  });
}

std::string call_of(const Tensor& x, Index heads) {
  return dbg::call_text("split_heads", {course::bridge::describe_arg(x), std::to_string(heads)});
}

}  // namespace

TEST(DbgSplitHeads, HeadsTakeContiguousFeatureBlocks) {
  // Two tokens of 4 features, 2 heads of 2: head 0 takes features 0, 1 of
  // every token, head 1 features 2, 3.
  const Tensor x = addressed(1, 2, 4);  // token 0: 0 1 2 3, token 1: 10 11 12 13
  const Tensor got = student::split_heads(x, 2);
  const Tensor want({1, 2, 2, 2}, {0, 1, 10, 11,    // head 0: (token 0, features 0..1), (token 1, features 0..1)
                                   2, 3, 12, 13});  // head 1: the same tokens, features 2..3
  // Copies of whole numbers: exact.
  DBG_EXPECT_NEAR(call_of(x, 2), got, want, "head h = features [2h, 2h + 2) of each token", 0.0, 0.0)
      << dbg::diagnose_split(x, 2, got);
}

TEST(DbgSplitHeads, KeepsBatchesAndTokensInPlace) {
  // (2, 3, 6) into 3 heads of 2: out(b, h, l, d) = x(b, l, 2h + d) = 100 b + 10 l + 2h + d.
  const Tensor x = addressed(2, 3, 6);
  const Tensor got = student::split_heads(x, 3);
  const Tensor want = dbg::tensor_from({2, 3, 3, 2}, [](const std::vector<Index>& i) {
    return static_cast<float>(100 * i[0] + 10 * i[2] + 2 * i[1] + i[3]);
  });
  DBG_EXPECT_NEAR(call_of(x, 3), got, want, "out(b, h, l, d) = 100 b + 10 l + 2h + d", 0.0, 0.0)
      << dbg::diagnose_split(x, 3, got);
}

TEST(DbgSplitHeads, RejectsFeaturesTheHeadsCannotShare) {
  const Tensor x = addressed(1, 2, 6);
  dbg::expect_rejected(
      call_of(x, 4),
      [&] { return "returned a tensor of shape " + course::shape_string(student::split_heads(x, 4).shape()); },
      {"embed_dim (6)", "num_heads (4)"}, dbg::advice::kIndivisible);
}

TEST(DbgSplitHeads, RejectsZeroOrNegativeHeads) {
  const Tensor x = addressed(1, 2, 6);
  for (const Index heads : {Index{0}, Index{-2}})
    dbg::expect_rejected(
        call_of(x, heads),
        [&] { return "returned a tensor of shape " + course::shape_string(student::split_heads(x, heads).shape()); },
        {"num_heads"}, dbg::advice::kHeadsFirst);
}

TEST(DbgSplitHeads, OneHeadIsTheWholeTokenTwoHeadsItsHalves) {
  // Any count > 0 is valid, 1 included: the one head is the whole token,
  // out(b, 0, l, e) = x(b, l, e); two heads of the same x take its halves.
  const Tensor x = addressed(2, 3, 4);
  const Tensor one = student::split_heads(x, 1);
  const Tensor whole = dbg::tensor_from({2, 1, 3, 4}, [](const std::vector<Index>& i) {
    return static_cast<float>(100 * i[0] + 10 * i[2] + i[3]);
  });
  DBG_EXPECT_NEAR(call_of(x, 1), one, whole, "a single head of all 4 features", 0.0, 0.0) << dbg::diagnose_split(x, 1, one);
  const Tensor two = student::split_heads(x, 2);
  const Tensor halves = dbg::tensor_from({2, 2, 3, 2}, [](const std::vector<Index>& i) {
    return static_cast<float>(100 * i[0] + 10 * i[2] + 2 * i[1] + i[3]);
  });
  DBG_EXPECT_NEAR(call_of(x, 2), two, halves, "head h = features [2h, 2h + 2) of each token", 0.0, 0.0)
      << dbg::diagnose_split(x, 2, two);
}

TEST(DbgSplitHeads, RejectsTensorsOfAnotherRank) {
  // split_heads reads x as (B, L, E): a matrix or a rank-4 tensor is refused
  // before any of its dimensions is read.
  for (const Tensor& x : {Tensor({4, 8}), Tensor({1, 2, 4, 8})})
    dbg::expect_rejected(
        call_of(x, 2),
        [&] { return "returned a tensor of shape " + course::shape_string(student::split_heads(x, 2).shape()); },
        {"(B, L, E)"}, dbg::advice::kRank);
}
