"""Issue 39: files hold under a hostile file system and a careless user. Export never writes
over its input or a write-protected file; the names and messages say what really happened;
reading a file costs what it is, not more."""
import os
import pathlib
import pwd
import shutil
import stat
import struct
import subprocess
import tempfile
import time
import zlib

import pyatspi
import pytest

from app_driver import BINARY, wait_for
from hostile_files import scribble
from test_canvas_kinds import choose
from test_export_cli import export
from test_export_dialog import export_as, pictures_folder
from touchpainter_driver import xdotool


def varint(n):
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


def one_point_strokes(count, far=None, seed=7):
    """A version-2 scribble of `count` strokes of one vertex each, as taps leave (19 bytes a
    stroke); with `far`, one more at that (x, y)."""
    import random
    rng = random.Random(seed)
    points = [(rng.randrange(0, 1000 * 256), rng.randrange(0, 700 * 256)) for _ in range(count)]
    if far:
        points.append((far[0] * 256, far[1] * 256))
    parts = [b"\x03\x00" + struct.pack("<f", 1.0) + varint(len(points))]
    for x, y in points:
        parts.append(b"\x03\x01" + bytes((rng.randrange(256), 0, 0, 255)) + struct.pack("<f", 3.0)
                     + b"\x01\x01\x01" + varint(x << 1) + varint(y << 1))
    payload = b"".join(parts)
    head = bytes([0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A]) + struct.pack("<HHI", 2, 1, 0)
    body = head + struct.pack("<Q", len(payload)) + payload
    return body + struct.pack("<I", zlib.crc32(body))


def two_point_strokes(count, seed=7, width=1000, height=700, grouped=False):
    """A version-2 scribble of `count` strokes of two vertices each, ticks a few pixels long
    over `width`×`height` px (23 bytes a stroke); `grouped` puts them in one group
    (uncoloured, as Keep as Template groups a selection): a template file."""
    import random
    rng = random.Random(seed)

    def zigzag(n):
        return varint((n << 1) ^ (n >> 63))
    parts = [b"\x03\x00" + struct.pack("<f", 1.0) + varint(1)] if grouped else []
    parts.append(b"\x03\x00" + struct.pack("<f", 1.0) + varint(count))
    for _ in range(count):
        x, y = rng.randrange(0, width * 256), rng.randrange(0, height * 256)
        parts.append(b"\x03\x01" + bytes((rng.randrange(256), 0, 0, 255)) + struct.pack("<f", 3.0) + b"\x02\x01\x02"
                     + zigzag(x) + zigzag(y) + zigzag(rng.randrange(-1536, 1537)) + zigzag(rng.randrange(-1536, 1537)))
    payload = b"".join(parts)
    head = bytes([0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A]) + struct.pack("<HHI", 2, 1, 0)
    body = head + struct.pack("<Q", len(payload)) + payload
    return body + struct.pack("<I", zlib.crc32(body))


