// Runs MultiHeadAttention::forward, on self-attention, with torch's numbers
// (torch_forward_cases.hpp, written by tests/fixture_scripts/make_public_torch_cases.py),
// and checks torch's output and weights. Shared by the public suites of
// mha-combine, without a mask and with each kind of mask.
#pragma once

#include <stdexcept>
#include <string>

#include "common/tensor_testing.hpp"
#include "multi-head-attention/bridge/proxy.hpp"
#include "torch_forward_cases.hpp"

namespace mha_public {

inline const mha_torch::ForwardCase& torch_case(const std::string& name) {
  for (const auto& c : mha_torch::forward_cases())
    if (c.name == name) return c;
  throw std::logic_error("no torch case named " + name);
}

inline void expect_torch_forward(const std::string& name) {
  using course::Index;
  using course::MatrixXf;
  using course::Tensor;
  using course::VectorXf;
  const mha_torch::ForwardCase& c = torch_case(name);
  SCOPED_TRACE(std::string(c.name) + ": " + c.what);
  const Index e = c.e;
  student::MultiHeadAttention mha(e, c.h);
  mha.set_parameters({Eigen::Map<const MatrixXf>(c.in_proj_weight.data(), 3 * e, e),
                      Eigen::Map<const VectorXf>(c.in_proj_bias.data(), 3 * e),
                      Eigen::Map<const MatrixXf>(c.out_proj_weight.data(), e, e),
                      Eigen::Map<const VectorXf>(c.out_proj_bias.data(), e)});
  course::ForwardOptions options;
  options.average_attn_weights = c.average_attn_weights;
  if (c.mask_kind != mha_torch::MaskKind::none)
    options.attn_mask = course::AttentionMask{
        c.mask_kind == mha_torch::MaskKind::boolean ? course::MaskKind::boolean : course::MaskKind::additive,
        Tensor({c.l, c.l}, c.attn_mask)};
  if (!c.key_padding_mask.empty()) options.key_padding_mask = Tensor({c.b, c.l}, c.key_padding_mask);
  const Tensor x({c.b, c.l, e}, c.x);
  const auto got = mha.forward(x, x, x, options);
  EXPECT_RESULT_NEAR(got.output, Tensor({c.b, c.l, e}, c.output), course_testing::kFloatTol);
  ASSERT_HOLDS(got.weights.has_value(), "expected the attention weights, got none (std::nullopt)");
  const std::vector<Index> weights_shape =
      c.average_attn_weights ? std::vector<Index>{c.b, c.l, c.l} : std::vector<Index>{c.b, c.h, c.l, c.l};
  EXPECT_RESULT_NEAR(*got.weights, Tensor(weights_shape, c.weights), course_testing::kFloatTol);
}

}  // namespace mha_public
