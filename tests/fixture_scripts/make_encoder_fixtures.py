#!/usr/bin/python3
"""Writes tests/fixtures/encoder-block/*.txt: torch.nn.LayerNorm,
TransformerEncoderLayer and TransformerEncoder outputs for the configurations
the encoder-block lesson grades (both norm orders, both activations, every
kind of mask, padding that differs across the batch).

Run from anywhere with the system Python (Debian's python3-torch and
python3-numpy):
    /usr/bin/python3 tests/fixture_scripts/make_encoder_fixtures.py

The file format is the multi-head-attention fixtures' (tests/fixture_scripts/make_mha_fixtures.py,
read by tests/hidden/multi-head-attention/mha_fixture.hpp): scalars as
'KEY VALUE' lines, 'tensor NAME RANK D1 .. DRANK' followed by the values,
'end'. Tensors are named as in torch's state_dict ('self_attn.in_proj_weight',
'linear1.weight', 'norm2.bias'; 'layers.1.norm1.weight' and 'norm.weight' in a
stack). Inputs and parameters are rounded to 4 decimals first.

Torch runs with autograd on (the outputs are detached), so every layer takes
the documented path of TransformerEncoderLayer.forward, not the fused
inference kernel; the script checks that the fused path agrees.
"""

import math
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_mha_fixtures import Writer as MhaWriter, rounded  # noqa: E402  (one fixture format and float text)

OUT = os.path.join(HERE, "..", "tests", "fixtures", "encoder-block")


class Writer(MhaWriter):
    SCRIPT = "make_encoder_fixtures.py"
    OUT = OUT

    def state(self, module, prefix=""):
        for key, value in module.state_dict().items():
            self.tensor(prefix + key, value)


def randn(*shape, scale=1.0):
    return rounded(torch.randn(*shape) * scale)


def randomise(module):
    """Every parameter random and rounded: torch's ones and zeros would hide a
    forgotten LayerNorm weight or bias."""
    with torch.no_grad():
        for name, p in module.named_parameters():
            if name.endswith("norm1.weight") or name.endswith("norm2.weight") or name == "weight":
                p.copy_(rounded(1.0 + 0.5 * (torch.rand(p.shape) - 0.5)))
            elif "norm" in name or name == "bias":
                p.copy_(rounded(0.5 * (torch.rand(p.shape) - 0.5)))
            else:
                p.copy_(rounded(p + 0.1 * torch.randn(p.shape)))
    return module


def positional_encoding(seq_len, d_model):
    """The positional-encoding lesson's formula in double (its NumPy seed)."""
    pe = np.zeros((seq_len, d_model))
    for pos in range(seq_len):
        for i in range(0, d_model, 2):
            angle = pos / (10000.0 ** (i / d_model))
            pe[pos, i] = math.sin(angle)
            if i + 1 < d_model:
                pe[pos, i + 1] = math.cos(angle)
    return pe


def check_fused_path(module, args, want):
    """torch's fused inference path (no autograd) must give the same numbers."""
    with torch.no_grad():
        fused = module(*args[:1], **args[1])
    gap = (fused - want).abs().nan_to_num(0).max().item()
    assert gap < 1e-5, f"torch's fused path differs by {gap}"


def write_masks(w, src_mask, mask_kind, padding):
    w.scalar("src_mask_kind", mask_kind)
    if src_mask is not None:
        w.tensor("src_mask", src_mask.float() if src_mask.dtype == torch.bool else src_mask)
    if padding is not None:
        w.tensor("src_key_padding_mask", padding.float())


def make_layer(e, h, f, activation, norm_first, eps):
    layer = torch.nn.TransformerEncoderLayer(d_model=e, nhead=h, dim_feedforward=f, dropout=0.0,
                                             activation=activation, layer_norm_eps=eps, batch_first=True,
                                             norm_first=norm_first)
    return randomise(layer).eval()


def write_config(w, e, h, f, activation, norm_first, eps):
    for key, value in [("d_model", e), ("nhead", h), ("dim_feedforward", f), ("activation", activation),
                       ("norm_first", norm_first), ("layer_norm_eps", repr(eps))]:
        w.scalar(key, value)


def layer_case(name, description, e, h, f, b, l, activation="relu", norm_first=False, eps=1e-5,
               src_mask=None, mask_kind="none", padding=None):
    layer = make_layer(e, h, f, activation, norm_first, eps)
    src = randn(b, l, e)
    kwargs = {"src_mask": src_mask, "src_key_padding_mask": padding}
    output = layer(src, **kwargs).detach()
    check_fused_path(layer, (src, kwargs), output)
    w = Writer(name, description)
    write_config(w, e, h, f, activation, norm_first, eps)
    write_masks(w, src_mask, mask_kind, padding)
    w.state(layer)
    w.tensor("src", src)
    w.tensor("output", output)
    return w.save()


