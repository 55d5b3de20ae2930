"""Issue 17 (ink): an Opacity slider makes a highlighter that is blended once,
while drawing and after, over what lies beneath."""
from touchpainter_driver import screenshot


def core_pixels(shot, ox, oy, points):
    """The pixels on the centre line of a stroke through `points` (canvas coordinates)."""
    found = []
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        for i in range(2, 9):
            found.append(shot.getpixel((ox + round(ax + (bx - ax) * i / 10), oy + round(ay + (by - ay) * i / 10))))
    return found


def choose_pen(app, **sliders):
    """Sets the palette's sliders (by accessible name) and returns to the canvas."""
    app.click_control("Palette")
    for name, value in sliders.items():
        app.set_slider(name, value)
    app.click_control("Done")


def test_a_half_opaque_yellow_is_a_highlighter_blended_once(app):
    ox, oy = app.canvas_origin()
    choose_pen(app, Red=255, Green=220, Blue=0, Opacity=50, Width=24)
    # A zigzag that crosses itself again and again, drawn as one stroke.
    zigzag = [(100, 100), (400, 160), (100, 220), (400, 100), (100, 160), (400, 220)]
    app.drag([(ox + x, oy + y) for x, y in zigzag], steps=20)
    shot = screenshot()
    colours = core_pixels(shot, ox, oy, zigzag)
    r, g, b = colours[0][:3]
    # Half of yellow over white: a light yellow, not opaque yellow.
    assert r > 240 and 225 < g < 250 and 110 < b < 145, colours[0]
    for pixel in colours:  # the same everywhere, crossings included: blended once
        assert max(abs(pixel[c] - colours[0][c]) for c in range(3)) <= 3, (pixel, colours[0])

    # Over an opaque black stroke the highlighter shows what lies beneath, darkened.
    choose_pen(app, Opacity=100, Red=0, Green=0, Width=6)
    app.drag([(ox + 250, oy + 300), (ox + 250, oy + 420)])
    choose_pen(app, Red=255, Green=220, Opacity=50, Width=24)
    app.drag([(ox + 150, oy + 360), (ox + 350, oy + 360)])
    shot = screenshot()
    under = shot.getpixel((ox + 250, oy + 360))[:3]
    beside = shot.getpixel((ox + 200, oy + 360))[:3]
    assert max(under) < 140, under  # the black stroke shows through
    assert under[0] > under[2], under  # tinted yellow
    assert beside[0] > 240 and beside[2] < 150, beside
