"""Shared test set-up.

ipywidgets and ipycanvas catch exceptions raised in callbacks and only log
them (``CallbackDispatcher`` logs a warning with the traceback), so a broken
click handler would pass silently. As python-chess' suite does, make any
logged error or logged traceback fail the test that caused it. A test that
checks how an error is shown opts out with ``@pytest.mark.allow_logged_errors``.
"""

import logging

import pytest


class _RaiseOnError(logging.Handler):
    def emit(self, record):
        if record.levelno >= logging.ERROR or record.exc_info:
            raise AssertionError(f"error logged during test: {record.getMessage()}")


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

