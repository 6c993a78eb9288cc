"""Sending a student's exercise events to the class hub, in the background.

On the class hub the spawner sets ``$KIT_CLASS_EVENTS`` (the ``class``
service's events URL) and JupyterHub sets ``$JUPYTERHUB_API_TOKEN`` (the
single-user server's own token: the service asks the hub whose it is, so a
kernel never names its student). With both set, each kernel process runs one
daemon thread, started on the first :func:`wake`, that POSTs the progress
file's events not yet acknowledged to the service::

    {"events": [event, ...],                       # at most BATCH, oldest first
     "seen": {"<lesson>": ["exercise", ...]}}      # those lessons' exercises, in order

with ``Authorization: token $JUPYTERHUB_API_TOKEN``. Outside a hub (either
variable missing) nothing is sent, no thread starts and nothing breaks.

What each answer does:

- 200: the batch is marked sent in the file (``kit.lessons.record.acknowledge``,
  under the record's lock, after reading the file again).
- 400 (the service cannot read the batch) or 413 (over its caps): a warning
  with the service's error, and the batch is marked sent all the same, so one
  bad event never blocks every later one. (``kit.lessons.record`` sends only
  what the service's rules take, ``kit.lessons.eventshape``, so a lesson's own
  events never meet this.)
- 401/403 (token not accepted): kept, retried every ``RETRY_MAX`` seconds.
- an endpoint that has not proven it is the service: kept, retried every
  ``RETRY_MAX`` seconds, and the token never sent (below).
- anything else, a refused connection, a timeout: kept, retried after
  ``RETRY_FIRST`` seconds, doubling up to ``RETRY_MAX``. A :func:`wake`
  (a new event) during that wait sends at once.

**The token goes only to the service.** A student's kernel could listen on
the service's port while the service is down and collect every lesson's
token. So the sender connects first and, before one byte of the request,
checks who owns the other end of the connection (kit.lessons.owners, from
/proc/net/tcp): root (the hub runs its service as root) or the account the
sender itself runs as (the token is that account's own; the tests' fake
services). Anyone else, or an end that is not on this machine, gets nothing:
the events stay and the log says whose port it was. Only ``http://`` URLs
(the hub's own host) are used: there is no such check through TLS.

The lesson never waits on the network: :func:`wake` only sets an event for
the thread. Failures are logged, never raised into the lesson: one warning
per outage (until a send succeeds again), then debug lines.

A lesson's exercise list (``seen``) also goes when it changed since this
process last had it acknowledged, with no event if none is pending
(``{"events": [], "seen": {...}}``), so the teacher's grid has a lesson's
exercises as soon as a student opens it.

Two kernels of one student (two lessons open) each run a sender on the same
file. Both may send the same events (the service keeps one per (student,
id)); neither marks an event sent without a 200 or 400 for it, and marking
checks the events' ids again under the lock (``kit.lessons.record``).

This module knows nothing of the file's format: ``kit.lessons.record`` owns
it and attaches a :class:`Store` (how to read what is unsent, how to mark it)
when it is imported, so the two modules do not import each other.
Standard library only; no ipywidgets.

Not covered: the service itself (``kit.classroom``), or what an event holds
(``kit.lessons.record``).
"""

from __future__ import annotations

import http.client
import json
import logging
import os
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from kit.lessons import owners

log = logging.getLogger(__name__)
# The outbox's warnings are for the teacher's hub log, not the student's lesson: in a
# kernel, sys.stderr is the cell's output (a student would read "events not sent"
# under whatever they last ran), while sys.__stderr__ is the server's own log.
if not log.handlers:
    _to_server_log = logging.StreamHandler(sys.__stderr__)
    _to_server_log.setFormatter(logging.Formatter("[%(levelname)1.1s %(asctime)s kit.outbox] %(message)s"))
    log.addHandler(_to_server_log)
    log.propagate = False

#: The service's events URL, set on the class hub by its spawner.
URL_VARIABLE = "KIT_CLASS_EVENTS"
#: The single-user server's token, set by JupyterHub.
TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"
#: Events in one POST: the service refuses more.
BATCH = 500
#: Seconds one request may take before it counts as failed (a hung service
#: only delays the sender thread, never the lesson).
TIMEOUT = 5.0
#: First wait after a failed send, in seconds; doubled after each failure...
RETRY_FIRST = 1.0
#: ...up to this. Kept short: once the service is back, the teacher's page
#: (polling every 2 s) must catch up within seconds, and 30 kernels retrying
#: every 10 s are 3 requests a second, nothing for the service.
RETRY_MAX = 10.0

Outcome = Literal["done", "retry", "refused"]


@dataclass(frozen=True)
class Outgoing:
    """What one progress file has not had acknowledged, as ``Store.outgoing`` reads it."""

    start: int                  # index in the file's events of the first one not acknowledged
    end: int                    # one past the last event of this batch (start == end: none)
    ids: list[str]              # the id of every event in [start, end), checked again when marking
    events: list[dict[str, Any]]   # what to send: the well-formed events of [start, end), with ids
    seen: dict[str, list[str]]  # every lesson's exercises, in order
    unsent: int                 # events not acknowledged in all (this batch and later ones)


