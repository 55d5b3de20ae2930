"""Issue 39: templates under hostile conditions — a number on disk that would overflow, ten
thousand templates, and one of hundreds of thousands of strokes."""
import struct
import time

import pyatspi
import pytest
from PIL import ImageChops

from app_driver import wait_for
from hostile_files import huge_template, scribble
from test_files import memory_mb, two_point_strokes
from test_tools import choose_tool, draw_three, ink_at
from touchpainter_driver import pointer_to, screenshot, xdotool


def templates_folder(tmp_path):
    folder = tmp_path / "gallery" / "templates"
    folder.mkdir(parents=True)
    return folder


def test_keep_as_template_beside_a_template_numbered_int_max(launch, tmp_path):
    folder = templates_folder(tmp_path)
    (folder / "template-9223372036854775807.scribble").write_bytes(scribble())
    app = launch()
    ox, rows = draw_three(app)
    choose_tool(app, "Select")
    app.click(ox + 200, rows[0])
    app.click_control("Keep as template")
    assert app.is_showing("Template 1 kept", timeout=5)
    assert app.process.poll() is None  # no arithmetic overflow
    assert sorted(p.name for p in folder.iterdir()) == ["template-1.scribble", "template-9223372036854775807.scribble"]


@pytest.mark.timeout(180)
def test_ten_thousand_templates_open_a_page_at_a_time_and_search_finds_any(launch, tmp_path):
    folder = templates_folder(tmp_path)
    data = scribble()
    for number in range(1, 10_001):
        (folder / f"template-{number}.scribble").write_bytes(data)
    app = launch()
    app.settle()  # the list of names is read in the background at start
    started = time.monotonic()
    app.click_control("Templates", pyatspi.ROLE_TOGGLE_BUTTON)
    app.find("Template 1", timeout=5)
    opened = time.monotonic() - started
    assert app.process.poll() is None
    assert app.is_showing("1–12 of 10000")
    assert app.is_showing("Template 12") and not app.is_showing("Template 13")
    assert opened < 3, opened  # over AT-SPI; the popover itself takes milliseconds
    app.click_control("Next templates")
    assert app.is_showing("Template 13", timeout=2) and not app.is_showing("Template 1")
    search = app.find("Search templates", pyatspi.ROLE_TEXT)
    search.queryEditableText().setTextContents("9999")
    assert app.is_showing("Template 9999", timeout=2)
    assert not app.is_showing("Template 13")
    x, y, w, h = app.extents("Template 9999")
    app.click(x + w // 2, y + h // 2)  # chosen: stamping starts
    ox, oy = app.canvas_origin()
    app.click(ox + 300, oy + 300)
    assert ink_at(ox + 300, oy + 300, radius=30)


@pytest.mark.timeout(240)
def test_a_huge_template_stamps_as_one_step_without_freezing_the_window(launch, tmp_path):
    folder = templates_folder(tmp_path)
    (folder / "template-1.scribble").write_bytes(huge_template())
    app = launch(extra_env={"TOUCHPAINTER_REPORT_TIMINGS": "1"}, release=True)
    app.click_control("Templates", pyatspi.ROLE_TOGGLE_BUTTON)
    x, y, w, h = app.extents("Template 1")
    app.click(x + w // 2, y + h // 2)
    ox, oy = app.canvas_origin()
    app.settle()  # read and prepared in the background
    pointer_to(ox + 350, oy + 250)
    app.click(ox + 350, oy + 250)
    wait_for(lambda: ink_at(ox + 350, oy + 250, radius=20), timeout=60, interval=0.5, what="the stamp")
    assert app.is_sensitive("Undo")
    app.key("Escape")
    pointer_to(ox + 900, oy + 20)
    app.key("ctrl+z")  # one undo step takes the whole stamp away
    wait_for(lambda: not ink_at(ox + 350, oy + 250, radius=20), timeout=60, interval=0.5, what="the stamp undone")
    assert not app.is_sensitive("Undo")
    app.settle()
    app.close()
    stalls = [float(line.split()[1]) for line in app.stderr.text().splitlines()
              if line.startswith("main-loop-stall-own-ms ")]
    # The old code froze the window ~4 s, and walking the stamp's 300,000 strokes for its
    # bounds on each of stamp, frame and undo still held it 200–600 ms in this debug build.
    # Now the longest stall is 20–40 ms here (the goal is 100 ms); a bound with room for a
    # busy machine that still fails any walk of the stamp on the main thread.
    assert max(stalls, default=0) < 250, sorted(stalls)[-5:]


def tick_template(count, seed=11):
    """A version-2 template file: one group of `count` ticks a few pixels long over
    900×600 px, 23 bytes each."""
    return two_point_strokes(count, seed=seed, width=900, height=600, grouped=True)


def group_children(data):
    """How many children the first top-level mark of a saved scribble holds (a stamp)."""
    def read_varint(pos):
        value, shift = 0, 0
        while True:
            byte = data[pos]
            value, shift, pos = value | (byte & 0x7F) << shift, shift + 7, pos + 1
            if not byte & 0x80:
                return value, pos

    def stroke_head(pos):
        assert data[pos] == 3, (pos, data[pos])
        flags, pos = data[pos + 1], pos + 2 + (4 if data[pos + 1] & 1 else 0) + 4
        if flags & 8:  # timed: its start
            _, pos = read_varint(pos)
        return read_varint(pos)
    assert data[:8] == bytes([0x89, 0x54, 0x50, 0x53, 0x43, 0x0D, 0x0A, 0x1A])
    title = struct.unpack_from("<I", data, 12)[0]
    _, pos = stroke_head(16 + title + 8)  # the root
    return stroke_head(pos)[0]


@pytest.mark.timeout(300)
def test_a_template_of_a_million_ticks_stamps_in_twice_its_size_and_64_mb(launch, tmp_path):
    # Issue 39's rule for any file (twice its size and 64 MB), here for a template read and
    # stamped: its ticks stay packed in the template's group and in the stamp's (`PackedStroke`),
    # where a million stroke objects took 96 MB each (291 MB at the peak before).
    template = templates_folder(tmp_path) / "template-1.scribble"
    template.write_bytes(tick_template(1_000_000))
    size = template.stat().st_size
    assert 21e6 < size < 25e6
    limit = 2 * size / (1 << 20) + 64
    app = launch(extra_env={"TOUCHPAINTER_REPORT_TIMINGS": "1"}, release=True)
    app.settle()
    before = memory_mb(app.process.pid, "VmRSS")
    app.click_control("Templates", pyatspi.ROLE_TOGGLE_BUTTON)
    x, y, w, h = app.extents("Template 1")
    app.settle()  # its preview in the list is drawn from the template, in the background
    app.click(x + w // 2, y + h // 2)
    ox, oy = app.canvas_origin()
    # Read and prepared in the background: once stamping starts, the stamp's faint picture
    # follows the pointer over the canvas.
    area = (ox + 60, oy + 40, ox + 140, oy + 120)
    app.settle()  # the popover gone
    pointer_to(ox + 900, oy + 20)  # a preview here would not reach the area
    blank = screenshot().crop(area)

    def previewed(step=[0]):
        step[0] += 1
        pointer_to(ox + 450 + step[0] % 2, oy + 300)
        return ImageChops.difference(screenshot().crop(area), blank).getbbox() is not None
    wait_for(previewed, timeout=120, interval=0.5, what="stamping to start")
    pointer_to(ox + 450, oy + 300)
    app.click(ox + 450, oy + 300)
    # The whole 900×600 stamp, centred on the click: ink far from it too.
    wait_for(lambda: ink_at(ox + 450, oy + 300, radius=20) and ink_at(ox + 100, oy + 80, radius=20), timeout=60,
             what="the stamp")
    app.settle()
    peak = memory_mb(app.process.pid, "VmHWM")
    assert peak - before <= limit, f"{peak:.0f} MB at the peak, {before:.0f} MB before: over {limit:.0f} MB more"
    app.key("Escape")
    pointer_to(ox + 900, oy + 20)
    app.key("ctrl+z")  # one undo step takes the whole stamp away
    wait_for(lambda: not ink_at(ox + 450, oy + 300, radius=20), timeout=60, what="the stamp undone")
    app.key("ctrl+shift+z")
    wait_for(lambda: ink_at(ox + 450, oy + 300, radius=20), timeout=60, what="the stamp redone")
    app.save()
    gallery = tmp_path / "gallery"
    wait_for(lambda: any(gallery.glob("*.scribble")), timeout=60, what="the save")
    files = {p.name: p.stat().st_size for p in gallery.iterdir()}
    saved = [p for p in gallery.glob("*.scribble")]
    assert len(saved) == 1, files
    assert group_children(saved[0].read_bytes()) == 1_000_000, files
    assert memory_mb(app.process.pid, "VmHWM") - before <= limit, "saving stays within the rule too"
    app.settle()
    app.close()
    stalls = [float(line.split()[1]) for line in app.stderr.text().splitlines()
              if line.startswith("main-loop-stall-own-ms ")]
    assert max(stalls, default=0) < 250, sorted(stalls)[-5:]  # as the test above: room for a busy machine
