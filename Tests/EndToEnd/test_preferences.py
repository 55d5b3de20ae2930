"""Issue 32: the Preferences window and the laser pointer on X11. Every row's control is found
by its label over AT-SPI and changed as a screen reader would; each choice applies at once,
is written to settings.ini and is there again after a relaunch; the canvas kind follows the
palette's shortcut row. The laser's red ink shows while drawing, is gone a second later, and
never becomes part of the drawing."""
import threading
import time

import pyatspi

from app_driver import is_white, wait_for
from test_canvas_kinds import is_checked, looks_textured, patch
from touchpainter_driver import pointer_to, screenshot, xdotool

ROWS = ["Smoothing", "Canvas kind", "Touchscreen", "Palm rejection", "First stylus button", "Second stylus button"]


def open_preferences(app):
    app.key("ctrl+comma")
    return wait_for(lambda: app.find("Smoothing", pyatspi.ROLE_COMBO_BOX), what="the Preferences window")


def choose(app, row, item):
    """Picks `item` in the drop-down labelled `row`, through its AT-SPI selection."""
    combo = app.find(row, pyatspi.ROLE_COMBO_BOX)
    menu = combo.getChildAtIndex(0)
    names = [menu.getChildAtIndex(i).name for i in range(menu.childCount)]
    assert item in names, names
    combo.querySelection().selectChild(names.index(item))
    wait_for(lambda: chosen(app, row) == item, what=f"{row} to show {item}")


def chosen(app, row):
    """The item the drop-down labelled `row` shows (its AT-SPI selection)."""
    selection = app.find(row, pyatspi.ROLE_COMBO_BOX).querySelection()
    return selection.getSelectedChild(0).name if selection.nSelectedChildren else None


def palm_switch(app):
    return app.find("Palm rejection", pyatspi.ROLE_TOGGLE_BUTTON)


def settings_text(app):
    return (app.data_dir.parent / "config" / "touchpainter" / "settings.ini").read_text()


def close_preferences(app):
    """Escape in the Preferences window closes it, as in GNOME's preference windows."""
    xdotool("windowfocus", "--sync", app.other_window("Preferences"))
    xdotool("key", "--clearmodifiers", "Escape")
    wait_for(lambda: not app.is_showing("Smoothing", timeout=0.1), what="the Preferences window to close")


def test_every_preference_applies_at_once_and_is_kept_across_a_relaunch(launch):
    app = launch()
    open_preferences(app)
    for row in ROWS:
        assert app.is_showing(row), row  # every row's control is named by its label
    assert palm_switch(app).getState().contains(pyatspi.STATE_CHECKED)  # on by default
    assert chosen(app, "Smoothing") == "Off"
    choose(app, "Smoothing", "Strong")
    choose(app, "Touchscreen", "Fingers pan and zoom")
    palm_switch(app).queryAction().doAction(0)
    wait_for(lambda: not palm_switch(app).getState().contains(pyatspi.STATE_CHECKED), what="palm rejection off")
    choose(app, "First stylus button", "Select")
    choose(app, "Second stylus button", "Nothing")
    choose(app, "Canvas kind", "Paper")
    # Applied at once: the canvas behind is paper, and the palette's shortcut row says so.
    ox, oy = app.canvas_origin()
    wait_for(lambda: looks_textured(patch(screenshot(), ox + 600, oy + 300)), what="a paper canvas")  # right of the Preferences window
    wait_for(lambda: "smoothing=strong" in settings_text(app), what="the settings written")
    text = settings_text(app)
    for line in ("smoothing=strong", "touch=pan-and-zoom", "palm-rejection=false", "stylus-button-1=select",
                 "stylus-button-2=nothing", "kind=paper"):
        assert line in text, text
    close_preferences(app)
    app.click_control("Palette")
    assert is_checked(app, "Paper")
    app.click_control("Done")
    app.close()

    again = launch()
    open_preferences(again)
    assert chosen(again, "Smoothing") == "Strong"
    assert chosen(again, "Touchscreen") == "Fingers pan and zoom"
    assert chosen(again, "First stylus button") == "Select"
    assert chosen(again, "Second stylus button") == "Nothing"
    assert chosen(again, "Canvas kind") == "Paper"
    assert not palm_switch(again).getState().contains(pyatspi.STATE_CHECKED)
    # The palette's row changes the window's too.
    close_preferences(again)
    again.click_control("Palette")
    again.find("Plain", pyatspi.ROLE_RADIO_BUTTON).queryAction().doAction(0)
    again.click_control("Done")
    open_preferences(again)
    assert chosen(again, "Canvas kind") == "Plain"


def test_strong_smoothing_lags_while_drawing_and_the_stroke_ends_at_the_release(launch):
    app = launch()
    open_preferences(app)
    choose(app, "Smoothing", "Strong")
    close_preferences(app)
    ox, oy = app.canvas_origin()
    app.drag([(ox + 100, oy + 200), (ox + 400, oy + 200), (ox + 400, oy + 400)], steps=20)
    shot = screenshot()
    # The corner is cut (the stabiliser trails the pointer), but the stroke reaches the release point.
    assert not any(shot.getpixel((ox + 400 + dx, oy + 200 + dy))[0] < 128 for dx in range(-2, 3) for dy in range(-2, 3))
    assert any(shot.getpixel((ox + 400 + dx, oy + 399 + dy))[0] < 128 for dx in range(-2, 3) for dy in range(-2, 3))
    assert any(shot.getpixel((ox + 100 + dx, oy + 200 + dy))[0] < 128 for dx in range(-2, 3) for dy in range(-2, 3))


def is_laser_red(pixel):
    r, g, b = pixel
    return r >= 200 and g <= 120 and b <= 120


def test_the_laser_glows_red_then_fades_and_leaves_nothing_in_the_drawing(app):
    ox, oy = app.canvas_origin()
    app.key("k")
    assert app.find("Laser", pyatspi.ROLE_RADIO_BUTTON).getState().contains(pyatspi.STATE_CHECKED)
    # The pointer keeps moving along the line while the screen is read, so the ink is whole.
    pointer_to(ox + 100, oy + 300)
    xdotool("mousedown", 1)
    for x in range(100, 501, 20):
        xdotool("mousemove", ox + x, oy + 300)
    stop = threading.Event()

    def wiggle():
        while not stop.is_set():
            for x in (480, 500):
                xdotool("mousemove", ox + x, oy + 300)
                time.sleep(0.03)
    mover = threading.Thread(target=wiggle)
    mover.start()
    try:
        app.settle()
        shot = screenshot()
    finally:
        stop.set()
        mover.join()
        xdotool("mouseup", 1)
    assert sum(is_laser_red(shot.getpixel((ox + x, oy + 300))) for x in range(150, 450, 10)) >= 25
    # A glow: reddish but lighter a few pixels off the line.
    assert any(shot.getpixel((ox + 300, oy + 300 + dy))[0] > 200 and 120 < shot.getpixel((ox + 300, oy + 300 + dy))[1] < 250
               for dy in range(4, 10))
    # 500 ms whole, 300 ms fading: gone within a second of the release, with room for a busy machine.
    wait_for(lambda: (lambda shot: all(is_white(shot.getpixel((ox + x, oy + 300 + dy))) for x in range(100, 500, 10)
                                       for dy in (-6, 0, 6)))(screenshot()), timeout=3, what="the trail to fade")
    assert not app.is_sensitive("Undo")  # nothing to undo
    assert "•" not in app.title()  # nothing unsaved
