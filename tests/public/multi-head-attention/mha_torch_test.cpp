// MultiHeadAttention::forward against PyTorch: torch.nn.MultiheadAttention's
// own numbers, weights averaged and per head, so `grader check` sees what
// `grader grade` sees (with masks: mha_forward_masks_test.cpp).
#include "mha_torch_support.hpp"

namespace {

using mha_public::expect_torch_forward;

TEST(MhaTorch, SelfAttentionMatchesTorch) { expect_torch_forward("no_mask"); }
TEST(MhaTorch, PerHeadWeightsMatchTorch) { expect_torch_forward("per_head_weights"); }

}  // namespace
