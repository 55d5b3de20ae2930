"""Issue 28: the endless canvas — zoom, pan and fit on the real app, with real keys, wheel
and pointer drags, checked by what it draws and what it saves."""
import pathlib
import sys

import pyatspi
from PIL import Image

from app_driver import is_dark, wait_for
from test_export_cli import export
from touchpainter_driver import pointer_to, screenshot, xdotool

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Corpus"))
from scribble_file import dot, scribble  # noqa: E402  (the corpus' writer of scribble files)


def zoom_label(app):
    """The zoom button's percentage, as a screen reader reads it (its description)."""
    return app.find("Zoom").description


def expect_zoom(app, label):
    wait_for(lambda: zoom_label(app) == label, timeout=5, what=f"the zoom button to read {label!r}")
    # And its text drawn: a screen reader read the right label off a blank button once.
    x, y, w, h = app.extents("Zoom")
    wait_for(lambda: sum(is_dark(p) for p in screenshot().crop((x, y, x + w, y + h)).getdata()) >= 10, timeout=5,
             what=f"the zoom button to show {label!r}")


def canvas(app):
    """The canvas' extents on screen: x, y, width, height."""
    return app.extents("Canvas")


def ink_near(shot, x, y, radius=3):
    return any(is_dark(shot.getpixel((round(x) + dx, round(y) + dy)))
               for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1))


def dark_rows(shot, x, y0, y1):
    """The rows between y0 and y1 where column x is dark."""
    return [y for y in range(y0, y1) if is_dark(shot.getpixel((x, y)))]


def wheel(app, x, y, button, modifier=None, times=1):
    pointer_to(x, y)
    if modifier:
        xdotool("keydown", modifier)
    for _ in range(times):
        xdotool("click", button)
    if modifier:
        xdotool("keyup", modifier)
    app.settle()


def test_the_shortcuts_zoom_in_steps_of_root_two_about_the_centre(app):
    x, y, w, h = canvas(app)
    cx, cy = x + w // 2, y + h // 2
    app.drag([(cx - 100, cy + 40), (cx + 100, cy + 40)])  # a stroke 40 px below the centre
    before = dark_rows(screenshot(), cx, cy, cy + 120)
    assert before, "the stroke must show"
    expect_zoom(app, "100 %")
    for key, label in [("ctrl+plus", "141 %"), ("ctrl+equal", "200 %")]:
        app.key(key)
        expect_zoom(app, label)
    # At 200 % about the centre: the stroke 80 px below it, twice as thick.
    shot = wait_for(lambda: (lambda s: s if dark_rows(s, cx, cy + 60, cy + 100) else None)(screenshot()),
                    what="the stroke at 200 %")
    after = dark_rows(shot, cx, cy, cy + 200)
    assert abs((sum(after) / len(after) - cy) - 2 * (sum(before) / len(before) - cy)) <= 2, (before, after)
    assert 1.6 * len(before) <= len(after) <= 2.4 * len(before), (before, after)
    assert not ink_near(shot, cx, cy + 40, radius=1)  # not where it was
    app.key("ctrl+minus")
    expect_zoom(app, "141 %")
    app.key("ctrl+1")
    expect_zoom(app, "100 %")
    app.settle()
    assert dark_rows(screenshot(), cx, cy, cy + 120) == before  # back where it was, pixel for pixel


def test_ctrl_0_fits_the_drawing_and_an_empty_one_is_100_percent_at_the_origin(app):
    x, y, w, h = canvas(app)
    app.key("ctrl+plus", "ctrl+plus", "ctrl+plus")
    expect_zoom(app, "283 %")
    app.key("ctrl+0")  # nothing drawn: 100 % with the origin at the top-left
    expect_zoom(app, "100 %")
    app.drag([(x + 20, y + 20), (x + 60, y + 60)])  # drawn at the top-left corner: canvas (20, 20)
    assert ink_near(screenshot(), x + 40, y + 40)
    app.key("ctrl+0")  # a small drawing is fitted at no more than 100 %, centred
    expect_zoom(app, "100 %")
    app.settle()
    shot = screenshot()
    assert ink_near(shot, x + w / 2, y + h / 2) and not ink_near(shot, x + 40, y + 40)


def test_ctrl_wheel_zooms_about_the_pointer(app):
    x, y, w, h = canvas(app)
    px, py = x + 300, y + 200
    app.click(px, py)  # a dot under the pointer
    app.drag([(px + 100, py - 30), (px + 100, py + 30)])  # and a line 100 px to its right
    wheel(app, px, py, 4, modifier="ctrl")
    expect_zoom(app, "141 %")
    wheel(app, px, py, 4, modifier="ctrl")
    expect_zoom(app, "200 %")
    shot = screenshot()
    assert ink_near(shot, px, py)  # the dot stayed under the pointer
    assert ink_near(shot, px + 200, py) and not ink_near(shot, px + 100, py, radius=1)  # the line moved twice as far
    wheel(app, px, py, 5, modifier="ctrl", times=2)
    expect_zoom(app, "100 %")
    shot = screenshot()
    assert ink_near(shot, px, py) and ink_near(shot, px + 100, py)


