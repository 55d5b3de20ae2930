"""Issue 38: the crash journal keeps every stroke on a disk that fills up. The journals live
on a small tmpfs of their own here, which a filler file makes full: the warning shows at
once, every stroke drawn while it was full survives a kill -9 once space is back, and a
save made while the journal cannot start again is never replayed over twice."""
import os
import struct
import subprocess
import time

import pyatspi
import pytest

from app_driver import wait_for
from test_recovery import ROWS, crash_and_restore, row_drawn, stroke_row
from touchpainter_driver import screenshot

WARNING = "Unsaved changes are not protected against a crash: the disk is full."

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")


@pytest.fixture
def journal_disk(tmp_path):
    """The journals' folder, on a 64 KiB tmpfs of its own."""
    folder = tmp_path / "state" / "touchpainter" / "journal"
    folder.mkdir(parents=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k,mode=0700", "tmpfs", str(folder)], check=True)
    yield folder
    subprocess.run(["umount", "--lazy", str(folder)], check=False)


def fill(folder):
    """Takes every free block of the journals' disk."""
    subprocess.run(["dd", "if=/dev/zero", f"of={folder / 'filler'}", "bs=4096"], capture_output=True)
    assert os.statvfs(folder).f_bavail == 0


def free(folder):
    (folder / "filler").unlink()


def warning_shown(app):
    return any(a.getState().contains(pyatspi.STATE_SHOWING) for a in app.find_all_containing(WARNING))


def top_level_marks(path):
    """How many strokes and dots a scribble file's drawing holds (docs/FORMAT.md, version 4 —
    a drawing made in the app has times — as version 2: the root stroke, which has no times,
    has its child count, a varint, after its tag, flags and width)."""
    data = path.read_bytes()
    assert struct.unpack_from("<H", data, 8)[0] == 4
    title_length = struct.unpack_from("<I", data, 12)[0]
    root = 16 + title_length + 8
    assert data[root] == 3 and data[root + 1] == 0  # the root: a stroke without colour
    count, shift, index = 0, 0, root + 6
    while True:
        count |= (data[index] & 0x7F) << shift
        if data[index] < 0x80:
            return count
        shift, index = shift + 7, index + 1


def test_a_full_journal_disk_is_shown_and_nothing_drawn_while_it_was_full_is_lost(launch, journal_disk):
    fill(journal_disk)
    app = launch()
    wait_for(lambda: warning_shown(app), what="the warning that the disk is full")
    for y in ROWS[:3]:
        stroke_row(app, y)  # drawn while nothing protects them
    free(journal_disk)
    wait_for(lambda: not warning_shown(app), timeout=10, what="the warning to go once there is room")
    for y in ROWS[3:5]:
        stroke_row(app, y)
    app = crash_and_restore(app, launch)
    shot = screenshot()
    assert all(row_drawn(shot, app, y) for y in ROWS[:5])


def test_a_save_while_the_journal_cannot_start_again_is_not_replayed_twice(launch, tmp_path, journal_disk):
    app = launch()
    for y in ROWS[:2]:
        stroke_row(app, y)
    time.sleep(0.4)
    fill(journal_disk)
    app.save()  # the gallery has room; the journal cannot start again after it
    wait_for(lambda: warning_shown(app), what="the warning that the journal cannot start again")
    saved = next((tmp_path / "gallery").glob("*.scribble"))
    assert top_level_marks(saved) == 2
    # The old journal is gone: replayed over the new save after a crash, its strokes would
    # come back a second time.
    assert not list(journal_disk.glob("*.journal"))
    stroke_row(app, ROWS[2])  # after the save, while nothing protects it
    free(journal_disk)
    wait_for(lambda: not warning_shown(app), timeout=10, what="the warning to go once there is room")
    app = crash_and_restore(app, launch)
    shot = screenshot()
    assert all(row_drawn(shot, app, y) for y in ROWS[:3])
    assert app.title().startswith("• Scribble 1")  # the saved scribble, changed: not a copy
    app.save()
    wait_for(lambda: not app.title().startswith("• "), what="the restored drawing to save")
    assert [top_level_marks(path) for path in (tmp_path / "gallery").glob("*.scribble")] == [3]  # no stroke twice

