"""The app with the rest of a Wayland desktop (issue 32): the one running instance a second
launch hands its file to, GTK's file choosers and print dialog driven by the virtual keyboard,
and a file dropped from another program's window through the compositor's drag and drop
(`wl_data_device`). Checked in what the app draws (grim) and what it writes."""
import contextlib
import os
import pathlib
import signal
import subprocess
import sys
import time

import pyatspi

from app_driver import BINARY, wait_for
from wayland_session import DRAG_SOURCE_TITLE

END_TO_END = pathlib.Path(__file__).resolve().parent.parent / "EndToEnd"
sys.path.insert(0, str(END_TO_END))
from hostile_files import scribble  # noqa: E402  (the X11 tests' files, shared)
from printed_pdf import ink_on_the_only_page  # noqa: E402


def postcard(tmp_path):
    """A scribble file outside the gallery: one thick stroke from (10, 10) to (200, 120)."""
    path = tmp_path / "postcard.scribble"
    path.write_bytes(scribble(width=8.0))
    return path


def postcard_visible(app, shot):
    """The postcard's stroke on the canvas: dark along its whole length."""
    return all(app.is_dark(shot, *app.canvas_point(round(10 + 190 * t / 10), round(10 + 110 * t / 10))) for t in range(1, 10))


def stroke_visible(app, shot, y=200):
    return sum(app.is_dark(shot, *app.canvas_point(x, y)) for x in range(150, 450, 10)) >= 28


def draw_stroke(app):
    app.drag([app.canvas_point(100, 200), app.canvas_point(500, 200)])
    wait_for(lambda: stroke_visible(app, app.screenshot()), what="the stroke on screen")


def second_launch(app, *args, extra_env=None):
    """touchpainter again, on the same desktop and session bus as `app`; its exit status."""
    return subprocess.run([BINARY, *map(str, args)], env={**app.env, **(extra_env or {})}, capture_output=True, text=True,
                          timeout=20)


def app_windows(app):
    return [window for window in app.compositor.windows() if window["name"].endswith("TouchPainter")]


