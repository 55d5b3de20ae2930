"""Issue 33: one gallery shared by two instances (two sessions, or two computers through a
synced folder). Two real app processes, each in a D-Bus session of its own (so each is the
single instance of its session), on one gallery folder; a simulated sync tool beside them."""
import os
import pathlib
import re
import subprocess
import threading
import time

import pyatspi
import pytest

from app_driver import BINARY, is_dark, wait_for
from touchpainter_driver import screenshot


@pytest.fixture
def other_session():
    """Environment for an app in a D-Bus session of its own — a second user session, as far
    as single-instance goes — whose accessibility still reaches this test's AT-SPI bus."""
    daemon = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--print-address=1", "--nopidfile"],
        stdout=subprocess.PIPE, text=True)
    address = daemon.stdout.readline().strip()
    a11y = subprocess.run(
        ["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
         "--method", "org.a11y.Bus.GetAddress"], capture_output=True, text=True, check=True, timeout=10).stdout
    yield {"DBUS_SESSION_BUS_ADDRESS": address, "AT_SPI_BUS_ADDRESS": a11y.strip()[2:-3]}
    daemon.terminate()
    daemon.wait(timeout=5)


def scribbles(folder):
    return sorted(p for p in folder.glob("*.scribble") if not p.name.startswith("."))


def draw_line(app, y, x0=100, x1=300):
    """Draws a horizontal line on `app`'s canvas, its window raised first: both instances'
    windows open at the same place."""
    raise_window(app)
    ox, oy = app.canvas_origin()
    app.drag([(ox + x0, oy + y), (ox + x1, oy + y)])
    return ox, oy


def stroke_starts(path):
    """Where each stroke in the scribble at `path` starts, on the canvas, read back through
    the app's own SVG export (its paths carry the canvas's coordinates)."""
    svg = path.parent.parent / (path.stem + ".check.svg")
    subprocess.run([BINARY, "export", str(path), str(svg)], check=True, capture_output=True, timeout=30)
    text = svg.read_text()
    svg.unlink()
    return [(round(float(d.split()[1])), round(float(d.split()[2]))) for d in re.findall(r' d="(M [^"]*)"', text)]


def stroke_rows(path):
    """The canvas row of each (horizontal) stroke in the scribble at `path`."""
    return sorted(y for _, y in stroke_starts(path))


def test_a_scribble_saved_by_the_other_instance_appears_in_the_open_gallery_within_a_second(launch, tmp_path, other_session):
    gallery = tmp_path / "gallery"
    first = launch()
    first.click_control("Open")
    assert first.is_showing("No saved scribbles yet")
    second = launch(extra_env=other_session)
    assert second.process.poll() is None  # not handed to the first: a session of its own
    draw_line(second, 100)
    second.save()
    saved = wait_for(lambda: scribbles(gallery), timeout=10, what="the second instance's save")
    written = time.monotonic()
    wait_for(lambda: first.is_showing("Scribble 1", timeout=0.02), timeout=3, interval=0.02, what="the tile in the first gallery")
    shown = time.monotonic() - written
    assert shown <= 1.0, f"the tile took {shown:.2f} s"
    # Deleted by the other instance: the tile goes too.
    second.key("ctrl+n")
    saved[0].unlink()
    wait_for(lambda: first.is_showing("No saved scribbles yet", timeout=0.02), timeout=3, what="the tile to go")


