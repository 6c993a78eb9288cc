"""A class on the local hub, simulated: students log in, pull a lesson, run it, click.

Covers: ``Student``, one student's whole path over HTTP and the kernel's own
messages (log in with the class password, start a server, pull the lessons
through nbgitpuller's API as its link page does, open the lesson, run every
code cell, wait for the first board's drawing, click it, wait for its answer,
then try IOTA's first exercises, each event sent to the class service),
the teacher's page asking for its summary every 2 s meanwhile, and the events
each student sent against those the service stored (none may be lost),
and ``main``, which starts a hub on free loopback ports, runs N students at
the same moment, measures memory per process kind and stops everything it
started by PID. Every request and the whole run have time limits; nothing is
sent anywhere but 127.0.0.1. Not covered: pixels (the browser tests and the
``hub`` test's page check do that).

    python -m kit.classroom.loadtest --students 30 [--hostile 3] [--lesson notebooks/00_welcome.ipynb]

Run as root, every student gets a Unix account of their own (removed when the
run ends); otherwise the hub runs in its one-account demo mode.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Collection
from contextlib import contextmanager
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

try:    # the `load` extra: a class simulation only, so not among the kit's own dependencies
    import psutil
    import requests
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"kit.classroom.loadtest needs {missing.name}, which is not installed here: "
        "pip install -e '.[load]' (psutil, requests, websocket-client)", name=missing.name) from missing

from kit.classroom.accounts import remove_accounts
from kit.classroom.hub import CONFIG, ROOT, Hub, default_branch, default_repo, teacher_page
# One student's path, here for the crowd below and for the tests' imports.
from kit.classroom.students import WELCOME_CLICK, Kernel, Result, Student, crowd_names  # noqa: F401

PROXY = ROOT / "build" / "hub" / "node_modules" / ".bin" / "configurable-http-proxy"


# ---- a hub of its own, on free loopback ports -----------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def free_privileged_port(taken: Collection[int] = (), low: int = 600) -> int:
    """A free port below ip_unprivileged_port_start (root only), not in ``taken``: a test
    hub's internal endpoints are as unbindable by students as a class hub's. From
    ``low`` up, at random, so hubs started at once rarely try the same one."""
    from kit.classroom.walls import unprivileged_port_start

    top = min(unprivileged_port_start(), 1024)
    candidates = [p for p in range(low, top) if p not in taken]
    random.shuffle(candidates)
    for candidate in candidates:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", candidate))
            except OSError:
                continue
            return candidate
    raise RuntimeError(f"no free port between {low} and {top}")


def stop_with_parent() -> None:
    """In the hub's process before exec: SIGTERM when the process that started it dies
    (a load test or pytest killed mid-run), so the hub still stops its servers."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)   # PR_SET_PDEATHSIG
    except OSError:
        pass                                     # not Linux: stop() stays the only way


def as_root() -> bool:
    return os.geteuid() == 0


@contextmanager
def local_hub(place: Path, password: str, python: str = sys.executable, log: Path | None = None,
              demo: bool | None = None, env: dict[str, str] | None = None,
              names: Iterable[str] = ()) -> Iterator[Hub]:
    """Start JupyterHub with deploy/jupyterhub_config.py; yield a ``Hub``; stop it.

    As root (``demo`` False, the default there) students get accounts of their own:
    ``place`` must then be readable by every account (not pytest's tmp folder, which
    is 0700), and the accounts the hub made are removed when it stops; only
    ``names`` (written as the hub's class list, ``place/class.txt``) and the
    teacher may log in, as ``make hub`` requires (``env`` may set KIT_OPEN_CLASS=1
    or a KIT_CLASS_LIST of its own instead). Otherwise the hub runs in its
    one-account demo mode.
    """
    if not PROXY.exists():
        raise RuntimeError(f"no proxy at {PROXY}: run `make hub` once, or "
                           "npm install --prefix build/hub configurable-http-proxy@5")
    demo = not as_root() if demo is None else demo
    ports = {"KIT_HUB_PORT": free_port()}
    for name in ("KIT_HUB_API_PORT", "KIT_PROXY_API_PORT", "KIT_CLASS_PORT"):
        # As a class hub does as root: internal endpoints below 1024, no student binds them.
        ports[name] = free_port() if demo else free_privileged_port(set(ports.values()))
    place.mkdir(parents=True, exist_ok=True)
    place.chmod(0o755)
    state, homes = place / "state", place / ("demo-homes" if demo else "homes")
    sockets = Path("/run") / f"kit-{place.name[-12:]}"    # short: a socket path has 107 bytes
    class_list = place / "class.txt"
    class_list.write_text("".join(f"{name}\n" for name in names), encoding="utf-8")
    env = {**{k: v for k, v in os.environ.items() if k not in ("KIT_CLASS_LIST", "KIT_OPEN_CLASS")},
           **{k: str(v) for k, v in ports.items()}, "KIT_HUB_STATE": str(state),
           "KIT_CLASS_PASSWORD": password,
           "KIT_HUB_HOMES": str(homes), "KIT_HUB_SOCKETS": str(sockets),
           "KIT_HUB_DEMO": "1" if demo else "", "KIT_CLASS_LIST": str(class_list), **(env or {})}
    # The hub's host is localhost: each student's server is on <name>.localhost
    # (an origin of its own; kit.classroom.students resolves those names).
    url = f"http://localhost:{ports['KIT_HUB_PORT']}"
    log = log or place / "hub.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(Path(python).parent / "jupyterhub"), "-f", str(CONFIG)],
                                cwd=place, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True, preexec_fn=stop_with_parent)
    try:
        deadline = time.monotonic() + 300      # the first start builds the student runtime
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"the hub exited:\n{Path(log).read_text()[-3000:]}")
            try:
                if requests.get(url + "/hub/api", timeout=5).ok:
                    break
            except requests.RequestException:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(f"the hub did not answer:\n{Path(log).read_text()[-3000:]}")
            time.sleep(0.5)
        yield Hub(url, proc, state, homes, demo,
                  f"http://127.0.0.1:{ports['KIT_CLASS_PORT']}/services/class/", teacher_page(url),
                  ports)
    finally:
        stop(proc)
        if not demo:
            remove_accounts(homes)
            shutil.rmtree(sockets, ignore_errors=True)


