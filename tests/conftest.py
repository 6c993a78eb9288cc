"""Shared test set-up.

ipywidgets and ipycanvas catch exceptions raised in callbacks and only log
them (``CallbackDispatcher`` logs a warning with the traceback), so a broken
click handler would pass silently. As python-chess' suite does, make any
logged error or logged traceback fail the test that caused it. A test that
checks how an error is shown opts out with ``@pytest.mark.allow_logged_errors``.
"""

import atexit
import logging
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from hub_fixtures import class_hub  # noqa: F401 -- the class hub fixture, shared
from slides_fixtures import built_decks  # noqa: F401 -- the decks, built once with npm


class _RaiseOnError(logging.Handler):
    def emit(self, record):
        if record.levelno >= logging.ERROR or record.exc_info:
            raise AssertionError(f"error logged during test: {record.getMessage()}")


# A lesson keeps a student's progress in ~/.kit/progress.json (kit.lessons.record).
# No test may read or write the real one: kernels and servers started by the
# tests (nbval, the browser walks) inherit this empty file of the run's own...
_PROGRESS_DIR = tempfile.mkdtemp(prefix="kit-progress-")
atexit.register(shutil.rmtree, _PROGRESS_DIR, ignore_errors=True)
os.environ["KIT_PROGRESS"] = str(Path(_PROGRESS_DIR) / "progress.json")


# The tests read the kit's English: they run in English whatever the machine's
# LANG, and so do the kernels and servers they start (nbval, browser walks).
# A test of another language asks for it (the ``speak`` fixture); a translated
# notebook names its own language in its first cell.
os.environ["KIT_LANG"] = "en"


@pytest.fixture(autouse=True)
def english_unless_asked():
    """Each test starts in English and leaves the kit in English."""
    from kit import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def speak():
    """``speak("es")``: the kit speaks Spanish for the rest of this test."""
    from kit import i18n
    return i18n.set_language


@pytest.fixture(autouse=True)
def own_progress_file(tmp_path, monkeypatch):
    """...and each test its own, so what one test does is not done in the next."""
    monkeypatch.setenv("KIT_PROGRESS", str(tmp_path / "kit-progress.json"))


def pytest_configure(config):
    config.addinivalue_line("markers", "allow_logged_errors: logged errors do not fail the test")


@pytest.fixture(autouse=True)
def errors_are_failures(request):
    if request.node.get_closest_marker("allow_logged_errors"):
        yield
        return
    handler = _RaiseOnError()
    root = logging.getLogger()
    root.addHandler(handler)
    yield
    root.removeHandler(handler)



@pytest.fixture
def canvas_messages(monkeypatch):
    """Every drawing batch the kernel sends to the browser, decoded to its commands.

    Canvas drawing goes through ipycanvas' one canvas manager widget; its comm
    was made at import time, so the patch is on the class. Widget state
    updates (status text, buttons) are not counted: they are not drawings.
    """
    import json

    from comm import DummyComm
    from ipycanvas import canvas as ipycanvas_canvas

    batches = []
    original = DummyComm.publish_msg

    def record(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        if self is ipycanvas_canvas._CANVAS_MANAGER.comm and buffers:
            batches.append(json.loads(bytes(buffers[0])))
        return original(self, msg_type, data=data, metadata=metadata, buffers=buffers, **keys)

    monkeypatch.setattr(DummyComm, "publish_msg", record)
    return batches
