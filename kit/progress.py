"""Progress for long lesson calls: a tqdm bar in a notebook, silence elsewhere.

A long call (a tournament, an exact study, an analysis) takes
``progress=None | True | False | callable``:

* ``None`` (the default): a bar only when running in a notebook kernel, so a
  class sees a 20 s tournament move, while tests and scripts stay quiet;
* ``True``: a bar always (``tqdm.auto``: a widget in a notebook, text in a
  terminal); ``False``: never;
* a callable: called as ``progress(done, total)`` after each step, for a
  caller (the analysis panel, a test) that shows progress its own way.

tqdm is optional: it is imported only when a bar is to be drawn, and where it
is not installed the work runs without a bar (``True`` also logs a warning
naming the package), so engines and tournaments need only the standard library.

Not covered: drawing bars (tqdm does that) or timing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

log = logging.getLogger(__name__)

#: what a long call's ``progress`` may be
Progress = bool | Callable[[int, int], Any] | None


def in_notebook() -> bool:
    """True inside a Jupyter kernel (a ZMQ shell), False in scripts and tests."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


@contextmanager
def reporter(progress: Progress, total: int, description: str = "") -> Iterator[Callable[[int], None]]:
    """Yield ``step(done)`` for a loop of ``total`` steps, shown as ``progress`` asks."""
    if callable(progress):
        report = progress
        yield lambda done: report(done, total)
        return
    if progress is False or (progress is None and not in_notebook()):
        yield lambda done: None
        return
    try:
        from tqdm.auto import tqdm
    except ImportError:
        if progress is True:
            log.warning("no progress bar: tqdm is not installed (pip install tqdm)")
        yield lambda done: None
        return

    bar = tqdm(total=total, desc=description, leave=True)
    try:
        def step(done: int) -> None:
            bar.update(done - bar.n)
        yield step
    finally:
        bar.close()
