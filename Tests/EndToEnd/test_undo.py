"""Issue 4: undo, redo and delete as commands, through the keyboard and the toolbar."""
import pyatspi

from app_driver import is_dark, is_white
from touchpainter_driver import screenshot


def draw_three(app):
    ox, oy = app.canvas_origin()
    rows = [oy + 100, oy + 200, oy + 300]
    for y in rows:
        app.drag([(ox + 100, y), (ox + 400, y)])
    return ox, rows


def visible(ox, rows):
    shot = screenshot()
    result = []
    for y in rows:
        samples = [is_dark(shot.getpixel((ox + x, y))) for x in range(120, 390, 30)]
        assert all(samples) or not any(samples), f"stroke at y={y} partly drawn: {samples}"
        result.append(all(samples))
    return result


def test_undo_redo_and_delete_by_keyboard(app):
    assert not app.is_sensitive("Undo")
    assert not app.is_sensitive("Redo")
    ox, rows = draw_three(app)
    assert visible(ox, rows) == [True, True, True]
    assert app.is_sensitive("Undo")

    app.key("ctrl+z", "ctrl+z")
    assert visible(ox, rows) == [True, False, False]
    assert app.is_sensitive("Redo")

    app.key("ctrl+shift+z")
    assert visible(ox, rows) == [True, True, False]

    app.key("Delete")  # a new scribble: the drawing is unsaved, so it asks first
    app.answer_dialog("Discard")
    assert visible(ox, rows) == [False, False, False]

    app.key("ctrl+z")
    assert visible(ox, rows) == [True, True, False]

    app.key("ctrl+y")  # redo the clear
    assert visible(ox, rows) == [False, False, False]


def test_toolbar_buttons_undo_redo_and_clear(app):
    ox, rows = draw_three(app)
    app.click_control("Undo")
    assert visible(ox, rows) == [True, True, False]
    app.click_control("Redo")
    assert visible(ox, rows) == [True, True, True]
    assert not app.is_sensitive("Redo")
    app.click_control("New")
    app.answer_dialog("Discard")
    assert visible(ox, rows) == [False, False, False]
    app.click_control("Undo")
    assert visible(ox, rows) == [True, True, True]


def test_a_new_stroke_clears_redo(app):
    ox, rows = draw_three(app)
    app.key("ctrl+z")
    assert app.is_sensitive("Redo")
    app.drag([(ox + 500, rows[0]), (ox + 600, rows[0])])
    assert not app.is_sensitive("Redo")
    app.key("ctrl+shift+z")
    assert visible(ox, rows) == [True, True, False]


def test_undo_of_a_dot(app):
    ox, oy = app.canvas_origin()
    app.click(ox + 250, oy + 250)
    assert is_dark(screenshot().getpixel((ox + 250, oy + 250)))
    app.key("ctrl+z")
    assert is_white(screenshot().getpixel((ox + 250, oy + 250)))
