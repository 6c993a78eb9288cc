"""A hostile class on the hub: honest students alone, then again beside hostile ones.

Covers ``hostile_class``, the load test's ``--hostile N``. It runs in two rounds
on one hub:

1. **alone**: the honest students, all at the same moment, as the plain load
   test does (log in, start a server, pull the lessons, run the welcome
   lesson, click its board); their notebooks are fingerprinted; they stop
   their servers (their files stay), as after a lesson;
2. **with the hostile ones**: the hostile students log in the same way, then
   from their own kernels start a busy loop on every core (kept for the whole
   round) and take memory until refused (kept too), after sending the class
   service poison events (kit.classroom.attacks) and filling their home's disk
   until refused (kept full); then the honest students start again and save
   beside them. Once the honest servers are up, each hostile student reads
   and tries to overwrite another student's notebook, reads the teacher's
   and the hub's files, connects to every port another account listens on
   (other students' servers and kernels' pipes: the walls must refuse them)
   and tries to bind the hub's internal ports, sends ``kill -9`` to every
   process it can see, and
   last starts a fork bomb (last, because a bomb at the task limit leaves
   its kernel unable to start a thread).

The report says how many honest students reached their board in each round,
their time to the first board (median and worst) in each, every hostile
action and whether it was denied or contained, and whether the hub, the
proxy, every honest kernel and every honest notebook survived. The attacks
themselves are kit.classroom.attacks. Not covered: starting the hub
(kit.classroom.loadtest.local_hub) and what a browser shows.
"""

from __future__ import annotations

import hashlib
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import psutil

from kit.classroom import attacks
from kit.classroom.hub import ROOT, TARGET, Hub
from kit.classroom.students import Kernel, Result, Student, crowd_names


WAIT_FOR_HONEST = 600.0     # seconds the hostile ones wait for the honest servers at most


