#!/usr/bin/python3
"""Writes the NumPy golden values of the positional-encoding lesson.

The hidden tests compare the student's encoding with these values to 1e-12,
so that the C++ course agrees with the NumPy formula the lesson is built on:

    div_term    = exp(arange(0, d_model, 2) * -(log(base) / d_model))
    PE[:, 0::2] = sin(position * div_term)
    PE[:, 1::2] = cos(position * div_term)

For an odd d_model that slicing has one more sine column than cosine columns;
the course follows the loop formulation (pos / base ** (i / d_model) for
i = 0, 2, 4, ...), where the last column of an odd width is a sine. Every case
is also computed with that loop and the two must agree, so the golden file
stands for both formulations.

Usage (from the repository root):
    /usr/bin/python3 tests/fixture_scripts/make_pe_fixtures.py [OUTPUT]

File format, plain text so the C++ test needs no library to read it:
    # comment lines start with '#'
    <seq_len> <d_model> <base>
    <seq_len lines of d_model values, 17 significant digits>
    ...next case...
"""

import math
import pathlib
import sys

import numpy as np

# (seq_len, d_model, base): the lesson's worked example, the heatmap size of
# the lesson, odd widths, the narrowest widths, and custom bases. Positions
# stay below 100 so that the angles, and with them the rounding differences
# between NumPy's and the C library's sin/cos/exp, stay far below 1e-12.
CASES = [
    (5, 8, 10000.0),
    (50, 16, 10000.0),
    (7, 5, 10000.0),
    (3, 1, 10000.0),
    (4, 2, 10000.0),
    (20, 6, 100.0),
    (12, 7, 2.0),
]

DEFAULT_OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "tests/fixtures/positional-encoding/pe_numpy_golden.txt"

# Both NumPy formulations round differently (exp of a product versus a power),
# by a few units in the last place of angles below 100.
FORMULATIONS_AGREE = 1e-12


def vectorised(seq_len, d_model, base):
    """The sliced NumPy formulation; the cosines use the first d_model // 2 frequencies."""
    pe = np.zeros((seq_len, d_model))
    position = np.arange(0, seq_len)[:, np.newaxis]
    div_term = np.exp(np.arange(0, d_model, 2) * -(np.log(base) / d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term[: d_model // 2])
    return pe


def loop(seq_len, d_model, base):
    """The loop formulation: one angle per pair, the sine first."""
    pe = np.zeros((seq_len, d_model))
    for pos in range(seq_len):
        for i in range(0, d_model, 2):
            angle = pos / (base ** (i / d_model))
            pe[pos, i] = math.sin(angle)
            if i + 1 < d_model:
                pe[pos, i + 1] = math.cos(angle)
    return pe


def main():
    output = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUTPUT
    lines = [
        "# Golden values of the sinusoidal positional encoding, computed with NumPy",
        f"# {np.__version__} by tests/fixture_scripts/make_pe_fixtures.py; regenerate with that script.",
        "# Each case: a line 'seq_len d_model base', then seq_len rows of d_model values.",
    ]
    for seq_len, d_model, base in CASES:
        pe = vectorised(seq_len, d_model, base)
        gap = float(np.max(np.abs(pe - loop(seq_len, d_model, base)), initial=0.0))
        if gap > FORMULATIONS_AGREE:
            sys.exit(f"({seq_len}, {d_model}, base {base}): the two formulations differ by {gap:.3g}")
        lines.append(f"{seq_len} {d_model} {base:.17g}")
        lines.extend(" ".join(f"{v:.17g}" for v in row) for row in pe)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(CASES)} cases to {output}")


if __name__ == "__main__":
    main()
