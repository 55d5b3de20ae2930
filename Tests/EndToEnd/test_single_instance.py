"""Issue 10: one running instance. A second launch hands its command line to the first
(GApplication over the session bus) and exits; it never opens a second window."""
import os
import subprocess

from test_gallery import draw_save_and_quit, draw_z, z_visible
from touchpainter_driver import BINARY, screenshot, wait_for


def second_launch(app, *args):
    """Runs touchpainter again with the first instance's environment; returns its exit status."""
    env = dict(os.environ)
    env["TOUCHPAINTER_DATA_DIR"] = str(app.data_dir)
    return subprocess.run([BINARY, *map(str, args)], env=env, capture_output=True, text=True, timeout=20)


def touchpainter_windows():
    result = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "TouchPainter"],
                            capture_output=True, text=True)
    return result.stdout.split()


def test_a_second_launch_brings_the_running_window_forward(app):
    draw_z(app)
    finished = second_launch(app)
    assert finished.returncode == 0, finished.stderr
    assert touchpainter_windows() == [app.window]
    assert app.process.poll() is None
    assert app.title() == "• Untitled — TouchPainter"  # the drawing is untouched


def test_a_second_launch_with_a_file_opens_it_in_the_running_window(launch, tmp_path):
    ox, oy = draw_save_and_quit(launch())
    saved = next((tmp_path / "gallery").glob("*.scribble"))
    copy = tmp_path / "postcard.scribble"
    copy.write_bytes(saved.read_bytes())

    app = launch()
    assert not z_visible(screenshot(), ox, oy)
    finished = second_launch(app, copy)
    assert finished.returncode == 0, finished.stderr
    wait_for(lambda: app.title() == "Scribble 1 — TouchPainter", what="the file to open in the first window")
    assert z_visible(screenshot(), ox, oy)
    assert touchpainter_windows() == [app.window]


def test_a_file_from_a_second_launch_asks_about_unsaved_work_first(launch, tmp_path):
    ox, oy = draw_save_and_quit(launch())
    saved = next((tmp_path / "gallery").glob("*.scribble"))

    app = launch()
    draw_z(app, dx=350)
    second = subprocess.Popen([BINARY, str(saved)], env={**os.environ, "TOUCHPAINTER_DATA_DIR": str(app.data_dir)})
    try:
        app.dialog(timeout=10)
        assert "Save changes" in app.dialog_text()
        app.answer_dialog("Cancel")
        assert second.wait(timeout=20) == 0
    finally:
        if second.poll() is None:
            second.kill()
    assert app.title() == "• Untitled — TouchPainter"  # Cancel kept the drawing
