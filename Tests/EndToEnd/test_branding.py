"""Issue 14: branding (Abstract Factory) chosen at launch."""
import os
import subprocess

from app_driver import BINARY
from touchpainter_driver import screenshot


def header(shot):
    return shot.crop((0, 0, 900, 50))


def test_acme_and_sierra_brand_the_window_differently(launch):
    app = launch("--brand", "acme")
    assert app.is_showing("Acme Corporation", timeout=5)
    acme = header(screenshot())
    app.key("ctrl+q")
    app.process.wait(timeout=10)
    app = launch(extra_env={"TOUCHPAINTER_BRAND": "sierra"})
    assert app.is_showing("Sierra Corporation", timeout=5)
    assert header(screenshot()).tobytes() != acme.tobytes()


def test_an_unknown_brand_is_a_usage_error():
    result = subprocess.run([BINARY, "--brand", "bogus"], capture_output=True, text=True, timeout=20,
                            env=dict(os.environ, DISPLAY=""))
    assert result.returncode == 2
    assert "unknown brand “bogus”; valid brands: acme, sierra, slate" in result.stderr
