"""A headless Wayland desktop for the tests: Debian's sway on wlroots' headless backend, run as
an unprivileged user (sway refuses to run as root), with real input from `wlinput` — a small
client of the wlroots virtual pointer and the virtual keyboard protocols, built by the test
setup — and screenshots from grim. The app runs natively on it (`GDK_BACKEND=wayland`, no X
display in its environment) and is found over AT-SPI, which is D-Bus, not X: `WaylandApp`
adds the input, the screenshots and the windows of this desktop to what every driver of the
app shares (Tests/EndToEnd/app_driver.py)."""
import io
import json
import os
import pathlib
import pwd
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import pyatspi
from PIL import Image

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "EndToEnd"))  # the drivers' shared module, and the X11 tests' files
from app_driver import BINARY, AppDriver, drag_path, end_process, wait_for  # noqa: E402
WIDTH, HEIGHT = 1280, 1024
TEST_USER = "touchpainter-wayland"
DRAG_SOURCE_TITLE = "Drag source"  # Tests/EndToEnd/drag_source.py's window
NEEDED = ["sway", "grim", "wl-paste", "wayland-scanner", "cc", "pkg-config", "runuser", "useradd"]


class Unavailable(Exception):
    """The machine cannot run the Wayland leg; the message says why and what to install."""


