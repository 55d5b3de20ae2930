"""Issue 53: a .xopp export of ink on a PDF's pages names its PDF the way Xournal++ reads it,
and the real Xournal++ shows the pages with the ink."""
import shutil
import subprocess
from io import BytesIO

import pytest
from PIL import Image

from app_driver import BINARY
from sample_pdf import a4_pages, page_texts, write_pdf
from test_pdf import PX, open_pdf, save_and_quit, write_on_page


@pytest.mark.skipif(shutil.which("xournalpp") is None, reason="scripts/setup.sh test installs xournalpp")
def test_an_xopp_export_attaches_its_pdf_and_xournalpp_shows_the_pages_with_the_ink(launch, tmp_path):
    """A .xopp export of ink on a PDF names the PDF as Xournal++ reads it: the original beside
    the notebook as NOTEBOOK.bg.pdf, a page of each PDF page. The real Xournal++ makes a PDF of
    it with the three pages, their text, and the ink on the first."""
    pdf = write_pdf(tmp_path / "slides.pdf", a4_pages(3))
    app = open_pdf(launch, pdf)
    write_on_page(app, 300)
    saved = save_and_quit(app, tmp_path)
    notebook = tmp_path / "out" / "annotated.xopp"
    notebook.parent.mkdir()
    result = subprocess.run([BINARY, "export", str(saved), str(notebook)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "annotated.xopp.bg.pdf").read_bytes() == pdf.read_bytes()
    assert "note: The PDF its pages show is written beside it as “annotated.xopp.bg.pdf”" in result.stderr
    theirs = tmp_path / "theirs.pdf"
    result = subprocess.run(["xournalpp", f"--create-pdf={theirs}", str(notebook)], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    # Xournal++ draws the pages again (through poppler and Cairo): their text kept, its
    # letters spaced a little apart.
    assert [text.replace(" ", "") for text in page_texts(theirs)] == ["Page1", "Page2", "Page3"]
    png = subprocess.run(["pdftoppm", "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile", str(theirs)],
                         capture_output=True, timeout=30, check=True).stdout
    page = Image.open(BytesIO(png)).convert("L")
    assert all(page.getpixel((round(x / PX), round(300 / PX))) < 100 for x in range(160, 340, 40))
    assert page.getpixel((round(250 / PX), round(200 / PX))) > 200  # white paper elsewhere
