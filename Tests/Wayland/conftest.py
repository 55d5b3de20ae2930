import os

import pytest

# wayland_session puts Tests/EndToEnd on the path: the drivers' shared module (app_driver) and
# the X11 tests' files the Wayland tests use too.
from wayland_session import Compositor, Unavailable, WaylandApp, build_input_client
from app_driver import launches  # after wayland_session, which puts it on the path


@pytest.fixture(scope="session")
def wayland(tmp_path_factory):
    """The headless compositor and the input client, once for the session. A machine that
    cannot run them fails the leg with the reason — unless TOUCHPAINTER_SKIP_WAYLAND=1 says
    to skip it, which is reported as a skip with the same reason."""
    try:
        program = build_input_client(tmp_path_factory.mktemp("wlinput"))
        compositor = Compositor()
    except Unavailable as reason:
        if os.environ.get("TOUCHPAINTER_SKIP_WAYLAND") == "1":
            pytest.skip(f"the Wayland leg cannot run here: {reason}")
        pytest.fail(f"the Wayland leg cannot run here: {reason}", pytrace=False)
    yield compositor, program
    compositor.close()


@pytest.fixture
def launch(wayland, tmp_path):
    """Starts touchpainter on the compositor with a private gallery; closes every app it started."""
    compositor, program = wayland

    def make(*args, extra_env=None):
        return WaylandApp(compositor, program, tmp_path / "gallery", args=args, extra_env=extra_env)

    with launches(make) as start:
        yield start


@pytest.fixture
def app(launch):
    return launch()
