"""Issue 26, item 5: the app says what it did — a notification after Save, Copy, Export and Keep
as Template, progress while a big scribble opens — and the export's file type, renaming and
the gallery's tiles behave as a desktop user expects."""
import os
import time

import pyatspi

from app_driver import wait_for
from hostile_files import many_strokes
from test_export_dialog import pictures_folder
from test_gallery import draw_z
from touchpainter_driver import xdotool


def test_save_and_copy_say_they_worked(launch):
    app = launch()
    draw_z(app)
    app.save()
    assert app.is_showing("Saved “Scribble 1”", timeout=5)
    app.key("ctrl+c")
    assert app.is_showing("The drawing is on the clipboard, as an image", timeout=5)


def test_the_export_type_chosen_renames_the_file_and_says_where_it_went(launch, tmp_path):
    pictures = pictures_folder(tmp_path)
    app = launch()
    draw_z(app)
    app.key("ctrl+e")
    chooser = app.other_window("Export Drawing")
    svg = wait_for(lambda: next((a for a in app.find_all("SVG image") if a.getRole() == pyatspi.ROLE_MENU_ITEM), None),
                   what="the SVG file type")
    svg.queryAction().doAction(0)
    name = wait_for(lambda: next((t for t in pyatspi.findAllDescendants(
        app.accessible, lambda a: a is not None and a.getRole() == pyatspi.ROLE_TEXT)
        if t.queryText().getText(0, -1).startswith("Untitled")), None), what="the name field")
    wait_for(lambda: name.queryText().getText(0, -1) == "Untitled.svg", what="the name to follow the type")
    xdotool("windowfocus", "--sync", chooser)
    xdotool("key", "--clearmodifiers", "Return")
    exported = pictures / "Untitled.svg"
    wait_for(exported.is_file, what="the SVG")
    assert exported.read_text().startswith("<?xml")
    assert not (pictures / "Untitled.png").exists()
    assert app.is_showing("Exported to pictures/Untitled.svg", timeout=5)
    assert app.is_showing("Open Folder", timeout=5)


def test_opening_a_big_scribble_shows_progress_until_it_is_drawn(launch, tmp_path):
    gallery = tmp_path / "gallery"
    gallery.mkdir()
    (gallery / "big.scribble").write_bytes(many_strokes(count=50_000))  # a million vertices
    # Saved a while ago: a file changed in the last moments is still arriving (from a sync
    # tool), and the gallery waits for it to settle, showing its empty state meanwhile.
    os.utime(gallery / "big.scribble", (time.time() - 60, time.time() - 60))
    app = launch()
    app.key("ctrl+o")
    x, y, w, h = app.extents("Untitled")  # the file has no title of its own
    app.click(x + w // 2, y + h // 3, settle=False)  # not waiting for the whole: its progress shows meanwhile
    assert app.is_showing("Opening “Untitled”…", timeout=5)
    wait_for(lambda: app.title() == "big — TouchPainter", timeout=60, what="the big scribble")
    wait_for(lambda: not app.is_showing("Opening “Untitled”…", timeout=0.1), timeout=60, what="the progress to go")
    # Its spinner is drawn by the app: GTK's is an SVG icon, and loading librsvg for it cost
    # 6 MB and a few milliseconds in the middle of the opening.
    with open(f"/proc/{app.process.pid}/maps") as maps:
        assert "librsvg" not in maps.read()


def test_renaming_keeps_the_save_time_and_an_empty_name_is_refused(launch, tmp_path):
    app = launch()
    draw_z(app)
    app.save()
    wait_for(lambda: app.title() == "Scribble 1 — TouchPainter", what="the first save")
    older = next((tmp_path / "gallery").glob("*.scribble"))
    os.utime(older, (time.time() - 3600, time.time() - 3600))  # saved an hour ago
    app.key("ctrl+n")
    draw_z(app, dx=200)
    app.save()
    wait_for(lambda: app.title() == "Scribble 2 — TouchPainter", what="the second save")
    app.key("ctrl+o")
    saved_at = os.stat(older).st_mtime
    app.find("Scribble 1").queryComponent().grabFocus()
    app.key("F2")
    app.other_window("Rename Scribble")  # the dialog has a title
    field = app.find("Name", pyatspi.ROLE_TEXT).queryEditableText()
    field.setTextContents("   ")
    button = pyatspi.findDescendant(app.dialog(), lambda a: a is not None and a.name == "Rename"
                                    and a.getRole() == pyatspi.ROLE_PUSH_BUTTON)
    button.queryAction().doAction(0)
    assert "A name cannot be empty" in wait_for(lambda: "empty" in app.dialog_text() and app.dialog_text(),
                                                what="the refusal")
    field.setTextContents("Picnic")
    app.answer_dialog("Rename")
    assert app.is_showing("Picnic", timeout=5)
    assert os.stat(older).st_mtime == saved_at
    first, second = (app.extents(name)[0] for name in ("Scribble 2", "Picnic"))
    assert first < second  # still in order of saving, not moved to the front


def test_a_long_name_does_not_widen_the_gallerys_tiles(launch):
    app = launch()
    draw_z(app)
    app.key("ctrl+s")
    app.dialog(timeout=10)
    app.find("Name", pyatspi.ROLE_TEXT).queryEditableText().setTextContents("A very long name " * 12)
    app.answer_dialog("Save")
    app.key("ctrl+n")
    draw_z(app)
    app.save()
    app.key("ctrl+o")
    long_tile = app.extents("A very long name " * 11 + "A very long name")
    short_tile = app.extents("Scribble 1")
    # Side by side, as wide as each other: the long name is cut short, not given a column.
    assert long_tile[1] == short_tile[1] and abs(long_tile[2] - short_tile[2]) <= 1, (long_tile, short_tile)
    geometry = dict(line.split("=") for line in xdotool("getwindowgeometry", "--shell", app.window).split())
    assert long_tile[2] * 3 <= int(geometry["WIDTH"]), (long_tile, geometry)
