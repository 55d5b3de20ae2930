"""Issue 18: a GNOME-conventional app — primary menu, shortcuts window, About, metainfo, man
page, window sizes, and a gallery that explains itself."""
import os
import subprocess

import pyatspi

from app_driver import BINARY, wait_for
from test_gallery import draw_save_and_quit, draw_z, tile_has_ink
from touchpainter_driver import xdotool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APP_ID = "io.github.touchpainter.TouchPainter"
ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512]


def test_f10_opens_the_primary_menu_with_its_items(app):
    app.key("F10")
    for item in ["New Scribble", "Export…", "Print…", "Keyboard Shortcuts", "About TouchPainter", "Quit"]:
        assert app.is_showing(item, timeout=5), item
    app.key("Escape")


def shortcuts_window_size(app, title):
    """Opens the shortcuts window (Ctrl+?), titled `title`, and returns its width and height
    in pixels."""
    app.key("ctrl+question")
    geometry = xdotool("getwindowgeometry", "--shell", app.other_window(title))
    size = dict(line.split("=") for line in geometry.split())
    return int(size["WIDTH"]), int(size["HEIGHT"])


def test_ctrl_question_mark_opens_the_shortcuts_window_and_it_fits_a_small_screen(app):
    width, height = shortcuts_window_size(app, "Keyboard shortcuts")
    for name in ["New scribble", "Delete too, when nothing is selected", "Move the selection",
                 "Rename the selected scribble", "Replay the drawing", "Quit"]:
        assert app.is_showing(name, timeout=5), name
    # The window is as wide as its longest line: short titles, qualifications in subtitles.
    assert width <= 1024 and height <= 768, (width, height)


def test_the_shortcuts_window_fits_a_small_screen_in_german_too(launch):
    app = launch(extra_env={"LANGUAGE": "de", "LANG": "C.UTF-8", "LC_ALL": ""})
    width, height = shortcuts_window_size(app, "Tastenkürzel")
    assert app.is_showing("Auswahl verschieben", timeout=5)
    assert app.is_showing("Die Zeichnung abspielen", timeout=5)  # Ctrl+R, on the same page
    assert app.is_showing("Beenden", timeout=5)
    assert width <= 1024 and height <= 768, (width, height)


def test_about_shows_the_version(app):
    app.key("F10")
    app.find("About TouchPainter").queryAction().doAction(0)
    assert app.is_showing("0.3.0", timeout=5)


def test_metainfo_and_desktop_file_validate():
    subprocess.run(["appstreamcli", "validate", "--no-net", f"{ROOT}/data/{APP_ID}.metainfo.xml"], check=True)
    subprocess.run(["desktop-file-validate", f"{ROOT}/data/{APP_ID}.desktop"], check=True)


def test_make_install_installs_metainfo_man_page_icons_and_translations(tmp_path):
    subprocess.run(["make", "-s", "-o", "release", "install", f"PREFIX={tmp_path}", f"BINARY={BINARY}"],
                   cwd=ROOT, check=True, capture_output=True, timeout=120)
    for path in ["bin/touchpainter", f"share/applications/{APP_ID}.desktop",
                 f"share/metainfo/{APP_ID}.metainfo.xml", "share/man/man1/touchpainter.1",
                 f"share/icons/hicolor/scalable/apps/{APP_ID}.svg",
                 f"share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg",
                 *(f"share/icons/hicolor/{size}x{size}/apps/{APP_ID}.png" for size in ICON_SIZES),
                 "share/locale/de/LC_MESSAGES/touchpainter.mo"]:
        assert (tmp_path / path).is_file(), path


