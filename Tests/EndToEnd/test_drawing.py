"""Issue 2: launch the real binary and draw with the mouse."""
import pyatspi

from app_driver import is_dark, is_white
from touchpainter_driver import screenshot


def test_toolbar_has_the_six_buttons_by_accessible_name(app):
    for name in ["New", "Save", "Open", "Palette", "Undo", "Redo"]:
        button = app.find(name, pyatspi.ROLE_PUSH_BUTTON)
        assert button.getState().contains(pyatspi.STATE_SHOWING), name
    assert app.find("Canvas") is not None
    assert app.title() == "TouchPainter"


def test_toolbar_buttons_are_in_the_books_order_left_to_right(app):
    xs = [app.extents(name, pyatspi.ROLE_PUSH_BUTTON)[0] for name in ["New", "Save", "Open", "Palette", "Undo", "Redo"]]
    assert xs == sorted(xs)


def test_drag_draws_a_stroke_and_click_draws_a_dot(app):
    ox, oy = app.canvas_origin()
    path = [(ox + 100, oy + 100), (ox + 300, oy + 100), (ox + 300, oy + 250)]
    before = screenshot()
    assert is_white(before.getpixel((ox + 200, oy + 100)))

    app.drag(path)
    app.click(ox + 500, oy + 300)
    shot = screenshot()

    # Along both legs of the path, the default 4 px black pen has painted.
    for t in range(0, 101, 10):
        assert is_dark(shot.getpixel((ox + 100 + 2 * t, oy + 100))), f"top leg at {t}%"
        assert is_dark(shot.getpixel((ox + 300, oy + 100 + round(1.5 * t)))), f"right leg at {t}%"
    # Only the path: 6 px beside it the canvas is still white.
    assert is_white(shot.getpixel((ox + 200, oy + 106)))
    assert is_white(shot.getpixel((ox + 200, oy + 94)))
    # The click left a dot of diameter 4 at the click point, and nothing around it.
    assert is_dark(shot.getpixel((ox + 500, oy + 300)))
    assert is_white(shot.getpixel((ox + 505, oy + 300)))
    # Nothing joins the stroke's end to the dot.
    assert is_white(shot.getpixel((ox + 400, oy + 275)))


def test_help_lists_the_options():
    import subprocess
    from app_driver import BINARY
    out = subprocess.run([BINARY, "--help"], capture_output=True, text=True, timeout=20)
    assert out.returncode == 0
    assert "USAGE: touchpainter" in out.stdout
    assert "<file>" in out.stdout
