"""Issue 56: tiny hostile files cannot hang an export or take gigabytes; the thumbnailer never
writes through a link; a time-lapse always ends. Each case is made here at test time, run as
the command line runs it (no display), and held to its limits: exit status, the process' own
CPU time and peak memory (from its rusage, so a busy machine does not fail it), and no file
left behind. The exact figures are in the issue's report; these bounds leave room for a
debug build on a loaded machine."""
import gzip
import io
import os
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from app_driver import BINARY
from hostile_files import scribble

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Corpus"))
from scribble_file import run, scribble as corpus_scribble, stroke  # noqa: E402

MIB = 1 << 20


def command(*args, timeout=120):
    """Runs `touchpainter ARGS` without a display: (exit status, stderr, CPU seconds, peak
    MiB) — the process' own figures, as GNU time reads them from its rusage (not the test's:
    a child forked from this Python would start with its memory). Killed, and failed, past
    `timeout`."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    with tempfile.NamedTemporaryFile() as figures:
        # Its own session, so a timeout ends time and touchpainter both.
        process = subprocess.Popen(["/usr/bin/time", "-f", "%M %U %S", "-o", figures.name, BINARY, *map(str, args)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, start_new_session=True)
        try:
            _, errors = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            pytest.fail(f"touchpainter {' '.join(map(str, args))} still ran after {timeout} s")
        peak, user, system = figures.read().decode().split()[-3:]
    return process.returncode, errors.decode(errors="replace"), float(user) + float(system), int(peak) / 1024


def leftovers(folder):
    """Temporary files a write left (AtomicFile's `.tpXXXXXX`)."""
    return [p.name for p in Path(folder).iterdir() if p.name.startswith(".tp")]


def page(width, height, style="plain", color="#ffffffff", layer=""):
    return (f'<page width="{width}" height="{height}"><background type="solid" color="{color}" style="{style}"/>'
            f"<layer>{layer}</layer></page>").encode()


def gzip_of_repeats(head, unit, count, tail):
    """gzip of head + unit × count + tail, made a piece at a time."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, 31)
    pieces = [compressor.compress(head)]
    block = unit * max(1, (1 << 20) // len(unit))
    per_block = len(block) // len(unit)
    whole, rest = divmod(count, per_block)
    pieces += [compressor.compress(block) for _ in range(whole)]
    pieces += [compressor.compress(unit * rest), compressor.compress(tail), compressor.flush()]
    return b"".join(pieces)


def zip_notebook(xml, crc=None):
    """A zip notebook holding `xml`, its directory giving `crc` if set (a forgery)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/xournal++")
        archive.writestr("content.xml", xml)
    data = bytearray(buffer.getvalue())
    if crc is not None:
        real = struct.pack("<I", zlib.crc32(xml))
        data = bytearray(bytes(data).replace(real, struct.pack("<I", crc)))
    return bytes(data)


def comment_bomb():
    """About 1 MB of gzip: `<xournal><!--` and 1 GB of `a`."""
    return gzip_of_repeats(b"<xournal><!--", b"a" * 4096, 1 << 18, b"")


# (name, how the file is made — at test time, not collection —, exit statuses allowed, what
# stderr says) for each case of the issue.
HOSTILE_NOTEBOOKS = [
    ("dotted-50000.xopp", lambda: b"<xournal>" + page(50000, 50000, "dotted") + b"</xournal>", {0},
     "without its ruling"),
    ("graph-1e9.xopp", lambda: b"<xournal>" + page("1e9", "1e9", "graph") + b"</xournal>", {0}, "without its ruling"),
    ("red-1e6.xopp", lambda: b"<xournal>" + page("1e6", "1e6", color="#ff0000ff") + b"</xournal>", {0}, "exported at"),
    ("million-dotted.xopp", lambda: gzip_of_repeats(b"<xournal>", page(612, 792, "dotted"), 1_000_000, b"</xournal>"),
     {1}, "too many for a file of its size"),
    ("comment-bomb.xopp", comment_bomb, {1}, "too long for a notebook"),
    ("forged-crc.xopp", lambda: zip_notebook(b"<xournal>" + page(100, 100, "plaim") + b"</xournal>",
                                             crc=zlib.crc32(b"<xournal>" + page(100, 100, "plain") + b"</xournal>")),
     {1}, "does not match the size and checksum"),
]


@pytest.mark.parametrize("name,make,statuses,message", HOSTILE_NOTEBOOKS, ids=[case[0] for case in HOSTILE_NOTEBOOKS])
def test_a_hostile_notebook_exports_to_png_or_is_refused_within_its_limits(tmp_path, name, make, statuses, message):
    """Any notebook under 1 MB: exit 0 or 1 within 10 s (here: 40 s of CPU, for a debug build)
    and 256 MiB, nothing left behind but the PNG of a success."""
    data = make()
    assert len(data) < 1.1 * MIB, len(data)
    source = tmp_path / name
    source.write_bytes(data)
    output = tmp_path / "out.png"
    status, errors, cpu, peak = command("export", source, output)
    assert status in statuses, errors
    assert message in errors, errors
    assert peak <= 256, f"{peak:.0f} MiB"
    assert cpu <= 40, f"{cpu:.1f} s"
    assert leftovers(tmp_path) == []
    assert output.exists() == (status == 0)
    if status == 1:
        assert errors.count("\n") == 1 and errors.startswith(f"touchpainter: cannot read {source}: "), errors


def test_a_gzip_bomb_is_refused_within_seconds(tmp_path):
    """A 1 MB gzip of `<xournal><!--` and 1 GB of `a` (15–22 s before): refused as it
    inflates, well under 2 s of the process' own CPU in a release build."""
    bomb = tmp_path / "bomb.xopp"
    bomb.write_bytes(comment_bomb())
    assert bomb.stat().st_size < 1.1 * MIB
    status, errors, cpu, peak = command("export", bomb, tmp_path / "out.png")
    assert status == 1 and "too long for a notebook" in errors, errors
    assert cpu <= 4, f"{cpu:.1f} s"
    assert peak <= 256, f"{peak:.0f} MiB"


@pytest.mark.parametrize("points", [[(-999999, 0), (999999, 0)], [(-999999, -999999), (999999, 999999)]],
                         ids=["wide", "diagonal"])
def test_a_stroke_across_the_whole_canvas_exports_in_bands(tmp_path, points):
    """A 72-byte scribble with one stroke from x = −999999 to 999999 (11.9 s and 1,150 MiB
    before): its capped 16384-px PNG is made a band at a time, in 256 MiB."""
    source = tmp_path / "far.scribble"
    source.write_bytes(corpus_scribble(stroke(2.0, [run(points)])))
    assert len(source.read_bytes()) < 100
    output = tmp_path / "far.png"
    status, errors, cpu, peak = command("export", source, output)
    assert status == 0, errors
    assert "exported at 16384×" in errors
    assert peak <= 256, f"{peak:.0f} MiB"
    assert cpu <= 30, f"{cpu:.1f} s"
    # Its header and end (decoding 16384² here would cost the test the gigabyte the export
    # no longer does; HostileInputTests compares banded exports with whole images).
    png = output.read_bytes()
    width, height = struct.unpack(">II", png[16:24])
    assert png.startswith(b"\x89PNG") and png.endswith(b"IEND\xaeB`\x82")
    assert width == 16384 and height == (16384 if points[0][1] else 1)


def test_the_thumbnailer_refuses_an_output_that_is_a_link(tmp_path):
    """`ln -s victim.txt out.png; touchpainter thumbnail IN out.png` wrote the PNG into
    victim.txt; a dangling link made its target elsewhere. Both refused in one line, exit 1,
    the target untouched or never made; a regular file is still written in place."""
    source = tmp_path / "in.scribble"
    source.write_bytes(scribble())
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    cases = [(tmp_path / "out.png", victim), (tmp_path / "dangling.png", elsewhere / "made.png")]
    for link, target in cases:
        link.symlink_to(target)
        status, errors, _, _ = command("thumbnail", source, link, "--size", 64, timeout=60)
        assert status == 1, errors
        assert errors.count("\n") == 1 and "symbolic link" in errors, errors
        assert link.is_symlink()
    assert victim.read_text() == "keep me"
    assert list(elsewhere.iterdir()) == []
    regular = tmp_path / "thumb.png"
    regular.write_bytes(b"")  # as a thumbnail service makes it
    inode = regular.stat().st_ino
    status, errors, _, _ = command("thumbnail", source, regular, "--size", 64, timeout=60)
    assert status == 0, errors
    assert regular.stat().st_ino == inode and regular.read_bytes().startswith(b"\x89PNG")


def history_scribble(path):
    path.write_bytes(corpus_scribble(*[stroke(4.0, [run([(10 + i * 7, 10), (300, 100 + i * 3)])]) for i in range(40)]))


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs needs root")
def test_a_time_lapse_into_a_full_disk_ends_with_exit_1_and_leaves_nothing(tmp_path):
    """A 1 MB tmpfs filled up: the WebM export slept for ever holding its `.tpXXXXXX`. Now
    the sink's error ends it with exit 1 within seconds, and nothing is left."""
    source = tmp_path / "history.scribble"
    history_scribble(source)
    full = tmp_path / "full"
    full.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(full)], capture_output=True,
                             timeout=30)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        with open(full / "filler", "wb") as filler:
            try:
                while True:
                    filler.write(b"\0" * 65536)
                    filler.flush()
            except OSError:
                pass
        for name in ["video.webm", "video.apng"]:
            start = time.monotonic()
            status, errors, _, _ = command("export", source, full / name, timeout=60)
            elapsed = time.monotonic() - start
            assert status == 1, errors
            assert "No space left" in errors or "disk is full" in errors, errors
            assert elapsed < 30, f"{elapsed:.1f} s"  # about 0.1 s; the goal is 10 s
            assert sorted(p.name for p in full.iterdir()) == ["filler"]
    finally:
        subprocess.run(["umount", "-l", str(full)], timeout=30)


