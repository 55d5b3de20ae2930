"""Issue 55: the Text tool on the real binary — X picks it, a click opens a box, typing goes
through GTK's input method context (xdotool's keys, as a keyboard's), Escape ends it."""
import subprocess

import pyatspi

from app_driver import is_dark, is_white, wait_for
from touchpainter_driver import screenshot


def test_x_picks_the_text_tool_and_typing_draws_text_where_clicked(app):
    ox, oy = app.canvas_origin()
    assert app.find("Text", pyatspi.ROLE_RADIO_BUTTON) is not None
    app.key("x")
    app.click(ox + 100, oy + 100)
    subprocess.run(["xdotool", "type", "--delay", "30", "HHHH HHHH"], check=True, timeout=20)
    app.settle()
    app.key("Escape")
    shot = screenshot()
    # 24 px Sans from the click: ink within the box's first line, none above it or far right.
    inked = [x for x in range(ox + 100, ox + 260) if any(is_dark(shot.getpixel((x, y))) for y in range(oy + 104, oy + 124))]
    assert len(inked) > 30, "no text drawn where the box was opened"
    assert all(is_white(shot.getpixel((x, oy + 80))) for x in range(ox + 100, ox + 260, 4))
    assert all(is_white(shot.getpixel((ox + 400, y))) for y in range(oy + 100, oy + 130, 2))
    # One undo takes the second word (its own burst, after the space); another the first.
    app.key("ctrl+z")
    shot = screenshot()
    second = [x for x in range(ox + 175, ox + 260) if any(is_dark(shot.getpixel((x, y))) for y in range(oy + 104, oy + 124))]
    first = [x for x in range(ox + 100, ox + 160) if any(is_dark(shot.getpixel((x, y))) for y in range(oy + 104, oy + 124))]
    assert not second and first


def test_kill_9_mid_typing_restores_the_text_typed_then_it_edits_again(launch):
    from test_recovery import crash_and_restore

    app = launch()
    ox, oy = app.canvas_origin()
    app.key("x")
    app.click(ox + 100, oy + 100)
    # No pause, no Escape: the box is journaled as it is typed.
    subprocess.run(["xdotool", "type", "--delay", "30", "HHHH HHHH"], check=True, timeout=20)
    app = crash_and_restore(app, launch)
    app.settle()
    shot = screenshot()
    inked = [x for x in range(ox + 100, ox + 260) if any(is_dark(shot.getpixel((x, y))) for y in range(oy + 104, oy + 124))]
    assert len(inked) > 30, "the typed text did not come back"
    second = [x for x in range(ox + 175, ox + 260) if any(is_dark(shot.getpixel((x, y))) for y in range(oy + 104, oy + 124))]
    assert second, "the second word, typed last, was lost"
    # A click on the box with the Text tool edits it again: End, then more text.
    app.key("x")
    app.click(ox + 120, oy + 112)
    app.key("End")
    subprocess.run(["xdotool", "type", "--delay", "30", " HHHH"], check=True, timeout=20)
    app.settle()
    app.key("Escape")
    shot = screenshot()
    assert any(is_dark(shot.getpixel((x, y))) for x in range(ox + 270, ox + 330) for y in range(oy + 104, oy + 124)), "no third word"


def test_a_dead_key_and_a_compose_sequence_type_through_the_input_method_and_the_file_keeps_them(launch, tmp_path):
    app = launch()
    ox, oy = app.canvas_origin()
    app.key("x")
    app.click(ox + 100, oy + 100)
    subprocess.run(["xdotool", "type", "--delay", "30", "caf"], check=True, timeout=20)
    # A dead acute then e: GTK's simple input method makes é; Compose, a, e makes æ.
    subprocess.run(["xdotool", "key", "--delay", "60", "dead_acute", "e", "space", "Multi_key", "a", "e"], check=True, timeout=20)
    app.settle()
    app.key("Escape")
    app.save()
    saved = wait_for(lambda: list((tmp_path / "gallery").glob("*.scribble")), timeout=10, what="the saved scribble")
    data = saved[0].read_bytes()
    assert "café æ".encode() in data, data[-80:]


def test_find_finds_the_words_typed_in_text_boxes(app):
    ox, oy = app.canvas_origin()
    app.key("x")
    for y, words in [(80, "apple pie"), (200, "green APPLE")]:
        app.click(ox + 100, oy + y)
        subprocess.run(["xdotool", "type", "--delay", "20", words], check=True, timeout=20)
        app.settle()
        app.key("Escape")
    app.key("ctrl+f")
    subprocess.run(["xdotool", "type", "apple"], check=True, timeout=10)
    app.settle()
    wait_for(lambda: app.is_showing("1 of 2"), what="two hits, the first shown")
    app.key("Return")
    wait_for(lambda: app.is_showing("2 of 2"), what="the second hit")
