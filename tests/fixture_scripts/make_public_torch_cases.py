#!/usr/bin/python3
"""Writes the PyTorch numbers the PUBLIC suites compare with, as C++ headers:

    tests/public/multi-head-attention/torch_forward_cases.hpp
        torch.nn.MultiheadAttention(E, H, batch_first=True).forward
    tests/public/encoder-block/torch_layer_cases.hpp
        torch.nn.TransformerEncoderLayer(..., dropout=0, batch_first=True)

Public suites ship to students: they hold no reference code and read no
fixture file (the hidden suites' fixtures stay out of the handout), so each
case is its inputs, its parameters and torch's output, written out as float
literals. The cases are small (a few hundred numbers each) and cover what a
student's `grader check` must see: each norm order, each activation, and each
kind of mask (boolean, finite additive, causal, key padding, and a src_mask
that is not symmetric beside a padding mask).

Run from anywhere with the system Python (Debian's python3-torch and
python3-numpy):
    /usr/bin/python3 tests/fixture_scripts/make_public_torch_cases.py
"""

import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
sys.path.insert(0, HERE)
from make_mha_fixtures import rounded  # noqa: E402  (4-decimal inputs, as in every fixture)

INF = float("inf")


def literal(v):
    """The shortest C++ float literal that reads back to the same float32."""
    v = np.float32(v)
    if np.isnan(v):
        raise ValueError("NaN in a public case: a query has every key blocked")
    if np.isinf(v):
        return "kInf" if v > 0 else "-kInf"
    if v == 0:
        return "0.0f"
    text = np.format_float_scientific(v, unique=True, trim="0") if not (1e-4 <= abs(v) < 1e4) \
        else np.format_float_positional(v, unique=True, trim="0")
    return text + "f"


def values(t):
    a = t.detach().numpy() if isinstance(t, torch.Tensor) else np.asarray(t)
    flat = [literal(v) for v in a.astype(np.float32).reshape(-1)]
    lines = [", ".join(flat[i:i + 8]) for i in range(0, len(flat), 8)]
    return "{" + (",\n       ".join(lines)) + "}"


def randn(*shape, scale=1.0):
    return rounded(torch.randn(*shape) * scale)


def bool_mask(*shape, p=0.35, keep_diagonal=False):
    """Random True = blocked, never a whole row (torch would return NaN): key
    0 stays open; with keep_diagonal each query also sees itself, so the
    transposed mask blocks no whole row either."""
    mask = torch.rand(*shape) < p
    mask[..., 0] = False
    if keep_diagonal:
        n = min(shape[-2], shape[-1])
        mask[..., range(n), range(n)] = False
    return mask


def mask_fields(kind, mask):
    if mask is None:
        return "MaskKind::none", "{}"
    return kind, values(mask.float() if mask.dtype == torch.bool else mask)


def header(path, what, body):
    with open(path, "w") as f:
        f.write(f"""// {what}
// Written by tests/fixture_scripts/make_public_torch_cases.py with torch {torch.__version__}; do not edit.
// Inputs and parameters are rounded to 4 decimals; every value is a float32
// written with the fewest digits that read back to the same float.
#pragma once

#include <limits>
#include <vector>

{body}""")
    return path


# --- multi-head attention --------------------------------------------------------


def mha_case(name, what, e, h, b, l, attn_mask=None, mask_kind="MaskKind::none", key_padding_mask=None,
             average=True):
    m = torch.nn.MultiheadAttention(e, h, batch_first=True)
    with torch.no_grad():
        m.in_proj_weight.copy_(rounded(m.in_proj_weight + 0.3 * torch.randn(3 * e, e)))
        m.out_proj.weight.copy_(rounded(m.out_proj.weight))
        m.in_proj_bias.copy_(rounded(torch.rand(3 * e) - 0.5))
        m.out_proj.bias.copy_(rounded(torch.rand(e) - 0.5))
    x = randn(b, l, e)
    with torch.no_grad():
        output, weights = m(x, x, x, key_padding_mask=key_padding_mask, attn_mask=attn_mask, need_weights=True,
                            average_attn_weights=average)
    kind, mask = mask_fields(mask_kind, attn_mask)
    padding = "{}" if key_padding_mask is None else values(key_padding_mask.float())
    return f"""    {{"{name}", "{what}", {e}, {h}, {b}, {l}, {str(average).lower()}, {kind},
     {mask},
     {padding},
     {values(m.in_proj_weight)},
     {values(m.in_proj_bias)},
     {values(m.out_proj.weight)},
     {values(m.out_proj.bias)},
     {values(x)},
     {values(output)},
     {values(weights)}}}"""


