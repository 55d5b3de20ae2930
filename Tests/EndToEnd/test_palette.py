"""Issue 3: the palette sets colour and width through commands; the coordinator switches views
(since issue 26 it opens the palette in a pane beside the drawing: test_palette_pane.py)."""
import pyatspi

from app_driver import is_dark, is_red, is_white
from touchpainter_driver import screenshot


def test_red_wide_pen_applies_to_new_strokes_only(app):
    ox, oy = app.canvas_origin()
    app.drag([(ox + 100, oy + 100), (ox + 400, oy + 100)])  # black, before the change

    app.click_control("Palette")
    assert app.is_showing("Red", pyatspi.ROLE_SLIDER)
    # Beside the drawing, not instead of it: the canvas and its toolbar stay, the sliders at its right.
    assert app.is_showing("Canvas") and app.is_showing("Undo", pyatspi.ROLE_PUSH_BUTTON)
    cx, _, cw, _ = app.extents("Canvas")
    assert app.extents("Red", pyatspi.ROLE_SLIDER)[0] >= cx + cw
    for name, value in [("Red", 255), ("Green", 0), ("Blue", 0), ("Width", 20)]:
        app.set_slider(name, value)
    app.click_control("Done")
    assert app.is_showing("Canvas")

    app.drag([(ox + 100, oy + 300), (ox + 400, oy + 300)])
    shot = screenshot()
    for x in range(130, 380, 25):
        # Across the new stroke: red at ±8 px from the centre line, canvas at ±13 px: ~20 px wide.
        for dy in (-8, 0, 8):
            assert is_red(shot.getpixel((ox + x, oy + 300 + dy))), (x, dy)
        assert is_white(shot.getpixel((ox + x, oy + 287)))
        assert is_white(shot.getpixel((ox + x, oy + 313)))
        # The stroke drawn before keeps its colour and width.
        assert is_dark(shot.getpixel((ox + x, oy + 100)))
        assert is_white(shot.getpixel((ox + x, oy + 106)))


def test_reopening_the_palette_shows_the_current_pen(app):
    app.click_control("Palette")
    assert [app.slider_value(n) for n in ("Red", "Green", "Blue", "Width")] == [0, 0, 0, 4]  # defaults
    for name, value in [("Red", 255), ("Green", 0), ("Blue", 0), ("Width", 20)]:
        app.set_slider(name, value)
    app.click_control("Done")
    app.click_control("Palette")
    assert [app.slider_value(n) for n in ("Red", "Green", "Blue", "Width")] == [255, 0, 0, 20]


def test_escape_returns_from_the_palette(app):
    app.click_control("Palette")
    assert app.is_showing("Done", pyatspi.ROLE_PUSH_BUTTON)
    app.key("Escape")
    assert app.is_showing("Undo", pyatspi.ROLE_PUSH_BUTTON)
    assert not app.is_showing("Done", pyatspi.ROLE_PUSH_BUTTON)


def test_preview_shows_the_colour_while_sliders_move(app):
    app.click_control("Palette")
    app.set_slider("Red", 255)
    app.set_slider("Width", 30)
    x, y, w, h = app.extents("Pen preview")
    shot = screenshot()
    assert is_red(shot.getpixel((x + w // 2, y + h // 2)))
    assert is_red(shot.getpixel((x + w // 2, y + h // 2 + 12)))
    assert is_white(shot.getpixel((x + w // 2, y + h // 2 + 20)))


def test_a_swatch_a_hex_colour_and_a_remembered_recent_colour_set_the_pen(launch):
    app = launch()
    ox, oy = app.canvas_origin()
    app.key("ctrl+k")
    app.click_control("Red swatch")
    app.key("Escape")
    app.drag([(ox + 100, oy + 100), (ox + 400, oy + 100)])
    assert all(is_red(screenshot().getpixel((ox + x, oy + 100))) for x in range(130, 380, 25))

    app.key("ctrl+k")
    entry = app.find("Hex colour", pyatspi.ROLE_TEXT)
    entry.queryEditableText().setTextContents("#1a5fb4")
    entry.queryComponent().grabFocus()
    app.key("Return")
    app.key("Escape")
    app.drag([(ox + 100, oy + 200), (ox + 400, oy + 200)])
    r, g, b = screenshot().getpixel((ox + 250, oy + 200))
    assert max(abs(r - 0x1a), abs(g - 0x5f), abs(b - 0xb4)) < 8, (r, g, b)

    app.key("ctrl+q")
    app.answer_dialog("Discard")
    app.process.wait(timeout=10)
    app = launch()
    app.key("ctrl+k")
    assert app.is_showing("Recent colour #1a5fb4", timeout=5)  # remembered across launches
    assert app.is_showing("Recent colour #e01b24")