@dataclass(frozen=True)
class Store:
    """How the sender reads and marks a progress file (given by ``kit.lessons.record``)."""

    path: Callable[[], Path]                                  # the student's progress file
    outgoing: Callable[[Path, int], Outgoing]                 # (file, at most n events)
    acknowledge: Callable[[Path, int, int, list[str]], bool]  # (file, start, end, ids): marked?


@dataclass
class _Reply:
    outcome: Outcome            # done: the batch may be marked sent
    detail: str                 # what to log


class Outbox:
    """One process's sender: its thread, the files it sends, what it has sent."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._state = threading.Lock()       # guards _files, _thread, _stopping; never held over I/O
        self._sending = threading.Lock()     # one send round at a time (the thread or a flush)
        self._wakeup = threading.Event()
        self._files: dict[Path, None] = {}   # the progress files woken for, in order
        self._seen_sent: dict[Path, dict[str, list[str]]] = {}   # per file: the lists acknowledged
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._in_outage = False              # a warning was logged; later failures go to debug
        self._opener = urllib.request.build_opener(
            # The service is on the hub's own host: never through a proxy from the
            # environment, and a redirect (to a login page) is a failure, not a success.
            urllib.request.ProxyHandler({}), _NoRedirect(), _ProvenHandler())

    # ----- what the lesson side calls ------------------------------------------

    def wake(self, where: Path | None = None) -> None:
        """Send ``where``'s (default: the progress file's) unsent events soon. Returns at once."""
        if not configured():
            return
        with self._state:
            if self._stopping:
                return
            self._files[where or self.store.path()] = None
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="kit-class-outbox", daemon=True)
                self._thread.start()
        self._wakeup.set()

    def flush(self, timeout: float) -> bool:
        """Send now in this thread, retrying until ``timeout`` seconds have passed.

        True when nothing is left to send (always outside a hub: there is nowhere to send)."""
        if not configured():
            return True
        deadline = time.monotonic() + timeout
        with self._state:
            self._files[self.store.path()] = None
        delay = RETRY_FIRST
        while (left := deadline - time.monotonic()) > 0:
            if not self._sending.acquire(timeout=left):
                break
            try:
                outcome = self._round(min(TIMEOUT, max(left, 0.05)))
            finally:
                self._sending.release()
            if outcome == "done":
                return True
            time.sleep(max(0.0, min(delay, deadline - time.monotonic())))
            delay = min(delay * 2, RETRY_MAX)
        return False

    def pending(self, where: Path | None = None) -> int:
        """How many events of ``where`` (default: the progress file) the hub has not acknowledged."""
        return self.store.outgoing(where or self.store.path(), 0).unsent

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the thread (tests: a fresh sender per test). Events stay in the file."""
        with self._state:
            self._stopping = True
            thread = self._thread
        self._wakeup.set()
        if thread is not None:
            thread.join(timeout)

    # ----- the thread ------------------------------------------------------------

    def _run(self) -> None:
        wait: float | None = None     # the first wake is already set
        delay = RETRY_FIRST
        while True:
            self._wakeup.wait(wait)
            self._wakeup.clear()      # before the round: a wake during it makes another round
            if self._stopping:
                return
            try:
                with self._sending:
                    outcome = self._round(TIMEOUT)
            except Exception:         # a bug here must not end the thread: logged, retried
                log.exception("the class hub outbox failed; retrying")
                outcome = "retry"
            if outcome == "done":
                wait, delay = None, RETRY_FIRST     # sleep until the next event
            elif outcome == "refused":
                wait = RETRY_MAX                    # a token refused is not fixed in a second
            else:
                wait, delay = delay, min(delay * 2, RETRY_MAX)

    def _round(self, timeout: float) -> Outcome:
        """Send every woken file's unsent events and changed lists; the first failure ends it."""
        if not configured():
            return "done"
        with self._state:
            files = list(self._files)
        for where in files:     # kept once sent: a kernel has one file, so nothing piles up
            outcome = self._send_file(where, timeout)
            if outcome != "done":
                return outcome
        return "done"

    def _send_file(self, where: Path, timeout: float) -> Outcome:
        while not self._stopping:
            out = self.store.outgoing(where, BATCH)
            sent_lists = self._seen_sent.setdefault(where, {})
            lessons = {e["lesson"] for e in out.events} | {
                lesson for lesson, exercises in out.seen.items() if sent_lists.get(lesson) != exercises}
            seen = {lesson: out.seen[lesson] for lesson in sorted(lessons) if lesson in out.seen}
            if out.end == out.start and not seen:
                return "done"
            reply = self._post({"events": out.events, "seen": seen}, timeout)
            if reply.outcome != "done":
                self._failed(reply.detail)
                return reply.outcome
            if out.end > out.start and not self.store.acknowledge(where, out.start, out.end, out.ids):
                # Not written (a read-only home) or the file changed under us: sent
                # again later, which the service de-duplicates.
                self._failed(f"could not mark {out.end - out.start} events sent in {where}")
                return "retry"
            sent_lists.update(seen)
            if self._in_outage:
                log.info("class hub: sending events again")
                self._in_outage = False
        return "done"

    def _post(self, body: dict[str, Any], timeout: float) -> _Reply:
        url, token = os.environ.get(URL_VARIABLE, ""), os.environ.get(TOKEN_VARIABLE, "")
        request = urllib.request.Request(
            url, data=json.dumps(body).encode(), method="POST",
            headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
        count = len(body["events"])
        if urllib.parse.urlsplit(url).scheme != "http":
            return _Reply("refused", f"{url}: only http:// to this machine, where the service's "
                          "socket can be checked, gets the token")
        try:
            with self._opener.open(request, timeout=timeout) as response:
                status, text = response.status, response.read(4096).decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read(4096).decode("utf-8", "replace")
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, NotTheService):
                return _Reply("refused", f"{url}: {exc.reason}")
            return _Reply("retry", f"{url} unreachable: {exc}")
        except (OSError, http.client.HTTPException, ValueError) as exc:
            # refused, reset, timed out (URLError and TimeoutError are OSErrors), a bad URL
            return _Reply("retry", f"{url} unreachable: {exc}")
        if status == 200:
            log.debug("class hub took %d events: %s", count, text[:200])
            return _Reply("done", "")
        if status in (400, 413):
            # 413: over the service's caps. Resending the same body would be refused
            # again for ever, and hold back every later event behind it.
            log.warning("class hub refused %d events as malformed (%s); skipped so later events go",
                        count, _error_of(text))
            return _Reply("done", "")
        if status in (401, 403):
            return _Reply("refused", f"{url} answered {status}, token not accepted: {_error_of(text)}")
        return _Reply("retry", f"{url} answered {status}: {_error_of(text)}")

    def _failed(self, detail: str) -> None:
        if self._in_outage:
            log.debug("class hub: events still not sent: %s", detail)
        else:
            log.warning("class hub: events not sent (%s); they are kept and sent when it answers",
                        detail)
            self._in_outage = True


