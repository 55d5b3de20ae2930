"""Issue 10: one running instance. A second launch hands its command line to the first
(GApplication over the session bus) and exits; it never opens a second window."""
import os
import signal
import subprocess
import time

from app_driver import BINARY, wait_for
from test_gallery import draw_save_and_quit, draw_z, z_visible
from touchpainter_driver import screenshot


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


# Issue 39: a launch never blocks on the one-instance scheme.

def start_first_instance_off_the_accessibility_bus(tmp_path):
    """A first instance that holds the app's bus name, kept off AT-SPI (so that, frozen, it
    cannot stall the driver's accessibility queries); returns its process once its window shows."""
    env = {**os.environ, "TOUCHPAINTER_DATA_DIR": str(tmp_path / "first"), "NO_AT_BRIDGE": "1",
           "XDG_CONFIG_HOME": str(tmp_path / "first-config"), "XDG_STATE_HOME": str(tmp_path / "first-state")}
    first = subprocess.Popen([BINARY], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(first.pid)],
                                    capture_output=True, text=True).stdout.strip(), timeout=20, what="the first window")
    return first


def scribble_file(tmp_path):
    from hostile_files import scribble
    path = tmp_path / "postcard.scribble"
    path.write_bytes(scribble())
    return path


def test_a_frozen_first_instance_does_not_block_a_second_launch(launch, tmp_path):
    first = start_first_instance_off_the_accessibility_bus(tmp_path)
    path = scribble_file(tmp_path)
    try:
        os.kill(first.pid, signal.SIGSTOP)
        started = time.monotonic()
        app = launch(path)  # waits for its own window (before: 25 s, then "Failed to register")
        wait_for(lambda: app.title() == "postcard — TouchPainter", what="the file to open")
        assert time.monotonic() - started < 12
        app.close()
        stderr = app.stderr.text()
        assert "the running TouchPainter does not answer; starting a separate instance" in stderr
        assert len([line for line in stderr.splitlines() if "separate instance" in line]) == 1
    finally:
        os.kill(first.pid, signal.SIGCONT)
        first.terminate()
        first.wait(timeout=10)


def test_a_bus_name_held_by_another_program_still_opens_the_file(launch, tmp_path):
    holder = subprocess.Popen(["/usr/bin/python3", "-c", """
import sys, time
from gi.repository import Gio, GLib
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'RequestName',
              GLib.Variant('(su)', ('io.github.touchpainter.TouchPainter', 4)), None, 0, -1, None)
print('held', flush=True)
time.sleep(120)
"""], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        path = scribble_file(tmp_path)
        app = launch(path)
        wait_for(lambda: app.title() == "postcard — TouchPainter", what="the file to open")
        app.close()
        stderr = app.stderr.text()
        assert "another program holds TouchPainter’s name on the session bus; starting a separate instance" in stderr
        assert "GDBus" not in stderr
    finally:
        holder.kill()
        holder.wait(timeout=10)
