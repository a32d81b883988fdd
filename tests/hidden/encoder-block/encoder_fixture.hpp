// Reads tests/fixtures/encoder-block/<name>.txt, written by
// tests/fixture_scripts/make_encoder_fixtures.py from torch.nn.LayerNorm,
// TransformerEncoderLayer and TransformerEncoder (the multi-head-attention
// fixtures' format and reader; tensors named as in torch's state_dict).
//
// Tolerance against PyTorch: the course's float32 rule (lessons/common/tensor_testing.hpp).
// Both sides compute in float32; a layer adds the attention's error to the
// feed-forward's, and a layer norm divides by a standard deviation near 1,
// so reordered sums move results by a few ulps of values near 3: the
// reference differs from these fixtures by at most about 2e-6. A wrong norm
// order, axis, variance, activation, residual or mask moves them by 1e-2 or more.
#pragma once

#include <string>

#include "../multi-head-attention/mha_fixture.hpp"
#include "common/tensor_testing.hpp"
#include "encoder-block/encoder_block.hpp"

namespace encoder_fixture {

using mha_fixture::Fixture;

inline constexpr double kTorchAtol = course_testing::kFloatTol.atol;
inline constexpr double kTorchRtol = course_testing::kFloatTol.rtol;

inline Fixture load(const std::string& name) {
  return Fixture::load_from("encoder-block", "tests/fixture_scripts/make_encoder_fixtures.py", name);
}

/// The fixtures of one encoder layer, and of stacks, in the order of the script.
inline const std::vector<std::string>& layer_cases() {
  static const std::vector<std::string> names = {"layer_post_relu",      "layer_pre_gelu",
                                                 "layer_post_gelu_masks", "layer_pre_relu_causal_padding",
                                                 "layer_mask_3d",         "layer_eps"};
  return names;
}
inline const std::vector<std::string>& stack_cases() {
  static const std::vector<std::string> names = {"stack_post_relu", "stack_pre_gelu_causal", "stack_no_final_norm"};
  return names;
}

/// The layer norms' eps (torch's layer_norm_eps), written in every fixture.
inline float eps(const Fixture& f) { return std::stof(f.text("layer_norm_eps")); }

/// LayerNorm parameters named `prefix`weight and `prefix`bias ("norm1.", "layers.0.norm2.", "").
inline course::LayerNormParameters norm(const Fixture& f, const std::string& prefix, float epsilon) {
  return {f.vector(prefix + "weight"), f.vector(prefix + "bias"), epsilon};
}

inline course::Activation activation(const Fixture& f) {
  return f.text("activation") == "gelu" ? course::Activation::gelu : course::Activation::relu;
}

inline course::FeedForwardParameters feed_forward(const Fixture& f, const std::string& prefix = "") {
  return {f.matrix(prefix + "linear1.weight"), f.vector(prefix + "linear1.bias"), f.matrix(prefix + "linear2.weight"),
          f.vector(prefix + "linear2.bias")};
}

inline course::EncoderLayerParameters layer(const Fixture& f, const std::string& prefix = "") {
  const std::string a = prefix + "self_attn.";
  return {{f.matrix(a + "in_proj_weight"), f.vector(a + "in_proj_bias"), f.matrix(a + "out_proj.weight"),
           f.vector(a + "out_proj.bias")},
          feed_forward(f, prefix),
          norm(f, prefix + "norm1.", eps(f)),
          norm(f, prefix + "norm2.", eps(f))};
}

inline course::EncoderParameters encoder(const Fixture& f) {
  course::EncoderParameters p;
  for (course::Index i = 0; i < f.integer("num_layers"); ++i)
    p.layers.push_back(layer(f, "layers." + std::to_string(i) + "."));
  if (f.flag("final_norm")) p.final_norm = norm(f, "norm.", 1e-5f);
  return p;
}

inline course::EncoderConfig config(const Fixture& f) {
  return {f.integer("nhead"), activation(f), f.flag("norm_first")};
}

inline course::EncoderMasks masks(const Fixture& f) {
  course::EncoderMasks m;
  const std::string& kind = f.text("src_mask_kind");
  if (kind != "none")
    m.src_mask = course::AttentionMask{kind == "boolean" ? course::MaskKind::boolean : course::MaskKind::additive,
                                       f.tensor("src_mask")};
  if (f.has("src_key_padding_mask")) m.src_key_padding_mask = f.tensor("src_key_padding_mask");
  return m;
}

}  // namespace encoder_fixture
