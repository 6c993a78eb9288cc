"""nbgitpuller's pull as its lesson-link page runs it: where the lessons land and how the
pull's event stream is followed to its end.

Shared by the warm-server service (kit.classroom.warm, which runs in the hub's
environment and so imports nothing that runs git) and the simulated students of the
load test (kit.classroom.students). Not covered: starting the server the pull runs in.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

TARGET = "kit-lessons"   # the folder the lessons land in, in each student's home
API = "git-pull/api"     # the event stream's path on a student's server


def params(repo: str, branch: str | None) -> dict[str, Any]:
    """The query nbgitpuller's page sends to API."""
    return {"repo": repo, "branch": branch, "targetpath": TARGET}


def follow(lines: Iterable[Any], limit: int = 500) -> None:
    """Read the pull's server-sent events until it says finished; RuntimeError (with
    nbgitpuller's own message, cut to ``limit`` characters) if it ends any other way."""
    last: dict[str, Any] = {}
    for line in lines:
        if line and str(line).startswith("data:"):
            last = json.loads(str(line)[5:])
            if last.get("phase") in ("finished", "error"):
                break
    if last.get("phase") != "finished":
        raise RuntimeError(f"git pull failed: {last.get('message', last)}"[:limit])
