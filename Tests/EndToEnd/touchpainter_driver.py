"""Drives the real touchpainter binary in a real X server: launches it, sends real pointer
and key events with xdotool, settles it after each, and reads what it drew from screenshots
of the X server. What does not depend on the X server (its environment, finding it and its
controls over AT-SPI by accessible names, dialogs, pixel checks) is app_driver.AppDriver's."""
import io
import pathlib
import subprocess
import threading
import time

import pyatspi
from PIL import Image

from app_driver import BINARY, AppDriver, drag_path, wait_for


def xdotool(*args):
    return subprocess.run(["xdotool", *map(str, args)], check=True, capture_output=True, text=True).stdout


_pointer = None  # where pointer_to last moved the pointer


def pointer_to(x, y):
    """Moves the real pointer to (x, y) and waits until X has moved it. When the pointer is
    there already, xdotool's --sync would wait 15 s for a move that never comes (seen after a
    wheel click), so a move to where the last one went is checked and skipped."""
    global _pointer
    x, y = round(x), round(y)
    if (x, y) == _pointer and f"X={x}\nY={y}\n" in xdotool("getmouselocation", "--shell"):
        return
    xdotool("mousemove", "--sync", x, y)
    _pointer = (x, y)


def screenshot():
    """The whole X screen as an RGB image."""
    png = subprocess.run(["import", "-window", "root", "png:-"], check=True, capture_output=True).stdout
    return Image.open(io.BytesIO(png)).convert("RGB")


