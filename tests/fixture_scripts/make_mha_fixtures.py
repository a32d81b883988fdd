#!/usr/bin/python3
"""Writes tests/fixtures/multi-head-attention/*.txt: torch.nn.MultiheadAttention's
own outputs for the configurations the multi-head-attention lesson grades, and
the course's seeded initialisation computed independently of the C++ code.

Run from anywhere with the system Python (it has torch and numpy):
    /usr/bin/python3 tests/fixture_scripts/make_mha_fixtures.py

File format (read by tests/hidden/multi-head-attention/mha_fixture.hpp):
    '#' lines are comments;
    'KEY VALUE' lines are scalars (embed_dim, num_heads, need_weights, ...);
    'tensor NAME RANK D1 .. DRANK' is followed by the D1*..*DRANK values in
    row-major order, whitespace separated ('inf' and '-inf' allowed);
    'end' closes the file.
Every value is a float32 written with the fewest digits that read back to the
same float32, so the C++ side gets exactly the numbers torch used.
Inputs and parameters are rounded to 4 decimals first, which keeps the files
small without changing what is tested.
"""

import math
import os

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "tests", "fixtures", "multi-head-attention")


def f32_text(v):
    v = np.float32(v)
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    if np.isnan(v):
        raise ValueError("NaN in a fixture: a query has every key blocked")
    if v == 0:
        return "0"
    if 1e-4 <= abs(v) < 1e4:
        return np.format_float_positional(v, unique=True, trim="-")
    return np.format_float_scientific(v, unique=True, trim="-")


class Writer:
    """One fixture file in the format the suites' fixture readers parse; a
    later lesson's script subclasses it with its own SCRIPT and OUT."""
    SCRIPT = "make_mha_fixtures.py"
    OUT = OUT

    def __init__(self, name, description):
        self.name = name
        self.lines = [
            f"# {description}",
            f"# Written by scripts/{self.SCRIPT} with torch {torch.__version__}; do not edit.",
            f"name {name}",
        ]

    def scalar(self, key, value):
        if isinstance(value, bool):
            value = int(value)
        self.lines.append(f"{key} {value}")

    def tensor(self, key, t):
        a = t.detach().numpy() if isinstance(t, torch.Tensor) else np.asarray(t)
        a = a.astype(np.float32)
        self.lines.append(f"tensor {key} {a.ndim} " + " ".join(str(d) for d in a.shape))
        flat = [f32_text(v) for v in a.reshape(-1)]
        for i in range(0, len(flat), 16):
            self.lines.append(" ".join(flat[i : i + 16]))

    def save(self):
        self.lines.append("end")
        path = os.path.join(self.OUT, self.name + ".txt")
        with open(path, "w") as f:
            f.write("\n".join(self.lines) + "\n")
        return path


def rounded(t):
    """float32 values that are exactly the nearest floats to 4-decimal numbers."""
    return torch.from_numpy(np.round(t.detach().numpy().astype(np.float64), 4).astype(np.float32))


def randn(*shape):
    return rounded(torch.randn(*shape))


def make_module(e, h):
    m = torch.nn.MultiheadAttention(e, h, batch_first=True)
    # The course documents the init bounds from these fans; make sure torch agrees.
    fan_in, fan_out = torch.nn.init._calculate_fan_in_and_fan_out(m.in_proj_weight)
    assert (fan_in, fan_out) == (e, 3 * e)
    with torch.no_grad():
        m.in_proj_weight.copy_(rounded(m.in_proj_weight))
        m.out_proj.weight.copy_(rounded(m.out_proj.weight))
        # torch starts the biases at zero; random ones make a forgotten bias visible.
        m.in_proj_bias.copy_(rounded(torch.rand(3 * e) - 0.5))
        m.out_proj.bias.copy_(rounded(torch.rand(e) - 0.5))
    return m


def write_parameters(w, m):
    w.tensor("in_proj_weight", m.in_proj_weight)
    w.tensor("in_proj_bias", m.in_proj_bias)
    w.tensor("out_proj_weight", m.out_proj.weight)
    w.tensor("out_proj_bias", m.out_proj.bias)


def case(name, description, e, h, b, l, s=None, self_attention=False, need_weights=True, average=True,
         attn_mask=None, mask_kind="none", key_padding_mask=None, export_heads=False):
    s = l if s is None else s
    m = make_module(e, h)
    query = randn(b, l, e)
    if self_attention:
        assert s == l
        key = value = query
    else:
        key, value = randn(b, s, e), randn(b, s, e)
    with torch.no_grad():
        output, weights = m(query, key, value, key_padding_mask=key_padding_mask, need_weights=need_weights,
                            attn_mask=attn_mask, average_attn_weights=average)
    w = Writer(name, description)
    for key_name, v in [("embed_dim", e), ("num_heads", h), ("self_attention", self_attention),
                        ("need_weights", need_weights), ("average_attn_weights", average),
                        ("attn_mask_kind", mask_kind)]:
        w.scalar(key_name, v)
    write_parameters(w, m)
    w.tensor("query", query)
    if not self_attention:
        w.tensor("key", key)
        w.tensor("value", value)
    if attn_mask is not None:
        w.tensor("attn_mask", attn_mask.float() if attn_mask.dtype == torch.bool else attn_mask)
    if key_padding_mask is not None:
        w.tensor("key_padding_mask", key_padding_mask.float())
    if export_heads:
        # The intermediate of exercise mha-projections: x W^T + b, split into heads.
        d = e // h
        with torch.no_grad():
            q = torch.nn.functional.linear(query, m.in_proj_weight[:e], m.in_proj_bias[:e])
            k = torch.nn.functional.linear(key, m.in_proj_weight[e : 2 * e], m.in_proj_bias[e : 2 * e])
        w.tensor("q_heads", q.view(b, l, h, d).transpose(1, 2))
        w.tensor("k_heads", k.view(b, s, h, d).transpose(1, 2))
    w.tensor("output", output)
    if need_weights:
        w.tensor("weights", weights)
    else:
        assert weights is None
    return w.save()