def test_a_webm_gstreamer_cannot_make_is_refused_before_it_starts(tmp_path):
    """webmmux takes no frame under 16×16: an 8-px-wide video hung or failed at random;
    now it is refused in one line before the pipeline starts, and nothing is left."""
    source = tmp_path / "history.scribble"
    history_scribble(source)
    status, errors, cpu, _ = command("export", source, tmp_path / "tiny.webm", "--width", 8, timeout=60)
    assert status == 1, errors
    assert "a WebM video must be 16 to 16383 pixels a side" in errors and errors.count("\n") == 1, errors
    assert cpu < 10
    assert leftovers(tmp_path) == [] and not (tmp_path / "tiny.webm").exists()


def width_recovery_notebook():
    """A notebook modelled on Xournal++'s own test/files/packaged_xopp/stroke/width_recovery.xopp
    (written here, not copied): pressure strokes whose segment widths end at zero, are all
    negative, hold zeros and negatives, or NaN, plus a plain and a tapering stroke."""
    def zigzag(x0, y0, n, dx=6.0, amp=10.0):
        return " ".join(f"{x0 + i * dx:.2f} {y0 + (amp if i % 2 else 0) + i * 1.5:.2f}" for i in range(n))
    strokes = [
        ("#000000ff", "0.42", zigzag(40, 40, 40, amp=0)),
        ("#00aa00ff", "1.41 0.16 0.16 0.20 0.22 0.26 0.14 0.00", zigzag(40, 100, 8)),
        ("#00aa00ff", "1.41 -0.16 -0.16 -0.20 -0.22 -0.26 -0.14 -0.00", zigzag(120, 100, 8)),
        ("#00aa00ff", "1.41 0.10 0.10 0.10", zigzag(200, 100, 4)),
        ("#0000ccff", "1.41 0.30 0 0.40 0.50 -0.5 0.60 0.70 0.0 0.0 0.80 0.90 1.00 -0.58 1.10 1.20 1.30 0 0.00",
         zigzag(40, 180, 19, dx=12)),
        ("#cc0000ff", "2.00 nan 0.50 1.00 1.50 -nan 2.00 2.50 3.00 nan", zigzag(40, 260, 10, dx=20, amp=15)),
        ("#cc00ccff", "3.00 3.0 2.5 2.0 1.5 1.0 0.5 0.25 0.125", zigzag(40, 330, 9, dx=25, amp=20)),
    ]
    body = "\n".join(f'<stroke tool="pen" color="{c}" width="{w}">{p}</stroke>' for c, w, p in strokes)
    return f"""<?xml version="1.0" standalone="no"?>
<xournal creator="Xournal++ 1.2.3" fileversion="4">
<title>width recovery</title>
<page width="320.00" height="400.00">
<background type="solid" color="#ffffffff" style="plain"/>
<layer>
{body}
</layer>
</page>
</xournal>"""


