"""Issue 13: the pen, eraser and select tools, and pattern templates, on the real app."""
import pyatspi

from app_driver import is_dark, wait_for
from touchpainter_driver import pointer_to, screenshot, xdotool


def draw_three(app):
    ox, oy = app.canvas_origin()
    rows = [oy + 100, oy + 200, oy + 300]
    for y in rows:
        app.drag([(ox + 100, y), (ox + 400, y)])
    return ox, rows


def visible(ox, rows, xs=range(120, 390, 30)):
    shot = screenshot()
    return [all(is_dark(shot.getpixel((ox + x, y))) for x in xs) for y in rows]


def ink_at(x, y, radius=3):
    shot = screenshot()
    return any(is_dark(shot.getpixel((x + dx, y + dy)))
               for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1))


def choose_tool(app, name):
    app.click_control(name, pyatspi.ROLE_RADIO_BUTTON)


def test_the_tools_are_toggle_buttons_and_the_pen_is_chosen_at_launch(app):
    for name in ("Pen", "Eraser", "Select"):
        button = app.find(name, pyatspi.ROLE_RADIO_BUTTON)
        assert button.getState().contains(pyatspi.STATE_CHECKED) == (name == "Pen"), name
    assert not app.is_sensitive("Keep as template")
    choose_tool(app, "Eraser")
    assert app.find("Eraser", pyatspi.ROLE_RADIO_BUTTON).getState().contains(pyatspi.STATE_CHECKED)
    assert not app.find("Pen", pyatspi.ROLE_RADIO_BUTTON).getState().contains(pyatspi.STATE_CHECKED)


def test_the_eraser_removes_only_what_it_crosses_as_one_undo_step(app):
    ox, rows = draw_three(app)
    assert visible(ox, rows) == [True, True, True]
    choose_tool(app, "Eraser")
    _, oy = app.canvas_origin()
    # Across the middle stroke only, twice over it, in one gesture: it crosses at x = 255 and
    # x ≈ 283; by default (Part of marks) only what the eraser covers goes there.
    app.drag([(ox + 250, oy + 160), (ox + 260, oy + 240), (ox + 300, oy + 170)])

    def ink_where_crossed():
        return [ink_at(ox + x, rows[1], radius=2) for x in (255, 283)]

    assert ink_where_crossed() == [False, False] and visible(ox, rows) == [True, True, True]
    app.key("ctrl+z")
    assert ink_where_crossed() == [True, True]
    app.key("ctrl+shift+z")
    assert ink_where_crossed() == [False, False] and visible(ox, rows) == [True, True, True]


def test_keys_pick_tools_select_moves_and_delete_removes_the_selection(app):
    ox, rows = draw_three(app)
    _, oy = app.canvas_origin()
    app.key("s")  # the canvas has the focus since the last press on it
    assert app.find("Select", pyatspi.ROLE_RADIO_BUTTON).getState().contains(pyatspi.STATE_CHECKED)
    app.click(ox + 200, rows[0] + 2)  # on the first stroke, within its reach
    assert app.is_sensitive("Keep as template")
    # Drag it down by 40 px: it moves, live, as one step.
    app.drag([(ox + 200, rows[0]), (ox + 200, rows[0] + 40)])
    assert visible(ox, [rows[0], rows[0] + 40]) == [False, True]
    app.key("ctrl+z")
    assert visible(ox, [rows[0], rows[0] + 40]) == [True, False]
    app.click(ox + 200, rows[1])
    app.key("Delete")
    assert visible(ox, rows) == [True, False, True]
    app.key("ctrl+z")
    assert visible(ox, rows) == [True, True, True]
    app.key("Escape")  # clears the selection: Delete now deletes the whole drawing
    assert not app.is_sensitive("Keep as template")
    app.key("e")
    assert app.find("Eraser", pyatspi.ROLE_RADIO_BUTTON).getState().contains(pyatspi.STATE_CHECKED)


def test_keep_a_template_stamp_it_twice_undo_one_and_find_it_after_a_relaunch(launch, tmp_path):
    app = launch()
    ox, rows = draw_three(app)
    _, oy = app.canvas_origin()
    choose_tool(app, "Select")
    app.click(ox + 200, rows[0])
    app.click_control("Keep as template")
    assert app.is_showing("Template 1 kept", timeout=5)  # said in a notification that goes by itself
    app.click_control("Templates", pyatspi.ROLE_TOGGLE_BUTTON)
    x, y, w, h = app.extents("Template 1")
    app.click(x + w // 2, y + h // 2)
    # Each click stamps a copy of the whole 300 px stroke centred on the click.
    stamps = [(ox + 210, oy + 380), (ox + 310, oy + 440)]
    pointer_to(*stamps[0])
    app.settle()
    shot = screenshot()  # the preview: the whole stamp, faint, centred on the pointer
    assert all(min(shot.getpixel((stamps[0][0] + dx, stamps[0][1]))) < 220 for dx in (-140, 0, 140))
    assert all(min(shot.getpixel((stamps[0][0] + dx, stamps[0][1]))) > 235 for dx in (-160, 160))
    for sx, sy in stamps:
        app.click(sx, sy)
    app.key("Escape")  # stamping ends: no preview follows the pointer any more
    pointer_to(ox + 700, oy + 20)
    app.settle()
    for sx, sy in stamps:
        assert ink_at(sx, sy), f"no stamp at {sx, sy}"
        assert ink_at(sx - 140, sy) and ink_at(sx + 140, sy)
        assert not ink_at(sx - 160, sy) and not ink_at(sx + 160, sy)
    screenshot().save(tmp_path / "stamped.png")
    app.key("ctrl+z")
    assert ink_at(stamps[0][0] + 140, stamps[0][1])
    assert not ink_at(stamps[1][0] + 140, stamps[1][1])
    app.save()  # stamped marks are ordinary marks: saved like the others
    app.key("ctrl+q")
    app.process.wait(timeout=10)

    again = launch()
    again.click_control("Templates", pyatspi.ROLE_TOGGLE_BUTTON)
    assert again.is_showing("Template 1", timeout=5)
    # A list of one: no message that nothing matches, and no pages to turn.
    assert not again.is_showing("No template matches “”.")
    assert not again.is_showing("1–1 of 1")


def test_a_template_is_deleted_from_its_context_menu(app):
    ox, rows = draw_three(app)
    choose_tool(app, "Select")
    app.click(ox + 200, rows[1])
    app.key("t")
    templates = app.data_dir / "templates"
    assert [p.name for p in templates.iterdir()] == ["template-1.scribble"]
    app.click_control("Templates", pyatspi.ROLE_TOGGLE_BUTTON)
    x, y, w, h = app.extents("Template 1")
    app.click(x + w // 2, y + h // 2, button=3)
    app.click_control("Delete Template 1", pyatspi.ROLE_MENU_ITEM)
    # The file goes on a worker thread, then the list: under load, after the click returns.
    wait_for(lambda: not app.is_showing("Template 1", timeout=0.1), timeout=10, what="the tile to go")
    assert list(templates.iterdir()) == []
    assert app.is_showing("No templates yet.\nSelect marks, then press Keep as Template.")
