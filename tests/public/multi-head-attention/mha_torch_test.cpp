// MultiHeadAttention::forward against PyTorch: torch.nn.MultiheadAttention's
// own numbers, weights averaged and per head, so `grader check` sees what
// `grader grade` sees; and forward handing its masks to merge_masks (in
// `grade`, the reference merge_masks: a wrong merge_masks costs mha-masks).
#include "mha_torch_support.hpp"

namespace {

using mha_public::expect_torch_forward;

TEST(MhaTorch, SelfAttentionMatchesTorch) { expect_torch_forward("no_mask"); }
TEST(MhaTorch, PerHeadWeightsMatchTorch) { expect_torch_forward("per_head_weights"); }
TEST(MhaTorch, ForwardAppliesTheMasksItIsGiven) {
  expect_torch_forward("boolean_mask");
  expect_torch_forward("key_padding");
}

}  // namespace
