"""The class hub's lesson links (nbgitpuller) and where the hub's files are.

Covers: ``refusal``, the one line ``make hub`` prints when it cannot wall
students off (it needs root to make an account per student); ``lesson_link``,
the URL that makes a student's server pull the lessons from a git repository
(without overwriting their own edits: nbgitpuller merges) and open one lesson
in JupyterLab; ``make hub-link`` prints it; ``teacher_page``, the teacher's
page on the class service's own host; ``class_languages``, the
language of the class and of each student. Not covered:
starting the hub (``make hub`` with ``deploy/jupyterhub_config.py``).
``open_class_refusal`` is the one line when a class hub has no class list.

    python -m kit.classroom.hub notebooks/<game>/<NN_lesson>.ipynb [HUB_URL [REPO [BRANCH]]]
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from kit.classroom.names import account_name
from kit.i18n import LANGUAGES, code_of

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
TARGET = "kit-lessons"   # the folder the lessons land in, in each student's home


def refusal(uid: int, demo: bool) -> str:
    """Why ``make hub`` will not start (empty when it may)."""
    if uid == 0 or demo:
        return ""
    return ("make hub makes a locked Unix account for each student and runs their server "
            "as it, which needs root: run `sudo make hub`, or `KIT_HUB_DEMO=1 make hub` for "
            "a one-person demo in which every student runs as you (nothing walled off).")


def open_class_refusal(environ: Mapping[str, str]) -> str:
    """Why a class hub (root, not the demo) will not start without a class list
    (empty when it may): without one, anyone reaching the page makes accounts."""
    if environ.get("KIT_CLASS_LIST") or environ.get("KIT_OPEN_CLASS") == "1":
        return ""
    return ("make hub needs the class list: KIT_CLASS_LIST=class.txt, a file with one "
            "student name a line (only they may log in); KIT_OPEN_CLASS=1 lets any name "
            "make an account instead.")


def class_languages(environ: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """The class's language (``KIT_LANG``, default English) and each student's
    own where it differs (``KIT_STUDENT_LANG="ana=es,boris=bg"``). A language
    the kit does not speak, or a malformed entry, stops the hub's start naming it."""
    class_lang = code_of(environ.get("KIT_LANG") or "en")
    if class_lang is None:
        raise ValueError(f"KIT_LANG={environ['KIT_LANG']!r}: the kit speaks {', '.join(LANGUAGES)}")
    students: dict[str, str] = {}
    for entry in filter(None, (e.strip() for e in environ.get("KIT_STUDENT_LANG", "").split(","))):
        name, sep, lang = entry.partition("=")
        code = code_of(lang.strip())
        if not sep or not name.strip() or code is None:
            raise ValueError(f"KIT_STUDENT_LANG: {entry!r} is not name=language with a language "
                             f"the kit speaks ({', '.join(LANGUAGES)})")
        students[name.strip()] = code
    return class_lang, students


def lab_locale(lang: str) -> str:
    """JupyterLab's name of a language pack the kit installs ("es_ES"); English
    for a language with no pack (Bulgarian has none)."""
    return {"es": "es_ES"}.get(lang, "en")


def lessons_repo() -> Path:
    """The lessons-only repository ``make hub`` builds (kit.classroom.runtime)."""
    return Path(os.environ.get("KIT_CLASS_HOME", "/opt/kit-class")) / "lessons.git"


def default_repo(root: Path = ROOT) -> str:
    """The hub's lessons-only repository if ``make hub`` built one on this machine
    (notebooks only: the project's own repository would bring grading/ with the
    answers into every student's home); else the project's ``origin``, else the
    project folder itself (file://).

    nbgitpuller runs ``git clone`` / ``git pull``, so any URL git accepts works:
    a file:// path serves a hub on the same machine, https:// a school's server.
    """
    if (lessons_repo() / "HEAD").is_file():
        return lessons_repo().as_uri()
    done = subprocess.run(["git", "-C", str(root), "remote", "get-url", "origin"],
                          capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() \
        else root.resolve().as_uri()


def default_branch(root: Path = ROOT) -> str:
    if (lessons_repo() / "HEAD").is_file():
        return "main"
    done = subprocess.run(["git", "-C", str(root), "branch", "--show-current"],
                          capture_output=True, text=True)
    return done.stdout.strip() or "main"


#: Where ``make hub`` listens when KIT_HUB_HOST is not set: "localhost", not
#: 127.0.0.1, since each student's server is at <name>.localhost (an origin of
#: its own, deploy/jupyterhub_config.py) and the hub's cookies are for its host.
HUB_URL = "http://localhost:8000"


def lesson_link(lesson: str, hub_url: str = HUB_URL, repo: str | None = None,
                branch: str | None = None, target: str = TARGET) -> str:
    """The nbgitpuller link opening ``lesson`` (a path inside the repository).

    It is on the hub's own host: the hub's user-redirect sends each student on
    to their own server's host."""
    lesson = lesson.strip("/")
    if not lesson.endswith(".ipynb"):
        raise ValueError(f"a lesson is a notebook path such as notebooks/00_welcome.ipynb, "
                         f"not {lesson!r}")
    query = urlencode({"repo": repo or default_repo(), "branch": branch or default_branch(),
                       "targetpath": target, "urlpath": f"lab/tree/{target}/{lesson}"})
    return f"{hub_url.rstrip('/')}/hub/user-redirect/git-pull?{query}"


def teacher_page(hub_url: str = HUB_URL, service: str = "class") -> str:
    """The teacher's page: on the class service's own host (JupyterHub names it
    ``<service>--service.<hub host>``), an origin no student's server has."""
    if "://" not in hub_url:
        raise ValueError(f"the hub's address is a URL such as {HUB_URL}, not {hub_url!r}")
    scheme, _, host = hub_url.rstrip("/").partition("://")
    if "/" in host:
        raise ValueError(f"the hub's address has no path (the kit's hub is at /): {hub_url!r}")
    return f"{scheme}://{service}--service.{host}/services/{service}/"


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    lesson, *rest = argv
    if not (ROOT / lesson).is_file():
        print(f"no lesson {lesson} in {ROOT}", file=sys.stderr)
        return 2
    print(lesson_link(lesson, *[r for r in rest if r]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


@dataclass
class Hub:
    """A running hub: where students connect, its process, and where it keeps things."""
    url: str
    proc: subprocess.Popen[Any]
    state: Path          # the hub's database and cookie secret (0700)
    homes: Path          # students' homes: one account each (root) or one folder each (demo)
    demo: bool
    service: str = ""    # the class service (teacher's view) on its own port: http://127.0.0.1:N/services/class/
    teacher_page: str = ""   # the same through the proxy, on the service's own host (class--service.localhost)
    ports: dict[str, int] = field(default_factory=dict)   # KIT_HUB_PORT, KIT_HUB_API_PORT, ... -> port

    def home(self, login: str) -> Path:
        """A student's home folder as the hub made it."""
        return self.homes / (login if self.demo else account_name(login))
