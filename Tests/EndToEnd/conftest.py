import pytest

from touchpainter_driver import App


@pytest.fixture
def launch(tmp_path):
    """Starts touchpainter with a private gallery folder; closes every app it started."""
    started = []

    def start(*args, **kwargs):
        app = App(tmp_path / "gallery", args=args, **kwargs)
        started.append(app)
        return app

    yield start
    for app in started:
        app.close()


@pytest.fixture
def app(launch):
    return launch()
