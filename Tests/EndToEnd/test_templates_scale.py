"""Issue 39: templates under hostile conditions — a number on disk that would overflow, ten
thousand templates, and one of hundreds of thousands of strokes."""
import time

import pyatspi
import pytest

from hostile_files import huge_template, scribble
from test_tools import choose_tool, draw_three, ink_at
from touchpainter_driver import pointer_to, xdotool


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
    time.sleep(1)  # the list of names is read in the background at start
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
    app = launch(extra_env={"TOUCHPAINTER_REPORT_TIMINGS": "1"})
    app.click_control("Templates", pyatspi.ROLE_TOGGLE_BUTTON)
    x, y, w, h = app.extents("Template 1")
    app.click(x + w // 2, y + h // 2)
    ox, oy = app.canvas_origin()
    time.sleep(3)  # read and prepared in the background
    pointer_to(ox + 350, oy + 250)
    app.click(ox + 350, oy + 250)
    deadline = time.monotonic() + 60
    while not ink_at(ox + 350, oy + 250, radius=20) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert ink_at(ox + 350, oy + 250, radius=20), "the stamp never showed"
    assert app.is_sensitive("Undo")
    app.key("Escape")
    pointer_to(ox + 900, oy + 20)
    app.key("ctrl+z")  # one undo step takes the whole stamp away
    deadline = time.monotonic() + 60
    while ink_at(ox + 350, oy + 250, radius=20) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not ink_at(ox + 350, oy + 250, radius=20)
    assert not app.is_sensitive("Undo")
    time.sleep(1)
    app.close()
    stalls = [float(line.split()[1]) for line in app.process.stderr.read().splitlines()
              if line.startswith("main-loop-stall-ms")]
    # The old code froze the window ~4 s, and walking the stamp's 300,000 strokes for its
    # bounds on each of stamp, frame and undo still held it 200–600 ms in this debug build.
    # Now the longest stall is 20–40 ms here (the goal is 100 ms); a bound with room for a
    # busy machine that still fails any walk of the stamp on the main thread.
    assert max(stalls, default=0) < 250, sorted(stalls)[-5:]
