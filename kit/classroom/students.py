"""One simulated student on the class hub: their whole path over HTTP and the kernel's messages.

Covers ``Student`` (log in, start a server, pull the lessons through
nbgitpuller's API as its link page does, open the lesson, run every code cell,
wait for the first board's drawing, click it, wait for its answer; ``run()``
records instead of raising), ``crowd_names``, ``Kernel`` (a kernel's websocket as a page's
notebook uses it) and ``Result``. Every request has a time limit; nothing is
sent anywhere but the hub given. Not covered: starting a hub or a crowd
(kit.classroom.loadtest), hostile students (kit.classroom.hostile), pixels.

Each student's server is on a host of its own (``<name>.localhost``, JupyterHub's
``subdomain_host``): ``user_url`` asks the hub for it. Python's resolver (glibc
without systemd-resolved) does not know ``*.localhost``, which RFC 6761 reserves
for loopback, so importing this module makes this process resolve those names
to 127.0.0.1 itself (``resolve_localhost``), as Chromium and Firefox do; nothing
in /etc/hosts changes and every other name resolves as before.
"""

from __future__ import annotations

import json
import re
import socket
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

try:    # the `load` extra: a class simulation only, so not among the kit's own dependencies
    import requests
    import websocket
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"kit.classroom.students needs {missing.name}, which is not installed here: "
        "pip install -e '.[load]' (psutil, requests, websocket-client)", name=missing.name) from missing

from kit.classroom import gitpull
from kit.classroom.gitpull import TARGET
from kit.lessons.welcome import CELL, MARGIN

def crowd_names(students: int, prefix: str = "student") -> list[str]:
    """The log-in names of a simulated class (student01, student02, ...): the
    crowd's and the class list the test hub is given."""
    return [f"{prefix}{i:02d}" for i in range(1, students + 1)]


_getaddrinfo = socket.getaddrinfo


def _loopback_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if isinstance(host, str) and ("." + host.rstrip(".").lower()).endswith(".localhost"):
        # RFC 6761 6.3: localhost and every name under it is loopback; the hub
        # listens on IPv4 only, so not ::1 first (a refused try each time).
        host = "127.0.0.1"
    return _getaddrinfo(host, *args, **kwargs)


def resolve_localhost() -> None:
    """Resolve ``*.localhost`` to 127.0.0.1 in this process (once; idempotent)."""
    socket.getaddrinfo = _loopback_getaddrinfo


resolve_localhost()

# The welcome board's square (row 2, column 3), in canvas pixels (pixel ratio 2).
WELCOME_CLICK = (2 * (MARGIN + 3 * CELL + CELL / 2), 2 * (MARGIN + 2 * CELL + CELL / 2))


@dataclass
class Result:
    name: str
    ok: bool = False
    failed_at: str = ""
    error: str = ""
    steps: dict[str, float] = field(default_factory=dict)   # step -> seconds since the start
    answer: str = ""                             # the board's words after the click
    events_sent: int = 0                         # exercise events the lesson recorded (and sent)
    events_pending: int = -1                     # of those, not acknowledged by the class service

    @property
    def first_board(self) -> float | None:
        return self.steps.get("first board drawn")


#: What each simulated student does after the lesson: 7 exercise events (IOTA's
#: lesson 1: line 1 valid, line 2 invalid, line 3 valid), a pause between tries
#: (``pace``: seconds on average, drawn from a generator seeded by the student's
#: name, so a run is the same each time), then waits for the events to be sent.
EXERCISES = """
import random, time
from kit.lessons import iota as lesson
from kit.lessons import outbox, record
pause = random.Random({name!r})
def think():
    time.sleep(pause.uniform(0, 2 * {pace!r}))
progress = lesson.Progress("Meet IOTA")
ex = {{n: lesson.exercise(f"line {{n}}", progress) for n in (1, 2, 3)}}
for step in (lambda: ex[1].submit("invalid"), ex[1].hint, lambda: ex[1].submit("valid"),
             lambda: ex[2].submit("valid"), ex[2].show, lambda: ex[2].submit("invalid"),
             lambda: ex[3].submit("valid")):
    think()
    step()
outbox.flush(120)
mine = [e for e in record.load()["events"] if e["lesson"] == "iota/Meet IOTA"]
print(len(mine), outbox.pending())
"""
EVENTS_EACH = 7


