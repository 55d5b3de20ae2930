import pytest

from touchpainter_driver import App, BINARY, RELEASE_BINARY


@pytest.fixture
def launch(tmp_path):
    """Starts touchpainter with a private gallery folder; closes every app it started.
    `release=True` starts the optimised build (`RELEASE_BINARY`)."""
    started = []

    def start(*args, release=False, **kwargs):
        app = App(tmp_path / "gallery", args=args, binary=RELEASE_BINARY if release else BINARY, **kwargs)
        started.append(app)
        return app

    yield start
    for app in started:
        app.close()


@pytest.fixture
def app(launch):
    return launch()
