"""Issue 15: `touchpainter export` needs no display and says clearly what went wrong."""
import os
import subprocess

from PIL import Image

from app_driver import BINARY
from test_gallery import draw_save_and_quit


def export(*args):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.run([BINARY, "export", *map(str, args)], env=env, capture_output=True, text=True, timeout=60)


def saved_scribble(launch, tmp_path):
    ox, oy = draw_save_and_quit(launch())
    return next((tmp_path / "gallery").glob("*.scribble"))


def test_export_to_every_format_without_a_display(launch, tmp_path):
    scribble = saved_scribble(launch, tmp_path)
    for name in ["out.png", "out.svg", "out.pdf"]:
        result = export(scribble, tmp_path / name)
        assert result.returncode == 0, result.stderr
    png = Image.open(tmp_path / "out.png").convert("RGB")
    assert any(max(png.getpixel((x, y))) < 80 for x in range(0, png.width, 3) for y in range(0, png.height, 3))
    assert (tmp_path / "out.svg").read_text().startswith("<?xml")
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF")
    wide = export(scribble, tmp_path / "wide.png", "--width", 300)
    assert wide.returncode == 0 and Image.open(tmp_path / "wide.png").width == 300


def test_usage_errors_exit_with_2(launch, tmp_path):
    scribble = saved_scribble(launch, tmp_path)
    for args, message in [((scribble, tmp_path / "out.gif"), "must end in .png, .svg, .pdf, .xopp, .webm or .apng"),
                          ((scribble, tmp_path / "out.png", "--scale", "abc"), "--scale must be"),
                          ((scribble, tmp_path / "out.png", "--scale", "0"), "--scale must be"),
                          ((scribble, tmp_path / "out.pdf", "--transparent"), "PNG and SVG only"),
                          ((scribble,), "Missing expected argument")]:
        result = export(*args)
        assert result.returncode == 2, (args, result.stderr)
        assert message in result.stderr, (args, result.stderr)


def test_unreadable_input_or_output_exit_with_1(tmp_path):
    result = export(tmp_path / "missing.scribble", tmp_path / "out.png")
    assert result.returncode == 1
    assert result.stderr.startswith(f"touchpainter: cannot read {tmp_path / 'missing.scribble'}: ")
    broken = tmp_path / "broken.scribble"
    broken.write_bytes(b"not a scribble at all")
    assert export(broken, tmp_path / "out.png").returncode == 1
    os.mkfifo(tmp_path / "pipe.scribble")
    result = export(tmp_path / "pipe.scribble", tmp_path / "out.png")  # must not hang on the pipe
    assert result.returncode == 1 and "not a regular file" in result.stderr


def test_an_unwritable_output_exits_with_1(launch, tmp_path):
    scribble = saved_scribble(launch, tmp_path)
    result = export(scribble, tmp_path / "no" / "such" / "folder" / "out.png")
    assert result.returncode == 1
    assert "cannot write" in result.stderr


def test_version():
    result = subprocess.run([BINARY, "--version"], capture_output=True, text=True, timeout=20)
    assert result.returncode == 0 and result.stdout.strip() == "0.3.0"


def test_ctrl_c_copies_the_drawing_as_a_png_image(launch, tmp_path):
    from app_driver import wait_for
    from test_gallery import draw_z
    app = launch()
    draw_z(app)
    app.key("ctrl+c")

    def clipboard_png():
        result = subprocess.run(["xclip", "-selection", "clipboard", "-t", "image/png", "-o"],
                                capture_output=True, timeout=10)
        return result.stdout if result.returncode == 0 and result.stdout.startswith(b"\x89PNG") else None

    png = wait_for(clipboard_png, timeout=10, what="a PNG on the clipboard")
    (tmp_path / "pasted.png").write_bytes(png)
    app.save()
    saved = next((tmp_path / "gallery").glob("*.scribble"))
    assert export(saved, tmp_path / "exported.png").returncode == 0
    pasted = Image.open(tmp_path / "pasted.png").convert("RGB")
    exported = Image.open(tmp_path / "exported.png").convert("RGB")
    assert pasted.size == exported.size
    assert pasted.tobytes() == exported.tobytes()
