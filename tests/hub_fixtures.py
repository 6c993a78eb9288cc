"""The class hub the hub tests share: started once per test module, stopped by PID.

Used by tests/test_hub.py (HTTP and kernel messages), tests/test_hub_hostile.py
and tests/browser/test_hub_browser.py (a student in Chromium), which run in
separate pytest processes (see the Makefile's test target).

As root (CI, a class machine) the hub runs as `make hub` does there: an account
per student, each removed when the hub stops. The hub's folder is under
/var/tmp, not pytest's tmp folder: that one is 0700, so no student account could
reach its home in it. The student runtime is built once per machine (and again
only when the kit changes) in /var/tmp/kit-class-test.
"""

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil
import pytest
import requests

from kit.classroom import walls
from kit.classroom.accounts import remove_accounts
from kit.classroom import hub
from kit.classroom.loadtest import PROXY, ROOT, Kernel, Student, as_root, crowd_names, local_hub
from system_tools import require

os.environ.setdefault("KIT_CLASS_HOME", "/var/tmp/kit-class-test")
PASSWORD = "class-password-1"
TEACHER, TEACHER_PASSWORD = "teach", "teacher-password-1"
ADMIN, ADMIN_PASSWORD = "boss", "admin-password-1"      # the admin page's own account
LESSON = "notebooks/00_welcome.ipynb"
#: An account the hub did not make, under a name on the list (tests/test_hub.py).
INTRUDER = f"intruder{os.getpid() % 10000}"
#: Two names the hub once mapped to one account (issue 35), and one to lock out.
COLLIDING = ("rt.dora", "rt-dora-aa38c6")
LOCKED_OUT = "lockie"
#: The class list of the shared hub: every name its tests log in with (the teacher
#: is allowed by KIT_TEACHER). A name not on it is refused at the log-in.
CLASS = ["zoe", "mallory", "ada", "ben", "cy", "dora", "dan", "eve", "fay", "gil", "hope",
         "ivan", "jon", "lena", "boris", "carl", "gus", "hal", "tess", "ivy", "kim", "lou", "max",
         "adam", "tia", "uma", "jo", "nia", INTRUDER, LOCKED_OUT,
         *COLLIDING,
         *crowd_names(3)]


def install_proxy():
    if not PROXY.exists():
        npm = require("npm", "the hub's proxy comes from npm: sudo apt-get install npm")
        subprocess.run([npm, "install", "--prefix", str(ROOT / "build" / "hub"), "--no-audit",
                        "--no-fund", "configurable-http-proxy@5"], check=True, timeout=600)


@contextmanager
def hub_place(tmp_path_factory) -> Iterator[Path]:
    """Where a test hub keeps its state and homes (removed after): readable by
    students' accounts as root."""
    if not as_root():
        yield tmp_path_factory.mktemp("hub")
        return
    remove_stale_hubs()
    place = Path(tempfile.mkdtemp(prefix="kit-hub-", dir="/var/tmp"))
    try:
        yield place
    finally:
        shutil.rmtree(place, ignore_errors=True)


def remove_stale_hubs() -> None:
    """Accounts and folders of test hubs that died without cleaning up (a test
    run killed): a new hub would refuse those names as not its own."""
    # A test that died mid-way leaves its walls: they would wall in whichever new
    # account gets a reused uid (remove_stale keeps the tables of live processes).
    walls.remove_stale()
    live = set()
    for p in psutil.process_iter(["cmdline"]):
        try:
            if "jupyterhub" in " ".join(p.info["cmdline"] or []):
                live.add(Path(p.cwd()))
        except psutil.Error:
            pass
    for place in Path("/var/tmp").glob("kit-hub-*"):
        if place not in live and (place / "homes").is_dir():
            remove_accounts(place / "homes")
            shutil.rmtree(place, ignore_errors=True)
            shutil.rmtree(Path("/run") / f"kit-{place.name[-12:]}", ignore_errors=True)   # its sockets


@pytest.fixture(scope="module")
def class_hub(tmp_path_factory):
    install_proxy()
    with hub_place(tmp_path_factory) as place, local_hub(place, PASSWORD, env={
            "KIT_TEACHER": TEACHER, "KIT_TEACHER_PASSWORD": TEACHER_PASSWORD,
            "KIT_ADMIN": ADMIN, "KIT_ADMIN_PASSWORD": ADMIN_PASSWORD,
            # the class speaks English; lena and boris their own (tests/test_hub_language.py)
            "KIT_LANG": "en", "KIT_STUDENT_LANG": "lena=es, boris=bg",
            # small disks: filling one (tests/test_hub.py) takes a second, not a minute
            "KIT_HOME_SIZE": "256M"}, names=CLASS) as hub:
        yield hub


# ---- one student or the teacher, as the hub tests drive them --------------------
def student(class_hub, name, password=PASSWORD):
    s = Student(class_hub.url, name, password, LESSON, repo=hub.default_repo(),
                branch=hub.default_branch())
    s.t0 = time.monotonic()
    s.log_in()
    return s


def kernel_of(s, another=False):
    """The lesson's kernel (one per notebook session), or ``another`` one of its own."""
    if another:
        r = s.http.post(s.user_url("api/kernels"), timeout=120, json={"name": "python3"})
        r.raise_for_status()
        kernel_id = r.json()["id"]
    else:
        r = s.http.post(s.user_url("api/sessions"), timeout=120, json={
            "path": f"{hub.TARGET}/{LESSON}", "type": "notebook", "name": "",
            "kernel": {"name": "python3"}})
        r.raise_for_status()
        kernel_id = r.json()["kernel"]["id"]
    return Kernel(s.user_url(f"api/kernels/{kernel_id}/channels"), s.token, s.name, s)


def log_in_page(url, name, password):
    page = requests.Session()
    page.get(f"{url}/hub/login", timeout=60)
    r = page.post(f"{url}/hub/login", allow_redirects=False, timeout=120, data={
        "username": name, "password": password, "_xsrf": page.cookies.get("_xsrf")})
    return page, r


# ---- a student at IOTA's first exercises, in their own kernel -------------------
SETUP = '''
from kit.lessons import iota as lesson
from kit.lessons import outbox
progress = lesson.Progress("Meet IOTA")
ex = {n: lesson.exercise(f"line {n}", progress) for n in (1, 2)}
print(outbox.configured())
'''
RIGHT = {1: "valid", 2: "invalid"}         # IOTA lesson 1's first two lines
WRONG = {1: "invalid", 2: "valid"}
IOTA_LESSON = "iota/Meet IOTA"


def lesson_kernel(hub, name):
    s = student(hub, name)
    s.start_server()
    kernel = kernel_of(s)
    printed, error = kernel.run(SETUP, wait=120)
    assert not error and printed.strip() == "True", (printed, error)   # on a hub: configured
    return s, kernel


def do(kernel, source: str) -> float:
    """Run a student's action in their kernel; seconds it took."""
    t0 = time.monotonic()
    _, error = kernel.run(source, wait=60)
    assert not error, error
    return time.monotonic() - t0
