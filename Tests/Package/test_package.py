"""Issue 37: the .deb, unpacked into a temporary root, runs with the Swift toolchain hidden
(an empty tmpfs over its folder, in a mount namespace of its own): it prints its version,
exports a scribble, opens its window, and thumbnails a scribble through the packaged
.thumbnailer entry's own Exec line. The package's file list and Depends are what a Debian
package of a GNOME app holds. (`make test-package` adds lintian and a real apt install,
thumbnail service and remove.)"""
import configparser
import os
import pathlib
import shlex
import shutil
import subprocess
import time

import pytest
from PIL import Image

DEB = os.environ.get("TOUCHPAINTER_DEB")
pytestmark = pytest.mark.skipif(not DEB, reason="scripts/test.sh builds the package and sets TOUCHPAINTER_DEB")
SAMPLE = pathlib.Path(__file__).parent.parent / "Corpus" / "v1-sample.scribble"


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    root = tmp_path_factory.mktemp("deb-root")
    subprocess.run(["dpkg-deb", "-x", DEB, root], check=True)
    return root


def toolchain():
    """The folder the Swift toolchain lives in (/opt/swift for /opt/swift/usr/bin/swift)."""
    swift = pathlib.Path(shutil.which("swift")).resolve()
    return swift.parents[2]


def hidden(command):
    """`command` in a mount namespace where the toolchain's folder is an empty tmpfs."""
    script = 'mount -t tmpfs none "$0" && exec "$@"'
    prefix = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-rm"]
    return [*prefix, "sh", "-c", script, str(toolchain()), *map(str, command)]


def test_the_toolchain_is_really_hidden(root):
    result = subprocess.run(hidden(["ls", toolchain()]), capture_output=True, text=True, timeout=30)
    assert result.returncode == 0 and result.stdout == "", result


def test_the_files_a_gnome_app_package_holds(root):
    listing = subprocess.run(["dpkg-deb", "-c", DEB], capture_output=True, text=True, check=True).stdout
    files = {line.split()[-1].lstrip(".") for line in listing.splitlines() if not line.startswith("d")}
    app = "io.github.touchpainter.TouchPainter"
    assert files == {
        "/usr/bin/touchpainter",
        f"/usr/share/applications/{app}.desktop",
        f"/usr/share/icons/hicolor/scalable/apps/{app}.svg",
        f"/usr/share/icons/hicolor/symbolic/apps/{app}-symbolic.svg",
        # Drawn beforehand, so GTK does not load librsvg for the window icon at start-up.
        *(f"/usr/share/icons/hicolor/{size}x{size}/apps/{app}.png" for size in (16, 24, 32, 48, 64, 128, 256, 512)),
        f"/usr/share/metainfo/{app}.metainfo.xml",
        f"/usr/share/mime/packages/{app}.xml",
        "/usr/share/man/man1/touchpainter.1.gz",
        "/usr/share/locale/de/LC_MESSAGES/touchpainter.mo",
        "/usr/share/thumbnailers/touchpainter.thumbnailer",
        "/usr/share/doc/touchpainter/copyright",
        "/usr/share/doc/touchpainter/changelog.gz",
    }, files  # no MIME or icon cache: the system's triggers make those


def test_depends_are_debian_libraries_and_no_swift(root):
    control = subprocess.run(["dpkg-deb", "-f", DEB, "Depends"], capture_output=True, text=True, check=True).stdout
    depends = [part.split()[0] for part in control.split(",")]
    assert {"libgtk-3-0", "libcairo2", "libglib2.0-0", "libc6", "zlib1g"} <= set(depends), depends
    # The time-lapse video: GStreamer's libraries and the plugins, which it loads by name.
    assert {"libgstreamer1.0-0", "libgstreamer-plugins-base1.0-0", "gstreamer1.0-plugins-base",
            "gstreamer1.0-plugins-good"} <= set(depends), depends
    assert not any("swift" in name for name in depends)
    linked = subprocess.run(["ldd", root / "usr/bin/touchpainter"], capture_output=True, text=True).stdout
    assert "swift" not in linked.lower() and "not found" not in linked, linked
    # GStreamer is loaded when a video is made (the export test below), not at every launch.
    assert "libgstreamer" not in linked, linked
    dynamic = subprocess.run(["readelf", "-d", root / "usr/bin/touchpainter"], capture_output=True, text=True).stdout
    assert "RPATH" not in dynamic and "RUNPATH" not in dynamic


def test_it_prints_its_version_and_exports_without_the_toolchain(root, tmp_path):
    binary = root / "usr/bin/touchpainter"
    version = subprocess.run(hidden([binary, "--version"]), capture_output=True, text=True, timeout=30)
    assert version.returncode == 0 and version.stdout.strip(), version
    out = tmp_path / "out.png"
    export = subprocess.run(hidden([binary, "export", SAMPLE, out]), capture_output=True, text=True, timeout=60)
    assert export.returncode == 0, export.stderr
    assert Image.open(out).size[0] > 16
    video = tmp_path / "out.webm"
    export = subprocess.run(hidden([binary, "export", SAMPLE, video, "--speed", "32"]), capture_output=True, text=True,
                            timeout=60)
    assert export.returncode == 0, export.stderr
    assert video.read_bytes()[:4] == b"\x1a\x45\xdf\xa3"  # an EBML (WebM) file


def test_its_window_opens_without_the_toolchain(root, tmp_path):
    env = dict(os.environ, HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_STATE_HOME=str(tmp_path / "state"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               TOUCHPAINTER_DATA_DIR=str(tmp_path / "gallery"))
    app = subprocess.Popen(hidden([root / "usr/bin/touchpainter"]), env=env, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        found = ""
        while time.monotonic() < deadline and not found and app.poll() is None:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "TouchPainter"],
                                   capture_output=True, text=True).stdout.strip()
            time.sleep(0.2)
        assert found, app.stderr.read() if app.poll() is not None else "no window in 20 s"
    finally:
        app.terminate()
        app.wait(timeout=10)


def test_the_thumbnailer_entry_runs_and_frames_the_drawing(root, tmp_path):
    entry = configparser.ConfigParser(interpolation=None)
    entry.read(root / "usr/share/thumbnailers/touchpainter.thumbnailer")
    section = entry["Thumbnailer Entry"]
    assert "application/x-touchpainter-scribble" in section["MimeType"]
    assert shutil.which(section["TryExec"], path=str(root / "usr/bin"))
    out = tmp_path / "thumb.png"
    out.write_bytes(b"")  # a thumbnail service makes the file, then reads that same file back
    inode = out.stat().st_ino
    words = [{"%i": str(SAMPLE), "%o": str(out), "%s": "128"}.get(word, word) for word in shlex.split(section["Exec"])]
    words[0] = str(root / "usr/bin" / words[0])
    result = subprocess.run(hidden(words), capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert out.stat().st_ino == inode  # written in place
    image = Image.open(out)
    assert max(image.size) <= 128 and image.size[0] > 0
    assert min(image.convert("L").getdata()) < 128  # ink, not an empty page