class HostileStudent(Student):
    """Logs in like any student, then attacks from its own kernel (``outcomes``)."""

    def __init__(self, *args: Any, targets: attacks.Targets, underway: threading.Event,
                 go: threading.Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.targets, self.underway, self.go = targets, underway, go
        self.outcomes: list[attacks.Outcome] = []

    def path(self) -> tuple[Callable[[], None], ...]:
        return self.log_in, self.start_server, self.pull_lessons, self.attack

    def run(self) -> Result:
        try:
            return super().run()
        finally:
            self.underway.set()        # never hold the honest students back, even on failure

    def attack(self) -> None:
        path = f"{TARGET}/{self.lesson}"
        r = self.http.post(self.user_url("api/sessions"), timeout=120,
                           json={"path": path, "type": "notebook", "name": "",
                                 "kernel": {"name": "python3"}})
        r.raise_for_status()
        kernel = Kernel(self.user_url(f"api/kernels/{r.json()['kernel']['id']}/channels"),
                        self.token, self.name, self)
        try:
            # The poison first, while the kernel still has memory to build it in.
            # The disk filled before the memory is hoarded too: at the data limit even
            # the fill's 1 MiB block could not be made (MemoryError, not a refusal),
            # and the honest students then save beside a full home.
            first, later = (("poison events", "fill the disk", "busy loop", "memory"),
                            ("read another student's work", "hub and teacher files",
                             "reach another student's ports", "kill", "fork bomb"))
            for action in first:
                self.one(kernel, action)
            self.underway.set()
            self.go.wait(WAIT_FOR_HONEST)
            for action in later:
                self.one(kernel, action)
        finally:
            kernel.close()

    def one(self, kernel: Kernel, action: str) -> None:
        self.step = action
        printed, error = kernel.run(attacks.code(action, self.targets), wait=300)
        try:
            outcome = attacks.outcome(printed)
        except ValueError:
            outcome = attacks.Outcome(action, False, f"no report: {error or printed[-300:]}", {})
        self.outcomes.append(outcome)
        self.mark(action)


def fingerprint(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        return f"unreadable: {exc}"


def run_together(crowd: list[Student]) -> None:
    gate = threading.Barrier(len(crowd))
    threads = [threading.Thread(target=lambda s=s: (gate.wait(), s.run()), daemon=True)
               for s in crowd]
    for t in threads:
        t.start()
    for t in threads:
        t.join(max(s.timeout for s in crowd) + 120)


def board_times(results: list[Result]) -> dict[str, Any]:
    firsts = sorted(r.first_board for r in results if r.ok and r.first_board is not None)
    return {"succeeded": sum(r.ok for r in results), "of": len(results),
            "first_board_median_s": round(statistics.median(firsts), 1) if firsts else None,
            "first_board_worst_s": round(firsts[-1], 1) if firsts else None,
            "failures": {r.name: f"{r.failed_at}: {r.error[:200]}" for r in results if not r.ok}}


def kernel_alive(student: Student) -> bool:
    """The kernel the student's lesson ran in still answers its server."""
    if not student.kernel_id:
        return False
    r = student.http.get(student.user_url(f"api/kernels/{student.kernel_id}"), timeout=60)
    return r.ok and r.json().get("execution_state") not in (None, "dead")


def proxy_alive(hub: Hub) -> bool:
    try:
        return any("configurable-http-proxy" in " ".join(p.cmdline())
                   for p in psutil.Process(hub.proc.pid).children(recursive=True))
    except psutil.Error:
        return False


def targets_for(hub: Hub, victim: str, lesson: str, secrets: tuple[str, ...]) -> attacks.Targets:
    teacher = [ROOT / "build" / "handouts" / "teacher"]
    teacher += sorted((ROOT / "grading" / "source").glob("*/*.ipynb"))[:1]
    return attacks.Targets(
        victim_home=str(hub.home(victim)),
        victim_notebook=str(hub.home(victim) / TARGET / lesson),
        teacher_files=tuple(str(p) for p in teacher),
        hub_secrets=tuple(str(hub.state / name) for name in
                          ("jupyterhub.sqlite", "jupyterhub_cookie_secret", "passwords.dbm")),
        secret_values=secrets,
        open_ports=tuple(hub.ports[name] for name in ("KIT_HUB_PORT", "KIT_HUB_API_PORT", "KIT_CLASS_PORT")
                         if name in hub.ports),
        internal_ports=tuple(hub.ports[name] for name in ("KIT_HUB_API_PORT", "KIT_PROXY_API_PORT",
                                                          "KIT_CLASS_PORT") if name in hub.ports))


def hostile_class(hub: Hub, honest: int, hostile: int, password: str, lesson: str, *,
                  repo: str, branch: str, timeout: float,
                  secrets: tuple[str, ...] = ()) -> dict[str, Any]:
    """The two rounds; the report (see the module docstring)."""
    def crowd() -> list[Student]:
        return [Student(hub.url, name, password, lesson, repo=repo, branch=branch,
                        timeout=timeout) for name in crowd_names(honest)]

    alone = crowd()
    run_together(alone)
    notebooks = {s.name: hub.home(s.name) / TARGET / lesson for s in alone}
    before = {name: fingerprint(path) for name, path in notebooks.items()}
    for s in alone:
        if s.token:
            s.stop_server()

    underway = [threading.Event() for _ in range(hostile)]
    go = threading.Event()
    attackers = [HostileStudent(hub.url, name, password, lesson, repo=repo,
                                branch=branch, timeout=timeout, underway=underway[i], go=go,
                                targets=targets_for(hub, alone[i % honest].name, lesson, secrets))
                 for i, name in enumerate(crowd_names(hostile, "hostile"))]
    threads = [threading.Thread(target=a.run, daemon=True) for a in attackers]
    for t in threads:
        t.start()
    for event in underway:
        event.wait(timeout)

    beside = crowd()
    def release_when_up() -> None:
        deadline = time.monotonic() + WAIT_FOR_HONEST
        while time.monotonic() < deadline and not all(
                "server ready" in s.result.steps or s.result.failed_at for s in beside):
            time.sleep(0.5)
        go.set()
    threading.Thread(target=release_when_up, daemon=True).start()
    run_together(beside)
    go.set()
    for t in threads:
        t.join(timeout)

    survived = {
        "hub": hub.proc.poll() is None,
        "proxy": proxy_alive(hub),
        "honest_kernels": sum(kernel_alive(s) for s in beside if s.result.ok),
        "honest_kernels_of": sum(s.result.ok for s in beside),
        "honest_notebooks_unchanged": sum(fingerprint(p) == before[n] for n, p in notebooks.items()),
        "honest_notebooks_of": len(notebooks),
    }
    times = {"alone": board_times([s.result for s in alone]),
             "with_hostile": board_times([s.result for s in beside])}
    actions = [{"student": a.name, **asdict(o)} for a in attackers for o in a.outcomes]
    for action in actions:
        if action["action"] == "busy loop":
            # Never refused, only contained: every honest student still reached
            # their board beside it (the times say how much slower).
            action["denied"] = times["with_hostile"]["succeeded"] == honest
            action["detail"] += (f"; contained: {times['with_hostile']['succeeded']} of {honest} "
                                 f"honest students reached their board beside it")
    report: dict[str, Any] = {
        "honest": honest, "hostile": hostile, **times,
        "hostile_students": {a.name: {"reached": a.step, "error": a.result.error}
                             for a in attackers},
        "actions": actions,
        "survived": survived,
    }
    report["passed"] = (
        report["with_hostile"]["succeeded"] == honest
        and len(actions) == hostile * len(attacks.ACTIONS)
        and all(a["denied"] for a in actions)
        and survived["hub"] and survived["proxy"]
        and survived["honest_kernels"] == survived["honest_kernels_of"] == honest
        and survived["honest_notebooks_unchanged"] == honest)
    return report


def describe(report: dict[str, Any]) -> str:
    """The report for a person, one line a fact."""
    lines = []
    for key, label in (("alone", "honest students alone"), ("with_hostile", "beside the hostile")):
        r = report[key]
        lines.append(f"{label}: {r['succeeded']} of {r['of']} reached their board; first board "
                     f"median {r['first_board_median_s']} s, worst {r['first_board_worst_s']} s")
    for a in report["actions"]:
        lines.append(f"  {a['student']} {a['action']}: "
                     f"{'denied' if a['denied'] else 'NOT DENIED'} ({a['detail']})")
    s = report["survived"]
    lines.append(f"survived: hub {s['hub']}, proxy {s['proxy']}, honest kernels "
                 f"{s['honest_kernels']} of {s['honest_kernels_of']}, honest notebooks unchanged "
                 f"{s['honest_notebooks_unchanged']} of {s['honest_notebooks_of']}")
    lines.append("PASSED" if report["passed"] else "FAILED")
    return "\n".join(lines)