def test_the_icons_drawn_beforehand_are_the_svg_at_each_size(tmp_path):
    from PIL import Image, ImageChops
    committed = [f"{ROOT}/data/icons/{size}x{size}/{APP_ID}.png" for size in ICON_SIZES]
    for size, path in zip(ICON_SIZES, committed + [f"{ROOT}/Sources/TouchPainter/Resources/app-icon-128.png"]):
        size = 128 if path.endswith("app-icon-128.png") else size
        fresh = tmp_path / f"{size}.png"
        subprocess.run(["rsvg-convert", "-w", str(size), "-h", str(size), f"{ROOT}/data/{APP_ID}.svg", "-o", fresh],
                       check=True, timeout=30)
        drawn, expected = Image.open(path).convert("RGBA"), Image.open(fresh).convert("RGBA")
        assert drawn.size == (size, size), path
        worst = max(high for _, high in ImageChops.difference(drawn, expected).getextrema())
        assert worst <= 2, f"{path} differs from the SVG by {worst} levels: run make icons"


def test_the_window_gets_its_icon_without_loading_librsvg(app):
    # Run from the build folder, the theme has no icon: the compiled-in PNG is used. And the
    # SVG renderer (6 MB of memory, a few ms before the first frame) is never loaded: not for
    # the icon, nor for the tool bar's radio buttons' hidden indicators.
    icon = subprocess.run(["xprop", "-id", str(app.window), "_NET_WM_ICON"], capture_output=True, text=True,
                          check=True, timeout=10).stdout
    assert "Icon (128 x 128)" in icon, icon[:200]
    with open(f"/proc/{app.process.pid}/maps") as maps:
        assert "librsvg" not in maps.read()


def test_the_canvas_window_shrinks_to_360_by_300(app):
    xdotool("windowsize", "--sync", app.window, 360, 300)
    app.settle()
    geometry = xdotool("getwindowgeometry", app.window)
    size = geometry.split("Geometry:")[1].split()[0]
    width, height = map(int, size.split("x"))
    # The frame includes GTK's client-side border (5 px each side without a window manager).
    assert width <= 370 and height <= 310, size


def test_the_default_window_fits_the_screen_at_scale_2(launch):
    app = launch(extra_env={"GDK_SCALE": "2"})
    geometry = xdotool("getwindowgeometry", app.window)
    width, height = map(int, geometry.split("Geometry:")[1].split()[0].split("x"))
    assert width <= 1280 and height <= 1024, (width, height)


def test_a_corrupt_entry_says_so_before_asking_about_unsaved_changes(launch, tmp_path):
    draw_save_and_quit(launch())
    gallery = tmp_path / "gallery"
    (gallery / "0000-broken.scribble").write_bytes(b"TPSCRIBL" + bytes(range(256)) * 3)
    app = launch()
    draw_z(app, dx=300)  # unsaved work
    app.key("ctrl+o")
    x, y, w, h = app.extents("Damaged scribble 0000-bro")
    app.click(x + w // 2, y + h // 3)
    assert "Could not open" in app.dialog_text()  # not "Save changes to …?"
    app.answer_dialog("Close")
    app.key("Escape")
    assert app.title() == "• Untitled — TouchPainter"  # no question came, nothing changed


def test_deleting_the_open_scribble_tells_the_user(launch, tmp_path):
    app = launch()
    draw_z(app)
    app.save()
    wait_for(lambda: app.title() == "Scribble 1 — TouchPainter", what="the save")
    app.key("ctrl+o")
    app.find("Scribble 1").queryComponent().grabFocus()
    app.key("Delete")
    app.answer_dialog("Delete")
    app.key("Escape")
    message = wait_for(lambda: [a for a in app.find_all("") if False] or
                       pyatspi.findDescendant(app.accessible, lambda a: a is not None and
                                              a.getRole() == pyatspi.ROLE_LABEL and
                                              "was deleted from the gallery" in (a.name or "") and
                                              a.getState().contains(pyatspi.STATE_SHOWING)),
                       what="the info bar about the deleted scribble")
    assert "“Scribble 1”" in message.name
    assert app.title() == "• Scribble 1 — TouchPainter" or app.title().startswith("• ")
    app.key("ctrl+q")  # kept as unsaved work: quitting asks about it
    assert "Save changes to" in app.dialog_text()
    app.answer_dialog("Cancel")
    assert app.process.poll() is None
