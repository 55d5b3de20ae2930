"""Hostile PDFs for test_pdf_hostile.py, written here byte by byte (as sample_pdf.py does):
a page tree made by hand of any size or with a lying count, a page wider than any printer,
and a content stream that inflates to gigabytes from a couple of megabytes."""
import zlib


def write_objects(path, objects, root=1):
    """Writes the numbered `objects` (bodies, numbered from 1) as a PDF whose catalog is `root`."""
    with open(path, "wb") as file:
        file.write(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(objects, start=1):
            offsets.append(file.tell())
            file.write(b"%d 0 obj\n" % number)
            for piece in body if isinstance(body, list) else [body]:
                file.write(piece)
            file.write(b"\nendobj\n")
        xref = file.tell()
        file.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
        file.write(b"".join(b"%010d 00000 n \n" % offset for offset in offsets))
        file.write(b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, root, xref))
    return path


def page_tree(path, pages, count=None, width=200, height=100):
    """`pages` pages of `width` × `height` points, all kids of one page tree node whose /Count
    is `count` (a lie when it differs), each with one shared content stream: a grey band."""
    content = b"0.85 g 0 %d %d 20 re f" % (height // 2 - 10, width)
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               [b"<< /Type /Pages /Kids [", b" ".join(b"%d 0 R" % (4 + i) for i in range(pages)),
                b"] /Count %d >>" % (pages if count is None else count)],
               b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content)]
    objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents 3 0 R >>" % (width, height)] * pages
    return write_objects(path, objects)


def inflating_page(path, gigabytes):
    """One A4 page whose content stream is a Flate stream of about 2 MB per gigabyte that
    inflates to `gigabytes` GB of `q Q` (save and restore the graphics state: each an operation
    poppler must run, none of which draws or builds anything), after a grey band."""
    compressor = zlib.compressobj(9)
    block = b"q Q\n" * (1 << 18)  # 1 MiB
    pieces = [compressor.compress(b"0.85 g 0 400 595 40 re f\n")]
    pieces += [compressor.compress(block) for _ in range(int(gigabytes * 1024))]
    pieces.append(compressor.flush())
    packed = b"".join(pieces)
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
               [b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed), packed, b"\nendstream"],
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>"]
    return write_objects(path, objects)
