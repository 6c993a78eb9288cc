"""Handlers whose errors are seen: shown under the widget, logged, re-raised in tests.

ipywidgets and ipycanvas catch an exception raised in a click handler and only
log it, so a broken handler would fail silently in front of a class. Every
widget that runs handlers (the board view, a lesson's exercise) runs them
through :meth:`Guarded.guarded`: the error goes to the widget's ``errors``
output with its traceback, to the log (a test's log handler fails on it), and
the widget says something went wrong; a test sets ``raise_errors`` to get the
exception back. Not covered: what any handler does.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

from kit.i18n import _

T = TypeVar("T")


class Guarded:
    """Mixin: ``guarded(fn, *args)`` and ``report(exc)`` for a widget with ``say`` and ``errors``."""

    #: where the traceback is shown (the subclass makes it)
    errors: widgets.Output
    #: tests set it: re-raise after showing the error
    raise_errors: bool = False
    #: the log line of a failed handler ("board handler failed")
    FAILED = "handler failed"

    def say(self, text: str, *, tone: str = "info", more: str = "") -> None:
        raise NotImplementedError

    def guarded(self, fn: Callable[..., T], *args: Any) -> T | None:
        """Run a handler; on error show it under the widget instead of losing it."""
        try:
            return fn(*args)
        except Exception as exc:
            self.report(exc)
            if self.raise_errors:
                raise
            return None

    def report(self, exc: BaseException) -> None:
        """Show an error under the widget and log it with its traceback."""
        logging.getLogger(type(self).__module__).error(self.FAILED, exc_info=exc)
        self.say(_("Something went wrong: {error}").format(error=exc), tone="bad")
        self.errors.append_stderr("".join(traceback.format_exception(exc)))