class Student:
    """One student's path through the hub; ``run()`` never raises, it records."""

    def __init__(self, hub: str, name: str, password: str, lesson: str, *,
                 repo: str, branch: str, click: tuple[float, float] = WELCOME_CLICK, timeout: float = 600,
                 pace: float = 0.0) -> None:
        self.hub, self.name, self.password, self.lesson = hub.rstrip("/"), name, password, lesson
        self.repo, self.branch, self.click, self.timeout = repo, branch, click, timeout
        self.pace = pace             # seconds between exercise tries, on average
        self.http = requests.Session()
        self.token = ""
        self.server = ""             # the server's own URL, http://<name>.localhost:PORT/user/<name>/
        self.kernel_id = ""          # the lesson's kernel, once started
        self.result = Result(name)
        self.t0 = 0.0
        self.step = "start"

    def mark(self, step: str) -> None:
        self.result.steps[step] = round(time.monotonic() - self.t0, 3)

    def run(self) -> Result:
        self.t0 = time.monotonic()
        try:
            for step in self.path():
                self.step = step.__name__
                step()
            self.result.ok = True
        except Exception as exc:
            self.result.failed_at, self.result.error = self.step, f"{type(exc).__name__}: {exc}"
        return self.result

    def path(self) -> tuple[Callable[[], None], ...]:
        """The steps ``run`` takes, in order."""
        return self.log_in, self.start_server, self.pull_lessons, self.run_lesson, self.try_exercises

    # ---- the hub --------------------------------------------------------------
    def log_in(self) -> None:
        self.http.get(f"{self.hub}/hub/login", timeout=60).raise_for_status()
        xsrf = self.http.cookies.get("_xsrf", "")
        r = self.http.post(f"{self.hub}/hub/login", allow_redirects=False, timeout=120,
                           data={"username": self.name, "password": self.password, "_xsrf": xsrf})
        if r.status_code != 302:
            raise RuntimeError(f"log-in refused: HTTP {r.status_code}")
        self.keep_session_cookie()
        # A token for the API calls a page would make with its cookie.
        r = self.http.post(f"{self.hub}/hub/api/users/{self.name}/tokens", timeout=60,
                           headers={"X-XSRFToken": self.http.cookies.get("_xsrf", xsrf) or ""},
                           json={"note": "class check", "expires_in": 3600})
        r.raise_for_status()
        self.token = r.json()["token"]
        self.http.headers["Authorization"] = f"token {self.token}"
        self.mark("logged in")

    def keep_session_cookie(self) -> None:
        """Send the hub's session cookie back to the hub itself, as a browser does.

        With a server per host the hub sets it for the whole domain (``Domain=localhost``,
        so every server sees the session); Python's cookie jar files a dotless host
        as ``localhost.local`` and would never send that cookie to the hub, whose
        XSRF check is bound to it. A copy for the hub's own host fixes that."""
        host = self.hub.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]
        if "." in host:
            return                       # a dotted host: the jar matches it as it is
        jar: Any = self.http.cookies      # iterates Cookie objects (typeshed says str)
        for cookie in list(jar):
            if cookie.domain == f".{host}":
                self.http.cookies.set(cookie.name, cookie.value, domain=f"{host}.local",
                                      path=cookie.path)

    def start_server(self) -> None:
        """What the hub's spawn page does: ask for the server, then follow the
        hub's progress stream until it says ready.

        A browser opens that one event stream (``.../server/progress``), not a
        poll of the user's whole model, which every second for 30 students made
        1,500 requests of the hub in one cold class (load the class would not put
        on it; deploy/sizing.md)."""
        r = self.http.post(f"{self.hub}/hub/api/users/{self.name}/server", timeout=120)
        if r.status_code not in (201, 202, 400):   # 400: already running
            raise RuntimeError(f"spawn refused: HTTP {r.status_code} {r.text[:200]}")
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            event = self.follow_progress(deadline)
            if event.get("failed"):
                raise RuntimeError("the server stopped while starting (see the hub's log): "
                                   + str(event.get("message", ""))[:200])
            server = event
            if not event.get("ready"):
                # The stream ended without a verdict (the spawn finished before it was
                # opened, or the stream was cut): the user's model says which.
                user = self.http.get(f"{self.hub}/hub/api/users/{self.name}", timeout=60).json()
                server = user.get("servers", {}).get("") or {}
                if not server and not user.get("pending"):
                    raise RuntimeError("the server stopped while starting (see the hub's log)")
            if server.get("ready"):
                self.server = self.server_address(server)
                self.mark("server ready")
                return
            time.sleep(1)
        raise TimeoutError("server not ready in time")

    def follow_progress(self, deadline: float) -> dict[str, Any]:
        """The last event of the hub's progress stream for this student's server
        (``{"ready": true, "url": ...}`` or ``{"failed": true, ...}``), or ``{}``."""
        last: dict[str, Any] = {}
        wait = max(1.0, deadline - time.monotonic())
        with self.http.get(f"{self.hub}/hub/api/users/{self.name}/server/progress",
                           headers={"Accept": "text/event-stream"}, stream=True,
                           timeout=(60, wait)) as r:
            if r.status_code != 200:
                return {}
            for raw in r.iter_lines(decode_unicode=True):
                line = raw.decode() if isinstance(raw, bytes) else raw
                if not line or not line.startswith("data:"):
                    continue                       # keep-alive comments, blank separators
                try:
                    last = json.loads(line[len("data:"):])
                except ValueError:
                    continue
                if last.get("ready") or last.get("failed"):
                    break
        return last

    def stop_server(self, wait: float = 120) -> None:
        """Stop this student's server (their files stay), as the hub's Stop button does."""
        r = self.http.delete(f"{self.hub}/hub/api/users/{self.name}/server", timeout=60)
        if r.status_code not in (202, 204):
            raise RuntimeError(f"stop refused: HTTP {r.status_code} {r.text[:200]}")
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            user = self.http.get(f"{self.hub}/hub/api/users/{self.name}", timeout=60).json()
            if not user.get("servers") and not user.get("pending"):
                return
            time.sleep(0.5)
        raise TimeoutError(f"{self.name}'s server did not stop")

    def server_address(self, server: dict[str, Any]) -> str:
        """The server's URL as the hub gives it: a full URL on the server's own
        host with subdomains, a path on the hub's host without."""
        url = server.get("url") or f"/user/{self.name}/"
        return url if "://" in url else self.hub + url

    def user_url(self, path: str) -> str:
        """``path`` on this student's server, on the host the hub gave it (asked
        once the server runs; before that, the hub's own host)."""
        if not self.server:
            user = self.http.get(f"{self.hub}/hub/api/users/{self.name}", timeout=60)
            server = user.json().get("servers", {}).get("") if user.ok else None
            if not server:
                return f"{self.hub}/user/{self.name}/{path}"
            self.server = self.server_address(server)
        return self.server.rstrip("/") + "/" + path

    def pull_lessons(self) -> None:
        """What the nbgitpuller link's page does: its event stream, until it finishes."""
        with self.http.get(self.user_url(gitpull.API), params=gitpull.params(self.repo, self.branch),
                           stream=True, timeout=300) as r:
            r.raise_for_status()
            gitpull.follow(r.iter_lines(decode_unicode=True))
        self.mark("lessons pulled")

    # ---- the lesson, through the kernel ----------------------------------------
    def run_lesson(self) -> None:
        path = f"{TARGET}/{self.lesson}"
        nb = self.http.get(self.user_url(f"api/contents/{path}"), timeout=120)
        nb.raise_for_status()
        cells = [c["source"] for c in nb.json()["content"]["cells"] if c["cell_type"] == "code"]
        r = self.http.post(self.user_url("api/sessions"), timeout=120,
                           json={"path": path, "type": "notebook", "name": "",
                                 "kernel": {"name": "python3"}})
        r.raise_for_status()
        self.kernel_id = r.json()["kernel"]["id"]
        kernel = Kernel(self.user_url(f"api/kernels/{self.kernel_id}/channels"),
                        self.token, self.name, self)
        try:
            for source in cells:
                kernel.execute(source)
            if kernel.canvas is None:
                raise RuntimeError("the lesson drew no board")
            self.step = "click"
            self.result.answer = kernel.click(*self.click)
            self.mark("board answered")
        finally:
            kernel.close()

    def try_exercises(self) -> None:
        """In the lesson's kernel: IOTA's first exercises, wrong, hinted, shown and right
        (EXERCISES), each event recorded and sent to the class service; then wait
        until the service has acknowledged them all."""
        kernel = Kernel(self.user_url(f"api/kernels/{self.kernel_id}/channels"),
                        self.token, self.name, self)
        try:
            printed, error = kernel.run(EXERCISES.format(name=self.name, pace=self.pace),
                                        wait=self.timeout)
        finally:
            kernel.close()
        if error:
            raise RuntimeError(f"the exercises failed: {error[-300:]}")
        self.result.events_sent, self.result.events_pending = map(int, printed.split()[-2:])
        self.mark("exercises sent")


