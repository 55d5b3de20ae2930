"""Issue 31: Replay (Ctrl+R) plays the drawing's history on a read-only canvas — paused at
half time it shows half the marks, a mark undone shows and then goes (also once saved and
opened again), and Escape leaves the document as it was."""
import pathlib
import sys
import time

from app_driver import is_white, wait_for
from touchpainter_driver import screenshot

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Corpus"))
from scribble_file import run, scribble, stroke  # noqa: E402  (the corpus' writer of scribble files)

BARS = 10


def bars_file(path):
    """A version-1 scribble of ten bars drawn top to bottom: opened, its marks get times at
    an even pace, so half the replay holds exactly the first five."""
    marks = [stroke(8, [run([(100 + k * 20, 60 + i * 50) for k in range(30)])], rgba=(20 * i, 40, 200 - 15 * i, 255))
             for i in range(BARS)]
    path.write_bytes(scribble(*marks, title="Bars"))
    return path


def bars_shown(app, name):
    """Which of the ten bars the canvas called `name` shows."""
    x, y, _, _ = app.extents(name)
    shot = screenshot()
    return [i for i in range(BARS) if not is_white(shot.getpixel((x + 300, y + 60 + i * 50)))]


def test_paused_at_half_time_the_replay_shows_half_the_marks_and_escape_leaves_the_drawing(launch, tmp_path):
    app = launch(bars_file(tmp_path / "bars.scribble"))
    wait_for(lambda: "Bars" in app.title(), what="the file to open")
    wait_for(lambda: len(bars_shown(app, "Canvas")) == BARS, what="the drawing")
    title = app.title()
    app.key("ctrl+r")
    wait_for(lambda: app.is_showing("Replay position"), what="the replay's scrubber")
    app.key("space")  # pause
    app.key("5")  # half time
    assert bars_shown(app, "Replay canvas") == list(range(BARS // 2))
    time.sleep(0.5)
    assert bars_shown(app, "Replay canvas") == list(range(BARS // 2))  # paused: it stays
    app.key("space")  # plays on to the end
    wait_for(lambda: len(bars_shown(app, "Replay canvas")) == BARS, timeout=10, what="the replay's end")
    app.key("Escape")
    wait_for(lambda: not app.is_showing("Replay position"), what="the canvas again")
    assert len(bars_shown(app, "Canvas")) == BARS
    assert app.title() == title  # the document is untouched: not unsaved, same name


def test_a_stroke_undone_appears_and_then_goes(app):
    x, y = app.canvas_origin()
    app.drag([(x + 100, y + 100), (x + 400, y + 100)])
    time.sleep(1)
    app.drag([(x + 100, y + 300), (x + 400, y + 300)])
    time.sleep(1)
    app.key("ctrl+z")
    shot = screenshot()
    assert is_white(shot.getpixel((x + 250, y + 300)))  # undone
    app.key("ctrl+r")
    wait_for(lambda: app.is_showing("Replay position"), what="the replay's scrubber")
    app.key("space", "8")  # paused at 80 %: after the second stroke, before its undo
    rx, ry, _, _ = app.extents("Replay canvas")
    shot = screenshot()
    assert not is_white(shot.getpixel((rx + 250, ry + 100)))
    assert not is_white(shot.getpixel((rx + 250, ry + 300)))
    app.key("space")
    wait_for(lambda: is_white(screenshot().getpixel((rx + 250, ry + 300))), what="the end, where it is undone")
    shot = screenshot()
    assert not is_white(shot.getpixel((rx + 250, ry + 100)))
    assert is_white(shot.getpixel((rx + 250, ry + 300)))
    app.key("Escape")


def test_a_cut_stroke_is_kept_in_the_saved_file_and_replays_whole_until_its_cut_after_reopening(launch, tmp_path):
    """Format version 5 keeps the marks taken off: the stroke the eraser cut is saved as it
    was, so the replay of the drawing opened again shows it whole until the moment of the cut."""
    app = launch()
    x, y = app.canvas_origin()
    app.drag([(x + 100, y + 100), (x + 400, y + 100)])
    time.sleep(1)
    app.drag([(x + 100, y + 300), (x + 400, y + 300)])
    time.sleep(1)
    app.key("e")  # the eraser, in its Part of marks mode: cuts the second stroke in two
    app.drag([(x + 250, y + 240), (x + 250, y + 360)])
    shot = screenshot()
    assert is_white(shot.getpixel((x + 250, y + 300))) and not is_white(shot.getpixel((x + 120, y + 300)))
    app.save()
    saved = wait_for(lambda: next((tmp_path / "gallery").glob("*.scribble"), None), what="the saved file")
    wait_for(lambda: "Untitled" not in app.title(), what="the save")
    app.close()
    assert saved.read_bytes()[8] == 5  # format version 5: with the marks taken off

    app = launch(saved)
    x, y = app.canvas_origin()
    wait_for(lambda: not is_white(screenshot().getpixel((x + 120, y + 300))), what="the drawing")
    app.key("ctrl+r")
    wait_for(lambda: app.is_showing("Replay position"), what="the replay's scrubber")
    app.key("space", "8")  # paused at 80 %: after the second stroke, before the cut
    rx, ry, _, _ = app.extents("Replay canvas")
    shot = screenshot()
    assert not is_white(shot.getpixel((rx + 250, ry + 100)))
    assert not is_white(shot.getpixel((rx + 250, ry + 300)))  # whole: where the eraser will pass
    app.key("space")
    wait_for(lambda: is_white(screenshot().getpixel((rx + 250, ry + 300))), what="the end: cut")
    shot = screenshot()
    assert is_white(shot.getpixel((rx + 250, ry + 300)))
    assert not is_white(shot.getpixel((rx + 120, ry + 300))) and not is_white(shot.getpixel((rx + 380, ry + 300)))
    app.key("Escape")
