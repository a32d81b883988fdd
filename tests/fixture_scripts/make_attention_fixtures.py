#!/usr/bin/python3
"""Writes tests/fixtures/attention/torch_cases.inc: softmax and attention cases
computed by PyTorch, which the attention lesson's hidden tests compare against.

Run from the course root with the system Python that has PyTorch:

    /usr/bin/python3 tests/fixture_scripts/make_attention_fixtures.py

The output is committed; the tests only read it and never need PyTorch.

Where each expected value comes from:
  * softmax cases: torch.softmax(scores, dim=-1).
  * unmasked and boolean-mask cases with any D, Dv: PyTorch's scaled dot-product
    attention kernel (torch.nn.functional.scaled_dot_product_attention in
    PyTorch 2, the private _scaled_dot_product_attention in 1.13). Its boolean
    mask means "may attend", so we pass the negation of ours.
  * boolean and additive attn_mask cases with D == Dv:
    torch.nn.functional.multi_head_attention_forward with one head and identity
    projections, i.e. exactly nn.MultiheadAttention's attn_mask semantics
    (True = blocked; floats are added to the scaled scores). The fully masked
    row case uses this path on purpose: with need_weights=True it runs the
    plain softmax, which gives NaN for that row, the behaviour the course
    documents (newer SDPA kernels may return zeros there instead).
"""

import math
import pathlib
import sys

import torch
import torch.nn.functional as F

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "attention" / "torch_cases.inc"
NONE, BOOLEAN, ADDITIVE = 0, 1, 2


def sdpa(q, k, v, blocked=None):
    """(L, D), (S, D), (S, Dv), optional bool (L, S) blocked -> output, weights."""
    allowed = None if blocked is None else ~blocked
    if hasattr(F, "scaled_dot_product_attention"):
        # PyTorch 2 returns no weights; recompute them with the same formula.
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed)
        scores = q @ k.T / math.sqrt(q.shape[-1])
        if blocked is not None:
            scores = scores.masked_fill(blocked, float("-inf"))
        return out, torch.softmax(scores, dim=-1)
    out, weights = F._scaled_dot_product_attention(
        q[None], k[None], v[None], attn_mask=None if allowed is None else allowed[None], need_attn_weights=True)
    return out[0], weights[0]


def mha_identity(q, k, v, attn_mask):
    """nn.MultiheadAttention with one head and identity projections; D == Dv."""
    e = q.shape[-1]
    eye = torch.eye(e)
    out, weights = F.multi_head_attention_forward(
        q[:, None], k[:, None], v[:, None], embed_dim_to_check=e, num_heads=1,
        in_proj_weight=torch.cat([eye, eye, eye]), in_proj_bias=torch.zeros(3 * e),
        bias_k=None, bias_v=None, add_zero_attn=False, dropout_p=0.0,
        out_proj_weight=eye, out_proj_bias=torch.zeros(e), training=False,
        need_weights=True, attn_mask=attn_mask)
    return out[:, 0], weights[0]


def literal(x):
    if math.isnan(x):
        return "kNaN"
    if math.isinf(x):
        return "kInf" if x > 0 else "-kInf"
    return f"{x:.8e}f"  # 9 significant digits: the float round-trips exactly


def matrix(t):
    t = t.detach().to(torch.float32)
    rows, cols = t.shape
    values = ", ".join(literal(float(x)) for x in t.reshape(-1))
    return f"{{{rows}, {cols}, {{{values}}}}}"


def softmax_cases(g):
    mixed = torch.randn(5, 6, generator=g) * 3
    mixed[1] += 1000  # needs the max subtraction
    mixed[2] -= 1000
    mixed[3, [1, 4]] = float("-inf")  # blocked entries get weight 0
    mixed[4] = float("-inf")  # nothing to normalise: NaN, like PyTorch
    wide = torch.randn(3, 40, generator=g) * 5
    tall = torch.randn(9, 2, generator=g) * 20
    return [(name, s, torch.softmax(s, dim=-1)) for name, s in
            [("mixed_rows", mixed), ("wide", wide), ("tall", tall)]]


