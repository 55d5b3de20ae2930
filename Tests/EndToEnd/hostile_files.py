"""Hostile inputs made at test time (issue 11): small, valid-looking scribble files with
values no TouchPainter writes, and PNG "bombs" — tiny files that declare huge images."""
import struct
import zlib


def scribble(width=4.0, dot_size=None, title=None):
    """A complete scribble holding one stroke of `width` (and a dot of `dot_size`), with a
    correct checksum: only the reader's limits can refuse it."""
    children = [struct.pack("<BB4Bf I", 3, 1, 0, 0, 0, 255, width, 2)
                + struct.pack("<BI4f", 1, 2, 10, 10, 200, 120)]
    if dot_size is not None:
        children.append(struct.pack("<B4Bfff", 2, 0, 0, 0, 255, dot_size, 50, 50))
    payload = struct.pack("<BBfI", 3, 0, 1.0, len(children)) + b"".join(children)
    title_bytes = (title or "").encode()
    flags = 1 | (2 if title is not None else 0)
    head = bytes([0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A]) + struct.pack("<HHI", 1, flags, len(title_bytes))
    body = head + title_bytes + struct.pack("<Q", len(payload)) + payload
    return body + struct.pack("<I", zlib.crc32(body))


def png_bomb(width=20000, height=20000):
    """A valid PNG of `width`×`height` grey pixels, all zero: a few kilobytes on disk, 1.6 GB
    decoded at the default size."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\x00" + b"\x00" * width  # filter byte + one byte a pixel
    compressor = zlib.compressobj(9)
    data = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))


def many_strokes(count=10_000, points=20, seed=11):
    """A valid scribble of `count` strokes of `points` vertices each, scattered over
    1000×700 px: a drawing big enough that a full frame is real work."""
    import random
    rng = random.Random(seed)
    children = []
    for _ in range(count):
        x, y = rng.uniform(0, 1000), rng.uniform(0, 700)
        coords = []
        for _ in range(points):
            x, y = x + rng.uniform(-6, 6), y + rng.uniform(-6, 6)
            coords += [x, y]
        children.append(struct.pack("<BB4BfI", 3, 1, rng.randrange(256), 0, 0, 255, rng.uniform(1, 6), points)
                        + struct.pack("<BI", 1, points) + struct.pack(f"<{2 * points}f", *coords))
    payload = struct.pack("<BBfI", 3, 0, 1.0, len(children)) + b"".join(children)
    head = bytes([0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A]) + struct.pack("<HHI", 1, 1, 0)
    body = head + struct.pack("<Q", len(payload)) + payload
    return body + struct.pack("<I", zlib.crc32(body))


def _varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _zigzag(value):
    return _varint((value << 1) ^ (value >> 63))


def many_strokes_v2(count=10_000, points=20, distinct=1_000, seed=11):
    """A valid version 2 scribble of `count` strokes of `points` vertices each, over
    1000×700 px: `distinct` random strokes repeated in turn, so that a file of millions of
    vertices is made in a second (a later copy of a stroke covers the earlier ones)."""
    import random
    rng = random.Random(seed)
    strokes = []
    for _ in range(distinct):
        x, y = rng.randrange(256_000), rng.randrange(179_200)  # grid numbers: 1/256 px
        run = bytearray(_zigzag(x) + _zigzag(y))
        for _ in range(points - 1):
            dx, dy = rng.randrange(-1536, 1537), rng.randrange(-1536, 1537)
            run += _zigzag(dx) + _zigzag(dy)
        strokes.append(struct.pack("<BB4Bf", 3, 1, rng.randrange(256), 0, 0, 255, rng.uniform(1, 6))
                       + _varint(points) + bytes([1]) + _varint(points) + bytes(run))
    children = b"".join(strokes[index % distinct] for index in range(count))
    payload = struct.pack("<BBf", 3, 0, 1.0) + _varint(count) + children
    head = bytes([0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A]) + struct.pack("<HHI", 2, 1, 0)
    body = head + struct.pack("<Q", len(payload)) + payload
    return body + struct.pack("<I", zlib.crc32(body))


def huge_template(count=300_000, seed=5):
    """A valid template file: one group holding `count` two-point strokes scattered over
    600×400 px, a template too big to copy or draw on the main thread."""
    import random
    rng = random.Random(seed)
    stroke_head = struct.pack("<BB4BfI", 3, 1, 0, 0, 0, 255, 3.0, 2) + struct.pack("<BI", 1, 2)
    children = []
    for _ in range(count):
        x, y = rng.uniform(0, 600), rng.uniform(0, 400)
        children.append(stroke_head + struct.pack("<4f", x, y, x + 2, y + 2))
    group = struct.pack("<BB4BfI", 3, 1, 0, 0, 0, 255, 3.0, count) + b"".join(children)
    payload = struct.pack("<BBfI", 3, 0, 1.0, 1) + group
    head = bytes([0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A]) + struct.pack("<HHI", 1, 1, 0)
    body = head + struct.pack("<Q", len(payload)) + payload
    return body + struct.pack("<I", zlib.crc32(body))
