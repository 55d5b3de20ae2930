"""Issue 39: thumbnails in the desktop's cache, a user's PNG left alone, the app's old
thumbnails moved out once, files the gallery cannot list counted with the reason, and a
gallery of thousands that makes only the tiles on screen."""
import os
import time

import pyatspi
import pytest
from PIL import Image

from app_driver import cached_thumbnail, wait_for
from hostile_files import scribble
from test_gallery import draw_save_and_quit, tile_has_ink
from touchpainter_driver import screenshot


def is_red(pixel):
    r, g, b = pixel
    return r > 200 and g < 60 and b < 60


def tile_has_red(app, name):
    x, y, w, h = app.extents(name)
    shot = screenshot()
    return any(is_red(shot.getpixel((px, py))) for px in range(x, x + w, 3) for py in range(y, y + 180, 3))


def test_a_users_png_beside_a_scribble_is_never_shown_nor_touched(launch, tmp_path):
    draw_save_and_quit(launch())
    gallery = tmp_path / "gallery"
    saved = next(gallery.glob("*.scribble"))
    photo = gallery / "photo.scribble"
    saved.rename(photo)
    # The user's own photo.png: red, as large as the app's old thumbnails, older than the scribble.
    Image.new("RGB", (480, 360), (255, 0, 0)).save(gallery / "photo.png")
    before = (gallery / "photo.png").read_bytes()
    old = photo.stat().st_mtime_ns - 3_600_000_000_000
    os.utime(gallery / "photo.png", ns=(old, old))

    app = launch()
    app.key("ctrl+o")
    wait_for(lambda: tile_has_ink(app, "Scribble 1"), timeout=5, what="the thumbnail drawn from the scribble")
    assert not tile_has_red(app, "Scribble 1")  # the photo is not taken for a thumbnail
    assert cached_thumbnail(gallery, photo).exists()
    assert (gallery / "photo.png").read_bytes() == before
    assert (gallery / "photo.png").stat().st_mtime_ns == old


def test_the_apps_old_thumbnails_are_moved_out_of_the_gallery_once(launch, tmp_path):
    draw_save_and_quit(launch())
    gallery = tmp_path / "gallery"
    saved = next(gallery.glob("*.scribble"))
    cached_thumbnail(gallery, saved).unlink()
    # What versions before this one wrote beside each scribble: a 480×360 picture with the
    # scribble's modification time to the nanosecond.
    legacy = saved.with_suffix(".png")
    Image.new("RGB", (480, 360), (255, 0, 0)).save(legacy)
    os.utime(legacy, ns=(saved.stat().st_atime_ns, saved.stat().st_mtime_ns))

    app = launch()
    app.key("ctrl+o")
    wait_for(lambda: not legacy.exists(), timeout=5, what="the old thumbnail to be moved out")
    wait_for(lambda: tile_has_ink(app, "Scribble 1"), timeout=5, what="the thumbnail drawn again")
    assert not tile_has_red(app, "Scribble 1")
    assert sorted(gallery.iterdir()) == [saved]
    assert cached_thumbnail(gallery, saved).exists()


def test_files_the_gallery_cannot_show_are_counted_with_the_reason_on_demand(launch, tmp_path):
    gallery = tmp_path / "gallery"
    gallery.mkdir()
    (gallery / "good.scribble").write_bytes(scribble(title="Good"))
    os.symlink("loop.scribble", gallery / "loop.scribble")
    (gallery / os.fsdecode(b"caf\xe9.scribble")).write_bytes(scribble())

    app = launch()
    app.key("ctrl+o")
    assert app.is_showing("Good", timeout=5)
    notice = app.find("2 files could not be shown", pyatspi.ROLE_LABEL)
    reasons = notice.description  # the tooltip
    assert "loop.scribble: it is a symbolic link that leads back to itself" in reasons
    assert "caf\\xE9.scribble: its name is not valid UTF-8 text" in reasons
    x, y, w, h = app.extents("Details", pyatspi.ROLE_TOGGLE_BUTTON)
    app.click(x + w // 2, y + h // 2)
    shown = wait_for(lambda: app.find_all_containing("leads back to itself"), what="the details popover")
    assert any("caf\\xE9.scribble" in label.name for label in shown)


def tiles(app):
    """The gallery's tiles the app has made (each is named after its scribble, "Entry N")."""
    return pyatspi.findAllDescendants(app.accessible, lambda a: a is not None and (a.name or "").startswith("Entry ")
                                      and a.getRole() != pyatspi.ROLE_LABEL)


@pytest.mark.timeout(180)
def test_a_gallery_of_three_thousand_makes_only_the_tiles_on_screen(launch, tmp_path):
    gallery = tmp_path / "gallery"
    gallery.mkdir()
    for index in range(3000):
        path = gallery / f"{index:05d}.scribble"
        path.write_bytes(scribble(title=f"Entry {index}"))
        os.utime(path, ns=(index * 1_000_000_000, index * 1_000_000_000))  # Entry 2999 is the newest
    app = launch()
    started = time.monotonic()
    app.key("ctrl+o")
    app.find("Entry 2999", timeout=10)
    wait_for(lambda: tile_has_ink(app, "Entry 2999"), timeout=5, what="the first thumbnail")
    assert 0 < len(tiles(app)) <= 60, len(tiles(app))  # a screenful, not three thousand
    # Only what was drawn was rendered into the cache.
    thumbnails = list((tmp_path / "cache" / "thumbnails" / "large").glob("*.png"))
    assert 0 < len(thumbnails) <= 60, len(thumbnails)
    assert time.monotonic() - started < 15
    # The keyboard reaches the far end, whose tile is then made and its thumbnail drawn.
    # (GTK's accessibility says "showing" only of tiles in the top rows: it compares a flow
    # box child's position inside the flow box with the viewport's scroll offset. Hence the
    # checks by name and by the cache.)
    app.find("Entry 2999").queryComponent().grabFocus()
    app.key("End")
    names = lambda: [tile.name for tile in tiles(app)]  # noqa: E731
    wait_for(lambda: "Entry 0" in names() and "Entry 2999" not in names(), timeout=5, what="the last row")
    wait_for(lambda: cached_thumbnail(gallery, gallery / "00000.scribble").exists(), timeout=5,
             what="the last thumbnail")
    assert 0 < len(tiles(app)) <= 60
    app.key("Home")
    wait_for(lambda: "Entry 2999" in names() and "Entry 0" not in names(), timeout=5, what="the first row")
    assert app.is_showing("Entry 2999")
