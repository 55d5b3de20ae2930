"""A tiny GTK 3 window that offers one file for dragging, as a file manager does
(`text/uri-list`): the end-to-end tests drag from it onto TouchPainter with real pointer
events, so the drop goes through the X server's drag-and-drop protocol (XDND). The Wayland
tests run it natively on sway, where the drop goes through the compositor (`wl_data_device`);
there sway places the window (by its title) and the window cannot know where it is.

usage: python3 drag_source.py PATH   (prints "ready x y" once its window is up: the point to drag from)
       python3 drag_source.py --image PATH   offers the PNG file's bytes as `image/png`, as a
                                             browser's dragged image does, and no file"""
import pathlib
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

as_image = sys.argv[1] == "--image"
path = pathlib.Path(sys.argv[-1]).resolve()
uri = path.as_uri()
window = Gtk.Window(title="Drag source")
window.set_default_size(160, 120)
window.move(1100, 860)  # beside the app's window, which the tests keep at the top left
box = Gtk.EventBox()
box.add(Gtk.Label(label="drag me"))
window.add(box)
if as_image:
    box.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [Gtk.TargetEntry.new("image/png", 0, 0)], Gdk.DragAction.COPY)
    box.connect("drag-data-get", lambda _w, _c, data, _i, _t: data.set(Gdk.Atom.intern("image/png", False), 8, path.read_bytes()))
else:
    box.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [Gtk.TargetEntry.new("text/uri-list", 0, 0)], Gdk.DragAction.COPY)
    box.connect("drag-data-get", lambda _w, _c, data, _i, _t: data.set_uris([uri]))
window.connect("destroy", Gtk.main_quit)
window.show_all()


def announce():
    x, y = window.get_position()
    width, height = window.get_size()
    print(f"ready {x + width // 2} {y + height // 2}", flush=True)
    return False


GLib.timeout_add(500, announce)
Gtk.main()
