#!/usr/bin/env python3
"""Writes the small hostile files of this folder (run it from anywhere; it rewrites them in
place). Each is a well-formed scribble file — right magic, lengths and CRC-32 — holding one
value the app could not have made, so it is the reader's limits that refuse it, not its
checksum. Large hostile inputs (PNG bombs) are made by the tests that use them:
`scribble_file.py` beside this script holds the encoder both use."""
import pathlib
import struct

from scribble_file import dot, png_bomb, run, scribble, stroke

HERE = pathlib.Path(__file__).resolve().parent

# Width 3 (0x40400000) with one exponent bit flipped (bit 28): 3 × 2³² ≈ 1.3e10 px.
FLIPPED_THREE = struct.unpack("<f", struct.pack("<I", 0x40400000 ^ (1 << 28)))[0]

FILES = {
    # The freeze this guards against: a stroke 1e12 px wide reached cairo_stroke on the main thread.
    "huge-width.scribble": scribble(stroke(1e12, [run([(10, 10), (200, 200)])])),
    "flipped-exponent.scribble": scribble(stroke(FLIPPED_THREE, [run([(10, 10), (200, 200)])])),
    "huge-dot.scribble": scribble(dot(3.4e38, (100, 100))),
    "zero-width.scribble": scribble(stroke(0.0, [run([(10, 10), (20, 20)])])),
    "negative-dot.scribble": scribble(dot(-4.0, (100, 100))),
    "far-location.scribble": scribble(stroke(2.0, [run([(10, 10), (1e9, 20)])])),
    "far-dot.scribble": scribble(dot(4.0, (5, -2e6))),
    "nul-title.scribble": scribble(stroke(2.0, [run([(10, 10), (20, 20)])]), title="Hello\0World"),
    "escape-title.scribble": scribble(stroke(2.0, [run([(10, 10), (20, 20)])]), title="\x1b[31mred\x1b[0m"),
    "c1-title.scribble": scribble(stroke(2.0, [run([(10, 10), (20, 20)])]), title="next\u0085line"),
    "del-title.scribble": scribble(stroke(2.0, [run([(10, 10), (20, 20)])]), title="rub\x7fout"),
    # Format version 1, which the app no longer writes but must still open: two strokes (one
    # with a dot and a nested stroke between its runs), a dot, fractional and negative places.
    "v1-sample.scribble": scribble(
        stroke(3.0, [run([(1.5, 2.25), (-3.0, 4.0)]), dot(2.0, (4.0, 4.0), rgba=(255, 0, 0, 128)),
                     stroke(1.0, [run([(5.0, 5.0)])], rgba=(0, 0, 255, 255)), run([(6.125, -6.5)])],
               rgba=(9, 8, 7, 6)),
        stroke(12.0, [run([(100.0, 100.0), (200.0, 150.0), (300.0, 100.0)])]),
        dot(9.0, (7.0, 7.0), rgba=(255, 255, 255, 255)),
        title="Version 1"),
    # At the limits: must open.
    "limits.scribble": scribble(stroke(1024.0, [run([(-1e6, -1e6), (1e6, 1e6)])]), dot(1024.0, (1e6, -1e6)),
                                title="Edges — ünïcode ✓"),
}

if __name__ == "__main__":
    for name, data in FILES.items():
        (HERE / name).write_bytes(data)
    # A real PNG bomb small enough to commit: 3 KB on disk, 5000×5000 pixels, 100 MB decoded.
    (HERE / "bomb-5000.png").write_bytes(png_bomb(5000, 5000))
