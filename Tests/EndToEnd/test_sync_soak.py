"""Issue 33's soak: two instances (each in a D-Bus session of its own) draw on one scribble
and save at random, answer Reload or Keep Mine at random when the other's version arrives,
and look at the gallery now and then, while a simulated sync tool drops scribbles and
conflict copies into the folder. Every mark that was in a finished save must be in some
file at the end: nothing lost. `make test` runs it for TOUCHPAINTER_SOAK_SECONDS (20 s by
default); `make soak` for ten minutes."""
import os
import random
import time

import pytest

from test_sync import BINARY, other_session, raise_window, scribbles, stroke_starts  # noqa: F401 (a fixture)
from app_driver import wait_for

SECONDS = float(os.environ.get("TOUCHPAINTER_SOAK_SECONDS", "20"))


class Side:
    """One instance and what it drew: marks are short vertical strokes, each starting at its
    own column (a unique x; the info bar may shift the canvas down, never sideways)."""

    def __init__(self, name, app):
        self.name, self.app = name, app
        self.unsaved, self.saved = set(), set()
        self.saves = self.conflicts = self.reloads = self.kept = 0

    def draw(self, column, band):
        raise_window(self.app)
        ox, oy = self.app.canvas_origin()
        top = (60 if band == 0 else 420) + random.randrange(0, 80)
        self.app.drag([(ox + column, oy + top), (ox + column, oy + top + 15)], steps=3)
        self.unsaved.add((column, band))

    def save(self):
        raise_window(self.app)
        before = self.app.title().removeprefix("• ")
        self.app.key("ctrl+s")
        wait_for(lambda: not self.app.title().startswith("•"), timeout=10, what=f"{self.name}'s save")
        if self.app.title() != before:  # the other's version was there: saved as a copy
            self.conflicts += 1
        self.saved |= self.unsaved
        self.unsaved = set()
        self.saves += 1

    def answer_the_other_version(self):
        """If the other's version arrived while this one had unsaved changes: Reload
        (dropping them: they stay in Undo, and were never saved) or Keep Mine, at random."""
        if not self.app.is_showing("Keep Mine", timeout=0.05):
            return
        if random.random() < 0.5:
            self.app.click_control("Reload")
            self.unsaved = set()
            self.reloads += 1
        else:
            self.app.click_control("Keep Mine")
            self.kept += 1

    def visit_the_gallery(self):
        """Looks at the gallery; half the time opens the first "Scribble 1" tile (saving
        first), so both sides keep working on one scribble."""
        opening = random.random() < 0.5
        if opening and self.unsaved:
            self.save()
        raise_window(self.app)
        self.app.click_control("Open")
        assert not self.app.find_all_containing("Damaged scribble"), "a broken tile showed"
        if opening:
            x, y, w, h = self.app.extents("Scribble 1")
            self.app.click(x + w // 2, y + h // 3)
            wait_for(lambda: self.app.is_showing("Canvas", timeout=0.05), timeout=10, what="the canvas")
        else:
            self.app.click_control("Done")


@pytest.mark.timeout(SECONDS + 120)
def test_two_instances_and_a_sync_tool_never_lose_a_saved_mark(launch, tmp_path, other_session):
    from test_sync import SyncTool, both_on_one_scribble
    gallery = tmp_path / "gallery"
    first = launch()
    second = both_on_one_scribble(first, launch, other_session)
    source = scribbles(gallery)[0]
    sides = [Side("first", first), Side("second", second)]
    syncer = SyncTool(gallery, source, rounds=max(1, int(SECONDS // 6)))
    syncer.start()
    columns = iter((column, band) for band in (0, 1) for column in range(60, 900, 2))
    random.seed(33)
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        side = random.choice(sides)
        side.answer_the_other_version()
        action = random.random()
        if action < 0.6:
            side.draw(*next(columns))
        elif action < 0.93:
            side.save()
        else:
            side.visit_the_gallery()
    syncer.join()
    for side in sides:
        side.answer_the_other_version()
        if side.unsaved:
            side.save()
    # Every mark in a finished save is in some file in the folder.
    time.sleep(1)
    held = set()
    for path in scribbles(gallery):
        held |= {(x, 0 if y < 300 else 1) for x, y in stroke_starts(path)}
    saved = sides[0].saved | sides[1].saved
    lost = saved - held
    report = ", ".join(f"{s.name}: {s.saves} saves, {s.conflicts} conflict copies, {s.reloads} reloads, {s.kept} kept"
                       for s in sides)
    print(f"\nsoak {SECONDS:.0f} s: {len(saved)} marks saved, {len(lost)} lost; {report}; {len(scribbles(gallery))} files")
    assert not lost, f"marks lost: {sorted(lost)}"
    assert saved, "nothing was saved"
