"""Issue 35: a big scribble is on screen before the whole of it is read. The app shows the
first part of the drawing at once, takes no edit while the rest arrives (saying why), and is
the file's whole drawing, untouched, once it is all there."""

from app_driver import is_white, wait_for
from hostile_files import many_strokes_v2
from touchpainter_driver import screenshot

STROKES, POINTS = 60_000, 20  # 1.2M vertices, 5.6 MB
STILL_OPENING = "“big” is still opening. Wait until all of it is on the canvas."


class Frames:
    """The app's `full-frame vertices N` timing lines, read from its stderr as they come."""

    def __init__(self, app):
        self.output = app.stderr
        self.index = 0

    def next(self, timeout):
        """The vertex count of the next full frame put up, waiting at most `timeout` seconds."""
        def is_frame(line):
            fields = line.split()
            return len(fields) == 3 and fields[0] == "full-frame"
        index, line = self.output.next(self.index, is_frame, timeout)
        self.index = index + 1
        return int(line.split()[2])


def test_a_big_scribble_shows_its_first_part_at_once_and_takes_no_edit_until_it_is_whole(launch, tmp_path):
    path = tmp_path / "big.scribble"
    path.write_bytes(many_strokes_v2(count=STROKES, points=POINTS))
    saved = path.read_bytes()
    app = launch(path, extra_env={"TOUCHPAINTER_REPORT_TIMINGS": "1", "TOUCHPAINTER_REPORT_STALLS": "0"})
    frames = Frames(app)
    first = 0
    while first == 0:  # the empty canvas' frames come before the drawing's
        first = frames.next(timeout=60)
    assert 0 < first < STROKES * POINTS, "the first screen is a part of the drawing, shown before the whole"

    # The first part is on screen: marks on the canvas.
    x, y, w, h = app.extents("Canvas")
    shot = screenshot()
    marked = sum(1 for px in range(x, x + w, 7) for py in range(y, y + h, 7) if not is_white(shot.getpixel((px, py))))
    assert marked > 50, "the first part of the drawing shows"

    # An edit before the whole drawing is on screen is refused, and the progress notification
    # says why (it stays until all of it is shown).
    app.drag([(x + 40, y + 40), (x + 200, y + 120)], settle=False)  # not waiting for the whole
    assert app.is_showing(STILL_OPENING, timeout=5)
    app.key("ctrl+s")

    # Then the whole drawing, and the progress goes.
    shown = first
    while shown < STROKES * POINTS:
        shown = frames.next(timeout=120)
    assert shown == STROKES * POINTS
    wait_for(lambda: not app.is_showing(STILL_OPENING, timeout=0.1), timeout=60, what="the progress to go")
    assert not app.is_showing("Opening “big.scribble”…", timeout=0.1)
    assert app.title() == "big — TouchPainter", "nothing changed the drawing while it opened"
    assert path.read_bytes() == saved, "nothing was saved while it opened"

    # Once whole it takes strokes as any drawing does.
    app.drag([(x + 40, y + 40), (x + 200, y + 120)])
    wait_for(lambda: app.title() == "• big — TouchPainter", timeout=10, what="the stroke to make it unsaved")