class Kernel:
    """The kernel's websocket, as a page's notebook uses it (the legacy JSON protocol)."""

    def __init__(self, url: str, token: str, user: str, student: Student) -> None:
        self.ws = websocket.create_connection(
            url.replace("http", "ws", 1) + f"?session_id={uuid.uuid4().hex}",
            header=[f"Authorization: token {token}"], timeout=300)
        self.session, self.user, self.student = uuid.uuid4().hex, user, student
        self.canvas = None        # the first canvas' comm id
        self.statuses: list[str] = []        # comm ids of HTML widgets (a board's status line)

    def send(self, msg_type: str, content: dict[str, Any], channel: str = "shell") -> str:
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "username": self.user, "session": self.session,
                       "msg_type": msg_type, "version": "5.3"},
            "parent_header": {}, "metadata": {}, "content": content, "channel": channel,
            "buffers": []}))
        return msg_id

    def receive(self) -> dict[str, Any]:
        frame = self.ws.recv()
        if isinstance(frame, bytes):      # a message with buffers: offsets, then the JSON
            count = int.from_bytes(frame[:4], "big")
            offsets = [int.from_bytes(frame[4 + 4 * i:8 + 4 * i], "big") for i in range(count)]
            end = offsets[1] if count > 1 else len(frame)
            message: dict[str, Any] = json.loads(frame[offsets[0]:end])
        else:
            message = json.loads(frame)
        return message

    def watch(self, msg: dict[str, Any]) -> None:
        kind, content = msg["header"]["msg_type"], msg.get("content", {})
        if kind == "comm_open":
            model = content.get("data", {}).get("state", {}).get("_model_name")
            if model == "CanvasModel" and self.canvas is None:
                self.canvas = content["comm_id"]
        elif kind == "comm_msg" and content.get("data", {}).get("method") == "custom":
            if "first board drawn" not in self.student.result.steps:
                self.student.mark("first board drawn")

    def execute(self, source: str) -> None:
        _, error = self.run(source)
        if error:
            raise RuntimeError(f"cell failed: {error}")

    def run(self, source: str, wait: float | None = None) -> tuple[str, str]:
        """Run a cell; (what it printed, its error as "Name: value" or "")."""
        msg_id = self.send("execute_request", {"code": source, "silent": False,
                                               "store_history": True, "allow_stdin": False,
                                               "stop_on_error": True})
        printed, error = [], ""
        replied = idle = False
        deadline = None if wait is None else time.monotonic() + wait
        while deadline is None or time.monotonic() < deadline:
            try:
                if deadline is not None:          # a kernel killed mid-cell sends nothing more
                    self.ws.settimeout(max(0.5, deadline - time.monotonic()))
                msg = self.receive()
            except websocket.WebSocketTimeoutException:
                break
            finally:
                self.ws.settimeout(300)
            self.watch(msg)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = msg["header"]["msg_type"], msg.get("content", {})
            if kind == "stream":
                printed.append(content.get("text", ""))
            elif kind == "error":
                error = f"{content['ename']}: {content['evalue']}"
            elif kind == "execute_reply":
                replied = True
            elif kind == "status" and content.get("execution_state") == "idle":
                idle = True
            # The reply (shell channel) may overtake the cell's printing (iopub):
            # the cell is done when both its reply and its "idle" have come.
            if replied and idle:
                return "".join(printed), error
        raise TimeoutError("the cell did not finish in time")

    def click(self, x: float, y: float, wait: float = 60) -> str:
        """A mouse press on the first board; returns the status text it answers with."""
        click = self.send("comm_msg", {"comm_id": self.canvas, "data": {
            "method": "custom", "content": {"event": "mouse_down", "x": x, "y": y}}})
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            msg = self.receive()
            if msg.get("parent_header", {}).get("msg_id") != click:
                continue                      # not caused by this click
            state = msg.get("content", {}).get("data", {}).get("state", {})
            if msg["header"]["msg_type"] == "comm_msg" and isinstance(state.get("value"), str):
                text = re.sub(r"<[^>]+>", "", state["value"]).strip()
                if text:
                    return text
        raise TimeoutError("the board did not answer the click")

    def close(self) -> None:
        self.ws.close()