def attention_cases(g):
    def rand(*shape, scale=1.0):
        return torch.randn(*shape, generator=g) * scale

    cases = []
    for name, (L, S, D, Dv, scale) in {
        "cross_unmasked": (3, 5, 4, 2, 1.0),
        "single_key": (2, 1, 3, 4, 1.0),
        "square": (6, 6, 6, 6, 1.0),
        "large_head_big_scores": (4, 7, 64, 16, 3.0),
    }.items():
        q, k, v = rand(L, D, scale=scale), rand(S, D, scale=scale), rand(S, Dv)
        out, w = sdpa(q, k, v)
        cases.append((name, "scaled_dot_product_attention", q, k, v, NONE, None, out, w))

    q, k, v = rand(4, 8), rand(6, 8), rand(6, 3)
    blocked = torch.rand(4, 6, generator=g) < 0.4
    blocked[:, 0] = False  # every query keeps at least one key
    out, w = sdpa(q, k, v, blocked)
    cases.append(("boolean_random", "scaled_dot_product_attention", q, k, v, BOOLEAN, blocked, out, w))

    q, k, v = rand(5, 4), rand(5, 4), rand(5, 4)
    causal = torch.ones(5, 5, dtype=torch.bool).triu(1)
    out, w = mha_identity(q, k, v, causal)
    cases.append(("causal", "multi_head_attention_forward", q, k, v, BOOLEAN, causal, out, w))

    q, k, v = rand(3, 4), rand(4, 4), rand(4, 4)
    blocked = torch.zeros(3, 4, dtype=torch.bool)
    blocked[0, 2] = True
    blocked[1, :] = True  # query 1 sees nothing: NaN row
    out, w = mha_identity(q, k, v, blocked)
    cases.append(("boolean_fully_masked_row", "multi_head_attention_forward", q, k, v, BOOLEAN, blocked, out, w))

    q, k, v = rand(4, 5), rand(6, 5), rand(6, 5)
    bias = rand(4, 6, scale=2.0)
    bias[0, 3] = float("-inf")
    bias[2, 0] = float("-inf")
    out, w = mha_identity(q, k, v, bias)
    cases.append(("additive_random", "multi_head_attention_forward", q, k, v, ADDITIVE, bias, out, w))

    q, k, v = rand(3, 4), rand(5, 4), rand(5, 4)
    padding = torch.zeros(3, 5)
    padding[:, 3:] = float("-inf")  # the last two keys are padding
    out, w = mha_identity(q, k, v, padding)
    cases.append(("additive_padding", "multi_head_attention_forward", q, k, v, ADDITIVE, padding, out, w))
    return cases


def main():
    g = torch.Generator().manual_seed(20261101)
    lines = [
        f"// Generated by tests/fixture_scripts/make_attention_fixtures.py with PyTorch {torch.__version__}.",
        "// Do not edit: rerun the script. Read by tests/hidden/attention/torch_fixtures.hpp.",
        "// clang-format off",
        "inline const std::vector<SoftmaxCase> kTorchSoftmax = {",
    ]
    for name, s, w in softmax_cases(g):
        lines.append(f'  {{"{name}", {matrix(s)}, {matrix(w)}}},')
    lines += ["};", "", "inline const std::vector<AttentionCase> kTorchAttention = {"]
    for name, source, q, k, v, kind, mask, out, w in attention_cases(g):
        m = "{0, 0, {}}" if mask is None else matrix(mask.to(torch.float32))
        lines.append(f'  {{"{name}", "{source}", {matrix(q)}, {matrix(k)}, {matrix(v)}, {kind}, {m}, '
                     f"{matrix(out)}, {matrix(w)}}},")
    lines += ["};", "// clang-format on", ""]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines))
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