class NotTheService(OSError):
    """The other end of the connection is not the hub's: no request was sent on it."""


def trusted_owners() -> set[int]:
    """Who may receive the token: root (the hub's service) and this account itself."""
    return {0, os.geteuid()}


class _ProvenConnection(http.client.HTTPConnection):
    """Connects, then sends nothing unless the other end's socket is a trusted owner's."""

    def connect(self) -> None:
        super().connect()
        owner = owners.peer_uid(self.sock)
        if owner not in trusted_owners():
            self.sock.close()
            whose = "no socket of this machine" if owner is None else f"a socket of uid {owner}"
            raise NotTheService(f"port {self.port} is {whose}, not the hub's service (root's): "
                                "the token is not sent, the events are kept")


class _ProvenHandler(urllib.request.HTTPHandler):
    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_ProvenConnection, req)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req: urllib.request.Request, fp: Any, code: int, msg: str,
                         headers: Any, newurl: str) -> None:
        return None     # urllib then raises the 3xx as an HTTPError: kept and retried


def _error_of(text: str) -> str:
    """The service's ``{"error": ...}``, else the start of what it said."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    error = data.get("error") if isinstance(data, dict) else None
    if isinstance(error, str):
        return error
    return text[:200] or "no reason given"


_attached_lock = threading.Lock()
_attached: Outbox | None = None     # this process's sender, once kit.lessons.record gave its store


def attach(store: Store) -> None:
    """Give the sender its store (``kit.lessons.record`` does, when imported)."""
    global _attached
    with _attached_lock:
        if _attached is None:
            _attached = Outbox(store)


def _outbox() -> Outbox:
    if _attached is None:
        raise RuntimeError("the outbox sends kit.lessons.record's events: import kit.lessons.record first")
    return _attached


def configured() -> bool:
    """Both ``$KIT_CLASS_EVENTS`` and ``$JUPYTERHUB_API_TOKEN`` set: on the class hub."""
    return bool(os.environ.get(URL_VARIABLE)) and bool(os.environ.get(TOKEN_VARIABLE))


def wake(where: Path | None = None) -> None:
    """Send the progress file's unsent events soon, in the background; never waits."""
    if configured():
        _outbox().wake(where)


def flush(timeout: float) -> bool:
    """Send now (for tests and a lesson's end); True when nothing is left to send."""
    return _outbox().flush(timeout)


def pending(where: Path | None = None) -> int:
    """Events of ``where`` (default: the progress file) the hub has not acknowledged."""
    return _outbox().pending(where)


def reset() -> None:
    """Stop this process's sender and start a fresh one (tests); events stay in the file."""
    global _attached
    with _attached_lock:
        old = _attached
        if old is not None:
            _attached = Outbox(old.store)
    if old is not None:
        old.stop()
