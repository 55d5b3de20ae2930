"""Issue 26: the palette is a pane beside the drawing. At 1024×600 every control of it lies
inside the window and a stroke drawn before stays in sight; with marks selected, its
controls recolour them and its heading says so; the mouse wheel over a slider scrolls the
pane and leaves the value alone; the Hex field follows the colour and says why it refuses
a text; each row of swatches is one Tab stop."""
import subprocess

import pyatspi

from app_driver import is_dark, is_red, wait_for
from touchpainter_driver import screenshot

PRESETS = ["Black", "Dark grey", "Grey", "White", "Red", "Orange", "Yellow", "Green", "Dark green", "Teal",
           "Blue", "Dark blue", "Purple", "Pink", "Brown", "Dark brown"]
# The last eight presets' colours, as the recent colours name them.
RECENT = ["#26a269", "#2190a4", "#3584e4", "#1a5fb4", "#9141ac", "#dc8add", "#986a44", "#63452c"]
# Every control of the pane, by accessible name and role.
CONTROLS = ([("Done", pyatspi.ROLE_PUSH_BUTTON), ("Pen preview", None), ("Hex colour", pyatspi.ROLE_TEXT)]
            + [(name, pyatspi.ROLE_SLIDER) for name in ("Red", "Green", "Blue", "Opacity", "Width")]
            + [(name, pyatspi.ROLE_RADIO_BUTTON) for name in ("Plain", "Paper", "Cloth")]
            + [(f"{name} swatch", pyatspi.ROLE_PUSH_BUTTON) for name in PRESETS])


def run(*args):
    return subprocess.run(["xdotool", *map(str, args)], check=True, capture_output=True, text=True, timeout=10).stdout


def geometry(app):
    """The main window's rectangle on the screen: x, y, width, height."""
    values = dict(line.split("=", 1) for line in run("getwindowgeometry", "--shell", app.window).split())
    return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])


def resize(app, width, height):
    run("windowmove", app.window, 0, 0)
    run("windowsize", app.window, width, height)
    wait_for(lambda: geometry(app)[2:] == (width, height), timeout=10, what=f"a {width}×{height} window")
    app.settle()  # the new layout and the canvas' frame at its new size


def inside(rect, outer):
    x, y, w, h = rect
    ox, oy, ow, oh = outer
    return w > 0 and h > 0 and ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh


def shown_label(app, part):
    """The label on show whose text contains `part`, if any."""
    return pyatspi.findDescendant(
        app.accessible, lambda a: a is not None and a.getRole() == pyatspi.ROLE_LABEL and part in (a.name or "")
        and a.getState().contains(pyatspi.STATE_SHOWING))


def focused(app):
    return pyatspi.findDescendant(app.accessible, lambda a: a is not None and a.getState().contains(pyatspi.STATE_FOCUSED))


def test_at_1024x600_the_pane_fits_beside_the_drawing(app):
    resize(app, 1024, 600)
    ox, oy = app.canvas_origin()
    app.drag([(ox + 60, oy + 120), (ox + 300, oy + 120)])
    app.key("ctrl+k")
    assert app.is_showing("Pen colour and width", timeout=5)
    # At its tallest: eight recent colours, and the reason a Hex text is refused on show.
    for name in PRESETS[8:]:
        app.find(f"{name} swatch", pyatspi.ROLE_PUSH_BUTTON).queryAction().doAction(0)
    entry = app.find("Hex colour", pyatspi.ROLE_TEXT)
    entry.queryEditableText().setTextContents("nonsense")
    entry.queryComponent().grabFocus()
    app.key("Return")
    reason = wait_for(lambda: shown_label(app, "nonsense"), timeout=5, what="the reason under the Hex field")
    recent = [f"Recent colour {colour}" for colour in RECENT]
    window = geometry(app)
    for name, role in CONTROLS + [(name, pyatspi.ROLE_PUSH_BUTTON) for name in recent]:
        assert inside(app.extents(name, role), window), (name, app.extents(name, role), window)
    e = reason.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    assert inside((e.x, e.y, e.width, e.height), window)
    # The drawing is beside the pane, wide enough to work on, and the stroke is still on show.
    cx, cy, cw, ch = app.extents("Canvas")
    pane_left = min(app.extents(name, role)[0] for name, role in CONTROLS)
    assert cx + cw <= pane_left and cw >= 500 and inside((cx, cy, cw, ch), window)
    app.settle()
    shot = screenshot()
    assert all(is_dark(shot.getpixel((ox + x, oy + 120))) for x in range(80, 290, 20))
    # And the canvas still takes strokes while the pane is open, in the colour picked last.
    app.drag([(ox + 60, oy + 220), (ox + 300, oy + 220)])
    shot = screenshot()
    for x in range(80, 290, 20):
        pixel = shot.getpixel((ox + x, oy + 220))
        assert max(abs(c - d) for c, d in zip(pixel, (0x63, 0x45, 0x2c))) < 24, pixel  # dark brown
    assert app.is_showing("Done", pyatspi.ROLE_PUSH_BUTTON)


