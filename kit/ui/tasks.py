"""The asyncio plumbing of the widgets: is a loop running, and stopping a task.

In a notebook kernel an asyncio loop runs, and a board's computer turns, hints
and analyses run as tasks on it (their work in a worker thread), so clicks
still arrive meanwhile. In plain Python (tests, scripts) no loop runs and the
same work is done at once. Not covered: what the tasks do (``kit.ui.game``,
``kit.ui.analysis``).
"""

from __future__ import annotations

import asyncio
from typing import Any


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The running asyncio loop (a notebook kernel's), or None in plain Python."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def cancel(task: asyncio.Future[Any] | None) -> bool:
    """Stop ``task`` if it is still running (a replaced board's computer turn must
    not go on moving unseen); True if it was cancelled. None or a finished task: False."""
    if task is None or task.done():
        return False
    return task.cancel()