def test_the_wheel_pans_down_and_shift_wheel_sideways(app):
    x, y, w, h = canvas(app)
    sx, sy = x + 400, y + 300
    app.drag([(sx - 80, sy), (sx + 80, sy)])  # horizontal
    app.drag([(sx, sy - 80), (sx, sy + 80)])  # and vertical, crossing it
    unit = round(h ** (2 / 3))  # what GTK scrolls a notch by
    wheel(app, sx + 200, sy + 200, 5)  # down: the drawing moves up
    shot = screenshot()
    rows = dark_rows(shot, sx - 50, y + 5, y + h - 5)
    assert rows and abs(sum(rows) / len(rows) - (sy - unit)) <= 2, (rows, sy, unit)
    wheel(app, sx + 200, sy + 200, 4)  # and back
    wheel(app, sx + 200, sy + 200, 5, modifier="shift")  # Shift: sideways, the drawing moves left
    shot = screenshot()
    columns = [cx for cx in range(x + 5, x + w - 5) if is_dark(shot.getpixel((cx, sy + 50)))]
    assert columns and abs(sum(columns) / len(columns) - (sx - unit)) <= 2, (columns, sx, unit)
    assert zoom_label(app) == "100 %"


def test_a_middle_drag_and_a_space_drag_move_the_drawing_and_draw_nothing(app):
    x, y, w, h = canvas(app)
    sx, sy = x + 300, y + 250
    app.drag([(sx, sy), (sx + 100, sy)])
    title = app.title()
    # Middle button: the drawing follows the pointer by (60, 90).
    pointer_to(x + 500, y + 400)
    xdotool("mousedown", 2)
    for i in range(1, 11):
        pointer_to(x + 500 + 6 * i, y + 400 + 9 * i)
    xdotool("mouseup", 2)
    app.settle()
    shot = screenshot()
    assert ink_near(shot, sx + 110, sy + 90, radius=2) and not ink_near(shot, sx + 50, sy, radius=2)
    assert not ink_near(shot, x + 530, y + 445, radius=4)  # the drag drew nothing
    # Space held on the focused canvas: a primary drag pans back by (-60, -90).
    pointer_to(x + 560, y + 490)
    xdotool("keydown", "space")
    app.settle()
    app.drag([(x + 560, y + 490), (x + 500, y + 400)])
    xdotool("keyup", "space")
    app.settle()
    shot = screenshot()
    assert ink_near(shot, sx + 50, sy, radius=2) and not ink_near(shot, sx + 110, sy + 90, radius=2)
    assert not ink_near(shot, x + 530, y + 445, radius=4)
    app.key("ctrl+z")  # the one stroke goes: panning added no mark
    app.settle()
    assert not ink_near(screenshot(), sx + 50, sy, radius=2)
    assert app.title() == title


def test_the_zoom_menu_names_each_shortcut_and_acts(app):
    x, y, w, h = canvas(app)
    app.drag([(x + 100, y + 100), (x + 200, y + 150)])
    for item, label in [("Zoom In", "141 %"), ("Zoom In", "200 %"), ("Zoom Out", "141 %"), ("100 %", "100 %")]:
        app.click_control("Zoom", pyatspi.ROLE_TOGGLE_BUTTON)
        app.click_control(item, pyatspi.ROLE_MENU_ITEM)
        expect_zoom(app, label)
    app.click_control("Zoom", pyatspi.ROLE_TOGGLE_BUTTON)
    app.click_control("Fit Drawing", pyatspi.ROLE_MENU_ITEM)
    expect_zoom(app, "100 %")
    app.settle()
    assert ink_near(screenshot(), x + w / 2, y + h / 2)  # the stroke is centred