def test_with_marks_selected_red_recolours_them_and_the_heading_says_so(app):
    ox, oy = app.canvas_origin()
    rows = [oy + 100, oy + 200]
    for y in rows:
        app.drag([(ox + 100, y), (ox + 400, y)])
    app.key("s")
    app.click(ox + 250, rows[0])
    run("keydown", "shift")
    app.click(ox + 250, rows[1])
    run("keyup", "shift")
    app.key("ctrl+k")
    assert app.is_showing("Colour of 2 selected marks", timeout=5)
    app.click_control("Red swatch")
    shot = screenshot()
    for y in rows:
        assert all(is_red(shot.getpixel((ox + x, y))) for x in range(130, 380, 25)), y
    assert app.slider_value("Red") == 224

    app.key("Escape")  # the pen was not changed: a new stroke is black
    assert not app.is_showing("Done", pyatspi.ROLE_PUSH_BUTTON)
    app.key("p")
    app.drag([(ox + 100, oy + 300), (ox + 400, oy + 300)])
    shot = screenshot()
    assert all(is_dark(shot.getpixel((ox + x, oy + 300))) for x in range(130, 380, 25))

    app.key("ctrl+z", "ctrl+z")  # the new stroke, then the recolour of both, as one step
    shot = screenshot()
    for y in rows:
        assert all(is_dark(shot.getpixel((ox + x, y))) for x in range(130, 380, 25)), y


def test_the_wheel_over_a_slider_scrolls_the_pane_not_the_value(app):
    app.key("ctrl+k")
    app.set_slider("Red", 100)
    x, y, w, h = app.extents("Red", pyatspi.ROLE_SLIDER)
    run("mousemove", "--sync", x + w // 3, y + h // 2)
    for button in (4, 4, 5, 5, 5):
        run("click", button)
    app.settle()
    assert app.slider_value("Red") == 100

    # In a window too low for the pane, the same wheel scrolls the pane instead.
    resize(app, 1024, 400)
    x, y, w, h = app.extents("Red", pyatspi.ROLE_SLIDER)
    done_top = app.extents("Done", pyatspi.ROLE_PUSH_BUTTON)[1]
    run("mousemove", "--sync", x + w // 3, y + h // 2)
    for _ in range(3):
        run("click", 5)
    app.settle()

    def scrolled():  # Done, at the top, went up or out of sight
        return not app.is_showing("Done", pyatspi.ROLE_PUSH_BUTTON, timeout=0.1) \
            or app.extents("Done", pyatspi.ROLE_PUSH_BUTTON)[1] < done_top
    wait_for(scrolled, timeout=3, what="the pane to scroll")
    assert app.slider_value("Red") == 100


def test_the_hex_field_follows_the_colour_and_says_why_it_refuses(app):
    app.key("ctrl+k")
    entry = app.find("Hex colour", pyatspi.ROLE_TEXT)

    def hex_text():
        return entry.queryText().getText(0, -1)

    assert hex_text() == "#000000"
    app.click_control("Red swatch")
    assert hex_text() == "#e01b24"
    app.set_slider("Opacity", 50)
    assert hex_text() == "#e01b2480"

    for text, colour in [("#0f0", "#00ff0080"), ("teal", "#00808080"), ("#ff000080", "#ff000080")]:
        entry.queryEditableText().setTextContents(text)
        entry.queryComponent().grabFocus()
        app.key("Return")
        assert hex_text() == colour, text

    entry.queryEditableText().setTextContents("nonsense")
    entry.queryComponent().grabFocus()
    app.key("Return")
    message = wait_for(lambda: shown_label(app, "nonsense"), timeout=5, what="the reason under the Hex field")
    assert "not a colour" in message.name
    assert app.slider_value("Red") == 255 and app.slider_value("Green") == 0  # the colour stays


def test_each_row_of_swatches_is_one_tab_stop(app):
    app.key("ctrl+k")
    assert wait_for(lambda: (focused(app) or None) and focused(app).name == "Black swatch", timeout=5,
                    what="the focus on the pen's swatch")
    app.key("Right", "Right")
    assert focused(app).name == "Grey swatch"
    app.key("End")
    assert focused(app).name == "Green swatch"
    app.key("Tab")  # the next row, where its Tab stop is
    assert focused(app).name == "Dark green swatch"
    app.key("Tab")  # no recent colours yet: straight on to the Hex field
    assert focused(app).name == "Hex colour"
    app.key("shift+Tab", "shift+Tab")  # back to where the focus was in the first row
    assert focused(app).name == "Green swatch"
    app.key("Return")  # a swatch is a button: Enter picks it
    assert app.slider_value("Green") == 209
