// MultiHeadAttention::forward against PyTorch with each kind of mask:
// torch.nn.MultiheadAttention's own numbers for a boolean, a finite additive
// and a causal attn_mask and a key_padding_mask.
#include "mha_torch_support.hpp"

namespace {

using mha_public::expect_torch_forward;

TEST(MhaMasksTorch, BooleanMaskMatchesTorch) { expect_torch_forward("boolean_mask"); }
TEST(MhaMasksTorch, FiniteAdditiveMaskMatchesTorch) { expect_torch_forward("finite_additive_mask"); }
TEST(MhaMasksTorch, CausalMaskMatchesTorch) { expect_torch_forward("causal_mask"); }
TEST(MhaMasksTorch, KeyPaddingMaskMatchesTorch) { expect_torch_forward("key_padding"); }

}  // namespace