def ink_agreement(ours, theirs, reach=2):
    """Of the inked pixels of both (a channel 64 below white), the share the other image has
    in a like colour (channels within 64) within `reach` pixels: anti-aliasing and a pixel's
    placement forgiven, a missing or doubled width not."""
    def ink(image):
        return image.point(lambda v: 255 if v < 192 else 0).convert("L").point(lambda v: 255 if v else 0)

    def largest(difference):
        return ImageChops.lighter(ImageChops.lighter(difference.getchannel(0), difference.getchannel(1)),
                                  difference.getchannel(2))

    def matched(a, b):
        hit = Image.new("L", a.size, 0)
        for dx in range(-reach, reach + 1):
            for dy in range(-reach, reach + 1):
                close = largest(ImageChops.difference(a, ImageChops.offset(b, dx, dy))).point(lambda v: 255 if v <= 64 else 0)
                hit = ImageChops.lighter(hit, close)
        return hit

    ia, ib = ink(ours), ink(theirs)
    agreeing = (ImageChops.multiply(ia, matched(ours, theirs)).histogram()[255]
                + ImageChops.multiply(ib, matched(theirs, ours)).histogram()[255])
    return agreeing / max(1, ia.histogram()[255] + ib.histogram()[255])


@pytest.mark.skipif(subprocess.run(["which", "xournalpp"], capture_output=True).returncode != 0,
                    reason="Xournal++ is not installed")
