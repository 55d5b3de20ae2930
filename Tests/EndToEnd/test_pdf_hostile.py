"""Issue 53: hostile PDFs opened in the real app — truncated, encrypted (the password question
cancelled), a page 200 inches wide, a page tree of 100,000 pages and one that claims them, a
page whose content inflates to gigabytes. Each is handed to the running app (a second launch,
as a file manager does) over a drawing saved with ink: it says in one line why it cannot open
the file, or opens what it can; the app stays responsive (it settles, it takes ink, a key
opens a dialog), its memory stays bounded (its VmHWM), and the ink drawn before is kept:
still on screen after a refusal, and its saved file untouched when the PDF opens."""
import subprocess
import time

import pyatspi
import pytest

from app_driver import is_dark, wait_for
from hostile_pdfs import inflating_page, page_tree
from sample_pdf import a4_pages, encrypt, write_pdf
from test_hostile import peak_memory_mb
from test_pdf import page_label
from test_single_instance import second_launch
from touchpainter_driver import screenshot

# The debug build's peak memory on these files stays under 150 MB on the test machine; a
# PDF's pages read whole, or a stream inflated in memory, would take gigabytes.
MEMORY_LIMIT_MB = 400
INK_Y = 420  # the row of the ink drawn before, in view pixels


def ink_shown(app, y=INK_Y, x0=140, x1=360):
    ox, oy = app.canvas_origin()
    shot = screenshot()
    return all(is_dark(shot.getpixel((ox + x, oy + y))) for x in range(x0, x1, 40))


def saved_ink(launch, tmp_path):
    """The app with a line drawn and saved into the gallery; (app, the saved file, its bytes)."""
    app = launch()
    ox, oy = app.canvas_origin()
    app.drag([(ox + 100, oy + INK_Y), (ox + 400, oy + INK_Y)], steps=8)
    app.save()
    saved = wait_for(lambda: next((tmp_path / "gallery").glob("*.scribble"), None), what="the saved ink")
    wait_for(lambda: not app.title().startswith("•"), what="the save")
    return app, saved, saved.read_bytes()


def hand_over(app, path):
    """Opens `path` in the running app, as a second launch (a file manager) does."""
    finished = second_launch(app, path)
    assert finished.returncode == 0, finished.stderr


def responsive(app, y=200):
    """The app settles, draws new ink where asked, and Ctrl+G opens its Go to Page (or, with
    no pages, nothing breaks): the main loop is not held by the PDF."""
    app.settle(timeout=20)
    ox, oy = app.canvas_origin()
    start = time.monotonic()
    app.drag([(ox + 100, oy + y), (ox + 400, oy + y)], steps=8, settle=False)
    wait_for(lambda: ink_shown(app, y), timeout=10, what="new ink on screen")
    assert time.monotonic() - start < 10


def assert_refused_in_one_line(app):
    """A dialog says why, each of its texts one line (the failure, its reason), then closes;
    the ink before is still on screen."""
    dialog = app.dialog(timeout=20)
    labels = [label.name for label in pyatspi.findAllDescendants(
        dialog, lambda a: a is not None and a.getRole() == pyatspi.ROLE_LABEL) if label.name.strip()]
    assert any("Could not open" in label for label in labels), labels
    assert all("\n" not in label.strip() and len(label) < 300 for label in labels), labels
    app.answer_dialog("Close")
    assert ink_shown(app)


def test_a_truncated_pdf_opens_the_pages_poppler_rebuilds(launch, tmp_path):
    app, saved, before = saved_ink(launch, tmp_path)
    whole = write_pdf(tmp_path / "whole.pdf", a4_pages(3)).read_bytes()
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(whole[: whole.rindex(b"xref")])  # its cross-reference table and trailer lost
    hand_over(app, cut)
    wait_for(lambda: "cut" in app.title(), timeout=20, what="the rebuilt PDF")
    wait_for(lambda: page_label(app) == "1 / 3", what="its three pages")
    responsive(app)
    assert peak_memory_mb(app) < MEMORY_LIMIT_MB
    assert saved.read_bytes() == before


def test_a_pdf_cut_to_its_first_bytes_is_refused_in_one_line(launch, tmp_path):
    app, saved, before = saved_ink(launch, tmp_path)
    whole = write_pdf(tmp_path / "whole.pdf", a4_pages(3)).read_bytes()
    cut = tmp_path / "stub.pdf"
    cut.write_bytes(whole[:120])
    hand_over(app, cut)
    assert_refused_in_one_line(app)
    responsive(app)
    assert peak_memory_mb(app) < MEMORY_LIMIT_MB
    assert saved.read_bytes() == before


