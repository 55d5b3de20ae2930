"""Issue 30: Xournal++ notebooks open in the app — from the command line, Import… (Ctrl+I)
and a file dropped from a file manager — drawn as Xournal++ draws them, and drawings export
to .xopp files that the real Xournal++ opens and shows alike."""
import gzip
import pathlib
import shutil
import subprocess
import sys
import time

import pytest
from PIL import Image, ImageChops

from app_driver import BINARY, is_red, wait_for
from touchpainter_driver import pointer_to, screenshot, xdotool

PX = 96 / 72  # canvas pixels per point


def notebook_xml(stroke_color="#ff0000ff"):
    """A lined page with a thick red stroke across it (y = 150 pt), a blue one, a text box and a
    LaTeX formula (which this app leaves out, and says so); then a yellow graph page."""
    return f"""<?xml version="1.0" standalone="no"?>
<xournal creator="Xournal++ 1.2.3" fileversion="4">
<title>Xournal++ document</title>
<page width="500" height="400">
<background type="solid" color="#ffffffff" style="lined"/>
<layer>
<stroke tool="pen" color="{stroke_color}" width="6">60 150 200 150 340 150</stroke>
<stroke tool="pen" color="#3333ccff" width="3 2 3 4">60 250 150 300 250 250 340 300</stroke>
<text font="Sans" size="12" x="10" y="10" color="#000000ff">Hello</text>
<teximage text="x^2" left="400" top="20" right="440" bottom="40"></teximage>
</layer>
</page>
<page width="500" height="200">
<background type="solid" color="yellow" style="graph"/>
<layer><stroke tool="pen" color="#00aa00ff" width="4">100 100 300 100</stroke></layer>
</page>
</xournal>"""


def write_notebook(folder, name="notes.xopp"):
    path = folder / name
    path.write_bytes(gzip.compress(notebook_xml().encode()))
    return path


def red_stroke_shown(app):
    ox, oy = app.canvas_origin()
    shot = screenshot()
    return all(is_red(shot.getpixel((round(ox + x * PX), round(oy + 150 * PX)))) for x in (80, 200, 320))


def lined_page_shown(app):
    """Xournal++'s ruling: a light blue line 80 pt from the top, and the pink margin at 72 pt."""
    ox, oy = app.canvas_origin()
    shot = screenshot()
    line = min((shot.getpixel((round(ox + 400 * PX), round(oy + 80 * PX) + d)) for d in range(-2, 3)), key=lambda p: p[0])
    margin = min((shot.getpixel((round(ox + 72 * PX) + d, round(oy + 40 * PX))) for d in range(-2, 3)), key=lambda p: p[1])
    # Each is 0.5 pt wide (two thirds of a pixel), so its colour is shared with a neighbour.
    return line[2] > 200 and line[0] < 180 < line[1] + 40 and margin[0] > 200 and margin[1] < 200 and margin[2] > margin[1] + 20


def test_a_notebook_opens_from_the_command_line_as_new_unsaved_work(launch, tmp_path):
    notebook = write_notebook(tmp_path)
    original = notebook.read_bytes()
    app = launch(notebook)
    wait_for(lambda: red_stroke_shown(app), what="the notebook's red stroke")
    assert lined_page_shown(app)
    assert app.is_showing("1 LaTeX formula was not imported.", timeout=5)
    assert "notes — TouchPainter" in app.title()
    app.key("ctrl+q")  # imported, not saved: Quit asks
    app.dialog(timeout=5)
    app.answer_dialog("Cancel")
    app.save()  # into the gallery; the notebook itself is never written
    wait_for(lambda: any((tmp_path / "gallery").glob("*.scribble")), what="the import saved in the gallery")
    assert notebook.read_bytes() == original


def test_import_asks_for_a_notebook_with_ctrl_i(launch, tmp_path):
    notebook = write_notebook(tmp_path, "lecture.xoj")
    app = launch()
    app.key("ctrl+i")
    app.answer_chooser("Import", str(notebook))
    wait_for(lambda: red_stroke_shown(app), what="the imported notebook")
    assert "lecture" in app.title()


