"""Issue 54: pictures come onto the drawing — pasted from another process' clipboard, dropped
as files, inserted with Insert Picture… — at their natural size, centred in the view and
selected; they scale and turn with the selection's handles; and they stay through a save and
a reopen, a kill -9 and its restore, and an export."""
import pathlib
import subprocess
import sys
import time

import pytest

from app_driver import BINARY, wait_for
from test_recovery import crash_and_restore
from touchpainter_driver import pointer_to, screenshot, xdotool


def make_picture(tmp_path, name="photo.png", size="240x160"):
    """A picture of one strong red, which nothing else on the canvas is."""
    path = tmp_path / name
    subprocess.run(["convert", "-size", size, "xc:#e01010", str(path)], check=True, timeout=20)
    return path


def is_picture_red(pixel):
    r, g, b = pixel[:3]
    return r > 190 and g < 70 and b < 70


def red_box(app, step=2):
    """The box (screen pixels: left, top, right, bottom) of the picture's red on the canvas, or None."""
    x, y, w, h = app.extents("Canvas")
    shot = screenshot().convert("RGB")
    found = [(px, py) for py in range(y, y + h, step) for px in range(x, x + w, step) if is_picture_red(shot.getpixel((px, py)))]
    if not found:
        return None
    xs, ys = [p[0] for p in found], [p[1] for p in found]
    return min(xs), min(ys), max(xs), max(ys)


def size_of(box):
    return box[2] - box[0], box[3] - box[1]


def canvas_centre(app):
    x, y, w, h = app.extents("Canvas")
    return x + w // 2, y + h // 2


def wait_for_picture(app, what):
    return wait_for(lambda: red_box(app), timeout=15, what=what)


def drag_with_button(points, steps=16):
    """Presses at the first point, moves through the others in small steps, releases."""
    pointer_to(*points[0])
    xdotool("mousedown", 1)
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        for step in range(1, steps + 1):
            xdotool("mousemove", "--sync", round(x0 + (x1 - x0) * step / steps), round(y0 + (y1 - y0) * step / steps))
            time.sleep(0.01)
    xdotool("mouseup", 1)


def test_a_picture_pasted_from_another_process_arrives_centred_at_its_size_as_one_undo_step(app, tmp_path):
    picture = make_picture(tmp_path)
    owner = subprocess.Popen(["xclip", "-quiet", "-selection", "clipboard", "-t", "image/png", "-i", str(picture)])
    try:
        wait_for(lambda: "image/png" in subprocess.run(["xclip", "-selection", "clipboard", "-t", "TARGETS", "-o"],
                                                       capture_output=True, text=True, timeout=10).stdout,
                 what="the other process to own the clipboard")
        app.key("ctrl+v")
        box = wait_for_picture(app, "the pasted picture")
        width, height = size_of(box)
        assert abs(width - 238) <= 4 and abs(height - 158) <= 4, box  # its natural size, at 100 %
        cx, cy = canvas_centre(app)
        assert abs((box[0] + box[2]) / 2 - cx) <= 3 and abs((box[1] + box[3]) / 2 - cy) <= 3, (box, cx, cy)
        app.key("ctrl+z")
        wait_for(lambda: red_box(app) is None, what="the undo to take the picture away")
        app.key("ctrl+shift+z")
        wait_for_picture(app, "the redo to put it back")
    finally:
        owner.kill()
        owner.wait(timeout=5)


def test_picture_files_pasted_as_a_file_list_arrive(app, tmp_path):
    picture = make_picture(tmp_path, "listed.png", "100x80")
    owner = subprocess.Popen(["xclip", "-quiet", "-selection", "clipboard", "-t", "text/uri-list"], stdin=subprocess.PIPE)
    owner.stdin.write(picture.resolve().as_uri().encode() + b"\r\n")
    owner.stdin.close()
    try:
        wait_for(lambda: "text/uri-list" in subprocess.run(["xclip", "-selection", "clipboard", "-t", "TARGETS", "-o"],
                                                           capture_output=True, text=True, timeout=10).stdout,
                 what="the file list on the clipboard")
        app.key("ctrl+v")
        width, height = size_of(wait_for_picture(app, "the listed picture"))
        assert abs(width - 98) <= 4 and abs(height - 78) <= 4
    finally:
        owner.kill()
        owner.wait(timeout=5)


