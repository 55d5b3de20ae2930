"""A small writer of TouchPainter's scribble format (docs/FORMAT.md) and of PNG bombs, for
making hostile inputs: it writes whatever values it is given, where the app's encoder
clamps them, so files the app could never write can be made on purpose."""
import struct
import zlib

MAGIC = bytes([0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A])


def run(points):
    """A run of inline vertices."""
    return 1, b"\x01" + struct.pack("<I", len(points)) + b"".join(struct.pack("<ff", x, y) for x, y in points)


def dot(size, at, rgba=(0, 0, 0, 255)):
    """A dot node."""
    return 1, b"\x02" + bytes(rgba) + struct.pack("<fff", size, *at)


def stroke(width, children, rgba=(0, 0, 0, 255)):
    """A coloured stroke node holding `children` (results of run, dot or stroke)."""
    # A run counts one child per vertex (its count field); a dot or a stroke counts one.
    count = sum(struct.unpack("<I", body[1:5])[0] if body[0] == 1 else 1 for _, body in children)
    body = b"\x03\x01" + bytes(rgba) + struct.pack("<fI", width, count) + b"".join(body for _, body in children)
    return 1, body


def scribble(*marks, title=None):
    """A complete scribble file whose root holds `marks`, with a correct length and CRC-32."""
    root = b"\x03\x00" + struct.pack("<fI", 1.0, len(marks)) + b"".join(body for _, body in marks)
    flags = 1 | (2 if title is not None else 0)
    title_bytes = title.encode("utf-8") if title is not None else b""
    data = MAGIC + struct.pack("<HHI", 1, flags, len(title_bytes)) + title_bytes + struct.pack("<Q", len(root)) + root
    return data + struct.pack("<I", zlib.crc32(data))


def png_bomb(width, height):
    """A valid PNG of `width`×`height` 1-bit grey pixels, all black: its rows compress to
    almost nothing (20000×20000 is about 48 KB), while Cairo decodes every PNG to 4 bytes
    a pixel (20000×20000: 1.6 GB)."""
    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))

    row = b"\x00" + bytes((width + 7) // 8)  # filter byte, then the packed pixels
    compressor = zlib.compressobj(9)
    idat = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