def test_widths_zero_negative_or_nan_agree_with_xournalpps_own_render(tmp_path):
    """Xournal++ leaves out a segment of zero, negative or NaN width (splitting its stroke)
    and draws each segment at its own width; the import did 28–36 % like it on such strokes.
    Ours at Xournal++'s 300 dpi, cropped to its page, against `xournalpp --create-img`."""
    notebook = tmp_path / "width_recovery.xopp"
    notebook.write_bytes(gzip.compress(width_recovery_notebook().encode()))
    ours, theirs = tmp_path / "ours.png", tmp_path / "theirs.png"
    status, errors, _, _ = command("export", notebook, ours, "--scale", "3.125")
    assert status == 0, errors
    result = subprocess.run(["xournalpp", f"--create-img={theirs}", notebook], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    theirs_image = Image.open(theirs).convert("RGB")
    # Our page starts a margin (16 px) and half the outline's pen (rounded out: 17 px) in.
    offset = round(17 * 3.125)
    ours_image = Image.open(ours).convert("RGB").crop(
        (offset, offset, offset + theirs_image.width, offset + theirs_image.height))
    inset = 6  # inside our page's outline, which Xournal++ does not draw
    box = (inset, inset, theirs_image.width - inset, theirs_image.height - inset)
    agreement = ink_agreement(ours_image.crop(box), theirs_image.crop(box))
    assert agreement >= 0.90, agreement


def width_attribute_notebook():
    """50 MB: one stroke whose `width` holds ten million widths, for three points."""
    widths = " ".join(["0.50"] * 10_000_000)
    return (f'<xournal><page width="600" height="600"><layer><stroke tool="pen" color="#000000ff" width="1 {widths}">'
            f"10 10 20 20 30 30</stroke></layer></page></xournal>").encode()


def million_pages_notebook():
    """99 MB of small pages (about a million)."""
    unit = page(10, 10)
    return b"<xournal>" + unit * (99_000_000 // len(unit)) + b"</xournal>"


def million_attributes_notebook():
    """11 MB: a page tag with a million attributes."""
    attributes = " ".join(f'a{i}="1"' for i in range(1_000_000))
    return f'<xournal><page width="100" height="100" {attributes}><layer/></page></xournal>'.encode()


@pytest.mark.parametrize("make", [width_attribute_notebook, million_pages_notebook, million_attributes_notebook],
                         ids=["width-attribute-50MB", "million-pages-99MB", "million-attributes-11MB"])
def test_a_big_notebook_stays_within_twice_its_size_plus_64_mb(tmp_path, make):
    """The rule for any file: at most twice its size plus 64 MB of memory (372, 403 and 141 MiB
    before; the last two are now refused in one line, the first exported)."""
    source = tmp_path / "big.xopp"
    source.write_bytes(make())
    size = source.stat().st_size
    status, errors, cpu, peak = command("export", source, tmp_path / "out.png")
    assert status in (0, 1), errors
    assert peak * MIB <= 2 * size + 64_000_000, f"{peak:.0f} MiB for {size / 1e6:.0f} MB"
    assert cpu <= 60, f"{cpu:.1f} s"
    source.unlink()
    assert leftovers(tmp_path) == []
