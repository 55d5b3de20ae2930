"""Issue 53: PDF documents. A PDF opens (from the command line, Open… and a drop) as a new
scribble whose pages lie top to bottom on the canvas; the page indicator, Go to Page, the page
keys and Find move through them; ink written on a page is saved with the PDF inside the
scribble, comes back after a crash, and exports onto the original pages."""
import subprocess
import time

import pyatspi

from app_driver import BINARY, is_dark, wait_for
from sample_pdf import a4_pages, encrypt, page_texts, write_pdf
from test_recovery import crash_and_restore
from touchpainter_driver import screenshot

PX = 96 / 72  # canvas pixels per point
A4_HEIGHT = 841.89 * PX


def page_label(app):
    """The page button's "current / count", as a screen reader reads it (its description)."""
    return app.find("Page", pyatspi.ROLE_PUSH_BUTTON).description


def band_shown(app, view_y):
    """Whether the grey band across a sample page's middle shows at view row `view_y`."""
    ox, oy = app.canvas_origin()
    shot = screenshot()
    return all(200 <= shot.getpixel((ox + x, oy + round(view_y)))[0] <= 230 for x in (60, 200, 400))


def write_on_page(app, view_y):
    ox, oy = app.canvas_origin()
    app.drag([(ox + 100, oy + view_y), (ox + 380, oy + view_y)], steps=8)


def ink_shown(app, view_y):
    """Whether the line `write_on_page` drew at view row `view_y` is on screen."""
    ox, oy = app.canvas_origin()
    shot = screenshot()
    return all(is_dark(shot.getpixel((ox + x, oy + view_y))) for x in range(140, 360, 40))


def open_pdf(launch, pdf):
    """The app launched on `pdf`, its first page on screen."""
    app = launch(pdf)
    wait_for(lambda: band_shown(app, A4_HEIGHT / 2), what="the first page")
    return app


def save_and_quit(app, tmp_path):
    """Saves into the gallery and quits; the saved scribble."""
    app.save()
    saved = wait_for(lambda: next((tmp_path / "gallery").glob("*.scribble"), None), what="the saved scribble")
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    return saved


def test_a_pdf_opens_from_the_command_line_as_a_new_scribble_of_its_pages(launch, tmp_path):
    pdf = write_pdf(tmp_path / "lecture.pdf", a4_pages(3))
    original = pdf.read_bytes()
    app = launch(pdf)
    # Page 1 at the origin, 100 %: its grey band half-way down.
    wait_for(lambda: band_shown(app, A4_HEIGHT / 2), what="the first page's grey band")
    assert "lecture — TouchPainter" in app.title()
    wait_for(lambda: page_label(app) == "1 / 3", what="the page indicator")
    app.key("End")
    wait_for(lambda: page_label(app) == "3 / 3", what="the last page")
    app.key("Home")
    wait_for(lambda: page_label(app) == "1 / 3", what="the first page again")
    app.key("Next")  # Page Down: a screen
    assert page_label(app) in ("1 / 3", "2 / 3")
    app.key("ctrl+g")
    app.dialog(timeout=5)
    subprocess.run(["xdotool", "key", "--clearmodifiers", "ctrl+a"], check=True, timeout=10)
    subprocess.run(["xdotool", "type", "2"], check=True, timeout=10)
    app.answer_dialog("Go")
    wait_for(lambda: page_label(app) == "2 / 3", what="Go to Page 2")
    assert pdf.read_bytes() == original  # the PDF itself is never written


def test_ink_on_a_page_is_saved_with_the_pdf_and_reopens(launch, tmp_path):
    pdf = write_pdf(tmp_path / "paper.pdf", a4_pages(2))
    app = open_pdf(launch, pdf)
    write_on_page(app, 200)
    saved = save_and_quit(app, tmp_path)
    pdf.unlink()  # the scribble holds its PDF: the original may go
    moved = tmp_path / "elsewhere.scribble"
    saved.rename(moved)
    again = launch(moved)
    wait_for(lambda: band_shown(again, A4_HEIGHT / 2), what="the page, from the scribble alone")
    assert ink_shown(again, 200)
    wait_for(lambda: page_label(again) == "1 / 2", what="the page indicator")


def test_a_crash_keeps_the_pages_and_the_ink(launch, tmp_path):
    pdf = write_pdf(tmp_path / "notes.pdf", a4_pages(2))
    app = open_pdf(launch, pdf)
    write_on_page(app, 240)
    pdf.unlink()
    restored = crash_and_restore(app, launch)
    wait_for(lambda: band_shown(restored, A4_HEIGHT / 2), what="the restored page")
    assert ink_shown(restored, 240)


