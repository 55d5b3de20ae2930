"""Export… (Ctrl+E): the drawing to PNG, SVG or PDF through GTK's file chooser, which opens
in the folder the last export went to — across launches — or else the pictures folder."""

import pyatspi
from PIL import Image

from app_driver import wait_for
from printed_pdf import ink_on_the_only_page
from test_gallery import draw_z


def pictures_folder(tmp_path):
    """A pictures folder of the test's own, named where GLib looks (`user-dirs.dirs`)."""
    pictures = tmp_path / "pictures"
    pictures.mkdir()
    config = tmp_path / "config"
    config.mkdir(exist_ok=True)
    (config / "user-dirs.dirs").write_text(f'XDG_PICTURES_DIR="{pictures}"\n')
    return pictures


def export_as(app, name):
    """Ctrl+E, then the file name typed over the proposal, and Enter."""
    app.key("ctrl+e")
    app.answer_chooser("Export Drawing", name)


def test_the_first_export_goes_to_the_pictures_folder_and_is_remembered(launch, tmp_path):
    pictures = pictures_folder(tmp_path)
    app = launch()
    draw_z(app)
    export_as(app, "drawing.svg")
    svg = wait_for(lambda: (pictures / "drawing.svg").is_file() and (pictures / "drawing.svg"), what="the SVG")
    text = svg.read_text()
    assert text.startswith("<?xml") and "<path" in text, text[:200]
    settings = tmp_path / "config" / "touchpainter" / "settings.ini"
    wait_for(lambda: settings.is_file() and f"folder={pictures}" in settings.read_text(),
             what="the export folder in the settings")


def remember(tmp_path, folder):
    settings = tmp_path / "config" / "touchpainter" / "settings.ini"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(f"[Export]\nfolder={folder}\n")


def test_export_opens_where_the_last_export_went(launch, tmp_path):
    pictures = pictures_folder(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    remember(tmp_path, elsewhere)
    app = launch()
    ox, oy = draw_z(app)
    export_as(app, "drawing.png")
    png_path = elsewhere / "drawing.png"
    wait_for(png_path.is_file, what="the PNG")
    png = Image.open(png_path).convert("RGB")
    # The page is the drawing's bounds plus a 16-px margin: the Z's top bar (canvas y 100,
    # x 100…400) runs a margin and half a pen below the picture's top edge.
    assert any(all(max(png.getpixel((x, y))) < 80 for x in range(40, 300, 20)) for y in range(16, 28)), \
        "the Z's top bar is in the picture"
    assert not (pictures / "drawing.png").exists()


def test_a_remembered_folder_that_is_gone_gives_way_to_the_pictures_folder(launch, tmp_path):
    pictures = pictures_folder(tmp_path)
    remember(tmp_path, tmp_path / "unplugged")
    app = launch()
    draw_z(app)
    export_as(app, "drawing.pdf")
    pdf = wait_for(lambda: (pictures / "drawing.pdf").is_file() and (pictures / "drawing.pdf"), what="the PDF")
    assert pdf.read_bytes().startswith(b"%PDF")
    assert app.process.poll() is None, "no error dialog or crash over the missing folder"


def test_print_to_a_pdf_file_fits_the_drawing_on_the_page(launch, tmp_path):
    """Print… (Ctrl+P): GTK's print dialog, its Print to File printer, and the file it is
    told to write: one page, the drawing fitted to it."""
    documents = tmp_path / "documents"  # where GTK proposes to print to: not the working folder
    documents.mkdir()
    (tmp_path / "config").mkdir(exist_ok=True)
    (tmp_path / "config" / "user-dirs.dirs").write_text(f'XDG_DOCUMENTS_DIR="{documents}"\n')
    app = launch()
    draw_z(app)
    app.key("ctrl+p")
    app.other_window("Print")
    dialog = app.dialog()
    printer = wait_for(lambda: pyatspi.findDescendant(
        dialog, lambda a: a is not None and a.getRole() == pyatspi.ROLE_TABLE_CELL and a.name == "Print to File"),
        what="the Print to File printer")
    extents = printer.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    app.click(extents.x + extents.width // 2, extents.y + extents.height // 2)  # no printer is chosen at first
    file_button = wait_for(lambda: pyatspi.findDescendant(
        dialog, lambda a: a is not None and a.getRole() == pyatspi.ROLE_PUSH_BUTTON and a.name.endswith("output.pdf")),
        what="Print to File's proposed file")
    file_button.queryAction().doAction(0)
    app.answer_chooser("Select a filename", "drawing.pdf")
    wait_for(lambda: not file_button.name.endswith("output.pdf"), what="the file chosen")
    print_button = pyatspi.findDescendant(
        dialog, lambda a: a is not None and a.name == "Print" and a.getRole() == pyatspi.ROLE_PUSH_BUTTON)
    print_button.queryAction().doAction(0)
    target = documents / "drawing.pdf"
    wait_for(lambda: target.is_file() and b"%%EOF" in target.read_bytes()[-32:], what="the PDF written")
    assert not (documents / "output.pdf").exists()
    (page_width, _), (left, top, right, bottom) = ink_on_the_only_page(target)
    # The Z (300 × 200 px on the canvas) fitted to the page's width, its height in proportion.
    width, height = right - left, bottom - top
    assert width >= 0.7 * page_width, (page_width, width, height)
    assert abs(height / width - 2 / 3) < 0.1, (page_width, width, height)
    wait_for(lambda: app.title().startswith("• Untitled"), what="the window back after printing")
