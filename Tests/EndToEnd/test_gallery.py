"""Issue 5: save, quit, relaunch and reopen from the gallery; bad files never lose work."""

import pyatspi
from PIL import Image

from app_driver import cached_thumbnail, is_dark, is_white, wait_for
from touchpainter_driver import screenshot


def draw_z(app, dx=0):
    ox, oy = app.canvas_origin()
    app.drag([(ox + 100 + dx, oy + 100), (ox + 400 + dx, oy + 100), (ox + 100 + dx, oy + 300), (ox + 400 + dx, oy + 300)])
    return ox, oy


def z_visible(shot, ox, oy, dx=0):
    top = all(is_dark(shot.getpixel((ox + x + dx, oy + 100))) for x in range(120, 390, 30))
    bottom = all(is_dark(shot.getpixel((ox + x + dx, oy + 300))) for x in range(120, 390, 30))
    return top and bottom


def draw_save_and_quit(app):
    """Draws a Z, saves it to the gallery and quits (saved, so quitting asks nothing)."""
    ox, oy = draw_z(app)
    app.save()
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    return ox, oy


def tile_has_ink(app, name):
    x, y, w, h = app.extents(name)
    shot = screenshot()
    # The thumbnail only: the top 180 px of the tile, not its name and date below.
    return any(is_dark(shot.getpixel((px, py)), limit=120) for px in range(x, x + w, 2) for py in range(y, y + 180, 2))


