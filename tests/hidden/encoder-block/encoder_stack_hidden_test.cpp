// Exercise encoder-stack, hidden tests: encoder_input and transformer_encoder
// against PyTorch's nn.TransformerEncoder and the reference.
#include "common/tensor_testing.hpp"
#include "encoder-block/bridge/proxy.hpp"
#include "encoder_fixture.hpp"
#include "encoder_mistakes.hpp"
#include "encoder_sweep.hpp"

namespace {

using course::Activation;
using course::EncoderConfig;
using course::EncoderMasks;
using course::EncoderParameters;
using course::Tensor;

TEST(EncoderStackHidden, InputMatchesTorch) {
  for (const auto& name : encoder_fixture::stack_cases()) {
    SCOPED_TRACE("PyTorch fixture tests/fixtures/encoder-block/" + name + ".txt");
    const auto f = encoder_fixture::load(name);
    EXPECT_TENSOR_NEAR(student::encoder_input(f.tensor("embeddings")), f.tensor("encoder_input"),
                       encoder_fixture::kTorchAtol, encoder_fixture::kTorchRtol);
  }
}

TEST(EncoderStackHidden, StackMatchesTorch) {
  for (const auto& name : encoder_fixture::stack_cases()) {
    SCOPED_TRACE("PyTorch fixture tests/fixtures/encoder-block/" + name + ".txt");
    const auto f = encoder_fixture::load(name);
    const Tensor got = student::transformer_encoder(f.tensor("embeddings"), encoder_fixture::encoder(f),
                                                    encoder_fixture::config(f), encoder_fixture::masks(f));
    EXPECT_TENSOR_NEAR(got, f.tensor("output"), encoder_fixture::kTorchAtol, encoder_fixture::kTorchRtol);
  }
}

TEST(EncoderStackHidden, MatchesReferenceSweep) {
  encoder_sweep::Random random(71);
  const auto& shapes = encoder_sweep::shapes();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const auto& s = shapes[i];
    for (std::size_t layers : {std::size_t{0}, std::size_t{1}, std::size_t{3}}) {
      const bool final_norm = (i + layers) % 2 == 0;
      SCOPED_TRACE(testing::Message() << s << " layers=" << layers << " final_norm=" << final_norm);
      EncoderParameters p;
      for (std::size_t n = 0; n < layers; ++n) p.layers.push_back(random.layer(s.d_model, s.feedforward));
      if (final_norm) p.final_norm = random.norm(s.d_model);
      const EncoderConfig c{s.num_heads, i % 2 ? Activation::gelu : Activation::relu, i % 3 == 1};
      const Tensor embeddings = random.normal({s.batch, s.length, s.d_model}, 0.3f);
      EncoderMasks masks;
      if (i % 2 == 0) masks.src_key_padding_mask = random.padding(s.batch, s.length);
      EXPECT_RESULT_NEAR_EXPLAINED(student::transformer_encoder(embeddings, p, c, masks),
                                   ref::transformer_encoder(embeddings, p, c, masks), course_testing::kFloatTol,
                                   encoder_mistakes::transformer_encoder(embeddings, p, c, masks));
    }
  }
}

}  // namespace
