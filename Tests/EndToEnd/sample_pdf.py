"""PDFs for the tests that open, annotate and export them: written here, byte by byte, so the
tests need no PDF library (poppler-utils and qpdf, which scripts/setup.sh installs, judge and
encrypt them)."""

import subprocess
import zlib


def write_pdf(path, pages, link=None):
    """Writes a PDF of `pages`, each a (width, height, text) in points with `text` in 24 pt
    Helvetica near its top-left corner, and a grey band across its middle (so a render shows
    where the page is). `link` puts a link to that URL over the first page's text."""
    objects = []  # each object's body, numbered from 1

    def add(body):
        objects.append(body)
        return len(objects)

    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    pages_id = len(objects) + 2 * len(pages) + (1 if link else 0) + 1  # written after the pages
    page_ids = []
    for index, (width, height, text) in enumerate(pages):
        content = (f"0.85 g 0 {height / 2 - 20:.1f} {width:.1f} 40 re f "
                   f"BT /F1 24 Tf 0 g 40 {height - 60:.1f} Td ({text}) Tj ET").encode()
        packed = zlib.compress(content)
        stream = add(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream")
        annotations = b""
        if link and index == 0:
            annotation = add(
                f"<< /Type /Annot /Subtype /Link /Rect [36 {height - 70:.1f} 300 {height - 30:.1f}] /Border [0 0 0] "
                f"/A << /S /URI /URI ({link}) >> >>".encode())
            annotations = b" /Annots [%d 0 R]" % annotation
        page_ids.append(add(
            b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] /Contents %d 0 R "
            b"/Resources << /Font << /F1 %d 0 R >> >>%s >>"
            % (pages_id, _number(width), _number(height), stream, font, annotations)))
    kids = b" ".join(b"%d 0 R" % page for page in page_ids)
    assert add(b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(page_ids))) == pages_id
    catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)

    out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    with open(path, "wb") as file:
        file.write(out)
    return path


def a4_pages(count, word="Page"):
    """`count` A4 portrait pages, each saying "<word> <number>"."""
    return [(595.28, 841.89, f"{word} {number}") for number in range(1, count + 1)]


def encrypt(source, target, password):
    """`source` encrypted (AES-256) with the user password `password`, by qpdf."""
    subprocess.run(["qpdf", "--encrypt", password, password + "-owner", "256", "--", str(source), str(target)],
                   check=True, capture_output=True, timeout=60)
    return target


def page_texts(path):
    """Each page's text, as pdftotext gives it."""
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, timeout=60,
                          check=True).stdout
    return [page.strip() for page in text.split("\f")][:-1]


def _number(value):
    return (("%.2f" % value).rstrip("0").rstrip(".")).encode()
