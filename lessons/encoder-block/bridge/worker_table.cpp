// Worker side of the encoder-block bridge: exposes the student's functions by
// name. Linked only into workers, never with reference code.
#include "common/worker_support.hpp"
#include "encoder-block/bridge/codec.hpp"
#include "encoder-block/encoder_block.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  register_course_errors(registry);
  auto activation = [](const Values& a, std::size_t i) {
    return encoder::activation_from(grader::protocol::get<std::string>(a, i, "activation"));
  };

  registry.add("layer_norm", [](const Values& a) -> Values {
    return {to_value(course::layer_norm(tensor(a, 0, "x"), encoder::norm(a, 1, "norm")))};
  });
  registry.add("activate", [activation](const Values& a) -> Values {
    return {to_value(course::activate(tensor(a, 0, "x"), activation(a, 1)))};
  });
  registry.add("feed_forward", [activation](const Values& a) -> Values {
    return {to_value(course::feed_forward(tensor(a, 0, "x"), encoder::feed_forward(a, 1),
                                          activation(a, 1 + encoder::kFeedForwardValues)))};
  });
  registry.add("encoder_layer", [](const Values& a) -> Values {
    constexpr std::size_t config_at = 1 + encoder::kLayerValues;
    return {to_value(course::encoder_layer(tensor(a, 0, "src"), encoder::layer(a, 1), encoder::config(a, config_at),
                                           encoder::masks(a, config_at + encoder::kConfigValues)))};
  });
  registry.add("encoder_input", [](const Values& a) -> Values {
    return {to_value(course::encoder_input(tensor(a, 0, "embeddings")))};
  });
  registry.add("transformer_encoder", [](const Values& a) -> Values {
    constexpr std::size_t masks_at = 1 + encoder::kConfigValues;
    std::size_t next = 0;
    const auto parameters = encoder::encoder(a, masks_at + encoder::kMaskValues, next);
    return {to_value(course::transformer_encoder(tensor(a, 0, "embeddings"), parameters, encoder::config(a, 1),
                                                 encoder::masks(a, masks_at)))};
  });
}
