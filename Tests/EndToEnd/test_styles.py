"""Issue 32: the dark style and high contrast. With `GTK_THEME=Adwaita:dark` and with the
HighContrast theme the window's controls follow the theme and stay legible (every tool's
icon, the header's buttons and the Preferences window's labels stand out from what is behind
them), while the canvas stays white paper, as in other drawing apps, and ink stays black."""
import pyatspi
import pytest

from app_driver import is_white, wait_for
from touchpainter_driver import screenshot


def luminance(pixel):
    r, g, b = pixel
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(shot, box):
    """The spread of luminance inside `box` (x, y, w, h): a legible icon or text on its
    background spans much of the range; a blank or washed-out one does not."""
    x, y, w, h = box
    values = [luminance(shot.getpixel((x + i, y + j))) for j in range(h) for i in range(w)]
    return max(values) - min(values)


@pytest.mark.parametrize("theme, dark", [("Adwaita:dark", True), ("HighContrast", False)])
def test_controls_follow_the_theme_and_stay_legible_while_the_canvas_stays_paper(launch, theme, dark):
    app = launch(extra_env={"GTK_THEME": theme})
    ox, oy = app.canvas_origin()
    app.drag([(ox + 100, oy + 200), (ox + 400, oy + 200)])
    shot = screenshot()
    # The canvas is white paper and the ink black, whatever the theme.
    assert all(is_white(shot.getpixel((ox + x, oy + y)), floor=255) for x in range(50, 600, 37) for y in (80, 300, 450))
    assert all(max(shot.getpixel((ox + x, oy + 200))) <= 60 for x in range(130, 380, 25))
    # The window around it follows the theme: dark beside the canvas in the dark style.
    strip = luminance(shot.getpixel((ox - 4, oy + 400)))
    assert (strip < 100) if dark else (strip > 150), strip
    for name, role in [("Pen", pyatspi.ROLE_RADIO_BUTTON), ("Eraser", pyatspi.ROLE_RADIO_BUTTON),
                       ("Select", pyatspi.ROLE_RADIO_BUTTON), ("Laser", pyatspi.ROLE_RADIO_BUTTON),
                       ("Undo", pyatspi.ROLE_PUSH_BUTTON), ("Main menu", pyatspi.ROLE_TOGGLE_BUTTON)]:
        assert contrast(shot, app.extents(name, role)) >= 120, name
    app.key("ctrl+comma")
    wait_for(lambda: app.is_showing("Smoothing"), what="the Preferences window")
    shot = screenshot()
    for label in ("Smoothing", "Palm rejection", "Touchscreen and Stylus"):
        labels = [a for a in app.find_all(label) if a.getRole() == pyatspi.ROLE_LABEL]
        assert labels, label
        e = labels[0].queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        assert contrast(shot, (e.x, e.y, e.width, e.height)) >= 120, label
