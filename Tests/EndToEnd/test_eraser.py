"""Issue 26: the eraser cuts. Part of marks (the default) leaves the pieces either side of
its path; Whole marks removes what it touches; size and mode are remembered."""
import time

import pyatspi
from PIL import Image

from app_driver import is_dark, wait_for
from test_export_cli import export
from test_tools import choose_tool, ink_at
from touchpainter_driver import screenshot


def dark_runs(pixels):
    """The (start, end) of each run of dark pixels in a row."""
    runs, start = [], None
    for x, pixel in enumerate(pixels + [(255, 255, 255)]):
        if is_dark(pixel) and start is None:
            start = x
        elif not is_dark(pixel) and start is not None:
            runs.append((start, x - 1))
            start = None
    return runs


def row_runs(ox, y):
    """The dark runs across the canvas' row `y` (screen coordinates), from one screenshot."""
    shot = screenshot()
    return dark_runs([shot.getpixel((x, y)) for x in range(ox + 50, ox + 450)])


def open_options(app):
    app.click_control("Eraser options", pyatspi.ROLE_TOGGLE_BUTTON)
    assert app.is_showing("Eraser size", pyatspi.ROLE_SLIDER, timeout=5)


def test_part_mode_is_the_default_and_cuts_a_stroke_in_two(app, tmp_path):
    ox, oy = app.canvas_origin()
    y = oy + 150
    app.drag([(ox + 100, y), (ox + 400, y)])
    choose_tool(app, "Eraser")
    open_options(app)
    assert app.find("Part of marks", pyatspi.ROLE_RADIO_BUTTON).getState().contains(pyatspi.STATE_CHECKED)
    assert not app.find("Whole marks", pyatspi.ROLE_RADIO_BUTTON).getState().contains(pyatspi.STATE_CHECKED)
    assert app.slider_value("Eraser size") == 16
    app.key("Escape")
    # Down across the middle of the stroke.
    app.drag([(ox + 250, y - 60), (ox + 250, y + 60)])
    runs = row_runs(ox, y)
    assert len(runs) == 2, runs
    (_, left_end), (right_start, _) = runs
    # The disc is 16 px wide: the gap is at least that, centred on the eraser's path.
    assert right_start - left_end >= 16, runs
    assert abs((left_end + right_start) / 2 - 200) <= 3, runs
    assert ink_at(ox + 120, y) and ink_at(ox + 380, y)

    app.save()
    saved = wait_for(lambda: next((tmp_path / "gallery").glob("*.scribble"), None), what="the saved scribble")
    app.close()
    result = export(saved, tmp_path / "saved.png")
    assert result.returncode == 0, result.stderr
    png = Image.open(tmp_path / "saved.png").convert("RGB")
    row = max(range(png.height), key=lambda r: sum(is_dark(png.getpixel((x, r))) for x in range(png.width)))
    runs = dark_runs([png.getpixel((x, row)) for x in range(png.width)])
    assert len(runs) == 2 and runs[1][0] - runs[0][1] >= 16, runs


def test_whole_mode_removes_the_whole_stroke_and_the_choice_is_remembered(launch, tmp_path):
    app = launch()
    ox, oy = app.canvas_origin()
    y = oy + 150
    app.drag([(ox + 100, y), (ox + 400, y)])
    app.key("e")
    open_options(app)
    app.click_control("Whole marks", pyatspi.ROLE_RADIO_BUTTON)
    app.set_slider("Eraser size", 40)
    app.key("Escape")
    app.drag([(ox + 250, y - 60), (ox + 250, y + 60)])
    assert not any(ink_at(ox + x, y) for x in (120, 200, 300, 380))
    app.key("ctrl+z")
    assert ink_at(ox + 120, y) and ink_at(ox + 250, y) and ink_at(ox + 380, y)
    app.save()
    app.key("ctrl+q")
    app.process.wait(timeout=10)

    settings = (tmp_path / "config" / "touchpainter" / "settings.ini").read_text()
    assert "[Eraser]" in settings and "size=40" in settings and "mode=whole" in settings, settings
    again = launch()
    choose_tool(again, "Eraser")
    open_options(again)
    assert again.find("Whole marks", pyatspi.ROLE_RADIO_BUTTON).getState().contains(pyatspi.STATE_CHECKED)
    assert again.slider_value("Eraser size") == 40


def test_a_cut_comes_back_after_kill_9(launch):
    app = launch()
    ox, oy = app.canvas_origin()
    y = oy + 150
    app.drag([(ox + 100, y), (ox + 400, y)])
    choose_tool(app, "Eraser")
    app.drag([(ox + 250, y - 60), (ox + 250, y + 60)])
    before = row_runs(ox, y)
    assert len(before) == 2, before
    time.sleep(0.5)  # the journal is on disk within a quarter of a second of the release
    app.process.kill()
    app.process.wait(timeout=10)

    again = launch()
    again.dialog(timeout=10)
    again.answer_dialog("Restore")
    ox, oy = again.canvas_origin()
    assert row_runs(ox, oy + 150) == before
    again.key("ctrl+z")  # the cut is one step of the restored history
    assert len(row_runs(ox, oy + 150)) == 1