def peak_rss_mb_of(*command):
    """Runs `command` in a child of its own and returns (its result, its peak RSS in MB)."""
    probe = subprocess.run([
        "/usr/bin/python3", "-c",
        "import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
        "print(r.returncode); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); "
        "sys.stderr.write(r.stderr)", *map(str, command)],
        capture_output=True, text=True, timeout=120,
        env={k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")})
    code, kilobytes = probe.stdout.split()
    return int(code), probe.stderr, int(kilobytes) / 1024


# Export never writes over what is not ours

def test_export_refuses_its_input_through_a_link_by_path_and_by_inode(tmp_path):
    victim = tmp_path / "victim.scribble"
    victim.write_bytes(scribble())
    original = victim.read_bytes()
    (tmp_path / "link.png").symlink_to("victim.scribble")
    os.link(victim, tmp_path / "hard.png")
    for output in ["link.png", "hard.png"]:
        result = export(victim, tmp_path / output)
        assert result.returncode == 1, result.stderr
        assert "it is the scribble being exported" in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1  # one clear line
    assert victim.read_bytes() == original
    assert (tmp_path / "link.png").is_symlink()


@pytest.fixture
def shared_folder():
    """A folder an unprivileged user may use: pytest's own are private to this user."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tp-nobody-", dir="/tmp"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def as_nobody(*command):
    """`command` as the unprivileged user nobody (this suite may run as root, who may write
    any file, as cp may)."""
    if os.getuid() == 0:
        return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *map(str, command)]
    return list(map(str, command))


def test_export_refuses_a_write_protected_output_as_cp_does(shared_folder):
    source = shared_folder / "drawing.scribble"
    source.write_bytes(scribble())
    protected = shared_folder / "protected.png"
    protected.write_bytes(b"mine")
    protected.chmod(0o444)
    if os.getuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.chown(protected, nobody.pw_uid, nobody.pw_gid)
        os.chown(source, nobody.pw_uid, nobody.pw_gid)
    copied = subprocess.run(as_nobody("cp", source, protected), capture_output=True, text=True)
    assert copied.returncode != 0  # cp refuses too: the user may not write it
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run(as_nobody(BINARY, "export", source, protected), capture_output=True, text=True,
                            timeout=60, env={**env, "HOME": str(shared_folder)})
    assert result.returncode == 1, result.stderr
    assert "the file is write-protected" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert protected.read_bytes() == b"mine"
    assert not [p for p in shared_folder.iterdir() if p.name.startswith(".tp")]


def test_the_export_dialog_refuses_to_write_over_the_open_file(launch, tmp_path):
    pictures_folder(tmp_path)
    victim = tmp_path / "victim.scribble"
    victim.write_bytes(scribble())
    original = victim.read_bytes()
    (tmp_path / "link.png").symlink_to(victim)
    app = launch(victim)
    wait_for(lambda: app.title() == "victim — TouchPainter", what="the file to open")
    export_as(app, str(tmp_path / "link.png"))

    # The chooser's completion of the typed path may take that Return (it does when its pop-up
    # comes in time; on a busy machine it may not): Return again until GTK asks.
    def replace_asked():
        if app.is_showing("Replace", pyatspi.ROLE_PUSH_BUTTON, timeout=0.5):
            return True
        xdotool("windowfocus", "--sync", app.other_window("Export Drawing"))
        xdotool("key", "--clearmodifiers", "Return")
        return False
    wait_for(replace_asked, timeout=20, what="GTK's question about the existing name")
    app.answer_dialog("Replace", leads_to_another=True)  # GTK's own question: the name exists
    app.dialog(timeout=10)
    wait_for(lambda: "it is the scribble being exported" in app.dialog_text(), what="the refusal")
    assert victim.read_bytes() == original


# Names and messages

def test_a_negative_width_says_the_width_must_be_positive(tmp_path):
    source = tmp_path / "d.scribble"
    source.write_bytes(scribble())
    result = export(source, tmp_path / "out.png", "--width", "-1")
    assert result.returncode == 2
    assert "--width must be positive" in result.stderr and "Missing value" not in result.stderr


def test_a_drawing_beyond_the_raster_limit_exports_at_a_width_that_fits(tmp_path):
    source = tmp_path / "far.scribble"
    source.write_bytes(one_point_strokes(2, far=(1_000_000, 50)))
    result = export(source, tmp_path / "far.png")
    assert result.returncode == 0, result.stderr
    assert "note:" in result.stderr and "16384" in result.stderr
    from PIL import Image
    assert Image.open(tmp_path / "far.png").width == 16384
    for vector in ["far.svg", "far.pdf"]:
        result = export(source, tmp_path / vector)
        assert result.returncode == 0, result.stderr
        assert "note:" not in result.stderr
    # The page is the drawing's bounds plus the margin: from the taps near the origin to the
    # far one, a million pixels and more, not fitted.
    import re
    width = float(re.search(r'width="([0-9.]+)', (tmp_path / "far.svg").read_text()[:400]).group(1))
    assert width >= 999_000, width


def test_the_longest_legal_names_export(tmp_path):
    source = tmp_path / "d.scribble"
    source.write_bytes(scribble())
    for length in [248, 255]:
        output = tmp_path / ("x" * (length - 4) + ".png")
        result = export(source, output)
        assert result.returncode == 0, result.stderr
        assert output.is_file()


def test_folders_and_fifos_in_the_gallery_say_what_they_are(launch, tmp_path):
    gallery = tmp_path / "gallery"
    gallery.mkdir()
    (gallery / "drawer.scribble").mkdir()
    os.mkfifo(gallery / "pipe.scribble")
    app = launch()
    app.key("ctrl+o")
    app.find("drawer.scribble: it is a folder, not a file", timeout=10)
    app.find("pipe.scribble: it is a named pipe (FIFO), not a regular file", timeout=10)


def test_stale_temporaries_go_at_start_and_nothing_else(launch, tmp_path):
    gallery = tmp_path / "gallery"
    gallery.mkdir()
    old = time.time() - 2 * 24 * 3600
    for name in [".tpAb12Cd", ".tpfresh1", "photo.png", ".notes.png.backup"]:
        (gallery / name).write_bytes(b"x")
        if name != ".tpfresh1":
            os.utime(gallery / name, (old, old))
    launch()
    wait_for(lambda: not (gallery / ".tpAb12Cd").exists(), what="the stale temporary to go")
    assert sorted(p.name for p in gallery.iterdir() if not p.name.endswith(".scribble")) == \
        [".notes.png.backup", ".tpfresh1", "photo.png"]


@pytest.mark.parametrize("target", ["fifo", "folder"])
def test_settings_linked_to_a_fifo_or_a_folder_are_never_written_through(launch, tmp_path, target):
    config = tmp_path / "config" / "touchpainter"
    config.mkdir(parents=True)
    aim = tmp_path / "aim"
    if target == "fifo":
        os.mkfifo(aim)  # opened for reading or writing, it would block the app for ever
    else:
        aim.mkdir()
    (config / "settings.ini").symlink_to(aim)
    app = launch()
    choose(app, "Paper")  # a change of setting: written at once
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    assert (config / "settings.ini").is_symlink()
    assert (os.path.isdir(aim) and not os.listdir(aim)) if target == "folder" else stat.S_ISFIFO(os.stat(aim).st_mode)
    warnings = [line for line in app.stderr.text().splitlines() if "settings" in line]
    # Read at start and refused at each save (opening the palette and choosing Paper): each
    # time the cause, and the whole path, which the user needs to find the file.
    what = "named pipe (FIFO)" if target == "fifo" else "folder"
    assert len(warnings) == 3, warnings
    assert all(what in line and str(config / "settings.ini") in line for line in warnings), warnings


# Bounded memory on any input

def test_a_511_mb_file_that_is_not_a_scribble_is_refused_cheaply(tmp_path):
    junk = tmp_path / "junk.scribble"
    with open(junk, "wb") as file:
        file.truncate(511 << 20)  # sparse: no disk used
    code, stderr, peak = peak_rss_mb_of(BINARY, "export", junk, tmp_path / "out.png")
    assert code == 1 and "not a TouchPainter scribble" in stderr
    assert peak < 64, f"{peak:.0f} MB to refuse a file that is not a scribble"  # was 540 MB


def memory_mb(pid, field):
    """A figure (VmHWM, VmRSS) of /proc/PID/status, in MB."""
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(field + ":")) / 1024


def test_a_million_one_point_strokes_open_in_at_most_200_mb_and_stay_there(launch, tmp_path):
    big = tmp_path / "taps.scribble"
    big.write_bytes(one_point_strokes(1_000_000))
    assert 17e6 < big.stat().st_size < 21e6
    app = launch(big, release=True)
    wait_for(lambda: app.title() == "taps — TouchPainter", timeout=60, what="the drawing to open")
    opened = time.monotonic()
    app.settle()  # its first full frame, rendered in the background
    peak, resident = memory_mb(app.process.pid, "VmHWM"), memory_mb(app.process.pid, "VmRSS")
    assert peak <= 200, f"{peak:.0f} MB for a million one-point strokes"  # was 520 MB
    # And it stays there while nobody touches the app (it grew to 300 MB within 12 s).
    time.sleep(max(0.0, opened + 15 - time.monotonic()))
    later_peak, later = memory_mb(app.process.pid, "VmHWM"), memory_mb(app.process.pid, "VmRSS")
    assert later_peak <= 200, f"{later_peak:.0f} MB within 15 s of opening a million one-point strokes"
    assert later <= resident + 8, f"{resident:.0f} MB 3 s after opening, {later:.0f} MB 15 s after"


def test_a_million_two_point_strokes_open_in_twice_their_size_and_64_mb(launch, tmp_path):
    # Issue 39's rule: no file costs more than twice its size and 64 MB at open (here 108 MB
    # for 23 MB). The ticks are kept packed in the root, 28 bytes each (`PackedStroke`),
    # where a stroke object and its place in the root took 96.
    big = tmp_path / "ticks.scribble"
    big.write_bytes(two_point_strokes(1_000_000))
    assert 21e6 < big.stat().st_size < 25e6
    limit = 2 * big.stat().st_size / (1 << 20) + 64
    app = launch(big, release=True)
    wait_for(lambda: app.title() == "ticks — TouchPainter", timeout=60, what="the drawing to open")
    app.settle()  # its first full frame, rendered in the background
    peak = memory_mb(app.process.pid, "VmHWM")
    assert peak <= limit, f"{peak:.0f} MB for a million two-point strokes, over {limit:.0f}"  # was 187 MB, then 157


def cpu_seconds(pid):
    """The CPU time process `pid` has used so far, in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until_idle(pid, timeout=60):
    """Waits until process `pid` uses under 5 % of a core over half a second."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        before = cpu_seconds(pid)
        time.sleep(0.5)
        if cpu_seconds(pid) - before < 0.025:
            return
    raise AssertionError(f"process {pid} still busy after {timeout} s")


def test_erasing_and_selecting_in_a_million_ticks_stays_within_the_rule(launch, tmp_path):
    # The first erase or selection that reached a packed tick once made every tick an object
    # (177 MB here, and a stall of half a second); now only the ticks it touches get objects,
    # and Select All's Delete none.
    big = tmp_path / "ticks.scribble"
    big.write_bytes(two_point_strokes(1_000_000))
    limit = 2 * big.stat().st_size / (1 << 20) + 64
    config = tmp_path / "config" / "touchpainter"
    config.mkdir(parents=True)
    (config / "settings.ini").write_text("[Eraser]\nsize=16\nmode=whole\n")  # each tick it touches goes whole
    app = launch(big, release=True)
    wait_for(lambda: app.title() == "ticks — TouchPainter", timeout=60, what="the drawing to open")
    wait_until_idle(app.process.pid)  # its first full frame is up: the edits do not race it
    x, y, width, height = app.extents("Canvas")
    row = y + height // 2
    app.key("e")
    app.drag([(x + width // 5, row), (x + 4 * width // 5, row)], steps=30)
    app.key("s")
    app.click(x + width // 2, y + height // 4)  # a tick under the pointer: selected,
    app.drag([(x + width // 2, y + height // 4), (x + width // 2 + 30, y + height // 4 + 20)])  # moved,
    app.key("Delete")  # and deleted
    app.key("ctrl+z")
    # Select All takes the ticks whole, with no object each: its Delete takes them off as they
    # are, and its undo puts them back (Select All alone once made a million objects, 80 MB):
    # the saved drawing below shows them back.
    app.key("ctrl+a")
    app.key("Delete")
    app.key("ctrl+z")
    wait_until_idle(app.process.pid)
    peak = memory_mb(app.process.pid, "VmHWM")
    assert peak <= limit, f"{peak:.0f} MB after erasing and selecting in a million ticks, over {limit:.0f}"
    saved = big.stat().st_mtime_ns
    app.key("ctrl+s")
    wait_for(lambda: big.stat().st_mtime_ns != saved and app.title() == "ticks — TouchPainter", timeout=60, what="the save")
    # In the saved drawing the eraser's path is a clear band across ink that covers every
    # pixel elsewhere: the rows with ink that hold a long run of background.
    result = export(big, tmp_path / "after.png")
    assert result.returncode == 0, result.stderr
    from PIL import Image
    picture = Image.open(tmp_path / "after.png").convert("L")
    pixels = picture.load()

    def is_cleared(y):
        longest = run = 0
        inked = False
        for x in range(picture.width):
            run = run + 1 if pixels[x, y] > 250 else 0
            inked = inked or run == 0
            longest = max(longest, run)
        return inked and longest > picture.width // 3
    cleared = [y for y in range(picture.height) if is_cleared(y)]
    assert cleared, "no row of the saved drawing shows the eraser's path"
    assert max(cleared) - min(cleared) < 30, f"rows {min(cleared)}–{max(cleared)} are cleared: more than the eraser's path"
