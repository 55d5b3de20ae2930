"""The app on a Wayland desktop (a headless sway), driven by real input through the virtual
pointer and keyboard protocols and checked in screenshots taken with grim: drawing a stroke
and a dot, undo and redo, save and reopen from the gallery, pan and zoom, the clipboard, the
Preferences window kept across a relaunch, the laser, and the dark style."""
import io
import os
import subprocess
import time

import pyatspi
from PIL import Image

from app_driver import wait_for


def stroke_visible(app, shot, y, x0=150, x1=450):
    return sum(app.is_dark(shot, *app.canvas_point(x, y)) for x in range(x0, x1, 10)) >= (x1 - x0) // 10 - 2


def dot_visible(app, shot, x, y):
    return any(app.is_dark(shot, *app.canvas_point(x + dx, y + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def draw_stroke_and_dot(app):
    app.drag([app.canvas_point(100, 200), app.canvas_point(500, 200)])
    app.click(*app.canvas_point(300, 350))
    wait_for(lambda: stroke_visible(app, app.screenshot(), 200), what="the stroke on screen")
    wait_for(lambda: dot_visible(app, app.screenshot(), 300, 350), what="the dot on screen")


def test_a_stroke_and_a_dot_then_undo_and_redo(app):
    draw_stroke_and_dot(app)
    app.key("ctrl+z")
    wait_for(lambda: not dot_visible(app, app.screenshot(), 300, 350), what="undo to take the dot")
    assert stroke_visible(app, app.screenshot(), 200)
    app.key("ctrl+z")
    wait_for(lambda: not stroke_visible(app, app.screenshot(), 200), what="undo to take the stroke")
    app.key("ctrl+shift+z")
    wait_for(lambda: stroke_visible(app, app.screenshot(), 200), what="redo to bring the stroke back")
    app.key("ctrl+y")
    wait_for(lambda: dot_visible(app, app.screenshot(), 300, 350), what="redo to bring the dot back")


def test_save_and_reopen_from_the_gallery(launch, tmp_path):
    app = launch()
    draw_stroke_and_dot(app)
    app.key("ctrl+s")  # a new scribble's first save asks for its name
    app.answer_dialog("Save")
    saved = wait_for(lambda: list((tmp_path / "gallery").glob("*.scribble")), what="the scribble saved")
    assert len(saved) == 1
    wait_for(lambda: "Scribble 1" in app.title(), what="the title to name the save")
    app.key("ctrl+q")
    app.process.wait(timeout=10)  # saved: quitting asks nothing

    app = launch()
    assert not stroke_visible(app, app.screenshot(), 200)  # a fresh canvas
    app.key("ctrl+o")
    tile = app.find("Scribble 1")
    x, y, w, h = app.extents("Scribble 1")
    app.click(x + w // 2, y + h // 3)
    wait_for(lambda: app.is_showing("Canvas"), what="the canvas again")
    wait_for(lambda: stroke_visible(app, app.screenshot(), 200), what="the reopened stroke")
    assert dot_visible(app, app.screenshot(), 300, 350)
    assert tile is not None


def test_pan_and_zoom(app):
    app.drag([app.canvas_point(100, 200), app.canvas_point(500, 200)])
    wait_for(lambda: stroke_visible(app, app.screenshot(), 200), what="the stroke")
    # A middle-button drag moves the drawing with the pointer.
    app.drag([app.canvas_point(600, 500), app.canvas_point(600, 600)], steps=10, button="middle")
    wait_for(lambda: stroke_visible(app, app.screenshot(), 300), what="the stroke moved down by the pan")
    assert not stroke_visible(app, app.screenshot(), 200)
    # Ctrl+plus zooms in about the view's centre: the stroke gets thicker on screen.
    def thickness():
        shot = app.screenshot()
        return max(sum(app.is_dark(shot, *app.canvas_point(x, y)) for y in range(0, 700, 1)) for x in range(250, 600, 50))
    before = thickness()
    app.key("ctrl+plus")
    app.key("ctrl+plus")
    wait_for(lambda: thickness() >= 2 * before - 1, what="the zoomed-in stroke")


def test_copy_to_the_clipboard_and_read_it_back(app):
    app.drag([app.canvas_point(100, 200), app.canvas_point(500, 200)])
    wait_for(lambda: stroke_visible(app, app.screenshot(), 200), what="the stroke")
    app.key("ctrl+c")
    env = {**os.environ, **app.compositor.env()}
    types = wait_for(lambda: "image/png" in subprocess.run(["wl-paste", "--list-types"], env=env, capture_output=True,
                                                          text=True, timeout=10).stdout.split(), what="a PNG on the clipboard")
    assert types
    png = subprocess.run(["wl-paste", "--no-newline", "--type", "image/png"], env=env, capture_output=True, timeout=10).stdout
    image = Image.open(io.BytesIO(png)).convert("RGB")
    dark = sum(1 for p in image.getdata() if max(p) <= 80)
    assert image.width >= 400 and dark >= 400, (image.size, dark)


def test_preferences_are_kept_across_a_relaunch_and_the_laser_fades(launch):
    app = launch()
    app.key("ctrl+comma")
    combo = app.find("Smoothing", pyatspi.ROLE_COMBO_BOX)
    combo.querySelection().selectChild(3)  # Strong
    palm = app.find("Palm rejection", pyatspi.ROLE_TOGGLE_BUTTON)
    palm.queryAction().doAction(0)
    settings = app.data_dir.parent / "config" / "touchpainter" / "settings.ini"
    wait_for(lambda: settings.exists() and "palm-rejection=false" in settings.read_text(), what="the settings written")
    assert "smoothing=strong" in settings.read_text()
    app.close()

    app = launch()
    app.key("ctrl+comma")
    selection = app.find("Smoothing", pyatspi.ROLE_COMBO_BOX).querySelection()
    assert selection.getSelectedChild(0).name == "Strong"
    assert not app.find("Palm rejection", pyatspi.ROLE_TOGGLE_BUTTON).getState().contains(pyatspi.STATE_CHECKED)
    preferences = app.window((pyatspi.ROLE_FRAME,), title="Preferences")
    app.press_button("Close", preferences)
    wait_for(lambda: not preferences.getState().contains(pyatspi.STATE_SHOWING), what="the Preferences window to close")
    # The laser: red ink on screen, gone a second after the pointer stops, nothing drawn.
    app.key("k")
    app.move(*app.canvas_point(100, 400))
    app.input.send("down left")
    for x in range(100, 501, 20):
        app.move(*app.canvas_point(x, 400))
    steps = iter(range(10_000))

    def red_line():
        """The pointer keeps moving along the line (so it stays whole) while the screen is read."""
        app.move(*app.canvas_point(480 + 20 * (next(steps) % 2), 400))
        shot = app.screenshot()
        return sum(1 for x in range(150, 450, 10) if (lambda p: p[0] >= 200 and p[1] <= 120)(shot.getpixel(app.canvas_point(x, 400)))) >= 20
    wait_for(red_line, timeout=5, what="the laser's red line")
    app.input.send("up left")
    released = time.monotonic()
    app.park()

    def gone():
        shot = app.screenshot()
        return all(app.is_white(shot, *app.canvas_point(x, 400)) for x in range(100, 500, 10))
    wait_for(gone, timeout=3, what="the laser's line to fade out")
    assert time.monotonic() - released >= 0.45  # whole for half a second after the pointer stopped
    assert "•" not in app.title()  # nothing unsaved: the laser drew nothing


def test_in_the_dark_style_the_window_is_dark_and_the_canvas_white_paper(launch):
    app = launch(extra_env={"GTK_THEME": "Adwaita:dark"})
    app.drag([app.canvas_point(100, 200), app.canvas_point(500, 200)])
    wait_for(lambda: stroke_visible(app, app.screenshot(), 200), what="the stroke")
    shot = app.screenshot()
    assert all(min(shot.getpixel(app.canvas_point(x, y))) == 255 for x in range(50, 600, 37) for y in (80, 300, 450))
    x, y = app.canvas_point(0, 400)
    assert max(shot.getpixel((x - 4, y))) < 100  # the tool bar beside the canvas is dark
