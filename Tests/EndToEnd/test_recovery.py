"""Issue 16: never lose a stroke. Whatever ends the app — kill -9 at a random moment, a
signal, the X server going away — the next launch offers Restore, and every stroke released
a quarter of a second before the end comes back."""
import os
import random
import signal
import subprocess
import time

from app_driver import BINARY, is_dark, wait_for
from touchpainter_driver import App, screenshot

ROWS = [60, 110, 160, 210, 260, 310]


def stroke_row(app, y):
    ox, oy = app.canvas_origin()
    app.drag([(ox + 80, oy + y), (ox + 420, oy + y)], steps=8)


def row_drawn(shot, app, y):
    ox, oy = app.canvas_origin()
    return all(is_dark(shot.getpixel((ox + x, oy + y))) for x in range(100, 400, 25))


def restore(launch, **options):
    """Launches the app again and answers the recovery question with Restore."""
    app = launch(**options)
    app.dialog(timeout=10)
    assert "Restore unsaved changes?" in app.dialog_text()
    app.answer_dialog("Restore")
    return app


def crash_and_restore(app, launch, **options):
    """Gives the journal time to sync what was drawn, kills the app (-9), launches it again
    and answers the recovery question with Restore."""
    time.sleep(0.4)
    app.process.kill()  # under `unshare --kill-child` the app goes with it
    app.process.wait(timeout=10)
    return restore(launch, **options)


def relaunch_after_crash(launch, tmp_path):
    """Launches the app again after a crash and shows what it kept: with something to
    restore it asks, and is answered Restore; with nothing (a save completed just before the
    crash) it asks nothing and deletes the crashed session's journal, and the newest saved
    scribble is opened from the command line instead."""
    crashed = list((tmp_path / "state" / "touchpainter" / "journal").glob("*.journal"))
    app = launch()
    asked = wait_for(lambda: "asked" if app._has_dialog() else "gone" if not any(p.exists() for p in crashed) else None,
                     timeout=15, what="the Restore question, or the crashed journal to go") == "asked"
    if asked:
        assert "Restore unsaved changes?" in app.dialog_text()
        app.answer_dialog("Restore")
        return app, True
    app.key("ctrl+q")  # nothing unsaved: quits at once
    app.process.wait(timeout=10)
    newest = max((tmp_path / "gallery").glob("*.scribble"), key=lambda path: path.stat().st_mtime_ns)
    app = launch(newest)
    wait_for(lambda: "Untitled" not in app.title(), what="the newest scribble to open")  # read in the background
    app.settle()
    return app, False


FRAME_MAGIC = b"\xd1TPR"  # docs/FORMAT.md, "The journal": magic, u32 length, u32 CRC, payload
DRAW_RECORD = 2


def journaled_draws(tmp_path):
    """(path, count) of the live session's journal (the newest) and the draw records it holds:
    each a stroke the app has written to its journal, which a kill -9 cannot take back (the
    bytes are the kernel's once written)."""
    journals = list((tmp_path / "state" / "touchpainter" / "journal").glob("*.journal"))
    if not journals:
        return None, 0
    newest = max(journals, key=lambda path: path.stat().st_mtime_ns)
    data = newest.read_bytes()
    count, at = 0, data.find(FRAME_MAGIC)
    while 0 <= at and at + 12 < len(data):
        length = int.from_bytes(data[at + 4:at + 8], "little")
        count += data[at + 12] == DRAW_RECORD
        at = data.find(FRAME_MAGIC, at + 12 + length)
    return newest, count


def holds_new_draws(tmp_path, before, new):
    """Whether the live journal holds `new` draws more than `before` ((path, count)) did."""
    path, count = journaled_draws(tmp_path)
    return count >= new + (before[1] if path == before[0] else 0)


