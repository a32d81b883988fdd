// Exercise encoder-layer against PyTorch: torch.nn.TransformerEncoderLayer's
// own numbers (torch_layer_cases.hpp, written by
// tests/fixture_scripts/make_public_torch_cases.py) for each norm order, each activation and
// each kind of mask, so `grader check` sees what `grader grade` sees.
#include <string>

#include "common/tensor_testing.hpp"
#include "encoder-block/bridge/proxy.hpp"
#include "torch_layer_cases.hpp"

namespace {

using course::EncoderConfig;
using course::EncoderLayerParameters;
using course::EncoderMasks;
using course::Index;
using course::MatrixXf;
using course::Tensor;
using course::VectorXf;
using encoder_torch::LayerCase;

constexpr course_testing::Tolerance kTol = course_testing::kFloatTol;

MatrixXf matrix(const std::vector<float>& v, Index rows, Index cols) {
  return Eigen::Map<const MatrixXf>(v.data(), rows, cols);
}

VectorXf vector(const std::vector<float>& v) { return Eigen::Map<const VectorXf>(v.data(), Index(v.size())); }

const LayerCase& torch_case(const std::string& name) {
  for (const auto& c : encoder_torch::layer_cases())
    if (c.name == name) return c;
  throw std::logic_error("no torch case named " + name);
}

// Runs the student's layer on a case's src, parameters and masks, and checks torch's output.
void expect_torch_output(const std::string& name) {
  const LayerCase& c = torch_case(name);
  SCOPED_TRACE(std::string(c.name) + ": " + c.what);
  const Index e = c.e, f = c.f;
  EncoderLayerParameters p;
  p.self_attn = {matrix(c.in_proj_weight, 3 * e, e), vector(c.in_proj_bias), matrix(c.out_proj_weight, e, e),
                 vector(c.out_proj_bias)};
  p.feed_forward = {matrix(c.linear1_weight, f, e), vector(c.linear1_bias), matrix(c.linear2_weight, e, f),
                    vector(c.linear2_bias)};
  p.norm1 = {vector(c.norm1_weight), vector(c.norm1_bias), 1e-5f};
  p.norm2 = {vector(c.norm2_weight), vector(c.norm2_bias), 1e-5f};
  EncoderMasks masks;
  if (c.mask_kind != encoder_torch::MaskKind::none)
    masks.src_mask = course::AttentionMask{
        c.mask_kind == encoder_torch::MaskKind::boolean ? course::MaskKind::boolean : course::MaskKind::additive,
        Tensor({c.l, c.l}, c.src_mask)};
  if (!c.src_key_padding_mask.empty()) masks.src_key_padding_mask = Tensor({c.b, c.l}, c.src_key_padding_mask);
  const EncoderConfig config{c.h, c.activation, c.norm_first};
  const Tensor got = student::encoder_layer(Tensor({c.b, c.l, e}, c.src), p, config, masks);
  EXPECT_RESULT_NEAR(got, Tensor({c.b, c.l, e}, c.output), kTol);
}

// Each norm order with each activation, no masks.
TEST(EncoderLayerTorch, PostNormReluMatchesTorch) { expect_torch_output("post_relu"); }
TEST(EncoderLayerTorch, PostNormGeluMatchesTorch) { expect_torch_output("post_gelu"); }
TEST(EncoderLayerTorch, PreNormReluMatchesTorch) { expect_torch_output("pre_relu"); }
TEST(EncoderLayerTorch, PreNormGeluMatchesTorch) { expect_torch_output("pre_gelu"); }

// Each kind of mask.
TEST(EncoderLayerTorch, BooleanSrcMaskMatchesTorch) { expect_torch_output("post_boolean_mask"); }
TEST(EncoderLayerTorch, FiniteAdditiveSrcMaskMatchesTorch) { expect_torch_output("pre_finite_additive_mask"); }
TEST(EncoderLayerTorch, CausalSrcMaskMatchesTorch) { expect_torch_output("post_causal_mask"); }
TEST(EncoderLayerTorch, KeyPaddingMaskMatchesTorch) { expect_torch_output("pre_key_padding"); }

// A src_mask that is not symmetric, beside a padding mask: both apply, the src_mask as given.
TEST(EncoderLayerTorch, SrcMaskBesidePaddingMatchesTorch) { expect_torch_output("post_mask_beside_padding"); }
TEST(EncoderLayerTorch, AdditiveSrcMaskBesidePaddingMatchesTorch) {
  expect_torch_output("pre_additive_mask_beside_padding");
}

}  // namespace