def test_a_notebook_dropped_from_a_file_manager_opens(launch, tmp_path):
    notebook = write_notebook(tmp_path)
    app = launch()
    source = subprocess.Popen([sys.executable, pathlib.Path(__file__).with_name("drag_source.py"), notebook],
                              stdout=subprocess.PIPE, text=True)
    try:
        _, x, y = source.stdout.readline().split()
        ox, oy = app.canvas_origin()
        pointer_to(int(x), int(y))
        xdotool("mousedown", 1)
        for step in range(1, 21):  # GTK starts a drag past a few pixels, then follows the pointer
            xdotool("mousemove", "--sync", round(int(x) + (ox + 400 - int(x)) * step / 20),
                    round(int(y) + (oy + 300 - int(y)) * step / 20))
            time.sleep(0.03)
        xdotool("mouseup", 1)
        wait_for(lambda: red_stroke_shown(app), what="the dropped notebook")
    finally:
        source.terminate()
        source.wait(timeout=5)


def test_a_damaged_notebook_is_refused_in_one_sentence(launch, tmp_path):
    broken = tmp_path / "broken.xopp"
    broken.write_bytes(gzip.compress(notebook_xml().encode())[:200])
    app = launch(broken)
    app.dialog(timeout=10)
    assert "the file is cut short" in app.dialog_text()


@pytest.mark.skipif(shutil.which("xournalpp") is None, reason="scripts/setup.sh test installs xournalpp")
def test_an_export_to_xopp_opens_in_xournalpp_and_looks_the_same(tmp_path):
    """The drawing exported by this app as PNG, and as .xopp rendered by the real Xournal++:
    cropped to their ink, brought to one size and registered (the best of shifts up to 3 px,
    as anti-aliasing moves an ink box's edge by a pixel), at least 97 % of the pixels agree.
    Ours is exported at Xournal++'s 300 dpi (3.125 × 96 dpi), so neither is resampled much."""
    notebook = write_notebook(tmp_path)
    ours, exported = tmp_path / "ours.png", tmp_path / "exported.xopp"
    for output, options in ((ours, ["--scale", "3.125"]), (exported, [])):
        result = subprocess.run([BINARY, "export", notebook, output, *options], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
    assert "1 LaTeX formula was not imported." in result.stderr
    theirs = tmp_path / "theirs.png"
    result = subprocess.run(["xournalpp", f"--create-img={theirs}", exported], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    pages = sorted(tmp_path.glob("theirs*.png"))
    assert len(pages) == 1, pages  # one page around the whole drawing

    def inked(path):
        image = Image.open(path).convert("RGB")
        box = ImageChops.difference(image, Image.new("RGB", image.size, "white")).getbbox()
        return image.crop(box)

    def agreement(a, b):
        """The share of pixels whose channels all differ by at most 48."""
        difference = ImageChops.difference(a, b)
        largest = ImageChops.lighter(ImageChops.lighter(difference.getchannel(0), difference.getchannel(1)),
                                     difference.getchannel(2))
        return sum(largest.histogram()[:49]) / (a.size[0] * a.size[1])

    a, b = inked(ours), inked(pages[0])
    b = b.resize(a.size, Image.LANCZOS)
    best = max(agreement(a, ImageChops.offset(b, dx, dy)) for dx in range(-3, 4) for dy in range(-3, 4))
    assert best >= 0.97, best


def test_the_pages_are_locked_under_the_eraser_and_the_select_tool(launch, tmp_path):
    app = launch(write_notebook(tmp_path))
    wait_for(lambda: red_stroke_shown(app), what="the notebook")
    ox, oy = app.canvas_origin()
    y = round(oy + 80 * PX)  # the first ruled line, away from every stroke
    app.key("e")
    app.drag([(round(ox + 250 * PX), y - 10), (round(ox + 450 * PX), y + 10)])
    assert lined_page_shown(app)  # the ruling and the margin are still there
    app.key("s")
    app.click(round(ox + 400 * PX), y)
    assert not app.is_sensitive("Keep as template")  # nothing was selected
