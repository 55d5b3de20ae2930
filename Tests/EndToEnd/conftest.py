from pathlib import Path

import pytest

from private_desktop import PrivateDesktop, own_display_requested


def pytest_configure(config):
    """Each process that runs tests lives on a desktop of its own (private_desktop.py): every
    pytest-xdist worker, or the one process of a plain `pytest`. The controller of an xdist
    run (`-n N`) runs no test and needs none. With TOUCHPAINTER_TEST_DISPLAY=1 the tests show on
    DISPLAY, one at a time (they would fight over its pointer and focus)."""
    is_worker = hasattr(config, "workerinput")
    if getattr(config.option, "numprocesses", None) and not is_worker:
        if own_display_requested():
            raise pytest.UsageError("TOUCHPAINTER_TEST_DISPLAY=1 runs the tests one at a time: drop -n")
        return
    desktop = PrivateDesktop(use_own_display=own_display_requested())
    desktop.apply()
    config.add_cleanup(desktop.close)


@pytest.fixture
def launch(tmp_path):
    """Starts touchpainter with a private gallery folder; closes every app it started.
    `release=True` starts the optimised build (`RELEASE_BINARY`)."""
    from app_driver import BINARY, RELEASE_BINARY, launches
    from touchpainter_driver import App

    def make(*args, release=False, **kwargs):
        return App(tmp_path / "gallery", args=args, binary=RELEASE_BINARY if release else BINARY, **kwargs)

    with launches(make) as start:
        yield start


@pytest.fixture
def app(launch):
    return launch()


def pytest_collection_modifyitems(items):
    """The tests slow_tests.txt names first, in its order; the rest as collected. Every xdist
    worker collects the same order, as xdist requires."""
    listed = Path(__file__).with_name("slow_tests.txt").read_text().split("\n")
    rank = {name: index for index, name in enumerate(line for line in listed if line and not line.startswith("#"))}
    items.sort(key=lambda item: rank.get(item.nodeid.split("/")[-1], len(rank)))
