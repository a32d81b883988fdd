// The encoder-block bridge: its functions and types as both sides know them
// (docs/bridge-api.md), names and defaults as in encoder_block.hpp. The build
// generates the rest from this list (grader/authoring/lesson_bridge.hpp).
#pragma once

#include <string>

#include "common/tensor_codec.hpp"
#include "grader/authoring/lesson_bridge.hpp"
#include "encoder-block/encoder_block.hpp"
// Lesson multi-head-attention's types (MhaParameters, AttentionMask), carried
// by an encoder layer's parameters and masks, travel with its codecs.
#include "multi-head-attention/bridge/declarations.hpp"

COURSE_ENUM_NAMES(course::Activation, {course::Activation::relu, "relu"}, {course::Activation::gelu, "gelu"});
COURSE_STRUCT_FIELDS(course::LayerNormParameters, weight, bias, eps);
COURSE_STRUCT_FIELDS(course::FeedForwardParameters, linear1_weight, linear1_bias, linear2_weight, linear2_bias);
COURSE_STRUCT_FIELDS(course::EncoderLayerParameters, self_attn, feed_forward, norm1, norm2);
COURSE_STRUCT_FIELDS(course::EncoderConfig, num_heads, activation, norm_first);
COURSE_STRUCT_FIELDS(course::EncoderMasks, src_mask, src_key_padding_mask);
COURSE_STRUCT_FIELDS(course::EncoderParameters, layers, final_norm);

namespace course::bridge {

// How the structs read in a call's text: what tells the cases apart, not every tensor.

/// "{weight <vector (8,)>, eps 1e-05}"
template <>
struct description<course::LayerNormParameters> {
  static std::string of(const course::LayerNormParameters& n) {
    return "{weight " + describe_arg(n.weight) + ", eps " + describe_arg(static_cast<double>(n.eps)) + "}";
  }
};

/// "{linear1_weight <matrix (16, 8)>, linear2_weight <matrix (8, 16)>}"
template <>
struct description<course::FeedForwardParameters> {
  static std::string of(const course::FeedForwardParameters& f) {
    return "{linear1_weight " + describe_arg(f.linear1_weight) + ", linear2_weight " + describe_arg(f.linear2_weight) +
           "}";
  }
};

/// "<layer E=8, F=16>"
template <>
struct description<course::EncoderLayerParameters> {
  static std::string of(const course::EncoderLayerParameters& p) {
    return "<layer E=" + std::to_string(p.norm1.weight.size()) +
           ", F=" + std::to_string(p.feed_forward.linear1_weight.rows()) + ">";
  }
};

/// "{num_heads=2, gelu, norm_first}", "{num_heads=2, relu, post-norm}"
template <>
struct description<course::EncoderConfig> {
  static std::string of(const course::EncoderConfig& c) {
    return "{num_heads=" + std::to_string(c.num_heads) + ", " + std::string(codec<course::Activation>::name(c.activation)) +
           (c.norm_first ? ", norm_first}" : ", post-norm}");
  }
};

/// "{src_mask=<boolean (5, 5)>, src_key_padding_mask=<tensor (2, 5)>}", "{}" for none.
template <>
struct description<course::EncoderMasks> {
  static std::string of(const course::EncoderMasks& m) {
    std::string s = "{";
    if (m.src_mask)
      s += "src_mask=<" + std::string(codec<course::MaskKind>::name(m.src_mask->kind)) + " " +
           course::shape_string(m.src_mask->values.shape()) + ">";
    if (m.src_key_padding_mask)
      s += std::string(m.src_mask ? ", " : "") + "src_key_padding_mask=" + describe_arg(*m.src_key_padding_mask);
    return s + "}";
  }
};

/// "<3 layers, final norm>"
template <>
struct description<course::EncoderParameters> {
  static std::string of(const course::EncoderParameters& p) {
    return "<" + std::to_string(p.layers.size()) + " layers" + (p.final_norm ? ", final norm>" : ">");
  }
};

}  // namespace course::bridge

// Each exercise whose functions other exercises of the lesson use (course.yaml,
// an exercise's `uses`) lists them apart, named again in COURSE_BRIDGE, so the
// build serves them to those exercises (lesson_bridge.hpp). Shapes: x, src,
// embeddings (B, L, E); feed-forward linear1 (F, E), linear2 (E, F); masks:
// src_mask (L, L) or (B*H, L, L), src_key_padding_mask (B, L); every result (B, L, E).
#define COURSE_EXERCISE_encoder_block_layer_norm(FUNCTION, CLASS, METHOD, CALL) FUNCTION(layer_norm, "x", "norm")
#define COURSE_EXERCISE_encoder_block_feed_forward(FUNCTION, CLASS, METHOD, CALL) \
  FUNCTION(activate, "x", "activation")                                       \
  FUNCTION(feed_forward, "x", "ff", "activation")
#define COURSE_EXERCISE_encoder_block_encoder_layer(FUNCTION, CLASS, METHOD, CALL) \
  FUNCTION(encoder_layer, "src", "layer", "config", arg("masks") = course::EncoderMasks{})
#define COURSE_BRIDGE_encoder_block(FUNCTION, CLASS, METHOD, CALL) \
  FUNCTION(encoder_input, "embeddings")                            \
  FUNCTION(transformer_encoder, "embeddings", "encoder", "config", arg("masks") = course::EncoderMasks{})
COURSE_BRIDGE(encoder_block, layer_norm, feed_forward, encoder_layer)
