"""Issue 26: no drawing is lost by a click or two keystrokes. Every path that ends a drawing —
new, open, quit, closing the window, deleting its gallery entry (test_desktop.py), the session
ending — saves it, keeps it recoverable, or asks first; and the keys keep working after a
header click."""
import signal

import pyatspi

from app_driver import wait_for
from test_gallery import draw_z, z_visible
from test_recovery import restore
from touchpainter_driver import screenshot


def saved_scribbles(tmp_path):
    return list((tmp_path / "gallery").glob("*.scribble"))


def quits_without_asking(app):
    app.key("ctrl+q")
    assert app.process.wait(timeout=10) == 0


def asks_on_quit_then_cancel(app):
    app.key("ctrl+q")
    assert "Save changes to" in app.dialog_text()
    app.answer_dialog("Cancel")
    assert app.process.poll() is None


def test_draw_then_new_then_quit_asks_and_save_names_and_keeps_the_drawing(launch, tmp_path):
    app = launch()
    ox, oy = draw_z(app)
    app.key("ctrl+n")
    assert "Save changes to “Untitled”?" in app.dialog_text()
    app.answer_dialog("Save", leads_to_another=True)
    # Like any first save, the question's Save asks for a name, in a titled dialog.
    app.other_window("Save Scribble")
    assert "Name the scribble" in app.dialog_text()
    app.answer_dialog("Save")
    wait_for(lambda: app.title() == "TouchPainter", what="the new, empty scribble")
    assert not z_visible(screenshot(), ox, oy)
    quits_without_asking(app)  # nothing unsaved is left
    assert len(saved_scribbles(tmp_path)) == 1
    app = launch()
    app.key("ctrl+o")
    x, y, w, h = app.extents("Scribble 1")
    app.click(x + w // 2, y + h // 3)
    wait_for(lambda: z_visible(screenshot(), ox, oy), what="the saved drawing")


def test_new_with_cancel_keeps_the_drawing_and_discard_is_undoable(launch):
    app = launch()
    ox, oy = draw_z(app)
    app.click_control("New")
    app.answer_dialog("Cancel")
    assert z_visible(screenshot(), ox, oy)
    assert app.title() == "• Untitled — TouchPainter"
    app.click_control("New")
    app.answer_dialog("Discard")
    assert not z_visible(screenshot(), ox, oy)
    assert app.title() == "TouchPainter"
    app.key("ctrl+z")  # the discarded drawing comes back, unsaved again…
    assert z_visible(screenshot(), ox, oy)
    assert app.title() == "• Untitled — TouchPainter"
    asks_on_quit_then_cancel(app)  # …so quitting asks about it


def test_delete_with_nothing_selected_asks_too(launch):
    app = launch()
    ox, oy = draw_z(app)
    app.key("Delete")
    app.answer_dialog("Cancel")
    assert z_visible(screenshot(), ox, oy)


def test_a_drawing_erased_to_nothing_is_still_asked_about(launch):
    app = launch()
    ox, oy = draw_z(app)
    app.key("e")
    for y in (100, 300):
        app.drag([(ox + 80, oy + y), (ox + 420, oy + y)])
    app.drag([(ox + 400, oy + 100), (ox + 100, oy + 300)])
    assert not z_visible(screenshot(), ox, oy)
    asks_on_quit_then_cancel(app)  # the marks only Undo can bring back are work too


def test_closing_the_window_asks_and_cancel_keeps_it_open(launch):
    app = launch()
    draw_z(app)
    app.click_control("Close")  # the header bar's close button
    assert "Save changes to" in app.dialog_text()
    app.answer_dialog("Cancel")
    assert app.process.poll() is None
    app.click_control("Close")
    app.answer_dialog("Discard")
    assert app.process.wait(timeout=10) == 0


def test_opening_a_gallery_scribble_over_unsaved_work_asks(launch, tmp_path):
    app = launch()
    ox, oy = draw_z(app)
    app.save()
    wait_for(lambda: app.title() == "Scribble 1 — TouchPainter", what="the save")
    app.key("ctrl+n")  # saved: no question
    app.click(ox + 50, oy + 50)  # a dot: new unsaved work
    app.key("ctrl+o")
    x, y, w, h = app.extents("Scribble 1")
    app.click(x + w // 2, y + h // 3)
    assert "Save changes to “Untitled”?" in app.dialog_text()
    app.answer_dialog("Cancel")
    app.key("Escape")  # back from the gallery: the dot is still there, unsaved
    assert app.title() == "• Untitled — TouchPainter"


def test_the_session_ending_keeps_the_drawing_for_the_next_launch(launch):
    app = launch()
    ox, oy = draw_z(app)
    app.process.send_signal(signal.SIGHUP)  # the terminal or the session went away
    assert app.process.wait(timeout=10) == 0  # at once: a logout must not hang on a question
    restore(launch)
    assert z_visible(screenshot(), ox, oy)


def test_save_as_and_open_reach_files_outside_the_gallery(launch, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "Trip.scribble"
    app = launch()
    ox, oy = draw_z(app)
    app.key("ctrl+shift+s")
    app.answer_chooser("Save Scribble As", str(target))
    wait_for(target.is_file, what="the file saved as")
    wait_for(lambda: app.title() == "Trip — TouchPainter", what="the title of the file")
    assert not saved_scribbles(tmp_path)  # in that file, not in the gallery
    app.key("ctrl+n")  # saved: a new scribble without a question
    assert not z_visible(screenshot(), ox, oy)
    app.key("ctrl+shift+o")
    app.answer_chooser("Open Scribble", str(target))
    wait_for(lambda: z_visible(screenshot(), ox, oy), what="the file opened")
    assert app.title() == "Trip — TouchPainter"


def test_tool_keys_work_after_a_header_click_and_space_does_not_repeat_it(launch):
    app = launch()
    ox, oy = app.canvas_origin()
    rows = [oy + 100, oy + 200, oy + 300]
    for y in rows:
        app.drag([(ox + 100, y), (ox + 400, y)])

    def visible():
        shot = screenshot()
        return [all(shot.getpixel((x, y))[0] < 80 for x in range(ox + 120, ox + 390, 30)) for y in rows]

    assert visible() == [True, True, True]
    xs, ys, w, h = app.extents("Undo", pyatspi.ROLE_PUSH_BUTTON)
    app.click(xs + w // 2, ys + h // 2)  # a real click on the header button
    assert visible() == [True, True, False]
    app.key("space", "Return")  # the button did not keep the focus: no second undo
    assert visible() == [True, True, False]
    app.key("e")
    assert app.find("Eraser", pyatspi.ROLE_RADIO_BUTTON).getState().contains(pyatspi.STATE_CHECKED)
    app.drag([(ox + 240, rows[0] - 20), (ox + 240, rows[0] + 20)])  # the eraser works the next drag
    assert not visible()[0]
    app.key("p")
    assert app.find("Pen", pyatspi.ROLE_RADIO_BUTTON).getState().contains(pyatspi.STATE_CHECKED)