def write_mha():
    torch.manual_seed(31)
    e, h, b, l = 6, 2, 2, 4  # D = 3: sqrt(D) is not a whole number
    causal = torch.nn.Transformer.generate_square_subsequent_mask(l)
    finite = rounded(torch.rand(l, l) * 3.0 - 2.0)  # every entry finite: nothing is blocked, every score moves
    padding = torch.tensor([[False, False, False, True], [False, True, False, False]])
    cases = [
        mha_case("no_mask", "self-attention, no mask, weights averaged over the heads", e, h, b, l),
        mha_case("per_head_weights", "self-attention, no mask, weights per head", e, h, b, l, average=False),
        mha_case("boolean_mask", "a boolean attn_mask (L, L), not symmetric", e, h, b, l,
                 attn_mask=bool_mask(l, l), mask_kind="MaskKind::boolean"),
        mha_case("finite_additive_mask", "a float attn_mask (L, L) of finite values, added to the scores", e, h, b, l,
                 attn_mask=finite, mask_kind="MaskKind::additive"),
        mha_case("causal_mask", "torch's causal float mask (0 and -inf), as generate_square_subsequent_mask gives",
                 e, h, b, l, attn_mask=causal, mask_kind="MaskKind::additive"),
        mha_case("key_padding", "a key_padding_mask that differs across the batch", e, h, b, l,
                 key_padding_mask=padding),
    ]
    body = """namespace mha_torch {

constexpr float kInf = std::numeric_limits<float>::infinity();

/// How a case's attn_mask is read: none, or course::MaskKind's two kinds.
enum class MaskKind { none, boolean, additive };

/// torch.nn.MultiheadAttention(e, h, batch_first=True) on self-attention
/// (query = key = value = x) with these parameters, and what it returned.
struct ForwardCase {
  const char* name;
  const char* what;
  int e, h, b, l;
  bool average_attn_weights;
  MaskKind mask_kind;
  std::vector<float> attn_mask;         ///< (L, L) or empty
  std::vector<float> key_padding_mask;  ///< (B, L), 1 = padding, or empty
  std::vector<float> in_proj_weight, in_proj_bias, out_proj_weight, out_proj_bias;
  std::vector<float> x;        ///< (B, L, E)
  std::vector<float> output;   ///< (B, L, E)
  std::vector<float> weights;  ///< (B, L, L) averaged, or (B, H, L, L)
};

inline const std::vector<ForwardCase>& forward_cases() {
  static const std::vector<ForwardCase> cases = {
""" + ",\n".join(cases) + """};
  return cases;
}

}  // namespace mha_torch
"""
    return header(os.path.join(ROOT, "tests/public/multi-head-attention/torch_forward_cases.hpp"),
                  "torch.nn.MultiheadAttention's numbers for the public multi-head-attention suite.", body)


# --- the encoder layer -------------------------------------------------------------


def randomise(module):
    """Every parameter random and rounded; norm weights near 1, biases near 0."""
    with torch.no_grad():
        for name, p in module.named_parameters():
            if name.endswith("norm1.weight") or name.endswith("norm2.weight"):
                p.copy_(rounded(1.0 + 0.8 * (torch.rand(p.shape) - 0.5)))
            elif "norm" in name:
                p.copy_(rounded(0.8 * (torch.rand(p.shape) - 0.5)))
            else:
                p.copy_(rounded(p + 0.2 * torch.randn(p.shape)))
    return module


def layer_case(name, what, e, h, f, b, l, activation, norm_first, src_mask=None, mask_kind="MaskKind::none",
               padding=None):
    layer = torch.nn.TransformerEncoderLayer(d_model=e, nhead=h, dim_feedforward=f, dropout=0.0,
                                             activation=activation, batch_first=True, norm_first=norm_first)
    randomise(layer).eval()
    # Inputs of several scales: a norm applied to the wrong stream changes the numbers.
    src = randn(b, l, e, scale=1.5)
    output = layer(src, src_mask=src_mask, src_key_padding_mask=padding).detach()
    s = layer.state_dict()
    kind, mask = mask_fields(mask_kind, src_mask)
    pad = "{}" if padding is None else values(padding.float())
    act = "Activation::relu" if activation == "relu" else "Activation::gelu"
    fields = ["self_attn.in_proj_weight", "self_attn.in_proj_bias", "self_attn.out_proj.weight",
              "self_attn.out_proj.bias", "linear1.weight", "linear1.bias", "linear2.weight", "linear2.bias",
              "norm1.weight", "norm1.bias", "norm2.weight", "norm2.bias"]
    return (f"""    {{"{name}", "{what}", {e}, {h}, {f}, {b}, {l}, {act}, {str(norm_first).lower()}, {kind},
     {mask},
     {pad},
""" + "".join(f"     {values(s[k])},\n" for k in fields) + f"""     {values(src)},
     {values(output)}}}""")