def test_save_quit_relaunch_and_reopen_from_the_gallery(launch, tmp_path):
    app = launch()
    ox, oy = draw_z(app)
    assert app.title() == "• Untitled — TouchPainter"
    app.save()
    assert app.title() == "Scribble 1 — TouchPainter"
    saved = list((tmp_path / "gallery").glob("*.scribble"))
    # The gallery holds only the scribble; its thumbnail is in the desktop's cache.
    assert len(saved) == 1 and sorted((tmp_path / "gallery").iterdir()) == saved
    thumbnail = cached_thumbnail(tmp_path / "gallery", saved[0])
    assert Image.open(thumbnail).text["Thumb::URI"] == saved[0].absolute().as_uri()
    assert Image.open(thumbnail).text["Thumb::MTime"] == str(int(saved[0].stat().st_mtime))
    app.key("ctrl+q")
    app.process.wait(timeout=10)  # saved, so quitting asks nothing

    app = launch()
    assert z_visible(screenshot(), ox, oy) is False  # a fresh canvas
    app.click_control("Open")
    assert app.is_showing("Gallery")
    wait_for(lambda: tile_has_ink(app, "Scribble 1"), timeout=5, what="the thumbnail to load")
    x, y, w, h = app.extents("Scribble 1")
    app.click(x + w // 2, y + h // 3)
    assert app.is_showing("Canvas")
    assert z_visible(screenshot(), ox, oy)
    assert app.title() == "Scribble 1 — TouchPainter"
    assert not app.is_sensitive("Undo")  # a fresh history


def test_saving_an_opened_scribble_updates_its_entry_and_clear_starts_a_new_one(launch, tmp_path):
    app = launch()
    draw_z(app)
    app.save()
    draw_z(app, dx=350)
    app.save()
    # Saves are written off the main thread: the title loses its dot once the file is down.
    wait_for(lambda: app.title() == "Scribble 1 — TouchPainter", what="the second save")
    assert len(list((tmp_path / "gallery").glob("*.scribble"))) == 1
    app.key("Delete")  # wipes the canvas and starts a new scribble
    assert app.title() == "TouchPainter"
    draw_z(app)
    app.save()
    wait_for(lambda: app.title() == "Scribble 2 — TouchPainter", what="the third save")
    assert len(list((tmp_path / "gallery").glob("*.scribble"))) == 2
    app.key("ctrl+o")
    names = [app.find("Scribble 2"), app.find("Scribble 1")]
    # Most recently saved first.
    assert names[0].queryComponent().getExtents(pyatspi.DESKTOP_COORDS).x < names[1].queryComponent().getExtents(pyatspi.DESKTOP_COORDS).x


def test_a_corrupt_entry_shows_an_error_and_the_others_still_open(launch, tmp_path):
    ox, oy = draw_save_and_quit(launch())
    gallery = tmp_path / "gallery"
    (gallery / "0000-broken.scribble").write_bytes(b"TPSCRIBL" + bytes(range(256)) * 3)
    (gallery / "0000-broken.png").write_bytes(b"not a png")  # not the app's: left alone

    app = launch()
    app.key("ctrl+o")
    app.find("Damaged scribble 0000-bro")
    wait_for(lambda: tile_has_ink(app, "Scribble 1"), timeout=5, what="the good thumbnail")
    x, y, w, h = app.extents("Damaged scribble 0000-bro")
    app.click(x + w // 2, y + h // 3)
    assert "Could not open “Unreadable scribble”" in app.dialog_text()
    assert "not a TouchPainter scribble" in app.dialog_text()
    app.answer_dialog("Close")
    assert app.is_showing("Gallery")  # still there; the canvas was not touched
    x, y, w, h = app.extents("Scribble 1")
    app.click(x + w // 2, y + h // 3)
    assert z_visible(screenshot(), ox, oy)
    assert (gallery / "0000-broken.png").read_bytes() == b"not a png"


def test_quitting_with_unsaved_changes_asks_first(launch):
    app = launch()
    draw_z(app)
    app.key("ctrl+q")
    app.answer_dialog("Cancel")
    assert app.process.poll() is None
    assert app.title() == "• Untitled — TouchPainter"
    app.key("ctrl+q")
    app.answer_dialog("Discard")
    app.process.wait(timeout=10)


def test_command_line_file_opens_and_saves_in_place(launch, tmp_path):
    ox, oy = draw_save_and_quit(launch())
    path = next((tmp_path / "gallery").glob("*.scribble"))
    copy = tmp_path / "holiday.scribble"
    copy.write_bytes(path.read_bytes())

    app = launch(copy)
    wait_for(lambda: "Untitled" not in app.title(), what="the file to open")  # read in the background
    app.settle()
    assert z_visible(screenshot(), ox, oy)
    before = copy.stat().st_mtime_ns
    draw_z(app, dx=350)
    app.save()
    assert copy.stat().st_mtime_ns > before


def test_deleting_a_tile_asks_and_removes_its_files(launch, tmp_path):
    app = launch()
    draw_z(app)
    app.save()
    gallery = tmp_path / "gallery"
    wait_for(lambda: list(gallery.glob("*.scribble")), what="the save, written off the main thread")
    app.key("ctrl+o")
    x, y, w, h = app.extents("Scribble 1")
    app.click(x + w // 2, y + h // 3, button=3)
    app.find("Delete scribble").queryAction().doAction(0)
    app.settle()
    app.answer_dialog("Delete")
    # Deleted off the main thread too: the folder empties soon after the answer.
    wait_for(lambda: sorted(gallery.iterdir()) == [], what="the scribble's files to go")
    assert sorted(gallery.iterdir()) == []
    assert app.is_showing("No saved scribbles yet")


def test_an_empty_gallery_says_so(app):
    app.key("ctrl+o")
    assert app.is_showing("No saved scribbles yet")


def test_choosing_save_when_quitting_saves_then_quits(launch, tmp_path):
    app = launch()
    draw_z(app)
    app.key("ctrl+q")
    app.answer_dialog("Save", leads_to_another=True)
    assert "Name the scribble" in app.dialog_text()  # named like any first save
    name = pyatspi.findDescendant(app.dialog(), lambda a: a is not None and a.name == "Name")
    name.queryEditableText().setTextContents("Before quitting")
    app.answer_dialog("Save")
    app.process.wait(timeout=10)
    saved = list((tmp_path / "gallery").glob("*.scribble"))
    assert len(saved) == 1
    assert b"Before quitting" in saved[0].read_bytes()


def test_delete_key_deletes_the_selected_tile_not_the_drawing(launch, tmp_path):
    app = launch()
    ox, oy = draw_z(app)
    app.save()
    app.key("ctrl+o")
    app.find("Scribble 1").queryComponent().grabFocus()  # focused, not opened
    app.key("Delete")
    assert "Delete “Scribble 1”?" in app.dialog_text()
    app.answer_dialog("Cancel")
    assert len(list((tmp_path / "gallery").glob("*.scribble"))) == 1
    app.key("Escape")
    assert z_visible(screenshot(), ox, oy)  # the Delete key in the gallery left the drawing alone


def test_a_scribble_damaged_after_saving_shows_a_broken_tile(launch, tmp_path):
    draw_save_and_quit(launch())
    path = next((tmp_path / "gallery").glob("*.scribble"))
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one flipped byte inside the drawing; the header still reads
    path.write_bytes(bytes(data))

    app = launch()
    app.key("ctrl+o")
    damaged = "Damaged scribble " + path.stem[:8]  # named by its file, not the title inside it
    assert app.is_showing(damaged, timeout=5)
    assert not app.is_showing("Scribble 1")
    assert not tile_has_ink(app, damaged)  # the old thumbnail is not passed off as openable
    x, y, w, h = app.extents(damaged)
    app.click(x + w // 2, y + h // 3)
    assert "Could not open" in app.dialog_text()
    app.answer_dialog("Close")


def test_the_first_save_asks_for_a_name_and_renaming_survives_a_relaunch(launch, tmp_path):
    app = launch()
    draw_z(app)
    app.key("ctrl+s")
    app.dialog(timeout=10)
    assert "Name the scribble" in app.dialog_text()
    name = app.find("Name", pyatspi.ROLE_TEXT)
    assert name.queryText().getText(0, -1) == "Scribble 1"  # the proposal
    app.answer_dialog("Save")
    wait_for(lambda: app.title() == "Scribble 1 — TouchPainter", what="the saved title")
    app.key("ctrl+o")
    app.find("Scribble 1").queryComponent().grabFocus()
    app.key("F2")
    app.dialog(timeout=10)
    text = app.find("Name", pyatspi.ROLE_TEXT).queryEditableText()
    text.setTextContents("Picnic")
    app.answer_dialog("Rename")
    assert app.is_showing("Picnic", timeout=5)
    app.key("Escape")
    wait_for(lambda: app.title() == "Picnic — TouchPainter", what="the open scribble to follow the rename")
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    app = launch()
    app.key("ctrl+o")
    assert app.is_showing("Picnic", timeout=5)
    assert not app.is_showing("Scribble 1")
