"""Issue 11: hostile files and odd folders cannot freeze, exhaust or fool the app."""
import os
import time

import pytest

from hostile_files import many_strokes, png_bomb, scribble
from touchpainter_driver import xdotool


def peak_memory_mb(app):
    with open(f"/proc/{app.process.pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0


def test_a_trillion_pixel_wide_stroke_is_refused_with_a_clear_error(launch, tmp_path):
    path = tmp_path / "wide.scribble"
    path.write_bytes(scribble(width=1e12))
    app = launch(path)
    app.dialog(timeout=10)
    assert "Could not open" in app.dialog_text()
    assert "width is out of range" in app.dialog_text()
    app.answer_dialog("Close")
    app.key("ctrl+q")
    assert app.process.wait(timeout=10) == 0  # responsive: it quits at once


def test_a_huge_dot_and_a_control_character_title_are_refused(launch, tmp_path):
    for name, data, reason in [("dot.scribble", scribble(dot_size=3.4e38), "size is out of range"),
                               ("title.scribble", scribble(title="bad\x00title"), "control characters")]:
        path = tmp_path / name
        path.write_bytes(data)
        app = launch(path)
        app.dialog(timeout=10)
        assert reason in app.dialog_text(), app.dialog_text()
        app.answer_dialog("Close")
        app.key("ctrl+q")
        app.process.wait(timeout=10)


def test_a_fifo_in_the_gallery_does_not_block_opening_it(launch, tmp_path):
    gallery = tmp_path / "gallery"
    gallery.mkdir()
    os.mkfifo(gallery / "x.scribble")
    app = launch()
    start = time.monotonic()
    app.key("ctrl+o")
    app.find("Gallery", timeout=5)
    assert time.monotonic() - start < 1.5  # the key, the listing and AT-SPI's own round trips
    app.key("ctrl+q")
    assert app.process.wait(timeout=10) == 0


def test_a_fifo_on_the_command_line_gets_an_error_dialog(launch, tmp_path):
    os.mkfifo(tmp_path / "pipe.scribble")
    app = launch(tmp_path / "pipe.scribble")
    app.dialog(timeout=10)
    assert "not a regular file" in app.dialog_text()
    app.answer_dialog("Close")


def test_a_gallery_of_png_bombs_stays_small(launch, tmp_path):
    gallery = tmp_path / "gallery"
    gallery.mkdir()
    bomb = png_bomb()
    for index in range(6):
        (gallery / f"bomb{index}.scribble").write_bytes(scribble())
        (gallery / f"bomb{index}.png").write_bytes(bomb)
    app = launch()
    app.key("ctrl+o")
    app.find("Untitled", timeout=5)  # the tiles are up
    app.settle()  # every tile on show has loaded (or refused) its thumbnail
    assert peak_memory_mb(app) <= 300, peak_memory_mb(app)


def resize_to_8000(launch, *args):
    """Launches the app (with `args`), stretches its window to 8000×8000 px and back, and
    returns the longest main-loop stall after the first full frame and the peak memory. Each
    step waits for the full frame it brings (the app's `full-frame` timing line, rendered in
    the background), then half a second for the window to draw it."""
    app = launch(*args, extra_env={"TOUCHPAINTER_REPORT_TIMINGS": "1"})
    is_frame = lambda line: line.startswith("full-frame ")
    # The empty canvas' frame, then the drawing's (a frame with vertices) when there is one.
    seen, _ = app.stderr.next(0, lambda line: is_frame(line) and (not args or not line.endswith(" 0")), timeout=30)
    app.settle()
    for size in ((8000, 8000), (900, 700)):
        xdotool("windowsize", app.window, *size)
        seen, _ = app.stderr.next(seen + 1, is_frame, timeout=30)
        app.settle()
    assert app.process.poll() is None
    peak = peak_memory_mb(app)
    app.close()
    # A stall less the time other processes held the processors: what the app's own work costs.
    stalls = [float(line.split()[1]) for line in app.stderr.text().splitlines()
              if line.startswith("main-loop-stall-own-ms ")]
    return max(stalls, default=0), peak


@pytest.mark.timeout(240)  # six launches
def test_resizing_a_big_drawing_to_8000_px_stalls_at_most_50_ms(launch, tmp_path):
    """Case 7: a 10,000-stroke scribble in a window stretched to 8000×8000 px. The frame
    stays the monitor's size and renders in the background, and GTK draws so big a window
    straight to the screen rather than into a pixmap of its whole size (which alone stalled
    ~200 ms), so the main loop stalls no more than 50 ms (~10 ms on the development VM), and
    the drawing adds little memory to what the window takes empty. Best of three launches,
    taken in turns with empty ones: a cost the app has shows in every launch, a burst of
    load elsewhere on the machine only in some. (A pair that already meets both bounds ends
    the search: the best of more launches could only be as good.)"""
    path = tmp_path / "big.scribble"
    path.write_bytes(many_strokes())
    empty, big = [], []
    for _ in range(3):
        empty.append(resize_to_8000(launch))
        big.append(resize_to_8000(launch, path))
        if min(s for s, _ in big) <= 50 and min(p for _, p in big) <= min(p for _, p in empty) + 100:
            break
    stall = min(s for s, _ in big)
    empty_peak, peak = min(p for _, p in empty), min(p for _, p in big)
    assert stall <= 50, (big, empty)
    assert peak <= empty_peak + 100, (big, empty)
