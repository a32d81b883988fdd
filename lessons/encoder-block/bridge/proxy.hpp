// Test side of the encoder-block bridge: the student's functions, called in
// their worker process, with the signatures of encoder-block/encoder_block.hpp.
#pragma once

#include "grader/authoring/proxy_support.hpp"
#include "encoder-block/bridge/declarations.hpp"

namespace student {
// x: (B, L, E) -> (B, L, E)
inline constexpr course::bridge::Proxy<course::bridge::encoder::layer_norm> layer_norm{};
// x: any shape -> the same shape
inline constexpr course::bridge::Proxy<course::bridge::encoder::activate> activate{};
// x: (B, L, E), linear1 (F, E), linear2 (E, F) -> (B, L, E)
inline constexpr course::bridge::Proxy<course::bridge::encoder::feed_forward> feed_forward{};
// src: (B, L, E), masks: src_mask (L, L) or (B*H, L, L), src_key_padding_mask (B, L) -> (B, L, E)
inline constexpr course::bridge::Proxy<course::bridge::encoder::encoder_layer> encoder_layer{};
// embeddings: (B, L, E) -> (B, L, E)
inline constexpr course::bridge::Proxy<course::bridge::encoder::encoder_input> encoder_input{};
// embeddings: (B, L, E) -> (B, L, E)
inline constexpr course::bridge::Proxy<course::bridge::encoder::transformer_encoder> transformer_encoder{};
}  // namespace student
