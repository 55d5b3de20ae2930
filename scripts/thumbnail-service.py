"""Asks the desktop's thumbnail service (org.freedesktop.thumbnails.Thumbnailer1: tumbler on
Debian, started by D-Bus activation) for a `normal` preview of FILE of type MIME, waits for it,
and checks the PNG it wrote into CACHE/thumbnails/normal/<md5 of the URI>.png: at most 128 px
a side, with ink. Used by scripts/test-package.sh on the installed package.

usage: python3 thumbnail-service.py FILE MIME CACHE"""
import hashlib
import pathlib
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402
from PIL import Image  # noqa: E402

path, mime, cache = pathlib.Path(sys.argv[1]).resolve(), sys.argv[2], pathlib.Path(sys.argv[3])
uri = path.as_uri()
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
loop = GLib.MainLoop()
outcome = {}


def on_signal(_connection, _sender, _path, _interface, signal, parameters):
    if signal == "Ready":
        outcome["ready"] = True
    elif signal == "Error":
        outcome["error"] = parameters.unpack()
    elif signal == "Finished":
        loop.quit()


bus.signal_subscribe("org.freedesktop.thumbnails.Thumbnailer1", "org.freedesktop.thumbnails.Thumbnailer1", None,
                     "/org/freedesktop/thumbnails/Thumbnailer1", None, Gio.DBusSignalFlags.NONE, on_signal)
bus.call_sync("org.freedesktop.thumbnails.Thumbnailer1", "/org/freedesktop/thumbnails/Thumbnailer1",
              "org.freedesktop.thumbnails.Thumbnailer1", "Queue",
              GLib.Variant("(asasssu)", ([uri], [mime], "normal", "default", 0)), None,
              Gio.DBusCallFlags.NONE, 30000, None)
GLib.timeout_add_seconds(60, loop.quit)
loop.run()
assert outcome.get("ready") and "error" not in outcome, outcome
thumbnail = cache / "thumbnails" / "normal" / (hashlib.md5(uri.encode()).hexdigest() + ".png")
image = Image.open(thumbnail)
assert max(image.size) <= 128, image.size
assert min(image.convert("L").getdata()) < 128, "the preview has no ink"
print(f"thumbnail service: {thumbnail.name} {image.size[0]}×{image.size[1]} with ink")
