"""What the end-to-end drivers share, whatever the display server: the binaries, waiting, the
app's private folders and GTK settings, finding it and its controls over AT-SPI (D-Bus, not
the display server), pixel checks and the points of a drag. `AppDriver` is the base of the X11
driver (touchpainter_driver.App: xdotool, `import`, the settle knock) and of the Wayland one
(Tests/Wayland/wayland_session.WaylandApp: sway, wlinput, grim), which keep only their
input, their screenshots and their windows."""
import contextlib
import hashlib
import os
import pathlib
import subprocess
import time

import pyatspi

BINARY = os.environ.get("TOUCHPAINTER_BIN", ".build/debug/touchpainter")
# The optimised build users get (`make test` builds it for the package): the tests of a
# million marks, whose memory and stall rules are about the app as shipped, run it — the
# debug build takes three to five times as long over such a drawing. Without one, the debug build.
RELEASE_BINARY = os.environ.get("TOUCHPAINTER_RELEASE_BIN") or BINARY


def wait_for(predicate, timeout=10.0, interval=0.05, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise TimeoutError(f"timed out waiting for {what}")


def is_dark(pixel, limit=80):
    return max(pixel) <= limit


def is_white(pixel, floor=235):
    return min(pixel) >= floor


def is_red(pixel):
    r, g, b = pixel
    return r >= 200 and g <= 60 and b <= 60


def drag_path(points, steps):
    """The points a drag moves through after pressing at `points[0]`: each leg to the next
    point in `steps` even steps, as a hand would move, ending on the last point."""
    return [(ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps)
            for (ax, ay), (bx, by) in zip(points, points[1:]) for i in range(1, steps + 1)]


def cached_thumbnail(data_dir, scribble, size="large"):
    """Where the freedesktop thumbnail cache of the test (XDG_CACHE_HOME, as `AppDriver` sets
    it) keeps the thumbnail of `scribble`: named by the MD5 of the URI GLib makes of its path."""
    from gi.repository import GLib
    uri = GLib.filename_to_uri(str(pathlib.Path(scribble).absolute()), None)
    return data_dir.parent / "cache" / "thumbnails" / size / (hashlib.md5(uri.encode()).hexdigest() + ".png")


def end_process(process, ask=None):
    """Ends `process` unless it has ended: asks it to (`ask`, by default SIGTERM), gives it
    5 s, then kills it."""
    if process.poll() is None:
        (ask or process.terminate)()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def launches(make):
    """A `launch` fixture's body: yields `start(*args, **kwargs)`, which returns the app
    `make(*args, **kwargs)` starts, and closes every app started so when the block ends."""
    started = []

    def start(*args, **kwargs):
        app = make(*args, **kwargs)
        started.append(app)
        return app

    yield start
    for app in started:
        app.close()


class AppDriver:
    """One running touchpainter process: what does not depend on the display server. A
    subclass starts it (`_start`), sets `accessible` (`_find_accessible_app`), and brings its
    own `click`, `key`, `title` and `screenshot`."""

    # The frame AT-SPI gives a control's place in: the screen's, unless the subclass says otherwise.
    COORDS = pyatspi.DESKTOP_COORDS

    def _environment(self, data_dir, without=()):
        """The test's environment for the app, less the variables `without`, with private
        data, config, state (the journal) and cache (the thumbnails) folders beside `data_dir`."""
        self.data_dir = data_dir
        env = {k: v for k, v in os.environ.items() if k not in without}
        env["TOUCHPAINTER_DATA_DIR"] = str(data_dir)
        env["XDG_CONFIG_HOME"] = str(data_dir.parent / "config")
        env["XDG_STATE_HOME"] = str(data_dir.parent / "state")  # the journal: per test
        env["XDG_CACHE_HOME"] = str(data_dir.parent / "cache")  # the thumbnail cache: per test
        return env

    def _write_gtk_settings(self, *lines):
        """The app's GTK settings.ini: no crossfades, so that a screenshot right after a view
        change shows the new view; then `lines`."""
        settings = self.data_dir.parent / "config" / "gtk-3.0" / "settings.ini"
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text("".join(f"{line}\n" for line in ("[Settings]", "gtk-enable-animations=0", *lines)))

    def _start(self, command, args, env):
        self.process = subprocess.Popen([*command, *map(str, args)], env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)

    def _error_output(self):
        """What the app wrote to its stderr, once it has ended."""
        return self.process.stderr.read()

    def _check_running(self):
        """True while the app runs; an app that has ended raises, with what it wrote."""
        if self.process.poll() is not None:
            raise RuntimeError(f"touchpainter exited early: {self._error_output()}")
        return True

    def _app_pid(self):
        """The app's process id as the host sees it."""
        return self.process.pid

    def _find_accessible_app(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            try:
                if app is not None and app.get_process_id() == self._app_pid():
                    return app
            except Exception:
                continue
        return None

    # Controls, by accessible name

    def find(self, name, role=None, timeout=5.0):
        """The control on show with this accessible name (and role), searching every window
        of the app, dialogs included; hidden pages' controls do not count."""
        def search():
            return pyatspi.findDescendant(
                self.accessible,
                lambda a: a is not None and a.name == name and (role is None or a.getRole() == role)
                and a.getState().contains(pyatspi.STATE_SHOWING))
        return wait_for(search, timeout=timeout, what=f"a control named {name!r} on show")

    def find_all_containing(self, text):
        """Every label whose text holds `text`."""
        return pyatspi.findAllDescendants(self.accessible, lambda a: a is not None and a.getRole() == pyatspi.ROLE_LABEL
                                          and text in (a.name or ""))

    def find_all(self, name):
        return pyatspi.findAllDescendants(self.accessible, lambda a: a is not None and a.name == name)

    def extents(self, name, role=None):
        """A control's place (x, y, width, height) in `COORDS`."""
        e = self.find(name, role).queryComponent().getExtents(self.COORDS)
        return e.x, e.y, e.width, e.height

    def is_sensitive(self, name, role=pyatspi.ROLE_PUSH_BUTTON):
        return self.find(name, role).getState().contains(pyatspi.STATE_SENSITIVE)

    def is_showing(self, name, role=None, timeout=0.5):
        try:
            self.find(name, role, timeout=timeout)
        except TimeoutError:
            return False
        return True

    def slider_value(self, name):
        return self.find(name, pyatspi.ROLE_SLIDER).queryValue().currentValue

    def click_control(self, name, role=pyatspi.ROLE_PUSH_BUTTON):
        """Clicks the middle of a control with the real pointer."""
        x, y, w, h = self.extents(name, role)
        self.click(x + w // 2, y + h // 2)

    def canvas_origin(self):
        x, y, _, _ = self.extents("Canvas")
        return x, y

    def canvas_point(self, x, y):
        """The screen's pixel at (x, y) on the canvas (its place asked once, over AT-SPI)."""
        if not hasattr(self, "origin"):
            self.origin = self.canvas_origin()
        return self.origin[0] + x, self.origin[1] + y

    # Windows and dialogs

    def app_window(self, roles, title=None, timeout=5.0, focused=False, what=None):
        """The app's window on show with one of `roles` (and `title`, if given); `focused`, once
        it has the keyboard too — on Wayland a new window is on show a moment before sway
        gives it the keyboard, and keys typed in that moment go to the window below."""
        def search():
            for index in range(self.accessible.childCount):
                window = self.accessible.getChildAtIndex(index)
                if window is not None and window.getRole() in roles and window.getState().contains(pyatspi.STATE_SHOWING) \
                        and (title is None or window.name == title) \
                        and (not focused or window.getState().contains(pyatspi.STATE_ACTIVE)):
                    return window
            return None
        return wait_for(search, timeout=timeout, what=what or f"a window {title or roles}")

    def dialog(self, timeout=5.0):
        """The modal dialog (alert) on show."""
        return self.app_window((pyatspi.ROLE_ALERT, pyatspi.ROLE_DIALOG), timeout=timeout, what="a dialog")

    def dialog_text(self):
        labels = pyatspi.findAllDescendants(self.dialog(), lambda a: a is not None and a.getRole() == pyatspi.ROLE_LABEL)
        return " ".join(label.name for label in labels)

    def _has_dialog(self):
        try:
            self.dialog(timeout=0.1)
            return True
        except TimeoutError:
            return False

    def _press_button(self, label, window, what="the button"):
        """Presses the button `label` of `window` through AT-SPI, as a screen reader would
        (a dialog's title bar Close does not count: it is no push button)."""
        button = wait_for(lambda: pyatspi.findDescendant(
            window, lambda a: a is not None and a.name == label and a.getRole() == pyatspi.ROLE_PUSH_BUTTON),
            what=f"{what} {label!r}")
        button.queryAction().doAction(0)

    def save(self):
        """Ctrl+S; a new scribble's first save asks for a name, answered with the proposal."""
        is_new = "Untitled" in self.title()
        self.key("ctrl+s")
        if is_new:
            self.dialog(timeout=10)
            self.answer_dialog("Save")

    # What it shows

    @staticmethod
    def is_white(image, x, y):
        return is_white(image.getpixel((x, y)))

    @staticmethod
    def is_dark(image, x, y):
        return is_dark(image.getpixel((x, y)))

    def close(self):
        end_process(self.process)