def bool_mask(*shape, p=0.35):
    """Random True = blocked, never blocking a whole row (torch would return NaN)."""
    mask = torch.rand(*shape) < p
    mask[..., 0] = False
    return mask


# --- the course's seeded initialisation, written from its specification -------

MASK64 = (1 << 64) - 1


def splitmix64(seed):
    state = seed & MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def uniform(stream, bound):
    u = np.float32(next(stream) >> 40) * np.float32(2.0**-24)
    return (np.float32(2.0) * u - np.float32(1.0)) * np.float32(bound)


def init_case(e, h, seed):
    stream = splitmix64(seed)
    in_w = np.array([[uniform(stream, math.sqrt(6.0 / (e + 3 * e))) for _ in range(e)] for _ in range(3 * e)],
                    dtype=np.float32)
    out_w = np.array([[uniform(stream, 1.0 / math.sqrt(e)) for _ in range(e)] for _ in range(e)], dtype=np.float32)
    w = Writer(f"init_e{e}_h{h}_seed{seed}",
               f"MultiHeadAttention({e}, {h}, seed={seed}): the course's seeded initialisation "
               "(splitmix64, row-major, in_proj then out_proj)")
    w.scalar("embed_dim", e)
    w.scalar("num_heads", h)
    w.scalar("seed", seed)
    w.tensor("in_proj_weight", in_w)
    w.tensor("in_proj_bias", np.zeros(3 * e))
    w.tensor("out_proj_weight", out_w)
    w.tensor("out_proj_bias", np.zeros(e))
    return w.save()


def main():
    os.makedirs(OUT, exist_ok=True)
    torch.manual_seed(2024)
    paths = [
        case("seed_self_attention", "The lesson's example: MultiHeadAttention(32, 4) on x (8, 10, 32), per-head weights",
             e=32, h=4, b=8, l=10, self_attention=True, average=False),
        case("cross_attention", "Cross-attention L != S, key != value, weights averaged over heads",
             e=12, h=3, b=2, l=5, s=7, export_heads=True),
        case("odd_heads", "E = 15, H = 3 (D = 5), cross-attention, per-head weights",
             e=15, h=3, b=2, l=4, s=6, average=False),
        case("single_head", "E = 6, H = 1: one head is plain attention with projections",
             e=6, h=1, b=2, l=3, s=4, average=False),
        case("head_dim_one", "E = 6, H = 6 (D = 1), self-attention, averaged weights",
             e=6, h=6, b=1, l=5, self_attention=True),
        case("bool_attn_mask", "Boolean attn_mask (L, S), True = blocked, per-head weights",
             e=8, h=2, b=2, l=4, s=6, attn_mask=bool_mask(4, 6), mask_kind="boolean", average=False),
        case("additive_attn_mask", "Additive float attn_mask (L, S) with some -inf entries, averaged weights",
             e=8, h=2, b=2, l=5, s=5, attn_mask=additive_mask(5, 5), mask_kind="additive"),
        case("attn_mask_3d_bool", "Boolean attn_mask (B*H, L, S), per-head weights",
             e=12, h=3, b=2, l=3, s=5, attn_mask=bool_mask(6, 3, 5), mask_kind="boolean", average=False),
        case("attn_mask_3d_additive", "Additive attn_mask (B*H, L, S), averaged weights",
             e=8, h=2, b=3, l=4, s=4, attn_mask=additive_mask(6, 4, 4), mask_kind="additive"),
        case("causal", "Causal self-attention: boolean triu(ones(L, L), 1) as attn_mask, per-head weights",
             e=16, h=4, b=2, l=6, self_attention=True, average=False,
             attn_mask=torch.triu(torch.ones(6, 6, dtype=torch.bool), diagonal=1), mask_kind="boolean"),
        case("key_padding_mask", "key_padding_mask (B, S), True = padding, cross-attention, per-head weights",
             e=12, h=4, b=3, l=5, s=6, average=False,
             key_padding_mask=torch.tensor([[False] * 6, [False] * 4 + [True] * 2, [False, True, False, True, True, True]])),
        case("masks_combined", "Additive causal mask (generate_square_subsequent_mask) plus key_padding_mask, averaged",
             e=8, h=2, b=2, l=5, self_attention=True,
             attn_mask=torch.nn.Transformer.generate_square_subsequent_mask(5), mask_kind="additive",
             key_padding_mask=torch.tensor([[False] * 5, [False, False, False, True, True]])),
        case("no_weights", "need_weights=False: output only", e=16, h=2, b=2, l=3, s=4, need_weights=False),
        init_case(8, 2, 7),
        init_case(6, 3, 0),
    ]
    total = sum(os.path.getsize(p) for p in paths)
    for p in paths:
        print(f"{os.path.relpath(p, os.path.join(HERE, '..'))}: {os.path.getsize(p)} bytes")
    print(f"total {total} bytes")


def additive_mask(*shape):
    """Random additive values, with some -inf (never a whole row)."""
    mask = randn(*shape)
    blocked = torch.rand(*shape) < 0.25
    blocked[..., 0] = False
    return mask.masked_fill(blocked, float("-inf"))


if __name__ == "__main__":
    main()