@pytest.mark.parametrize("as_image", [False, True], ids=["file", "browser-image"])
def test_a_picture_dropped_on_the_window_goes_on_the_drawing_where_it_was_dropped(app, tmp_path, as_image):
    """A file from a file manager, or a browser's image (its PNG bytes, no file)."""
    picture = make_picture(tmp_path, "dropped.png", "120x90")
    source = subprocess.Popen([sys.executable, pathlib.Path(__file__).with_name("drag_source.py")]
                              + (["--image"] if as_image else []) + [str(picture)],
                              stdout=subprocess.PIPE, text=True)
    try:
        _, x, y = source.stdout.readline().split()
        ox, oy = app.canvas_origin()
        cx, cy = ox + 250, oy + 200  # off the view's centre
        pointer_to(int(x), int(y))
        xdotool("mousedown", 1)
        for step in range(1, 21):  # GTK starts a drag past a few pixels, then follows the pointer
            xdotool("mousemove", "--sync", round(int(x) + (cx - int(x)) * step / 20), round(int(y) + (cy - int(y)) * step / 20))
            time.sleep(0.03)
        xdotool("mouseup", 1)
        box = wait_for_picture(app, "the dropped picture")
        width, height = size_of(box)
        assert abs(width - 118) <= 4 and abs(height - 88) <= 4
        assert abs((box[0] + box[2]) / 2 - cx) <= 4 and abs((box[1] + box[3]) / 2 - cy) <= 4, (box, cx, cy)
        assert "Untitled" in app.title()  # put on the drawing, not opened as a file
    finally:
        source.terminate()
        source.wait(timeout=5)


def test_an_inserted_picture_scales_turns_saves_reopens_and_exports(launch, tmp_path):
    picture = make_picture(tmp_path, "inserted.png", "240x160")
    app = launch()
    app.key("ctrl+shift+i")
    app.answer_chooser("Insert Picture", str(picture))
    box = wait_for_picture(app, "the inserted picture")
    # Scale: the bottom-right handle (the box is 4 px outside the picture) dragged out along
    # the diagonal.
    corner = (box[2] + 5, box[3] + 5)
    drag_with_button([corner, (corner[0] + 60, corner[1] + 40)])
    scaled = wait_for(lambda: (b := red_box(app)) and size_of(b)[0] > size_of(box)[0] + 60 and b, what="the scaled picture")
    sw, sh = size_of(scaled)
    assert sh > size_of(box)[1] + 40 and abs(sw / sh - 1.5) < 0.08, scaled
    # Turn a quarter: the rotate handle, 26 px above the box's top centre, to the right of the centre.
    cx, cy = (scaled[0] + scaled[2]) // 2, (scaled[1] + scaled[3]) // 2
    handle = (cx, scaled[1] - 5 - 26)
    radius = cy - handle[1]
    drag_with_button([handle, (cx + radius * 0.7, cy - radius * 0.7), (cx + radius, cy)])
    turned = wait_for(lambda: (b := red_box(app)) and size_of(b)[1] > size_of(b)[0] and b, what="the turned picture")
    assert abs(size_of(turned)[0] - sh) <= 8 and abs(size_of(turned)[1] - sw) <= 8, (turned, scaled)
    app.save()
    wait_for(lambda: "Untitled" not in app.title() and "•" not in app.title(), what="the save")
    saved = next((tmp_path / "gallery").glob("*.scribble"))
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    reopened = launch(saved)
    box = wait_for_picture(reopened, "the reopened picture")
    assert abs(size_of(box)[0] - size_of(turned)[0]) <= 4 and abs(size_of(box)[1] - size_of(turned)[1]) <= 4
    # The export from the command line draws it too (a PDF, seen by poppler).
    pdf = tmp_path / "exported.pdf"
    subprocess.run([BINARY, "export", str(saved), str(pdf)], check=True, timeout=60,
                   env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    subprocess.run(["pdftoppm", "-png", "-r", "72", "-singlefile", str(pdf), str(tmp_path / "seen")], check=True, timeout=60)
    from PIL import Image
    seen = Image.open(tmp_path / "seen.png").convert("RGB")
    reds = sum(is_picture_red(seen.getpixel((x, y))) for x in range(0, seen.width, 4) for y in range(0, seen.height, 4))
    assert reds > 500


def test_a_pasted_picture_is_restored_after_a_kill_9(launch, tmp_path):
    picture = make_picture(tmp_path, "crash.png", "160x120")
    app = launch()
    app.key("ctrl+shift+i")
    app.answer_chooser("Insert Picture", str(picture))
    wait_for_picture(app, "the inserted picture")
    restored = crash_and_restore(app, launch)
    width, height = size_of(wait_for_picture(restored, "the restored picture"))
    assert abs(width - 158) <= 4 and abs(height - 118) <= 4
