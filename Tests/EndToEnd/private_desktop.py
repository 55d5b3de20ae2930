"""A desktop of the test process' own: an Xvfb server, a D-Bus session (which starts the
accessibility bus on demand) and a home and runtime folder, so that tests running side by side
in other processes never see each other's windows, pointer, focus, clipboard, accessibility
tree or single-instance name.

Used by Tests/EndToEnd/conftest.py (one desktop for each pytest-xdist worker, or for a plain
`pytest` run) and, as a command, by scripts/test.sh for the legs that need a display but are
not pytest's end-to-end tests:

    /usr/bin/python3 Tests/EndToEnd/private_desktop.py swift test --skip-build

runs the command on a fresh desktop and returns its exit status.

With TOUCHPAINTER_TEST_DISPLAY=1 and a DISPLAY, the X server is that display (to watch the
tests run); the D-Bus session and the folders are still private."""
import os
import pathlib
import select
import shutil
import signal
import subprocess
import sys
import tempfile

WIDTH, HEIGHT = 1280, 1024
START_TIMEOUT = 30  # seconds for Xvfb or dbus-daemon to say they are ready
# Run under this, a server gets SIGTERM from the kernel when the test process dies, however it
# dies (a time limit's SIGKILL runs no clean-up), so no X server or bus is left behind.
ENDS_WITH_ITS_PARENT = ["setpriv", "--pdeathsig", "TERM"]


class PrivateDesktop:
    """An X server, a D-Bus session and the folders an app session needs; `environment()` is
    what a process needs to live on it, and `close()` ends it all."""

    def __init__(self, use_own_display=False):
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="touchpainter-desktop-"))
        self.processes = []
        try:
            self.display = os.environ["DISPLAY"] if use_own_display else self._start_x_server()
            self.environment_values = self._environment()
            self.bus_address = self._start_bus()
            self.environment_values["DBUS_SESSION_BUS_ADDRESS"] = self.bus_address
        except BaseException:
            self.close()
            raise

    def _start_x_server(self):
        """Xvfb on a display number it picks itself and writes to a pipe once it accepts
        clients (-displayfd): no two workers can pick the same one, as `xvfb-run -a` can."""
        read_end, write_end = os.pipe()
        server = subprocess.Popen(
            [*ENDS_WITH_ITS_PARENT, "Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{WIDTH}x{HEIGHT}x24", "-nolisten", "tcp", "-noreset"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write_end,), start_new_session=True)
        os.close(write_end)
        self.processes.append(server)
        with os.fdopen(read_end) as reader:
            number = _read_line(reader, "Xvfb to start")
        return ":" + number

    def _environment(self):
        """The desktop's variables: its display, and a home and runtime folder of its own (the
        accessibility bus puts its socket in the runtime folder). GTK's accessibility bridge on
        (AT-SPI drives the tests), settings in memory (no dconf)."""
        home, runtime = self.folder / "home", self.folder / "runtime"
        home.mkdir()
        runtime.mkdir(mode=0o700)
        return {"DISPLAY": self.display, "HOME": str(home), "XDG_RUNTIME_DIR": str(runtime),
                "GTK_A11Y": "atk", "GSETTINGS_BACKEND": "memory"}

    def _start_bus(self):
        env = dict(os.environ, **self.environment_values)
        env.pop("NO_AT_BRIDGE", None)
        bus = subprocess.Popen([*ENDS_WITH_ITS_PARENT, "dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
                               start_new_session=True)
        self.processes.append(bus)
        return _read_line(bus.stdout, "dbus-daemon to start")

    def environment(self):
        """The variables to set for a process on this desktop (NO_AT_BRIDGE is to be unset)."""
        return dict(self.environment_values)

    def apply(self):
        """Puts this process itself on the desktop: its environment, for everything it starts."""
        os.environ.update(self.environment_values)
        os.environ.pop("NO_AT_BRIDGE", None)

    def close(self):
        """Ends the bus (and the accessibility bus it started, in its process group) and the X
        server; removes the folders."""
        for process in reversed(self.processes):
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
        self.processes = []
        shutil.rmtree(self.folder, ignore_errors=True)


def _read_line(stream, what):
    ready, _, _ = select.select([stream], [], [], START_TIMEOUT)
    line = stream.readline().strip() if ready else ""
    if not line:
        raise RuntimeError(f"timed out waiting for {what}")
    return line


def own_display_requested():
    """TOUCHPAINTER_TEST_DISPLAY=1 with a DISPLAY: the tests show on it."""
    return os.environ.get("TOUCHPAINTER_TEST_DISPLAY") == "1" and bool(os.environ.get("DISPLAY"))


def main(command):
    desktop = PrivateDesktop(use_own_display=own_display_requested())
    env = dict(os.environ, **desktop.environment())
    env.pop("NO_AT_BRIDGE", None)
    process = subprocess.Popen(command, env=env)
    # A TERM or INT to this process (a time limit) reaches the command, then the desktop goes.
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda number, _frame: process.send_signal(number))
    try:
        status = process.wait()
    finally:
        desktop.close()
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: private_desktop.py COMMAND [ARGUMENT...]")
    sys.exit(main(sys.argv[1:]))
