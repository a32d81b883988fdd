// Exercise encoder-layer, hidden tests: against PyTorch's nn.TransformerEncoderLayer
// (both norm orders, both activations, every kind of mask) and the reference.
#include "common/tensor_testing.hpp"
#include "encoder-block/bridge/proxy.hpp"
#include "encoder_fixture.hpp"
#include "encoder_mistakes.hpp"
#include "encoder_sweep.hpp"

namespace {

using course::Activation;
using course::EncoderConfig;
using course::EncoderMasks;
using course::Tensor;

void expect_layer_matches_torch(const std::string& name) {
  SCOPED_TRACE("PyTorch fixture tests/fixtures/encoder-block/" + name + ".txt");
  const auto f = encoder_fixture::load(name);
  const Tensor got = student::encoder_layer(f.tensor("src"), encoder_fixture::layer(f), encoder_fixture::config(f),
                                            encoder_fixture::masks(f));
  EXPECT_TENSOR_NEAR(got, f.tensor("output"), encoder_fixture::kTorchAtol, encoder_fixture::kTorchRtol);
}

TEST(EncoderLayerHidden, PostNormMatchesTorch) {
  for (const char* name : {"layer_post_relu", "layer_eps"}) expect_layer_matches_torch(name);
}

TEST(EncoderLayerHidden, PreNormMatchesTorch) { expect_layer_matches_torch("layer_pre_gelu"); }

TEST(EncoderLayerHidden, MasksMatchTorch) {
  for (const char* name : {"layer_post_gelu_masks", "layer_pre_relu_causal_padding", "layer_mask_3d"})
    expect_layer_matches_torch(name);
}

TEST(EncoderLayerHidden, MatchesReferenceSweep) {
  encoder_sweep::Random random(61);
  for (const auto& s : encoder_sweep::shapes())
    for (bool norm_first : {false, true})
      for (Activation a : {Activation::relu, Activation::gelu}) {
        SCOPED_TRACE(testing::Message() << s << " norm_first=" << norm_first
                                        << (a == Activation::relu ? " relu" : " gelu"));
        const Tensor src = random.normal({s.batch, s.length, s.d_model});
        const auto layer = random.layer(s.d_model, s.feedforward);
        const EncoderConfig c{s.num_heads, a, norm_first};
        EncoderMasks masks;
        masks.src_key_padding_mask = random.padding(s.batch, s.length);
        EXPECT_RESULT_NEAR_EXPLAINED(student::encoder_layer(src, layer, c, masks),
                                     ref::encoder_layer(src, layer, c, masks), course_testing::kFloatTol,
                                     encoder_mistakes::encoder_layer(src, layer, c, masks));
      }
}

}  // namespace