def test_a_protected_pdf_asks_for_its_password(launch, tmp_path):
    plain = write_pdf(tmp_path / "plain.pdf", a4_pages(1))
    locked = encrypt(plain, tmp_path / "locked.pdf", "sesame")
    app = launch(locked)
    app.dialog(timeout=10)
    assert "protected by a password" in app.dialog_text()
    subprocess.run(["xdotool", "type", "wrong"], check=True, timeout=10)
    app.answer_dialog("Open", leads_to_another=True)
    app.dialog(timeout=10)
    assert "not right" in app.dialog_text()
    subprocess.run(["xdotool", "type", "sesame"], check=True, timeout=10)
    app.answer_dialog("Open")
    wait_for(lambda: band_shown(app, A4_HEIGHT / 2), what="the page, unlocked")


def test_a_damaged_pdf_says_why_in_one_line_and_the_app_goes_on(launch, tmp_path):
    damaged = tmp_path / "damaged.pdf"
    damaged.write_bytes(b"%PDF-1.5\n" + b"\x00garbage" * 1000)
    app = launch(damaged)
    app.dialog(timeout=10)
    assert "Could not open" in app.dialog_text()
    app.answer_dialog("Close")
    ox, oy = app.canvas_origin()
    app.drag([(ox + 100, oy + 100), (ox + 300, oy + 100)], steps=6)
    assert is_dark(screenshot().getpixel((ox + 200, oy + 100)))


def test_find_shows_each_hit_and_steps_through_them(launch, tmp_path):
    pdf = write_pdf(tmp_path / "words.pdf", a4_pages(4, word="Chapter"))
    app = launch(pdf)
    wait_for(lambda: page_label(app) == "1 / 4", what="the pages")
    app.key("ctrl+f")
    subprocess.run(["xdotool", "type", "chapter"], check=True, timeout=10)
    app.settle()
    wait_for(lambda: app.is_showing("1 of 4"), what="four hits, the first shown")
    app.key("Return")
    wait_for(lambda: app.is_showing("2 of 4"), what="the second hit")
    app.key("End")  # in the entry: not a page key
    app.key("Escape")
    assert not app.is_showing("2 of 4")


def test_export_keeps_the_original_pages_and_their_text(launch, tmp_path):
    pdf = write_pdf(tmp_path / "slides.pdf", a4_pages(3), link="https://example.org/slides")
    app = open_pdf(launch, pdf)
    write_on_page(app, 300)
    saved = save_and_quit(app, tmp_path)
    out = tmp_path / "annotated.pdf"
    result = subprocess.run([BINARY, "export", str(saved), str(out)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert page_texts(out) == page_texts(pdf)
    links = subprocess.run(["pdfinfo", "-url", str(out)], capture_output=True, text=True, timeout=20).stdout
    assert "https://example.org/slides" in links
    png = subprocess.run(["pdftoppm", "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile", str(out)],
                         capture_output=True, timeout=30, check=True).stdout
    from io import BytesIO

    from PIL import Image
    page = Image.open(BytesIO(png)).convert("L")
    # The ink, drawn 300 view px down at 100 % (225 pt), across from 140 to 340 px.
    assert all(page.getpixel((round(x / PX), round(300 / PX))) < 100 for x in range(160, 340, 40))


def test_a_protected_pdf_asks_again_when_its_scribble_reopens(launch, tmp_path):
    locked = encrypt(write_pdf(tmp_path / "plain.pdf", a4_pages(1)), tmp_path / "locked.pdf", "sesame")
    app = launch(locked)
    app.dialog(timeout=10)
    subprocess.run(["xdotool", "type", "sesame"], check=True, timeout=10)
    app.answer_dialog("Open")
    wait_for(lambda: band_shown(app, A4_HEIGHT / 2), what="the page, unlocked")
    write_on_page(app, 200)
    again = launch(save_and_quit(app, tmp_path))
    again.dialog(timeout=10)  # the password is never saved: asked again
    assert "protected by a password" in again.dialog_text()
    subprocess.run(["xdotool", "type", "sesame"], check=True, timeout=10)
    again.answer_dialog("Show")
    wait_for(lambda: band_shown(again, A4_HEIGHT / 2), what="the page, unlocked again")
