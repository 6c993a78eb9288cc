"""Warm servers before class: every listed student's server started ahead of the lesson.

Covers: the ``warm`` service of the class hub (deploy/jupyterhub_config.py): a
token whose role (``role``) holds only ``servers!user=<name>`` and
``access:servers!user=<name>`` for each student on the class list (never the
teacher's, the admin's or anyone else's; no admin scope); and ``Warmer``, which
with that token starts each student's server (the spawner makes the account),
pulls the lessons into it with nbgitpuller (the lesson link's own pull), and
starts the lesson's kernel with the lesson's imports done, so that the
student's first board comes in seconds: their own browser (or the lesson
link) finds the server ready and the notebook's kernel running.

A warm server is an ordinary server of its student: walled off the same way,
reachable only by its student (and this token); the student's first log-in
still chooses their password. It stays up for the lesson: ``keep`` touches the
servers no student has used yet, through the proxy, only as long as the idle
culler would otherwise stop them before the lesson's window ends
(``KIT_WARM_WINDOW``, seconds from the warming, default 3600); after that the
culler stops them as any idle server.

Two ways to run it (docs/teaching.md):

* ``KIT_WARM=1 sudo make hub``: the hub starts the service, which warms the
  class as soon as the hub answers, then keeps them for the window;
* ``sudo make hub-warm`` (``python -m kit.classroom.warm``) about 10 minutes
  before class, beside a running hub: the same, with the service's token from
  the hub's state folder.

    python -m kit.classroom.warm [--lesson notebooks/00_welcome.ipynb] [--window 3600] [--parallel 4]
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
import os
import secrets
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import requests

from kit.classroom import gitpull
from kit.classroom.gitpull import TARGET

ROOT = Path(__file__).resolve().parents[2]
SERVICE = "warm"
TOKEN_FILE = "warm-service.token"
LESSON = "notebooks/00_welcome.ipynb"
WINDOW = 3600                   # seconds a warm server is kept for its lesson, from the warming

Log = Callable[[str], object]


def role(names: Iterable[str]) -> dict[str, Any]:
    """The warm service's role: start, stop and reach the listed students' servers, nothing else."""
    names = sorted(set(names))
    return {"name": "warm-service", "services": [SERVICE],
            "description": "starts the listed students' servers before class",
            "scopes": [f"servers!user={n}" for n in names]
            + [f"access:servers!user={n}" for n in names]}


def service_token(state: Path) -> str:
    """The service's API token, kept in the hub's state folder (root's, 0700), file 0600:
    the hub gives it to the service, ``make hub-warm`` reads it there."""
    path = state / TOKEN_FILE
    try:
        token = path.read_text().strip()
        if token:
            return token
    except FileNotFoundError:
        pass
    token = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(token + "\n")
    return token


def names_in(scopes: Iterable[str]) -> list[str]:
    """The students a token may warm: those it may both start and reach."""
    start = {s.split("!user=", 1)[1] for s in scopes if s.startswith("servers!user=")}
    reach = {s.split("!user=", 1)[1] for s in scopes if s.startswith("access:servers!user=")}
    return sorted(start & reach)


def lesson_imports(notebook: Path) -> str:
    """The top-level imports of a lesson's code cells, in order (what makes a first run slow)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    lines: list[str] = []
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = "".join(cell.get("source", ""))
        try:
            tree = ast.parse(source)
        except SyntaxError:            # IPython syntax (magics): not ours to run
            continue
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                line = ast.unparse(node)
                if line not in lines:
                    lines.append(line)
    return "\n".join(lines)


@dataclass
class Warmed:
    name: str
    ok: bool = False
    steps: dict[str, float] = field(default_factory=dict)   # step -> seconds since the start
    error: str = ""


class Warmer:
    """Warms students' servers with the warm service's token.

    ``api`` is the hub's API (http://127.0.0.1:881/hub/api), ``proxy`` where the
    proxy listens (http://127.0.0.1:8000): each server is reached there with its
    own host (the server's URL the hub gives) in the Host header."""

    def __init__(self, api: str, token: str, proxy: str, *, lesson: str = LESSON,
                 repo: str = "", branch: str = "main", imports: str = "",
                 timeout: float = 300, log: Log = print) -> None:
        self.api, self.proxy = api.rstrip("/"), proxy.rstrip("/")
        self.lesson, self.repo, self.branch, self.imports = lesson, repo, branch, imports
        self.timeout, self.log = timeout, log
        self.headers = {"Authorization": f"token {token}"}
        self.touched: dict[str, float] = {}

    # ---- the hub ------------------------------------------------------------------
    def hub(self, method: str, path: str, **kw: Any) -> requests.Response:
        return requests.request(method, f"{self.api}/{path.lstrip('/')}", headers=self.headers,
                                timeout=kw.pop("timeout", 60), **kw)

    def wait_for_hub(self, within: float = 300) -> None:
        deadline = time.monotonic() + within
        while True:
            try:
                if self.hub("GET", "/").ok:
                    return
            except requests.RequestException:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(f"the hub's API at {self.api} did not answer")
            time.sleep(1)

    def allowed(self) -> list[str]:
        """The students this token may warm (its own scopes, as the hub says)."""
        r = self.hub("GET", "/user")
        r.raise_for_status()
        return names_in(r.json().get("scopes", []))

    def server(self, name: str) -> dict[str, Any] | None:
        r = self.hub("GET", f"/users/{name}")
        r.raise_for_status()
        user = r.json()
        server = (user.get("servers") or {}).get("")
        if server is None and user.get("pending"):
            return {"ready": False}
        return server

    def start(self, name: str) -> str:
        """The student's server, started unless it runs; its URL once ready."""
        r = self.hub("POST", f"/users/{name}/server", timeout=120)
        if r.status_code not in (201, 202, 400):      # 400: already running or pending
            raise RuntimeError(f"start refused: HTTP {r.status_code} {r.text[:200]}")
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            server = self.server(name)
            if server and server.get("ready"):
                return str(server["url"])
            if server is None:
                raise RuntimeError("the server stopped while starting (see the hub's log)")
            time.sleep(1)
        raise TimeoutError("server not ready in time")

    # ---- the student's server, through the proxy ----------------------------------------
    def via_proxy(self, url: str, path: str) -> tuple[str, dict[str, str]]:
        """(URL at the proxy, headers) for ``path`` on the server at ``url``."""
        parts = urlsplit(url)
        base = parts.path if parts.netloc else url
        headers = dict(self.headers)
        if parts.netloc:
            headers["Host"] = parts.netloc
        return f"{self.proxy}{base.rstrip('/')}/{path.lstrip('/')}", headers

    def get(self, url: str, path: str, **kw: Any) -> requests.Response:
        target, headers = self.via_proxy(url, path)
        return requests.get(target, headers=headers, timeout=kw.pop("timeout", 120),
                            allow_redirects=False, **kw)

    def pull(self, url: str) -> None:
        """nbgitpuller's pull, as the lesson link's page runs it (its event stream)."""
        if not self.repo:
            return
        with self.get(url, gitpull.API, params=gitpull.params(self.repo, self.branch),
                      stream=True, timeout=300) as r:
            r.raise_for_status()
            gitpull.follow(r.iter_lines(decode_unicode=True), limit=300)

    def kernel(self, url: str) -> str:
        """The lesson's notebook session (the one a student's Lab or the lesson link
        joins), its kernel running the lesson's imports; the kernel's id."""
        target, headers = self.via_proxy(url, "api/sessions")
        r = requests.post(target, headers=headers, timeout=120, json={
            "path": f"{TARGET}/{self.lesson}", "type": "notebook", "name": "",
            "kernel": {"name": "python3"}})
        r.raise_for_status()
        kernel_id = str(r.json()["kernel"]["id"])
        if self.imports:
            ws, ws_headers = self.via_proxy(url, f"api/kernels/{kernel_id}/channels")
            asyncio.run(execute(ws.replace("http", "ws", 1), ws_headers, self.imports, self.timeout))
        return kernel_id

    def warm_one(self, name: str) -> Warmed:
        done, t0 = Warmed(name), time.monotonic()
        step = "start"
        try:
            url = self.start(name)
            done.steps["server ready"] = round(time.monotonic() - t0, 1)
            step = "pull"
            self.pull(url)
            done.steps["lessons pulled"] = round(time.monotonic() - t0, 1)
            step = "kernel"
            self.kernel(url)
            done.steps["kernel ready"] = round(time.monotonic() - t0, 1)
            done.ok = True
            self.touched[name] = time.time()
        except Exception as exc:           # one student's failure must not stop the class
            done.error = f"{step}: {type(exc).__name__}: {exc}"[:300]
        self.log(f"warm {name}: " + (f"ready in {done.steps.get('kernel ready')} s" if done.ok
                                     else done.error))
        return done

    def warm(self, names: Iterable[str], parallel: int = 4) -> list[Warmed]:
        """Every name's server, ``parallel`` at a time (30 at once on 2 cores only queue)."""
        with ThreadPoolExecutor(max(1, parallel)) as pool:
            return list(pool.map(self.warm_one, names))

    def is_warm(self, name: str) -> bool:
        """Whether ``name``'s server runs with the lesson's notebook session (its kernel)."""
        server = self.server(name)
        if not server or not server.get("ready"):
            return False
        r = self.get(str(server["url"]), "api/sessions", timeout=30)
        return r.ok and any(s.get("path") == f"{TARGET}/{self.lesson}" and s.get("kernel")
                            for s in r.json())

    def wait_warm(self, names: Iterable[str], within: float = 600) -> float:
        """Wait until every name's server is warm (the hub's own warming); seconds it took."""
        t0, left = time.monotonic(), set(names)
        while left:
            for name in sorted(left):
                try:
                    if self.is_warm(name):
                        left.discard(name)
                except requests.RequestException:
                    pass
            if left and time.monotonic() - t0 > within:
                raise TimeoutError(f"not warm after {within:.0f} s: {', '.join(sorted(left))}")
            if left:
                time.sleep(2)
        return time.monotonic() - t0

    # ---- kept for the lesson --------------------------------------------------------
    def keep(self, names: Iterable[str], until: float, idle_timeout: float,
             stop: threading.Event | None = None, every: float | None = None) -> int:
        """Touch the warm servers (an API call through the proxy, which the hub counts as
        activity) while the culler would stop them before ``until`` (a time.time());
        from ``until - idle_timeout`` on nothing is touched, so the culler stops an
        unused warm server at the window's end. Returns the touches made."""
        stop = stop or threading.Event()
        every = every or max(30.0, min(300.0, idle_timeout / 3))
        touches = 0
        names = list(names)
        while time.time() < until - idle_timeout and not stop.wait(0):
            for name in names:
                try:
                    server = self.server(name)
                    if server and server.get("ready"):
                        self.get(str(server["url"]), "api/status", timeout=30)
                        touches += 1
                except requests.RequestException as exc:
                    self.log(f"warm {name}: not touched: {exc}")
            stop.wait(min(every, max(0.0, until - idle_timeout - time.time())))
        return touches


async def execute(url: str, headers: dict[str, str], code: str, timeout: float) -> None:
    """Run ``code`` in the kernel at ``url`` (its channels' websocket); raise on its error."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    session, msg_id = uuid.uuid4().hex, uuid.uuid4().hex
    conn = await websocket_connect(HTTPRequest(url, headers=headers, request_timeout=timeout))
    try:
        await conn.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "session": session,
                       "username": "warm", "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": True, "store_history": False,
                        "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}}))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the kernel did not finish the lesson's imports")
            raw = await asyncio.wait_for(conn.read_message(), left)
            if raw is None:
                raise RuntimeError("the kernel's websocket closed")
            msg = json.loads(raw)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            if msg.get("msg_type") == "execute_reply":
                content = msg.get("content", {})
                if content.get("status") != "ok":
                    raise RuntimeError(f"the lesson's imports failed: {content.get('ename')}: "
                                       f"{content.get('evalue')}")
                return
    finally:
        conn.close()


def from_environment(environ: dict[str, str] | os._Environ[str], lesson: str,
                     log: Log = print) -> Warmer:
    """A Warmer as the hub's service (JUPYTERHUB_API_URL, JUPYTERHUB_API_TOKEN) or
    beside a running hub (its state folder's token, its ports) sees it."""
    from kit.classroom import hub

    token = environ.get("JUPYTERHUB_API_TOKEN") or ""
    if not token:
        state = Path(environ.get("KIT_HUB_STATE", ROOT / "build" / "hub" / "state"))
        try:
            token = (state / TOKEN_FILE).read_text().strip()
        except OSError as e:
            raise SystemExit(f"kit.classroom.warm: no warm token in {state} ({e.strerror}): start "
                             "the hub with a class list first (sudo make hub KIT_CLASS_LIST=...), "
                             "and run this as root, beside it") from None
    api = environ.get("JUPYTERHUB_API_URL") or \
        f"http://127.0.0.1:{environ.get('KIT_HUB_API_PORT', '881')}/hub/api"
    proxy = environ.get("KIT_WARM_PROXY") or \
        f"http://{environ.get('KIT_HUB_IP', '127.0.0.1')}:{environ.get('KIT_HUB_PORT', '8000')}"
    notebook = ROOT / lesson
    imports = lesson_imports(notebook) if notebook.is_file() else ""
    return Warmer(api, token, proxy, lesson=lesson, repo=environ.get("KIT_WARM_REPO") or hub.default_repo(),
                  branch=environ.get("KIT_WARM_BRANCH") or hub.default_branch(), imports=imports,
                  log=log)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lesson", default=os.environ.get("KIT_WARM_LESSON") or LESSON,
                    help="the lesson whose kernel is started (a notebook path in the repository)")
    ap.add_argument("--window", type=float, default=float(os.environ.get("KIT_WARM_WINDOW") or WINDOW),
                    help="seconds from now the warm servers are kept up for (default 3600)")
    ap.add_argument("--parallel", type=int, default=int(os.environ.get("KIT_WARM_PARALLEL") or 4))
    ap.add_argument("--service", action="store_true",
                    help="run as the hub's service: warm, keep, then wait (the hub restarts a service that exits)")
    args = ap.parse_args(argv)
    log: Log = lambda line: print(line, flush=True)    # noqa: E731
    warmer = from_environment(os.environ, args.lesson, log)
    warmer.wait_for_hub()
    names = warmer.allowed()
    started = time.time()
    log(f"warming {len(names)} students' servers ({args.parallel} at a time), lesson {args.lesson}")
    results = warmer.warm(names, args.parallel)
    ready = [r for r in results if r.ok]
    log(f"warm: {len(ready)} of {len(results)} servers ready in {time.time() - started:.0f} s"
        + "".join(f"\n  {r.name}: {r.error}" for r in results if not r.ok))
    idle = float(os.environ.get("KIT_IDLE_TIMEOUT") or 3600)
    until = started + args.window
    if until - idle > time.time():
        log(f"keeping them up until {time.strftime('%H:%M', time.localtime(until))} "
            f"(the idle culler's {idle:.0f} s would stop them before)")
        warmer.keep([r.name for r in ready], until, idle)
    if args.service:
        threading.Event().wait()        # until the hub stops the service
    return 0 if len(ready) == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
