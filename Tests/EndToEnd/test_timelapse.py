"""Issue 31, part 3: the time-lapse export. `touchpainter export IN OUT.webm --speed N` and the
player's Export Video… write a real WebM (VP8, through GStreamer) — checked with GStreamer's
own tools: its length, and frames decoded to pixels — or an animated PNG; Cancel leaves no file."""
import os
import re
import subprocess

from PIL import Image, ImageChops, ImageStat

from test_export_dialog import pictures_folder
from test_replay import BARS, bars_file
from scribble_file import run, scribble, stroke  # noqa: E402  (the corpus' writer, on the path test_replay set)
from app_driver import BINARY, wait_for


def export(*args):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.run([BINARY, "export", *map(str, args)], env=env, capture_output=True, text=True, timeout=60)


def duration(video):
    """The video's length in seconds, as gst-discoverer-1.0 reads it."""
    out = subprocess.run(["gst-discoverer-1.0", str(video)], capture_output=True, text=True, timeout=30).stdout
    assert "WebM" in out and "VP8" in out, out
    h, m, s = re.search(r"Duration: (\d+):(\d+):([\d.]+)", out).groups()
    return int(h) * 3600 + int(m) * 60 + float(s)


def frames(video, folder):
    """Every frame of the video, decoded by GStreamer (matroskademux, vp8dec) to PNG files."""
    folder.mkdir()
    subprocess.run(["gst-launch-1.0", "-q", "filesrc", f"location={video}", "!", "matroskademux", "!", "vp8dec", "!",
                    "videoconvert", "!", "pngenc", "!", "multifilesink", f"location={folder}/%04d.png"],
                   check=True, timeout=60)
    return [Image.open(path).convert("RGB") for path in sorted(folder.glob("*.png"))]


def bars_in(picture):
    """Which of the ten bars a frame shows (the page starts a margin and half a pen before
    the first bar, at canvas (100, 60))."""
    return [i for i in range(BARS) if max(picture.getpixel((200, 20 + i * 50))) < 235]


def test_the_command_line_writes_a_webm_that_gstreamer_plays_bar_by_bar(tmp_path):
    scribble = bars_file(tmp_path / "bars.scribble")  # a bar every 300 ms: 2.7 s of drawing
    result = export(scribble, tmp_path / "bars.webm", "--speed", 8)
    assert result.returncode == 0, result.stderr
    # ⌈2700 ms × 30 / 8000⌉ + 1 = 12 frames at 30 a second.
    assert abs(duration(tmp_path / "bars.webm") - 12 / 30) < 0.02
    video = frames(tmp_path / "bars.webm", tmp_path / "frames")
    assert len(video) == 12
    assert bars_in(video[0]) == [0]  # the first bar is drawn at 0 ms
    assert bars_in(video[6]) == list(range(6))  # 6 × 8000 / 30 = 1600 ms: bars 0–5
    assert bars_in(video[-1]) == list(range(BARS))
    # The last frame is the drawing, as the PNG export shows it (VP8 is lossy: nearly).
    assert export(scribble, tmp_path / "bars.png").returncode == 0
    png = Image.open(tmp_path / "bars.png").convert("RGB")
    assert video[-1].size == png.size  # 620 × 490: even already
    difference = ImageStat.Stat(ImageChops.difference(png, video[-1])).mean
    assert max(difference) < 6, difference


def test_an_animated_png_has_a_frame_a_bar_and_ends_as_the_png_export(tmp_path):
    scribble = bars_file(tmp_path / "bars.scribble")
    result = export(scribble, tmp_path / "bars.apng", "--speed", 1, "--width", 310)
    assert result.returncode == 0, result.stderr
    assert export(scribble, tmp_path / "bars.png", "--width", 310).returncode == 0
    animation = Image.open(tmp_path / "bars.apng")
    assert animation.n_frames == BARS and animation.size == (310, 246)  # frames that change nothing are merged
    assert animation.info["duration"] == 300
    animation.seek(BARS - 1)
    last, png = animation.convert("RGB"), Image.open(tmp_path / "bars.png").convert("RGB")
    assert last.size[0] == png.size[0]
    assert max(ImageStat.Stat(ImageChops.difference(png, last.crop((0, 0) + png.size))).mean) < 1