def write_encoder():
    torch.manual_seed(47)
    e, h, f, b, l = 6, 2, 8, 2, 4
    causal = torch.nn.Transformer.generate_square_subsequent_mask(l)
    finite = rounded(torch.rand(l, l) * 3.0 - 2.0)
    padding = torch.tensor([[False, False, False, True], [False, True, True, False]])
    asymmetric = bool_mask(l, l, p=0.5, keep_diagonal=True)
    assert not torch.equal(asymmetric, asymmetric.T)
    cases = [
        layer_case("post_relu", "post-norm, ReLU, no masks", e, h, f, b, l, "relu", False),
        layer_case("post_gelu", "post-norm, GELU, no masks", e, h, f, b, l, "gelu", False),
        layer_case("pre_relu", "pre-norm, ReLU, no masks", e, h, f, b, l, "relu", True),
        layer_case("pre_gelu", "pre-norm, GELU, no masks", e, h, f, b, l, "gelu", True),
        layer_case("post_boolean_mask", "post-norm, ReLU, a boolean src_mask (L, L)", e, h, f, b, l, "relu", False,
                   src_mask=bool_mask(l, l, keep_diagonal=True), mask_kind="MaskKind::boolean"),
        layer_case("pre_finite_additive_mask", "pre-norm, GELU, a float src_mask (L, L) of finite values",
                   e, h, f, b, l, "gelu", True, src_mask=finite, mask_kind="MaskKind::additive"),
        layer_case("post_causal_mask", "post-norm, GELU, torch's causal float mask (0 and -inf)", e, h, f, b, l,
                   "gelu", False, src_mask=causal, mask_kind="MaskKind::additive"),
        layer_case("pre_key_padding", "pre-norm, ReLU, a src_key_padding_mask that differs across the batch",
                   e, h, f, b, l, "relu", True, padding=padding),
        layer_case("post_mask_beside_padding", "post-norm, ReLU, a boolean src_mask that is not symmetric, "
                   "beside a padding mask", e, h, f, b, l, "relu", False, src_mask=asymmetric,
                   mask_kind="MaskKind::boolean", padding=padding),
        layer_case("pre_additive_mask_beside_padding", "pre-norm, GELU, a finite float src_mask beside a padding mask",
                   e, h, f, b, l, "gelu", True, src_mask=finite.T.contiguous(), mask_kind="MaskKind::additive",
                   padding=padding),
    ]
    body = """#include "encoder-block/encoder_block.hpp"

namespace encoder_torch {

using course::Activation;

constexpr float kInf = std::numeric_limits<float>::infinity();

/// How a case's src_mask is read: none, or course::MaskKind's two kinds.
enum class MaskKind { none, boolean, additive };

/// torch.nn.TransformerEncoderLayer(d_model=e, nhead=h, dim_feedforward=f,
/// dropout=0, activation, batch_first=True, norm_first) with these
/// parameters (its state_dict), on src, and what it returned.
struct LayerCase {
  const char* name;
  const char* what;
  int e, h, f, b, l;
  Activation activation;
  bool norm_first;
  MaskKind mask_kind;
  std::vector<float> src_mask;              ///< (L, L) or empty
  std::vector<float> src_key_padding_mask;  ///< (B, L), 1 = padding, or empty
  std::vector<float> in_proj_weight, in_proj_bias, out_proj_weight, out_proj_bias;
  std::vector<float> linear1_weight, linear1_bias, linear2_weight, linear2_bias;
  std::vector<float> norm1_weight, norm1_bias, norm2_weight, norm2_bias;
  std::vector<float> src;     ///< (B, L, E)
  std::vector<float> output;  ///< (B, L, E)
};

inline const std::vector<LayerCase>& layer_cases() {
  static const std::vector<LayerCase> cases = {
""" + ",\n".join(cases) + """};
  return cases;
}

}  // namespace encoder_torch
"""
    return header(os.path.join(ROOT, "tests/public/encoder-block/torch_layer_cases.hpp"),
                  "torch.nn.TransformerEncoderLayer's numbers for the public encoder-block suite.", body)


def main():
    for path in [write_mha(), write_encoder()]:
        print(f"{os.path.relpath(path, ROOT)}: {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