def test_an_encrypted_pdf_whose_password_is_cancelled_keeps_the_drawing(launch, tmp_path):
    app, saved, before = saved_ink(launch, tmp_path)
    title = app.title()
    locked = encrypt(write_pdf(tmp_path / "plain.pdf", a4_pages(2)), tmp_path / "locked.pdf", "sesame")
    hand_over(app, locked)
    app.dialog(timeout=20)
    assert "protected by a password" in app.dialog_text()
    app.answer_dialog("Cancel")
    assert app.title() == title and ink_shown(app)
    responsive(app)
    assert saved.read_bytes() == before


def test_a_page_200_inches_wide_opens_and_the_app_stays_light(launch, tmp_path):
    app, saved, before = saved_ink(launch, tmp_path)
    wide = write_pdf(tmp_path / "banner.pdf", [(14_400, 792, "Banner"), (595.28, 841.89, "After")])
    hand_over(app, wide)
    wait_for(lambda: "banner" in app.title(), timeout=20, what="the wide PDF")
    responsive(app, y=300)
    for key in ("End", "Home", "ctrl+minus", "ctrl+minus", "ctrl+minus", "ctrl+0"):
        app.key(key)
    assert peak_memory_mb(app) < MEMORY_LIMIT_MB
    assert saved.read_bytes() == before


def test_a_page_tree_of_100000_pages_opens_its_first_pages(launch, tmp_path):
    app, saved, before = saved_ink(launch, tmp_path)
    many = page_tree(tmp_path / "many.pdf", 100_000)
    hand_over(app, many)
    wait_for(lambda: "many" in app.title(), timeout=60, what="the 100,000-page PDF")
    # The first 20,000 pages are offered (PdfDocument.maximumPageCount), laid out in columns
    # of 6,524 (the canvas' reach): the page in view may be one of the next column's.
    wait_for(lambda: page_label(app).endswith(" / 20000"), what="its first 20,000 pages")
    wait_for(lambda: app.find_all_containing("This PDF has 100000 pages: only the first 20000 are shown."),
             what="the notice of the pages left out")
    responsive(app, y=300)
    app.key("End")
    app.key("Home")
    assert peak_memory_mb(app) < MEMORY_LIMIT_MB
    assert saved.read_bytes() == before


def test_a_page_tree_claiming_100000_pages_is_refused_in_one_line(launch, tmp_path):
    app, saved, before = saved_ink(launch, tmp_path)
    lying = page_tree(tmp_path / "lying.pdf", 1, count=100_000)
    hand_over(app, lying)
    assert_refused_in_one_line(app)
    responsive(app)
    assert peak_memory_mb(app) < MEMORY_LIMIT_MB
    assert saved.read_bytes() == before


@pytest.fixture(scope="module")
def bomb(tmp_path_factory):
    """A 2 MB PDF whose page's content inflates to 2 GB: 124 s for pdftocairo to render at
    10 dpi, in 12 MB (poppler decodes as it reads)."""
    path = inflating_page(tmp_path_factory.mktemp("bomb") / "bomb.pdf", gigabytes=2)
    assert path.stat().st_size < 8 << 20
    return path


def test_a_stream_inflating_to_gigabytes_leaves_the_app_responsive_and_light(launch, tmp_path, bomb):
    app, saved, before = saved_ink(launch, tmp_path)
    hand_over(app, bomb)
    wait_for(lambda: "bomb" in app.title(), timeout=30, what="the PDF, laid out")
    # Its page renders on a worker for as long as poppler takes; meanwhile ink and keys go on.
    ox, oy = app.canvas_origin()
    start = time.monotonic()
    app.drag([(ox + 100, oy + 200), (ox + 400, oy + 200)], steps=8, settle=False)
    wait_for(lambda: ink_shown(app, 200), timeout=10, what="ink over the page being rendered")
    subprocess.run(["xdotool", "key", "--clearmodifiers", "ctrl+g"], check=True, timeout=10)
    dialog = app.dialog(timeout=10)
    app._press_button("Cancel", dialog)
    wait_for(lambda: not app._has_dialog(), what="Go to Page to close")
    assert time.monotonic() - start < 15
    assert peak_memory_mb(app) < MEMORY_LIMIT_MB
    assert saved.read_bytes() == before


def test_a_stream_inflating_to_gigabytes_lets_the_app_settle(launch, tmp_path, bomb):
    # poppler cannot be interrupted (minutes here): the canvas' frame waits for the page's
    # render a second at most (PageTileCache's deadline), then shows its paper, and settles.
    app = launch()
    hand_over(app, bomb)
    wait_for(lambda: "bomb" in app.title(), timeout=30, what="the PDF, laid out")
    app.settle(timeout=20)