def test_a_stroke_drawn_zoomed_and_panned_is_saved_where_it_showed(app, tmp_path):
    x, y, w, h = canvas(app)
    app.click(x + 100, y + 100)  # a dot at canvas (100, 100), at 100 % from the origin
    app.key("ctrl+plus", "ctrl+plus")  # 200 % about the view's centre
    expect_zoom(app, "200 %")
    xdotool("mousemove", "--sync", x + 400, y + 300)  # and panned by (-50, -30) view px
    xdotool("mousedown", 2)
    for i in range(1, 6):
        pointer_to(x + 400 + 10 * i, y + 300 + 6 * i)
    xdotool("mouseup", 2)
    app.settle()
    # Zoomed about the view's centre and panned, the first dot shows at view
    # ((100 - w/4) * 2 + 50, (100 - h/4) * 2 + 30); a click 300, 160 view px from there is
    # 150, 80 canvas px from it.
    first = ((100 - w / 4) * 2 + 50, (100 - h / 4) * 2 + 30)
    vx, vy = first[0] + 300, first[1] + 160  # a second dot 150, 80 canvas px away
    assert 0 < vx < w and 0 < vy < h
    app.click(x + round(vx), y + round(vy))
    app.save()
    saved = wait_for(lambda: next((tmp_path / "gallery").glob("*.scribble"), None), what="the saved scribble")
    result = export(saved, tmp_path / "out.png")
    assert result.returncode == 0, result.stderr
    png = Image.open(tmp_path / "out.png").convert("RGB")
    blobs = dark_blobs(png)
    assert len(blobs) == 2, blobs
    (ax, ay), (bx, by) = sorted(blobs)
    assert abs((bx - ax) - 150) <= 1.5 and abs((by - ay) - 80) <= 1.5, blobs


def dark_blobs(image):
    """The centres of the separate dark areas of `image` (flood fill)."""
    dark = {(px, py) for px in range(image.width) for py in range(image.height) if is_dark(image.getpixel((px, py)))}
    blobs = []
    while dark:
        stack = [dark.pop()]
        pixels = []
        while stack:
            p = stack.pop()
            pixels.append(p)
            for q in ((p[0] + 1, p[1]), (p[0] - 1, p[1]), (p[0], p[1] + 1), (p[0], p[1] - 1)):
                if q in dark:
                    dark.remove(q)
                    stack.append(q)
        blobs.append((sum(p[0] for p in pixels) / len(pixels), sum(p[1] for p in pixels) / len(pixels)))
    return blobs


def test_fit_shows_marks_at_negative_and_at_very_large_coordinates(launch, tmp_path):
    near = tmp_path / "near.scribble"
    near.write_bytes(scribble(dot(300, (-6000, -4000)), dot(300, (9000, 5000)), dot(300, (1500, 500))))
    app = launch(near)
    x, y, w, h = canvas(app)
    wait_for(lambda: "near" in app.title() or "Untitled" not in app.title(), what="the file to open")
    app.key("ctrl+0")
    wait_for(lambda: zoom_label(app) != "100 %", what="the fit")
    app.settle()
    shot = screenshot()
    # Three dots, each 300 canvas px across, all inside the window.
    blobs = dark_blobs(shot.crop((x, y, x + w, y + h)))
    assert len(blobs) == 3, blobs
    far = tmp_path / "far.scribble"
    far.write_bytes(scribble(dot(40, (999000, 998000)), dot(40, (999400, 998300))))
    app.close()
    app = launch(far)
    x, y, w, h = canvas(app)
    app.settle()
    assert not dark_blobs(screenshot().crop((x, y, x + w, y + h)))  # nothing near the origin
    app.key("ctrl+0")
    app.settle()
    assert len(dark_blobs(screenshot().crop((x, y, x + w, y + h)))) == 2


def test_a_reopened_scribble_shows_the_view_it_was_saved_with(launch, tmp_path):
    app = launch()
    x, y, w, h = canvas(app)
    app.drag([(x + 200, y + 200), (x + 420, y + 260), (x + 300, y + 380)])
    app.key("ctrl+plus", "ctrl+plus", "ctrl+plus")
    expect_zoom(app, "283 %")
    pointer_to(x + 500, y + 300)
    xdotool("mousedown", 2)
    for i in range(1, 6):
        pointer_to(x + 500 - 20 * i, y + 300 - 10 * i)
    xdotool("mouseup", 2)
    app.settle()
    before = screenshot().crop((x, y, x + w, y + h))
    assert dark_blobs(before.resize((w // 4, h // 4)))  # something of the stroke shows
    app.save()
    saved = wait_for(lambda: next((tmp_path / "gallery").glob("*.scribble"), None), what="the saved scribble")
    assert saved.read_bytes()[8] == 4  # the file keeps the view (format version 3; 4 with the marks' times)
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    again = launch(saved)
    assert canvas(again) == (x, y, w, h)
    expect_zoom(again, "283 %")
    again.settle()
    after = screenshot().crop((x, y, x + w, y + h))
    differing = sum(1 for p, q in zip(before.getdata(), after.getdata()) if max(abs(a - b) for a, b in zip(p, q)) > 40)
    assert differing < w * h // 500, differing  # the same picture, where it was