def both_on_one_scribble(first, launch, session):
    """Draws a line at row 100 in `first` and saves it as "Scribble 1"; launches a second
    instance in `session` and opens that scribble from its gallery."""
    draw_line(first, 100)
    first.save()
    second = launch(extra_env=session)
    second.click_control("Open")
    x, y, w, h = second.extents("Scribble 1")
    second.click(x + w // 2, y + h // 3)
    assert second.is_showing("Canvas")
    return second


def test_saves_of_one_scribble_from_both_instances_keep_both_versions(launch, tmp_path, other_session):
    gallery = tmp_path / "gallery"
    first = launch()
    second = both_on_one_scribble(first, launch, other_session)
    # Both change it; the first saves; the second, holding unsaved changes, is told.
    draw_line(second, 300)
    draw_line(first, 200)
    first.key("ctrl+s")
    wait_for(lambda: second.find_all_containing("was changed on another computer or in another window"), timeout=5,
             what="the second instance to hear of the other version")
    assert second.is_showing("Keep Mine") and second.is_showing("Reload")
    second.click_control("Keep Mine")
    second.key("ctrl+s")
    wait_for(lambda: len(scribbles(gallery)) == 2, timeout=10, what="a conflict copy")
    wait_for(lambda: second.find_all_containing("Your version is saved beside it as “Scribble 1 (conflict, "), timeout=5,
             what="the second instance to say where its version went")
    assert second.title().startswith("Scribble 1 (conflict, ")
    # Both versions are whole, each with its own strokes: nothing was lost.
    versions = sorted(stroke_rows(path) for path in scribbles(gallery))
    assert versions == [[100, 200], [100, 300]]


def test_an_unchanged_drawing_shows_the_version_saved_elsewhere(launch, tmp_path, other_session):
    gallery = tmp_path / "gallery"
    first = launch()
    second = both_on_one_scribble(first, launch, other_session)
    draw_line(second, 250)
    second.key("ctrl+s")
    # The first has no unsaved changes: it shows the new version, and says so.
    wait_for(lambda: first.find_all_containing("this is that version"), timeout=5, what="the reload")
    raise_window(first)
    ox, oy = first.canvas_origin()  # below the info bar now
    shot = screenshot()
    assert is_dark(shot.getpixel((ox + 200, oy + 250))) and is_dark(shot.getpixel((ox + 200, oy + 100)))
    assert first.title() == "Scribble 1 — TouchPainter"  # saved, as it is on disk
    # Undo brings back the version it had, as unsaved work.
    first.key("ctrl+z")
    assert first.title() == "• Scribble 1 — TouchPainter"
    assert len(scribbles(gallery)) == 1


def raise_window(app):
    subprocess.run(["xdotool", "windowraise", app.window], check=True)
    app.settle()


class SyncTool(threading.Thread):
    """What Syncthing and Nextcloud do in a folder: write a temporary, slowly, then rename it
    into place; write a file in place, slowly; drop conflict copies."""

    def __init__(self, folder, source, rounds):
        super().__init__(daemon=True)
        self.folder, self.source, self.rounds = folder, source.read_bytes(), rounds
        self.arrived = []

    def slowly(self, path, data, pieces=6):
        with open(path, "wb") as out:
            for i in range(pieces):
                out.write(data[i * len(data) // pieces:(i + 1) * len(data) // pieces])
                out.flush()
                time.sleep(0.08)

    def run(self):
        for round in range(self.rounds):
            name = f"synced-{round}"
            self.slowly(self.folder / f".syncthing.{name}.scribble.tmp", self.source)
            os.rename(self.folder / f".syncthing.{name}.scribble.tmp", self.folder / f"{name}.scribble")
            self.slowly(self.folder / f"inplace-{round}.scribble", self.source)
            (self.folder / f"{name}.sync-conflict-20261127-210512-ABCDEFG.scribble").write_bytes(self.source)
            (self.folder / f"{name}.scribble.part").write_bytes(self.source[:100])
            self.arrived += [f"{name}", f"inplace-{round}", f"{name}.sync-conflict-20261127-210512-ABCDEFG"]


def test_a_sync_tool_writing_underneath_never_shows_a_broken_tile(launch, tmp_path):
    gallery = tmp_path / "gallery"
    first = launch()
    draw_line(first, 100)
    first.save()
    source = scribbles(gallery)[0]
    first.click_control("Open")
    syncer = SyncTool(gallery, source, rounds=3)
    syncer.start()
    seen = set()
    while syncer.is_alive():
        names = {label.name for label in first.find_all_containing("Damaged scribble")}
        assert not names, f"a broken tile showed: {names}"
        seen |= set(tiles_named(first))
        time.sleep(0.05)
    syncer.join()
    wait_for(lambda: len(tiles_named(first)) == 1 + 3 * 3, timeout=5, what="every synced scribble's tile")
    names = tiles_named(first)
    assert sum(name.endswith("(conflicting copy)") for name in names) == 3
    assert not first.find_all_containing("Damaged scribble")


def tiles_named(app):
    return [tile.name for tile in pyatspi.findAllDescendants(
        app.accessible, lambda a: a is not None and a.getRole() == pyatspi.ROLE_LIST_ITEM)]
