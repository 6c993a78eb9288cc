"""Run lesson notebooks and save them with their outputs, ready for nbval.

Lessons are committed executed so nbval really compares their outputs. This
runs each notebook top to bottom in a fresh kernel (from the notebook's own
folder), then drops the saved widget state and the per-cell timings, which
only bloat the file and change on every run.

    python -m kit.lessons.execute notebooks/*.ipynb notebooks/es/*/*.ipynb
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from unittest.mock import patch

import nbformat
from nbclient import NotebookClient

from kit.lessons.translation import language_of


def execute(path: Path, timeout: int = 600) -> None:
    nb = nbformat.read(path, as_version=4)
    # A fresh progress file for the kernel: the saved "0 of N done" must not depend
    # on what the person running this did in their own lessons (kit.lessons.record).
    # The kernel speaks the notebook's language whatever the machine's LANG
    # (a translated lesson also names it in its first cell): saved outputs
    # must not depend on who ran this.
    with tempfile.TemporaryDirectory(prefix="kit-lessons-") as tmp, \
            patch.dict(os.environ, {"KIT_PROGRESS": str(Path(tmp) / "progress.json"),
                                    "KIT_LANG": language_of(path)}):
        NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m kit.lessons.execute NOTEBOOK.ipynb ...", file=sys.stderr)
        return 2
    for name in argv:
        print(f"executing {name}")
        execute(Path(name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