@contextlib.contextmanager
def drag_source(app, path):
    """Another program's window (Tests/EndToEnd/drag_source.py, native on the compositor)
    offering `path` for dragging, floating at the output's bottom right; yields sway's record
    of it (its `rect` on the output). On show, it has the keyboard."""
    source = subprocess.Popen(["/usr/bin/python3", str(END_TO_END / "drag_source.py"), str(path)],
                              env={**app.env, "NO_AT_BRIDGE": "1"}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert source.stdout.readline().startswith("ready")
        yield wait_for(lambda: next((w for w in app.compositor.windows() if w["name"] == DRAG_SOURCE_TITLE and w["focused"]),
                                    None), what="the drag source's window")
    finally:
        source.terminate()
        source.wait(timeout=5)


def test_a_second_launch_hands_its_file_to_the_running_window(launch, tmp_path):
    app = launch()
    with drag_source(app, postcard(tmp_path)):  # another window in front, with the keyboard
        assert not app_windows(app)[0]["focused"]
        # Without a file: the running window comes forward, given the xdg-activation token a
        # launcher passes to the program it starts (`XDG_ACTIVATION_TOKEN`).
        assert second_launch(app, extra_env={"XDG_ACTIVATION_TOKEN": app.input.activation_token()}).returncode == 0
        wait_for(lambda: app_windows(app)[0]["focused"], what="the running window to come forward")
    assert len(app_windows(app)) == 1 and app.process.poll() is None
    draw_stroke(app)
    second = subprocess.Popen([BINARY, str(postcard(tmp_path))], env=app.env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        # Unsaved work: the running window asks first; Discard lets the file in.
        app.answer_dialog("Discard")
        assert second.wait(timeout=20) == 0, second.stderr.read()
    finally:
        if second.poll() is None:
            second.kill()
    wait_for(lambda: app.title() == "postcard — TouchPainter", what="the file to open in the running window")
    wait_for(lambda: postcard_visible(app, app.screenshot()), what="the postcard on the canvas")
    assert not stroke_visible(app, app.screenshot())
    assert len(app_windows(app)) == 1


def test_a_frozen_first_instance_does_not_block_a_second_launch(launch, tmp_path, wayland):
    """A first instance that holds the app's bus name, kept off AT-SPI (so that, frozen, it
    cannot stall the tests' accessibility queries) and moved out of sight to sway's
    scratchpad, so that the second window gets the whole output."""
    compositor, _ = wayland
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_SOCKET")}
    env.update({**compositor.env(), "GDK_BACKEND": "wayland", "NO_AT_BRIDGE": "1",
                "TOUCHPAINTER_DATA_DIR": str(tmp_path / "first"), "XDG_CONFIG_HOME": str(tmp_path / "first-config"),
                "XDG_STATE_HOME": str(tmp_path / "first-state")})
    first = subprocess.Popen([BINARY], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: any(w["pid"] == first.pid for w in compositor.windows()), timeout=20, what="the first window")
        compositor.swaymsg(f"[pid={first.pid}] move scratchpad")
        os.kill(first.pid, signal.SIGSTOP)
        started = time.monotonic()
        app = launch(postcard(tmp_path))  # waits for its own window and first frame
        wait_for(lambda: app.title() == "postcard — TouchPainter", what="the file to open")
        wait_for(lambda: postcard_visible(app, app.screenshot()), what="the postcard on the canvas")
        assert time.monotonic() - started < 12
        app.close()
        stderr = app.process.stderr.read()
        assert "the running TouchPainter does not answer; starting a separate instance" in stderr
    finally:
        os.kill(first.pid, signal.SIGCONT)
        first.terminate()
        first.wait(timeout=10)


def test_save_as_and_open_through_the_file_chooser_with_the_keyboard(launch, tmp_path):
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    target = folder / "Trip.scribble"
    app = launch()
    draw_stroke(app)
    app.key("ctrl+shift+s")
    chooser = app.window((pyatspi.ROLE_DIALOG, pyatspi.ROLE_FILE_CHOOSER), title="Save Scribble As", focused=True)
    app.key("ctrl+a")  # the proposed name, all of it
    app.type_into(chooser, str(target))
    app.key("Return")
    wait_for(target.is_file, what="the file saved as")
    wait_for(lambda: app.title() == "Trip — TouchPainter", what="the title of the file")
    assert not list((tmp_path / "gallery").glob("*.scribble"))  # in that file, not in the gallery

    app.key("ctrl+n")  # saved: a new scribble without a question
    wait_for(lambda: not stroke_visible(app, app.screenshot()), what="a new, empty canvas")
    app.key("ctrl+shift+o")
    chooser = app.window((pyatspi.ROLE_DIALOG, pyatspi.ROLE_FILE_CHOOSER), title="Open Scribble", focused=True)
    app.key("ctrl+l")  # the location bar
    app.type_into(chooser, str(target))
    open_button = pyatspi.findDescendant(chooser, lambda a: a is not None and a.name == "Open"
                                         and a.getRole() == pyatspi.ROLE_PUSH_BUTTON)
    # GTK takes Enter only once it has checked the location: the Open button lights up then.
    wait_for(lambda: open_button.getState().contains(pyatspi.STATE_SENSITIVE), what="Open to take the file")
    app.key("Return")
    wait_for(lambda: app.title() == "Trip — TouchPainter", what="the chosen file to open")
    wait_for(lambda: stroke_visible(app, app.screenshot()), what="its stroke on the canvas")


def test_print_to_a_pdf_file(launch, tmp_path):
    documents = tmp_path / "Documents"  # where GTK proposes to print to: not the working folder
    documents.mkdir()
    (tmp_path / "config").mkdir(exist_ok=True)
    (tmp_path / "config" / "user-dirs.dirs").write_text(f'XDG_DOCUMENTS_DIR="{documents}"\n')
    app = launch()
    draw_stroke(app)
    app.key("ctrl+p")
    dialog = app.window((pyatspi.ROLE_DIALOG,), title="Print", focused=True)
    app.key("Tab")  # into the printers: the only one, Print to File, is chosen
    wait_for(lambda: pyatspi.findDescendant(dialog, lambda a: a is not None and a.getRole() == pyatspi.ROLE_PUSH_BUTTON
                                            and a.name.endswith("output.pdf")), what="the file proposed")
    app.key("Tab", "space")  # to the File button, which asks where
    chooser = app.window((pyatspi.ROLE_FILE_CHOOSER, pyatspi.ROLE_DIALOG), title="Select a filename", focused=True)
    app.type_into(chooser, "drawing", result="drawing.pdf")  # over the proposed name's stem, which is selected
    app.key("Return")
    wait_for(lambda: not chooser.getState().contains(pyatspi.STATE_SHOWING), what="the file chosen")
    app.press_button("Print", dialog)
    target = documents / "drawing.pdf"
    wait_for(lambda: target.is_file() and b"%%EOF" in target.read_bytes()[-32:], what="the PDF written")
    assert not (documents / "output.pdf").exists()
    (page_width, _), (left, top, right, bottom) = ink_on_the_only_page(target)
    # The stroke fitted to the page: a horizontal line across most of its width.
    assert right - left >= 0.7 * page_width and bottom - top <= 6, (page_width, left, right, top, bottom)
    assert wait_for(lambda: app.title().startswith("• Untitled"), what="the window back")


def test_a_file_dropped_from_another_window_opens(launch, tmp_path):
    app = launch()
    with drag_source(app, postcard(tmp_path)) as source:
        rect = source["rect"]
        x, y = rect["x"] + rect["width"] // 2, rect["y"] + rect["height"] // 2
        tx, ty = app.canvas_point(400, 300)
        app.move(x, y)
        app.input.send("down left")
        for step in range(1, 21):  # GTK starts a drag past a few pixels, then follows the pointer
            app.move(x + (tx - x) * step / 20, y + (ty - y) * step / 20)
            time.sleep(0.03)
        for dx in (1, 2, 1, 0):  # over the target until it has said it takes the file
            app.move(tx + dx, ty)
            time.sleep(0.05)
        app.input.send("up left")
        app.park()
        wait_for(lambda: app.title() == "postcard — TouchPainter", what="the dropped file to open")
        wait_for(lambda: postcard_visible(app, app.screenshot()), what="the postcard on the canvas")