class OutputLines:
    """The lines a process writes to a pipe, read as they come by a thread of their own: a
    pipe nobody reads fills at 64 KB, and the app's next timing line would then block it."""

    def __init__(self, stream):
        self.lines = []
        self.ended = False
        self._changed = threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            with self._changed:
                self.lines.append(line.rstrip("\n"))
                self._changed.notify_all()
        with self._changed:
            self.ended = True
            self._changed.notify_all()

    def next(self, start, predicate, timeout):
        """(index, line) of the first line from index `start` on that `predicate` accepts,
        waiting at most `timeout` seconds for it."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for index in range(start, len(self.lines)):
                    if predicate(self.lines[index]):
                        return index, self.lines[index]
                start = len(self.lines)
                left = deadline - time.monotonic()
                if self.ended or left <= 0:
                    raise TimeoutError("no such line came" + (" (the app closed its output)" if self.ended else ""))
                self._changed.wait(left)

    def text(self, timeout=10):
        """Everything written, once the process closed its end (waiting at most `timeout` s)."""
        with self._changed:
            self._changed.wait_for(lambda: self.ended, timeout)
            return "\n".join(self.lines)


class App(AppDriver):
    """One running touchpainter process on the X server."""

    def __init__(self, data_dir, args=(), extra_env=None, wrapper=(), binary=BINARY):
        """`wrapper` is a command the app runs under: `unshare --pid --fork …` gives it a pid
        namespace of its own, where it is pid 1, the id its windows then carry."""
        env = self._environment(data_dir)
        # Only a close button in the title bar, as GNOME has by default.
        self._write_gtk_settings("gtk-decoration-layout=:close")
        # Its timing lines (README, "Performance"): the first frame is waited for, not slept
        # on. A test that asks for timings itself gets the stall lines too.
        if "TOUCHPAINTER_REPORT_TIMINGS" not in (extra_env or {}):
            env.update({"TOUCHPAINTER_REPORT_TIMINGS": "1", "TOUCHPAINTER_REPORT_STALLS": "0"})
        env.update(extra_env or {})
        self.reports_timings = env.get("TOUCHPAINTER_REPORT_TIMINGS") == "1"
        # The pointer where no window opens: left over from the test before on this display,
        # it could rest on a button of the new window, whose tooltip then shows in screenshots.
        width, height = map(int, xdotool("getdisplaygeometry").split())
        pointer_to(width - 1, height - 1)
        self._start([*wrapper, binary], args, env)
        self.stderr = OutputLines(self.process.stderr)
        self.window_pid = 1 if "--pid" in wrapper else self.process.pid
        try:
            self.window = wait_for(self._find_window, timeout=20, what="the TouchPainter window")
            self.accessible = wait_for(self._find_accessible_app, timeout=20, what="the app on the AT-SPI bus")
        except BaseException:
            self.close()  # not left running to take the next test's launches (one instance a session)
            raise
        xdotool("windowfocus", "--sync", self.window)
        self.wait_for_first_frame()

    def wait_for_first_frame(self, timeout=20):
        """Waits until the canvas has drawn once (its `first-frame-ms` line) and the app has
        settled."""
        if self.reports_timings:
            self.stderr.next(0, lambda line: line.startswith("first-frame-ms "), timeout)
        self.settle()

    def settle(self, timeout=20):
        """Waits until the app has done what the input sent so far asked of it: sets the X
        property `_TOUCHPAINTER_SETTLE` on its window, which reaches the app after that input
        (one X connection, in order), and waits for the `settled` it then writes once the
        work this started is done and drawn (README, "Performance"). A test that turned the
        app's timing lines off gets a pause instead."""
        if not self.reports_timings:
            time.sleep(0.3)
            return
        start = len(self.stderr.lines)
        knock = subprocess.run(["xprop", "-id", str(self.window), "-f", "_TOUCHPAINTER_SETTLE", "8s",
                                "-set", "_TOUCHPAINTER_SETTLE", "1"], capture_output=True)
        if knock.returncode != 0:  # the window is gone (the input closed it): nothing to wait for
            assert b"BadWindow" in knock.stderr, knock.stderr
            return
        try:
            self.stderr.next(start, lambda line: line == "settled", timeout)
        except TimeoutError:
            if not self.stderr.ended:
                raise  # else the input made the app quit: nothing to wait for

    def _error_output(self):
        return self.stderr.text()

    def _windows(self):
        """(X window id, title) of each window of the app's on show."""
        result = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.window_pid)],
                                capture_output=True, text=True)
        for window in result.stdout.split():
            yield window, subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True).stdout.strip()

    def _find_window(self):
        self._check_running()
        # The main window, not a dialog that may be up already (crash recovery asks at launch).
        return next((window for window, name in self._windows() if "TouchPainter" in name), None)

    def _app_pid(self):
        """The app's process id as the host sees it: under a wrapper, the wrapper's child."""
        if self.window_pid == self.process.pid:
            return self.process.pid
        children = pathlib.Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        return int(children[0]) if children else None

    def answer_dialog(self, label, leads_to_another=False):
        """Presses the dialog's button `label` (its title bar's own Close does not count), and
        waits for the dialog to close — unless the answer opens another question at once."""
        dialog = self.dialog()
        self._press_button(label, dialog, what="the dialog button")
        if leads_to_another:
            wait_for(lambda: not dialog.getState().contains(pyatspi.STATE_SHOWING), what="the first dialog to close")
        else:
            wait_for(lambda: not self._has_dialog(), what="the dialog to close")
        self.settle()

    # Real input

    def click(self, x, y, button=1, settle=True):
        """Clicks at (x, y), then settles the app, unless `settle` is false (a test of what
        shows while the app is still busy)."""
        pointer_to(x, y)
        xdotool("click", button)
        if settle:
            self.settle()

    def drag(self, points, steps=12, settle=True):
        """Presses the primary button at the first point and moves through the others in
        small steps, as a hand would, then releases at the last; then settles the app,
        unless `settle` is false (a test of what shows while the app is still busy)."""
        global _pointer
        x0, y0 = points[0]
        pointer_to(x0, y0)
        xdotool("mousedown", 1)
        moves = drag_path(points, steps)
        for x, y in moves[:-1]:
            pointer_to(x, y)
        # The last move and the release in one command: a pause between them is the pen's
        # hold (shape recognition, 500 ms), which starting another xdotool on a busy machine
        # could take.
        last = moves[-1] if moves else (x0, y0)
        x, y = round(last[0]), round(last[1])
        if (x, y) == _pointer:  # there already: --sync would wait for a move that never comes
            xdotool("mouseup", 1)
        else:
            xdotool("mousemove", "--sync", x, y, "mouseup", 1)
            _pointer = (x, y)
        if settle:
            self.settle()

    def key(self, *keys):
        xdotool("windowfocus", "--sync", self.window)
        for key in keys:
            xdotool("key", "--clearmodifiers", key)
            self.settle()

    def answer_chooser(self, title, text):
        """Types `text` over the name (or path) a file chooser titled `title` proposes, and
        presses Enter."""
        xdotool("windowfocus", "--sync", self.other_window(title))
        self.settle()
        xdotool("key", "--clearmodifiers", "ctrl+a")
        xdotool("type", "--delay", 20, text)
        xdotool("key", "--clearmodifiers", "Return")

    def set_slider(self, name, value):
        """Sets a slider through its AT-SPI value interface — the same path a screen reader uses."""
        self.find(name, pyatspi.ROLE_SLIDER).queryValue().currentValue = float(value)
        self.settle()

    def other_window(self, title, timeout=10.0):
        """The X window of the app's titled `title` (a file chooser, the shortcuts window), for
        keys to go to it and to measure it; by title, as a tooltip is a window of the app too."""
        return wait_for(lambda: next((window for window, name in self._windows() if name == title), None),
                        timeout=timeout, what=f"the window {title!r}")

    def title(self):
        return xdotool("getwindowname", self.window).strip()
