"""Issue 12: canvas kinds. Choosing Paper (by its accessible name, over AT-SPI) puts a paper
texture beneath the marks at once; the choice survives a relaunch; Plain is white again; the
drawing and its undo history carry across a switch."""

import pyatspi
from PIL import Image

from app_driver import cached_thumbnail, is_dark, is_white, wait_for
from touchpainter_driver import screenshot


def choose(app, kind):
    """Opens the palette, clicks the radio button named `kind` through its AT-SPI action, as a
    screen reader would, and goes back to the canvas."""
    app.click_control("Palette")
    button = app.find(kind, pyatspi.ROLE_RADIO_BUTTON)
    button.queryAction().doAction(0)
    assert [is_checked(app, name) for name in ("Plain", "Paper", "Cloth")].count(True) == 1
    assert is_checked(app, kind)
    app.click_control("Done")
    assert app.is_showing("Canvas")


def is_checked(app, kind):
    return app.find(kind, pyatspi.ROLE_RADIO_BUTTON).getState().contains(pyatspi.STATE_CHECKED)


def patch(shot, left, top, size=40):
    return [shot.getpixel((left + x, top + y)) for y in range(size) for x in range(size)]


def looks_textured(pixels):
    """Not white, and not flat: most pixels off-white, many different colours, still light."""
    off_white = sum(1 for p in pixels if min(p) < 245)
    mean = sum(sum(p) for p in pixels) / (3 * len(pixels))
    return off_white > len(pixels) // 2 and len(set(pixels)) > 20 and mean > 200


def test_paper_lies_beneath_and_around_a_stroke_and_comes_back_on_undo(app):
    ox, oy = app.canvas_origin()
    assert all(is_white(p, floor=255) for p in patch(screenshot(), ox + 150, oy + 250))  # plain at first
    choose(app, "Paper")
    before = screenshot()
    assert looks_textured(patch(before, ox + 150, oy + 250))

    app.click_control("Palette")
    app.set_slider("Red", 255)
    app.set_slider("Width", 16)
    app.click_control("Done")
    app.drag([(ox + 100, oy + 200), (ox + 500, oy + 200)])
    shot = screenshot()
    for x in range(130, 480, 25):
        # The stroke's own pixels are the pen's colour, unblended with the texture.
        for dy in (-5, 0, 5):
            assert shot.getpixel((ox + x, oy + 200 + dy)) == (255, 0, 0), (x, dy)
    # Around it, above and below: paper, as it was before the stroke.
    assert looks_textured(patch(shot, ox + 200, oy + 140))
    assert looks_textured(patch(shot, ox + 200, oy + 222))
    assert patch(shot, ox + 200, oy + 140) == patch(before, ox + 200, oy + 140)

    app.key("ctrl+z")  # the paper beneath the stroke comes back, not white
    after = screenshot()
    assert patch(after, ox + 200, oy + 180) == patch(before, ox + 200, oy + 180)
    assert looks_textured(patch(after, ox + 200, oy + 180))


def test_the_choice_survives_a_relaunch_and_plain_is_white_again(launch, tmp_path):
    app = launch()
    choose(app, "Paper")
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    assert "kind=paper" in (tmp_path / "config" / "touchpainter" / "settings.ini").read_text()

    app = launch()
    ox, oy = app.canvas_origin()
    assert looks_textured(patch(screenshot(), ox + 150, oy + 150))
    app.click_control("Palette")
    assert is_checked(app, "Paper") and not is_checked(app, "Plain")
    app.click_control("Done")

    choose(app, "Plain")
    shot = screenshot()
    assert all(is_white(p, floor=255) for p in patch(shot, ox + 150, oy + 150))
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    assert "kind=plain" in (tmp_path / "config" / "touchpainter" / "settings.ini").read_text()


def test_a_corrupt_settings_file_means_plain_and_a_warning(launch, tmp_path):
    settings = tmp_path / "config" / "touchpainter" / "settings.ini"
    settings.parent.mkdir(parents=True)
    settings.write_bytes(b"[Canvas\nkind=\xff\xfe")
    app = launch()
    ox, oy = app.canvas_origin()
    assert all(is_white(p, floor=255) for p in patch(screenshot(), ox + 150, oy + 150))
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    warnings = [line for line in app.stderr.text().splitlines() if "settings" in line]
    assert len(warnings) == 1 and "warning" in warnings[0], warnings


def test_undo_and_redo_work_across_switches(app):
    ox, oy = app.canvas_origin()
    rows = [oy + 100, oy + 200]

    def visible():
        shot = screenshot()
        return [all(is_dark(shot.getpixel((ox + x, y))) for x in range(130, 380, 50)) for y in rows]

    app.drag([(ox + 100, rows[0]), (ox + 400, rows[0])])
    choose(app, "Cloth")
    assert visible() == [True, False]  # the drawing stays
    app.drag([(ox + 100, rows[1]), (ox + 400, rows[1])])
    assert visible() == [True, True]
    assert looks_textured(patch(screenshot(), ox + 150, oy + 300))

    app.key("ctrl+z", "ctrl+z")
    assert visible() == [False, False]
    assert looks_textured(patch(screenshot(), ox + 200, rows[0] - 10))  # cloth where the marks were

    choose(app, "Plain")
    app.key("ctrl+shift+z")
    assert visible() == [True, False]
    choose(app, "Paper")
    app.key("ctrl+shift+z")
    assert visible() == [True, True]
    assert app.is_sensitive("Undo") and not app.is_sensitive("Redo")


def test_a_paper_scribbles_gallery_tile_shows_its_paper_and_plain_makes_it_white(app, tmp_path):
    choose(app, "Paper")
    ox, oy = app.canvas_origin()
    app.drag([(ox + 100, oy + 100), (ox + 400, oy + 300)])
    app.save()
    saved = wait_for(lambda: next((tmp_path / "gallery").glob("*.scribble"), None), what="the saved scribble")
    thumbnail = wait_for(lambda: (lambda t: t if t.exists() else None)(cached_thumbnail(tmp_path / "gallery", saved)),
                         what="the thumbnail")
    app.settle()
    image = Image.open(thumbnail).convert("RGB")
    assert any(is_dark(p) for p in image.getdata())  # the mark
    assert looks_textured(patch(image, image.width - 60, image.height - 60))  # on paper, as the canvas shows it
    app.click_control("Open")
    x, y, w, h = app.extents("Scribble 1")

    def tile_corner():
        return patch(screenshot(), x + w // 2 + 40, y + 16, size=30)  # the thumbnail's upper right, away from the mark
    wait_for(lambda: looks_textured(tile_corner()), timeout=5, what="the tile's paper")
    app.click_control("Done")
    choose(app, "Plain")
    app.click_control("Open")
    wait_for(lambda: all(p == (255, 255, 255) for p in tile_corner()), timeout=5, what="the tile drawn again on white")