def build_input_client(folder):
    """Builds `wlinput` into `folder` (wayland-scanner, then cc); returns its path."""
    missing = [tool for tool in NEEDED if shutil.which(tool) is None]
    if missing:
        raise Unavailable(f"missing {', '.join(missing)}: run `bash scripts/setup.sh test` (it installs sway, grim, "
                          "wl-clipboard, libwayland-dev, libxkbcommon-dev)")
    result = subprocess.run(["bash", str(HERE / "build.sh"), str(folder)], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise Unavailable(f"cannot build the Wayland input client: {result.stderr.strip()}")
    return folder / "wlinput"


def compositor_user():
    """The unprivileged user sway runs as: made once (a system user with no home or shell) when
    the tests run as root; the current user otherwise."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(TEST_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", TEST_USER],
                       check=True, capture_output=True, timeout=30)
    return TEST_USER


class Compositor:
    """sway on the headless backend, one output of WIDTH×HEIGHT, no bar, no borders, no Xwayland."""

    def __init__(self):
        user = compositor_user()
        # Its runtime folder is outside the tests' own temporary folder, which only root may enter.
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="touchpainter-sway-", dir="/tmp"))
        (self.folder / "config").write_text(
            "xwayland disable\n"
            f"output HEADLESS-1 resolution {WIDTH}x{HEIGHT} position 0 0\n"
            "default_border none\ndefault_floating_border none\nfocus_follows_mouse no\n"
            # A window that asks with a valid xdg-activation token gets the focus, as on GNOME
            # and KDE (sway's default only marks it urgent).
            "focus_on_window_activation focus\n"
            # The drag-and-drop test's source window floats at the bottom right, over the
            # app's window, which keeps the whole output (and so its place).
            f'for_window [title="{DRAG_SOURCE_TITLE}"] floating enable, move absolute position 1080 860\n')
        if user:
            uid = pwd.getpwnam(user).pw_uid
            for path in (self.folder, self.folder / "config"):
                os.chown(path, uid, -1)
        os.chmod(self.folder, 0o700)
        env = {"PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": str(self.folder), "WLR_BACKENDS": "headless",
               "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman", "WLR_HEADLESS_OUTPUTS": "1"}
        command = ["sway", "-c", str(self.folder / "config")]
        if user:
            command = ["runuser", "-u", user, "--", "env", "-i", *[f"{k}={v}" for k, v in env.items()], *command]
        self.log = open(self.folder.parent / (self.folder.name + ".log"), "w")
        self.process = subprocess.Popen(command, env=env if not user else None, stdout=self.log, stderr=subprocess.STDOUT,
                                        start_new_session=True, cwd="/")
        self.socket = self.folder / "wayland-1"
        try:
            wait_for(lambda: self.socket.is_socket() or self.process.poll() is not None, timeout=15,
                     what="sway's Wayland socket")
            if self.process.poll() is not None:
                raise Unavailable(f"sway exited at start: {self.log_text()}")
        except BaseException:
            self.close()
            raise

    def log_text(self):
        self.log.flush()
        return pathlib.Path(self.log.name).read_text()[-2000:]

    def env(self):
        """What a client needs to reach the compositor (an absolute socket path: any user's
        client, root's included, connects by it)."""
        return {"WAYLAND_DISPLAY": str(self.socket)}

    def screenshot(self):
        """The output as an RGB image (grim, through the screencopy protocol)."""
        png = subprocess.run(["grim", "-t", "png", "-l", "0", "-"], env={**os.environ, **self.env()},
                             check=True, capture_output=True, timeout=15).stdout
        return Image.open(io.BytesIO(png)).convert("RGB")

    def swaymsg(self, *arguments):
        """sway's answer, parsed, to an IPC message (`-t get_tree`, or a command): through its
        socket in the runtime folder, which the tests' user (root) may open."""
        socket = next(self.folder.glob("sway-ipc.*.sock"))
        answer = subprocess.run(["swaymsg", "-s", str(socket), "-r", *arguments], capture_output=True, text=True,
                                timeout=10)
        if answer.returncode != 0:
            raise RuntimeError(f"swaymsg {' '.join(arguments)}: {answer.stdout}{answer.stderr}")
        return json.loads(answer.stdout)

    def windows(self):
        """Every client window sway manages, tiled, floating or in the scratchpad: its
        `pid`, `name` (title) and `rect` (on the output) among the fields sway gives."""
        def walk(node):
            if node.get("pid"):
                yield node
            for child in node.get("nodes", []) + node.get("floating_nodes", []):
                yield from walk(child)
        return list(walk(self.swaymsg("-t", "get_tree")))

    def close(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        pathlib.Path(self.log.name).unlink(missing_ok=True)


class Input:
    """A running `wlinput`: a virtual pointer and keyboard on the compositor's seat. Each
    command is answered once the compositor has taken it; none may take more than 5 s."""

    def __init__(self, program, compositor):
        self.process = subprocess.Popen([str(program), str(WIDTH), str(HEIGHT)], env={**os.environ, **compositor.env()},
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self._expect("ready")

    def _expect(self, answer):
        ready, _, _ = select.select([self.process.stdout], [], [], 5)
        line = self.process.stdout.readline().strip() if ready else ""
        if line != answer:
            self.process.kill()
            raise RuntimeError(f"wlinput answered {line!r}, not {answer!r}: {self.process.stderr.read()[-500:]}")

    def send(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        self._expect("ok")

    def activation_token(self):
        """A fresh xdg-activation token, as a launcher gets one for the program it starts."""
        self.process.stdin.write("token\n")
        self.process.stdin.flush()
        ready, _, _ = select.select([self.process.stdout], [], [], 5)
        line = self.process.stdout.readline().strip() if ready else ""
        if not line.startswith("ok "):
            self.process.kill()
            raise RuntimeError(f"wlinput answered {line!r}, not a token: {self.process.stderr.read()[-500:]}")
        return line[3:]

    def close(self):
        end_process(self.process, ask=self.process.stdin.close)  # wlinput ends at the end of its input


class WaylandApp(AppDriver):
    """touchpainter on the compositor, driven by real virtual input and seen through grim."""

    # A control's place in its window: sway shows the window at the output's top left.
    COORDS = pyatspi.WINDOW_COORDS

    def __init__(self, compositor, input_client, data_dir, args=(), extra_env=None):
        self.compositor = compositor
        self.input = Input(input_client, compositor)  # its devices exist before the window maps
        env = self._environment(data_dir, without=("DISPLAY", "WAYLAND_SOCKET"))
        env.update(compositor.env())
        env["GDK_BACKEND"] = "wayland"
        if "XDG_RUNTIME_DIR" not in env:  # GDK opens no Wayland display without one
            runtime = data_dir.parent / "runtime"
            runtime.mkdir(mode=0o700, exist_ok=True)
            env["XDG_RUNTIME_DIR"] = str(runtime)
        env.update(extra_env or {})
        self.env = env  # a second launch on the same desktop and session bus uses it too
        self._write_gtk_settings()
        self._start([BINARY], args, env)
        try:
            self.accessible = wait_for(lambda: self._check_running() and self._find_accessible_app(), timeout=20,
                                       what="the app on the AT-SPI bus")
            wait_for(lambda: self.find("Canvas", timeout=0.2), timeout=10, what="the canvas")
            wait_for(lambda: self.is_white(self.screenshot(), *self.canvas_point(300, 300)), timeout=10,
                     what="the first frame on the compositor's output")
        except BaseException:
            self.close()
            raise

    def screenshot(self):
        return self.compositor.screenshot()

    # Real input

    def move(self, x, y):
        self.pointer = (round(x), round(y))
        self.input.send(f"move {self.pointer[0]} {self.pointer[1]}")

    def park(self):
        """Moves the pointer to the output's bottom right corner: the headless output has no
        cursor plane, so sway draws the cursor into the picture grim takes, where it would pass
        for ink under the pointer."""
        self.move(WIDTH - 2, HEIGHT - 2)

    def click(self, x, y, button="left"):
        self.move(x, y)
        self.input.send(f"down {button}")
        self.input.send(f"up {button}")
        self.park()
        time.sleep(0.15)

    def drag(self, points, steps=12, button="left"):
        self.move(*points[0])
        self.input.send(f"down {button}")
        for x, y in drag_path(points, steps):
            self.move(x, y)
            time.sleep(0.005)
        self.input.send(f"up {button}")
        self.park()
        time.sleep(0.2)

    def key(self, *combos):
        for combo in combos:
            self.input.send(f"key {combo}")
            time.sleep(0.15)

    def type_into(self, window, text, result=None):
        """Types `text` on the virtual keyboard into the focused text field of `window`, and
        waits until the field holds `result` (by default `text`): a key pressed at once after
        would reach a file chooser before it has taken the typing in, and be lost."""
        def field():
            return pyatspi.findDescendant(window, lambda a: a is not None and a.getRole() == pyatspi.ROLE_TEXT
                                          and a.getState().contains(pyatspi.STATE_FOCUSED))
        found = wait_for(field, what="a text field with the keyboard")
        self.input.send(f"type {text}")
        try:
            wait_for(lambda: found.queryText().getText(0, -1) == (result or text), what=f"{result or text!r} in the field")
        except TimeoutError as error:
            raise TimeoutError(f"{error}; it holds {found.queryText().getText(0, -1)!r}") from None

    def window(self, roles, title=None, timeout=5.0, focused=False):
        """The app's window on show with one of `roles` (and `title`): `AppDriver.app_window`."""
        return self.app_window(roles, title=title, timeout=timeout, focused=focused)

    def press_button(self, label, window):
        """Presses the button `label` of `window` (a dialog, the Preferences), as a screen reader would."""
        self._press_button(label, window)
        time.sleep(0.2)

    def answer_dialog(self, label):
        self.press_button(label, self.dialog())

    def title(self):
        window = self.accessible.getChildAtIndex(0)
        return window.name if window is not None else ""

    def close(self):
        super().close()
        self.input.close()