def test_kill_9_at_random_moments_loses_nothing_released(launch, tmp_path):
    rng = random.Random(16)
    trials = 20
    app = launch()
    drawn = []
    for trial in range(trials):
        rows = rng.sample(ROWS, rng.randint(1, 3))
        journaled = journaled_draws(tmp_path)
        for y in rows:
            stroke_row(app, y)
            drawn.append(y)
        # Released strokes are the journal's within a fraction of a second of the app handling
        # the release (Journal.syncDelay); on a busy machine the release itself may wait, so
        # the test waits for the journal to hold them before choosing its moment to kill.
        wait_for(lambda: holds_new_draws(tmp_path, journaled, len(rows)), timeout=30, what="the strokes journaled")
        moment = rng.choice(["idle", "saving", "drawing"])
        if moment == "saving":
            app.save()  # killed while the save may be under way
        elif moment == "drawing":
            ox, oy = app.canvas_origin()  # killed with a stroke in progress: that one may be lost
            subprocess.run(["xdotool", "mousemove", "--sync", str(ox + 500), str(oy + 400), "mousedown", "1",
                            "mousemove", str(ox + 520), str(oy + 420)], check=True)
        time.sleep(0.25 + rng.random() * 0.3)
        app.process.kill()
        app.process.wait(timeout=10)
        subprocess.run(["xdotool", "mouseup", "1"], check=False)

        app, restored = relaunch_after_crash(launch, tmp_path)
        shot = screenshot()
        missing = [y for y in set(drawn) if not row_drawn(shot, app, y)]
        assert not missing, f"trial {trial} ({moment}): rows {missing} lost"
        assert app.title().startswith("• ") == restored  # restored work is unsaved; a save is not
        assert restored or moment == "saving", f"trial {trial} ({moment}): nothing offered"
        if trial % 5 == 4:
            app.key("Delete")  # a fresh canvas from time to time, so rows are drawn anew
            if restored:  # unsaved work: Delete asks first
                app.answer_dialog("Discard")
            drawn = []
    app.save()
    wait_for(lambda: not app.title().startswith("• "), what="the restored drawing to save")
    assert list((tmp_path / "gallery").glob("*.scribble"))


def test_sigterm_keeps_the_journal_and_the_next_launch_restores_it(launch):
    app = launch()
    for y in ROWS[:3]:
        stroke_row(app, y)
    app.process.send_signal(signal.SIGTERM)
    assert app.process.wait(timeout=10) == 0  # no question: a logout must not hang
    app = restore(launch)
    shot = screenshot()
    assert all(row_drawn(shot, app, y) for y in ROWS[:3])
    app.key("ctrl+z")  # the undo history came back too
    wait_for(lambda: not row_drawn(screenshot(), app, ROWS[2]), what="undo of the last restored stroke")


def test_a_relaunch_with_the_crashed_runs_process_id_offers_its_drawing(launch):
    """In a pid namespace (Flatpak, bwrap) every launch has the same process id, as a crashed
    run's id may come round again after a reboot: the relaunch must take the crashed run's
    journal for what it is, not for its own."""
    in_namespace = ["unshare", "--pid", "--fork", "--kill-child"]  # the app is pid 1 each time
    app = launch(wrapper=in_namespace)
    for y in ROWS[:3]:
        stroke_row(app, y)
    app = crash_and_restore(app, launch, wrapper=in_namespace)
    shot = screenshot()
    assert all(row_drawn(shot, app, y) for y in ROWS[:3])


def test_discard_deletes_the_journal(launch, tmp_path):
    app = launch()
    stroke_row(app, ROWS[0])
    time.sleep(0.3)
    app.process.kill()
    app.process.wait(timeout=10)
    app = launch()
    app.dialog(timeout=10)
    app.answer_dialog("Discard")
    assert not row_drawn(screenshot(), app, ROWS[0])
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    app = launch()
    app.settle()  # recovery has looked at the journal folder (a background lane)
    assert not app._has_dialog()  # nothing left to offer
    assert not list((tmp_path / "state" / "touchpainter" / "journal").glob("*.damaged"))  # nor kept


