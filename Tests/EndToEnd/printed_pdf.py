"""What a print to a PDF file put on paper, for the print tests on X11 and on Wayland."""

import io
import re
import subprocess

from PIL import Image


def ink_on_the_only_page(pdf):
    """Checks `pdf` has exactly one page, and returns its size at 36 dpi and the extent of
    its ink there: ((width, height), (left, top, right, bottom))."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, timeout=20).stdout
    assert re.search(r"^Pages:\s+1$", info, re.MULTILINE), info
    png = subprocess.run(["pdftoppm", "-png", "-r", "36", "-singlefile", str(pdf)], capture_output=True,
                         timeout=20, check=True).stdout
    page = Image.open(io.BytesIO(png)).convert("L")
    ink = [(x, y) for y in range(page.height) for x in range(page.width) if page.getpixel((x, y)) < 100]
    assert ink, "no ink on the printed page"
    xs, ys = [x for x, _ in ink], [y for _, y in ink]
    return page.size, (min(xs), min(ys), max(xs), max(ys))