def stop(proc: subprocess.Popen[Any]) -> None:
    """SIGTERM the hub's process group (it stops its servers), then SIGKILL what is left."""
    group = [proc] + _children(proc.pid)
    for sig, wait in ((signal.SIGTERM, 30), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(wait)
            break
        except subprocess.TimeoutExpired:
            continue
    for child in group[1:]:           # servers started in sessions of their own
        try:
            child.kill()
        except psutil.Error:
            pass


def _children(pid: int) -> list[Any]:
    try:
        children: list[Any] = psutil.Process(pid).children(recursive=True)
        return children
    except psutil.Error:
        return []


def _kind(cmd: str) -> str | None:
    return ("kernel" if "ipykernel" in cmd else "server" if "singleuser" in cmd
            else "proxy" if "configurable-http-proxy" in cmd else
            None if "idle_culler" in cmd else "class service" if "kit.classroom.service" in cmd
            else "hub" if "jupyterhub" in cmd else None)


def _by_kind(hub_pid: int, value: Callable[[Any, str], float]) -> dict[str, list[float]]:
    """``value(process, kind)`` of each process the hub started, listed by kind."""
    kinds: dict[str, list[float]] = {"hub": [], "proxy": [], "server": [], "kernel": [],
                                     "class service": []}
    for p in [psutil.Process(hub_pid)] + _children(hub_pid):
        try:
            kind = _kind(" ".join(p.cmdline()))
            if kind:
                kinds[kind].append(value(p, kind))
        except psutil.Error:
            continue
    return kinds


def memory(hub_pid: int, measure: str = "pss") -> dict[str, list[float]]:
    """Memory (MiB) of each process the hub started, by kind: ``pss`` counts shared
    pages split among their users (what a student adds), ``rss`` counts them whole."""
    return _by_kind(hub_pid, lambda p, _kind: getattr(p.memory_full_info(), measure) / 2**20)


def cpu_seconds(hub_pid: int) -> dict[str, list[float]]:
    """CPU-seconds (user + system) each process the hub started has used so far, by
    kind: where a cold class's time goes. A server's count takes in the children it
    has waited for (the git pull of nbgitpuller), not its live kernel, which is
    counted as a kernel; the hub's is its own only (its children are the rest)."""
    def used(p: Any, kind: str) -> float:
        t = p.cpu_times()
        own = float(t.user + t.system)
        return own if kind == "hub" else own + float(t.children_user + t.children_system)
    return _by_kind(hub_pid, used)


class MemoryGuard(threading.Thread):
    """Samples the machine's free memory; below ``floor_mib`` it stops the hub.

    The machine is shared: a class too big for it must fail here, not push
    other programs out of memory. ``tripped`` says whether it had to.
    """

    def __init__(self, hub: subprocess.Popen[Any], floor_mib: float, every: float = 2.0) -> None:
        super().__init__(daemon=True)
        self.hub, self.floor, self.every = hub, floor_mib, every
        self.lowest = psutil.virtual_memory().available / 2**20
        self.tripped = False
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(self.every):
            free = psutil.virtual_memory().available / 2**20
            self.lowest = min(self.lowest, free)
            if free < self.floor:
                self.tripped = True
                stop(self.hub)
                return


def warm_class(hub: Hub, names: list[str], lesson: str, within: float) -> float:
    """Wait until the hub's warm service has every student's server warm; seconds it took."""
    from kit.classroom.warm import TOKEN_FILE, Warmer
    token = (hub.state / TOKEN_FILE).read_text().strip()
    warmer = Warmer(f"http://127.0.0.1:{hub.ports['KIT_HUB_API_PORT']}/hub/api", token,
                    f"http://127.0.0.1:{hub.ports['KIT_HUB_PORT']}", lesson=lesson)
    return warmer.wait_warm(names, within)


def run_class(url: str, students: int, password: str, lesson: str, *, repo: str,
              branch: str, timeout: float, pace: float = 0.0) -> list[Result]:
    """All students at the same moment (threads released together); their Results."""
    crowd = [Student(url, name, password, lesson, repo=repo, branch=branch,
                     timeout=timeout, pace=pace) for name in crowd_names(students)]
    gate = threading.Barrier(len(crowd))
    threads = [threading.Thread(target=lambda s=s: (gate.wait(), s.run()), daemon=True)
               for s in crowd]
    for t in threads:
        t.start()
    end = time.monotonic() + timeout + 60
    for t in threads:
        t.join(max(0.0, end - time.monotonic()))
    return [s.result for s in crowd]


class TeacherWatching(threading.Thread):
    """The teacher's page during the run: its summary asked every ``every`` seconds,
    as the page does; ``times`` are the answers' seconds, ``failures`` the ones that failed."""

    def __init__(self, hub: Hub, name: str, password: str, every: float = 2.0) -> None:
        super().__init__(daemon=True)
        teacher = Student(hub.url, name, password, "", repo="", branch="")
        teacher.log_in()
        self.http, self.url, self.every = teacher.http, hub.teacher_page + "api/summary", every
        self.times: list[float] = []
        self.failures: list[str] = []
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(self.every):
            t = time.monotonic()
            try:
                self.http.get(self.url, timeout=30).raise_for_status()
                self.times.append(time.monotonic() - t)
            except requests.RequestException as exc:
                self.failures.append(str(exc)[:200])

    def figures(self) -> dict[str, Any]:
        times = sorted(self.times)
        return {"asked": len(times) + len(self.failures), "failed": len(self.failures),
                "median_s": round(statistics.median(times), 3) if times else None,
                "worst_s": round(times[-1], 3) if times else None}


def events_received(hub: Hub, names: list[str]) -> dict[str, int]:
    """Events the class service stored for each student (its SQLite file, read as root)."""
    from kit.classroom.eventstore import Store
    store = Store(f"sqlite:///{hub.state / 'class.sqlite'}")
    return {name: store.count(name) for name in names}


def summary(results: list[Result], mem: dict[str, list[float]],
            rss: dict[str, list[float]] | None = None) -> dict[str, Any]:
    firsts = sorted(r.first_board for r in results if r.ok and r.first_board is not None)
    failures: dict[str, list[str]] = {}
    for r in results:
        if not r.ok:
            failures.setdefault(f"{r.failed_at}: {r.error[:160]}", []).append(r.name)
    per = {k: (round(statistics.median(v), 1) if v else None) for k, v in mem.items()}
    # PSS: shared library pages split among the processes using them.
    return {"students": len(results), "succeeded": sum(r.ok for r in results),
            "first_board_median_s": round(statistics.median(firsts), 1) if firsts else None,
            "first_board_worst_s": round(firsts[-1], 1) if firsts else None,
            "memory_median_mib": per,
            "memory_total_mib": {k: round(sum(v)) for k, v in mem.items()},
            "memory_rss_median_mib": {k: (round(statistics.median(v), 1) if v else None)
                                      for k, v in (rss or {}).items()},
            "load_average": [round(x, 1) for x in os.getloadavg()],
            "failures": failures,
            "answers": sorted({r.answer for r in results if r.answer}),
            "events_sent": sum(r.events_sent for r in results),
            "steps_median_s": {step: round(statistics.median(
                r.steps[step] for r in results if step in r.steps), 1)
                for step in results[0].steps} if results else {}}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--lesson", default="notebooks/00_welcome.ipynb")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per student")
    ap.add_argument("--repo", default=None)
    ap.add_argument("--branch", default=None)
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--hub-log", type=Path, help="keep the hub's log (and its servers') here")
    ap.add_argument("--memory-floor", type=float, default=4096,
                    help="MiB of free memory below which the run stops the hub (default 4096)")
    ap.add_argument("--pace", type=float, default=2.0,
                    help="seconds between a student's exercise tries, on average (default 2)")
    ap.add_argument("--watch", type=Path, metavar="DIR",
                    help="the teacher's page in Chromium meanwhile: screenshots into DIR, and checked")
    ap.add_argument("--warm", action="store_true",
                    help="warm servers: the hub starts every student's server first (KIT_WARM=1, "
                         "kit.classroom.warm); the students log in once all are warm")
    ap.add_argument("--hostile", type=int, default=0,
                    help="of the students, how many attack the others (kit.classroom.hostile)")
    args = ap.parse_args(argv)
    password = secrets.token_urlsafe(12)
    load_before = [round(x, 1) for x in os.getloadavg()]
    teacher = {"KIT_TEACHER": "teacher", "KIT_TEACHER_PASSWORD": secrets.token_urlsafe(16)}
    if args.warm:
        teacher.update({"KIT_WARM": "1", "KIT_WARM_LESSON": args.lesson})
    with tempfile.TemporaryDirectory(prefix="kit-hub-") as tmp:
        names = (crowd_names(args.students - args.hostile) + crowd_names(args.hostile, "hostile")
                 if args.hostile else crowd_names(args.students))
        with local_hub(Path(tmp), password, log=args.hub_log, env=teacher, names=names) as hub:
            guard = MemoryGuard(hub.proc, args.memory_floor)
            guard.start()
            warming = warm_class(hub, names, args.lesson, args.timeout) if args.warm else None
            t = time.monotonic()
            repo, branch = args.repo or default_repo(), args.branch or default_branch()
            if args.hostile:
                from kit.classroom.hostile import describe, hostile_class
                report = hostile_class(hub, args.students - args.hostile, args.hostile, password,
                                       args.lesson, repo=repo, branch=branch,
                                       timeout=args.timeout,
                                       secrets=(password, teacher["KIT_TEACHER_PASSWORD"]))
            else:
                watching = TeacherWatching(hub, teacher["KIT_TEACHER"], teacher["KIT_TEACHER_PASSWORD"])
                watching.start()
                if args.watch:      # the teacher's page in Chromium meanwhile (this thread drives it)
                    from kit.classroom.pagewatch import watch
                    crowd: list[list[Result]] = []
                    finished = threading.Event()
                    def work() -> None:
                        try:
                            crowd.append(run_class(hub.url, args.students, password, args.lesson,
                                                   repo=repo, branch=branch, timeout=args.timeout,
                                                   pace=args.pace))
                        finally:
                            finished.set()
                    worker = threading.Thread(target=work, daemon=True)
                    worker.start()
                    page = watch(hub.url, teacher["KIT_TEACHER"], teacher["KIT_TEACHER_PASSWORD"],
                                 args.watch, finished,
                                 crowd_names(args.students))
                    results = crowd[0]
                else:
                    results = run_class(hub.url, args.students, password, args.lesson, repo=repo,
                                        branch=branch, timeout=args.timeout, pace=args.pace)
                watching.done.set()
                received = events_received(hub, [r.name for r in results])
            wall = time.monotonic() - t
            alive = hub.proc.poll() is None
            mem = memory(hub.proc.pid) if alive else {}
            rss = memory(hub.proc.pid, "rss") if alive else {}
            cpu = cpu_seconds(hub.proc.pid) if alive else {}
            guard.done.set()
    extra = dict(wall_s=round(wall, 1), load_average_before=load_before, lesson=args.lesson,
                 free_memory_lowest_mib=round(guard.lowest), memory_guard_tripped=guard.tripped,
                 machine_memory_mib=round(psutil.virtual_memory().total / 2**20),
                 accounts=not hub.demo, warm=args.warm,
                 cpu_median_s={k: (round(statistics.median(v), 2) if v else None) for k, v in cpu.items()},
                 cpu_total_s={k: round(sum(v), 1) for k, v in cpu.items()},
                 **({"warming_s": round(warming, 1)} if warming is not None else {}))
    if args.hostile:
        out = {**report, **extra, "memory_median_mib": {
            k: (round(statistics.median(v), 1) if v else None) for k, v in mem.items()}}
        print(describe(report))
        ok = report["passed"]
    else:
        out = {**summary(results, mem, rss), **extra, "teacher_page": watching.figures(),
               "events_received": sum(received.values()),
               **({"teacher_page_in_chromium": page} if args.watch else {}),
               "events_lost": {r.name: r.events_sent - received[r.name] for r in results
                               if r.events_sent != received[r.name]}}
        ok = out["succeeded"] == out["students"] and not out["events_lost"] and (
            not args.watch or page["cells_right"] == page["cells_expected"])
    text = json.dumps(out, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