def test_a_clean_quit_leaves_nothing_to_recover(launch, tmp_path):
    app = launch()
    stroke_row(app, ROWS[0])
    app.save()
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    assert not list((tmp_path / "state" / "touchpainter" / "journal").glob("*"))  # nor its lock


def test_losing_the_x_server_loses_nothing_released(launch, tmp_path):
    # A second X server on a display it picks itself (-displayfd), so no run can collide.
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write_end,))
    os.close(write_end)
    try:
        with os.fdopen(read_end) as reader:
            display = ":" + reader.readline().strip()  # written once the server accepts clients
        env = dict(os.environ, DISPLAY=display, TOUCHPAINTER_DATA_DIR=str(tmp_path / "gallery"),
                   XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_STATE_HOME=str(tmp_path / "state"))
        app = subprocess.Popen([BINARY], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        xdo = lambda *args: subprocess.run(["xdotool", *map(str, args)], env=env, check=True)
        wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.pid)], env=env,
                                        capture_output=True).stdout.strip(), timeout=40, what="the window on the second display")
        time.sleep(0.5)
        for y in (200, 300):
            xdo("mousemove", "--sync", 300, y, "mousedown", 1)
            for x in range(310, 700, 30):
                xdo("mousemove", "--sync", x, y)
            xdo("mouseup", 1)
        time.sleep(0.4)
        server.kill()
        app.wait(timeout=10)
    finally:
        if server.poll() is None:
            server.kill()
        server.wait()
    app = restore(launch)
    ox, oy = app.canvas_origin()
    # The second display's window sat at the screen's top left; both strokes are back somewhere.
    shot = screenshot()
    dark_rows = sum(1 for y in range(oy, oy + 500) if sum(is_dark(shot.getpixel((x, y))) for x in range(ox + 300, ox + 700, 20)) > 10)
    assert dark_rows >= 2


def journal_folder(tmp_path):
    folder = tmp_path / "state" / "touchpainter" / "journal"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_file_that_is_not_a_journal_is_reported_once_and_kept_aside(launch, tmp_path):
    folder = journal_folder(tmp_path)
    (folder / "crashed.journal").write_bytes(b"not a journal at all, but in its place")
    app = launch()
    app.dialog(timeout=10)
    text = app.dialog_text()
    assert "could not be recovered" in text and "The journal is not a TouchPainter journal." in text
    assert "crashed.journal.damaged" in text
    app.answer_dialog("Close")
    wait_for(lambda: (folder / "crashed.journal.damaged").exists(), what="the journal kept aside")
    assert not (folder / "crashed.journal").exists()
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    app = launch()
    app.settle()
    assert not app._has_dialog()  # said once


def test_a_damaged_journal_restores_what_can_be_read_and_keeps_its_bytes(launch, tmp_path):
    app = launch()
    for y in ROWS[:4]:
        stroke_row(app, y)
    time.sleep(0.4)
    app.process.kill()
    app.process.wait(timeout=10)
    journal = next(journal_folder(tmp_path).glob("*.journal"))
    damaged = bytearray(journal.read_bytes())
    frames = [i for i in range(16, len(damaged) - 3) if damaged[i:i + 4] == b"\xd1TPR"]
    assert len(frames) == 5  # the base, then one a stroke
    damaged[frames[2] + 20] ^= 0x40  # inside the second stroke's record
    journal.write_bytes(bytes(damaged))
    app = launch()
    app.dialog(timeout=10)
    assert "Part of the journal was damaged" in app.dialog_text()
    app.answer_dialog("Restore")
    shot = screenshot()
    assert [row_drawn(shot, app, y) for y in ROWS[:4]] == [True, False, True, True]  # only the damaged one lost
    kept = journal.with_name(journal.name + ".damaged")
    wait_for(kept.exists, what="the damaged journal kept")
    assert kept.read_bytes() == bytes(damaged)