def test_time_lapse_usage_errors_exit_with_2(tmp_path):
    scribble = bars_file(tmp_path / "bars.scribble")
    for args, message in [(("--speed", 0), "--speed must be a whole number from 1 to 1000"),
                          (("--speed", "fast"), "--speed must be"),
                          (("--width", 4000), "--width must be a whole number from 2 to 1920"),
                          (("--scale", 2), "--scale and --transparent are not for a time-lapse")]:
        result = export(scribble, tmp_path / "out.webm", *args)
        assert result.returncode == 2 and message in result.stderr, (args, result.stderr)
    result = export(scribble, tmp_path / "out.png", "--speed", 8)
    assert result.returncode == 2 and "--speed and --keep-idle are for a time-lapse" in result.stderr
    assert not list(tmp_path.glob("out.*"))


def test_the_players_export_video_writes_a_webm(launch, tmp_path):
    pictures = pictures_folder(tmp_path)
    app = launch(bars_file(tmp_path / "bars.scribble"))
    wait_for(lambda: "Bars" in app.title(), what="the file to open")
    app.key("ctrl+r")
    wait_for(lambda: app.is_showing("Replay position"), what="the replay's scrubber")
    app.click_control("Export Video…")
    app.answer_chooser("Export Video", "bars.webm")
    video = pictures / "bars.webm"
    wait_for(video.is_file, timeout=30, what="the video")
    assert abs(duration(video) - 12 / 30) < 0.02  # at the player's 8×
    wait_for(lambda: not app.is_showing("Video export progress"), what="the progress window to go")


def test_cancelling_the_players_video_export_leaves_nothing(launch, tmp_path):
    """A long replay (ten bars of 600 vertices: about 1,600 frames at 1×, seconds to encode;
    the bars' 82 frames may be written before the progress window is found): Cancel stops
    it, and no file, nor a temporary one, is left."""
    pictures = pictures_folder(tmp_path)
    long = tmp_path / "long.scribble"
    long.write_bytes(scribble(*[stroke(4, [run([(100 + k, 60 + i * 50) for k in range(600)])]) for i in range(BARS)],
                              title="Long"))
    app = launch(long)
    wait_for(lambda: "Long" in app.title(), what="the file to open")
    app.key("ctrl+r")
    wait_for(lambda: app.is_showing("Replay position"), what="the replay's scrubber")
    app.click_control("Speed 1×", role=None)
    app.click_control("Export Video…")
    app.answer_chooser("Export Video", "slow.webm")
    app.find("Video export progress", timeout=10)
    app.key("Escape")  # the progress window's Cancel
    wait_for(lambda: not app.is_showing("Video export progress"), timeout=20, what="the export to stop")
    app.settle()
    assert not (pictures / "slow.webm").exists()
    assert sorted(p.name for p in pictures.iterdir()) == []
    assert app.is_showing("Replay position")  # still in the player


def test_without_gstreamers_plugins_it_says_what_to_install_in_one_line_and_writes_nothing(tmp_path):
    scribble = bars_file(tmp_path / "bars.scribble")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(GST_PLUGIN_SYSTEM_PATH_1_0=str(tmp_path / "none"), GST_PLUGIN_PATH_1_0=str(tmp_path / "none"),
               GST_REGISTRY_1_0=str(tmp_path / "registry.bin"))  # a GStreamer that finds no plugins
    result = subprocess.run([BINARY, "export", scribble, tmp_path / "out.webm"], env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "install gstreamer1.0-plugins-base and gstreamer1.0-plugins-good" \
        in result.stderr, result.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name != "registry.bin"] == ["bars.scribble"]  # no video, no temporary
