"""Issue 17 (SPEC §8, "Ink"): an Opacity slider makes a highlighter that is blended once,
while drawing and after, over what lies beneath."""
import os

from touchpainter_driver import screenshot


def core_pixels(shot, ox, oy, points):
    """The pixels on the centre line of a stroke through `points` (canvas coordinates)."""
    found = []
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        for i in range(2, 9):
            found.append(shot.getpixel((ox + round(ax + (bx - ax) * i / 10), oy + round(ay + (by - ay) * i / 10))))
    return found


def test_a_half_opaque_yellow_is_a_highlighter_blended_once(app):
    ox, oy = app.canvas_origin()
    app.click_control("Palette")
    for name, value in [("Red", 255), ("Green", 220), ("Blue", 0), ("Opacity", 50), ("Width", 24)]:
        app.set_slider(name, value)
    app.click_control("Done")
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
    app.click_control("Palette")
    app.set_slider("Opacity", 100)
    app.set_slider("Red", 0)
    app.set_slider("Green", 0)
    app.set_slider("Width", 6)
    app.click_control("Done")
    app.drag([(ox + 250, oy + 300), (ox + 250, oy + 420)])
    app.click_control("Palette")
    app.set_slider("Red", 255)
    app.set_slider("Green", 220)
    app.set_slider("Opacity", 50)
    app.set_slider("Width", 24)
    app.click_control("Done")
    app.drag([(ox + 150, oy + 360), (ox + 350, oy + 360)])
    shot = screenshot()
    shot.save(os.environ.get("INK_SHOT", "/dev/null"), "PNG")
    under = shot.getpixel((ox + 250, oy + 360))[:3]
    beside = shot.getpixel((ox + 200, oy + 360))[:3]
    assert max(under) < 140, under  # the black stroke shows through
    assert under[0] > under[2], under  # tinted yellow
    assert beside[0] > 240 and beside[2] < 150, beside