def stack_case(name, description, n, e, h, f, b, l, activation="relu", norm_first=False, final_norm=True,
               src_mask=None, mask_kind="none", padding=None):
    layer = make_layer(e, h, f, activation, norm_first, 1e-5)
    norm = randomise(torch.nn.LayerNorm(e)) if final_norm else None
    stack = torch.nn.TransformerEncoder(layer, n, norm=norm, enable_nested_tensor=False)
    for sub in stack.layers:  # TransformerEncoder copies the layer: give each copy its own numbers
        randomise(sub)
    stack.eval()
    embeddings = randn(b, l, e, scale=0.3)
    x = embeddings * math.sqrt(e) + torch.from_numpy(positional_encoding(l, e)).float()
    kwargs = {"mask": src_mask, "src_key_padding_mask": padding}
    output = stack(x, **kwargs).detach()
    check_fused_path(stack, (x, kwargs), output)
    w = Writer(name, description)
    write_config(w, e, h, f, activation, norm_first, 1e-5)
    w.scalar("num_layers", n)
    w.scalar("final_norm", final_norm)
    write_masks(w, src_mask, mask_kind, padding)
    w.state(stack)
    w.tensor("embeddings", embeddings)
    w.tensor("encoder_input", x)
    w.tensor("output", output)
    return w.save()


def layer_norm_case(name, description, shape, eps, scale, shift):
    norm = randomise(torch.nn.LayerNorm(shape[-1], eps=eps))
    x = rounded(torch.randn(*shape) * scale + shift)
    w = Writer(name, description)
    w.scalar("layer_norm_eps", repr(eps))
    w.state(norm)
    w.tensor("x", x)
    w.tensor("output", norm(x).detach())
    return w.save()


def feed_forward_case(name, description, e, f, b, l, activation):
    layer = make_layer(e, 1, f, activation, False, 1e-5)
    x = randn(b, l, e)
    with torch.no_grad():
        act = torch.nn.functional.relu if activation == "relu" else torch.nn.functional.gelu
        output = layer.linear2(act(layer.linear1(x)))
    w = Writer(name, description)
    w.scalar("activation", activation)
    for key in ["linear1.weight", "linear1.bias", "linear2.weight", "linear2.bias"]:
        w.tensor(key, layer.state_dict()[key])
    w.tensor("x", x)
    w.tensor("output", output)
    return w.save()


def bool_mask(*shape, p=0.35):
    """Random True = blocked, never blocking a whole row (torch would return NaN)."""
    mask = torch.rand(*shape) < p
    mask[..., 0] = False
    return mask


def main():
    os.makedirs(OUT, exist_ok=True)
    torch.manual_seed(2026)
    causal = torch.nn.Transformer.generate_square_subsequent_mask
    # Padding that differs across the batch; position 0 is never padding.
    pad_3x5 = torch.tensor([[False] * 5, [False, False, False, True, True], [False, True, False, False, True]])
    pad_2x6 = torch.tensor([[False] * 5 + [True], [False, False, True, True, True, True]])
    paths = [
        layer_norm_case("layer_norm_basic", "LayerNorm(8) on (2, 3, 8), random weight and bias", (2, 3, 8), 1e-5, 1.0, 0.0),
        layer_norm_case("layer_norm_large_eps", "LayerNorm(6, eps=0.1) on small values with a large mean: eps and the mean both matter",
                        (3, 2, 6), 0.1, 0.2, 5.0),
        feed_forward_case("feed_forward_relu", "linear1, ReLU, linear2 with E = 8, F = 16", 8, 16, 2, 3, "relu"),
        feed_forward_case("feed_forward_gelu", "linear1, exact GELU, linear2 with E = 6, F = 10", 6, 10, 2, 4, "gelu"),
        layer_case("layer_post_relu", "Post-norm (torch's default), ReLU, no masks", e=8, h=2, f=16, b=2, l=5),
        layer_case("layer_pre_gelu", "Pre-norm, GELU, no masks", e=12, h=3, f=20, b=2, l=4, activation="gelu",
                   norm_first=True),
        layer_case("layer_post_gelu_masks", "Post-norm, GELU, boolean src_mask (L, L) and padding across the batch",
                   e=8, h=2, f=12, b=3, l=5, activation="gelu", src_mask=bool_mask(5, 5), mask_kind="boolean",
                   padding=pad_3x5),
        layer_case("layer_pre_relu_causal_padding", "Pre-norm, ReLU, additive causal src_mask and padding",
                   e=8, h=4, f=16, b=3, l=5, norm_first=True, src_mask=causal(5), mask_kind="additive",
                   padding=pad_3x5),
        layer_case("layer_mask_3d", "Post-norm, ReLU, boolean src_mask (B*H, L, L)", e=6, h=2, f=8, b=2, l=4,
                   src_mask=bool_mask(4, 4, 4), mask_kind="boolean"),
        layer_case("layer_eps", "Post-norm with layer_norm_eps = 0.01", e=6, h=3, f=12, b=2, l=3, eps=1e-2),
        stack_case("stack_post_relu", "TransformerEncoder: 3 post-norm ReLU layers, final norm, padding",
                   n=3, e=8, h=2, f=16, b=2, l=6, padding=pad_2x6),
        stack_case("stack_pre_gelu_causal", "TransformerEncoder: 2 pre-norm GELU layers, final norm, causal mask",
                   n=2, e=12, h=4, f=24, b=2, l=5, activation="gelu", norm_first=True, src_mask=causal(5),
                   mask_kind="additive"),
        stack_case("stack_no_final_norm", "TransformerEncoder: 2 post-norm ReLU layers, no final norm, no masks",
                   n=2, e=6, h=3, f=10, b=2, l=4, final_norm=False),
    ]
    total = sum(os.path.getsize(p) for p in paths)
    for p in paths:
        print(f"{os.path.relpath(p, os.path.join(HERE, '..'))}: {os.path.getsize(p)} bytes")
    print(f"total {total} bytes")


if __name__ == "__main__":
    main()
