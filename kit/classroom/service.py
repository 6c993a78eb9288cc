"""The class hub's ``class`` service: the lessons' exercise events in, the teacher's live page out.

``make hub`` starts it as a JupyterHub-managed service (deploy/jupyterhub_config.py),
at ``/services/class/``:

``POST api/events``
    From a student's lesson (``kit.lessons.outbox``), with the student's server's
    own JupyterHub token (``Authorization: token ...``). The service asks the hub
    whose token it is and records the events as that student's: a body never names
    the student, and one that names someone else is refused (403). Body:
    ``{"events": [...], "seen": {lesson: [exercise, ...]}}``; answer
    ``{"received": n, "duplicates": n}``. Malformed (an empty, over-long or
    control-character name, a time that is none or absurd, deep or broken JSON): 400
    saying what, nothing stored. A ``seen`` map over its caps (``kit.lessons.eventshape``):
    413, nothing stored. Each student may send ``RATE`` events (or exercises listed in
    ``seen``) a second on average, in bursts of ``BURST``: a loop in a kernel cannot
    fill the disk (429, the lesson resends).
``GET ./`` (the page), ``GET api/summary[?projector=1]``, ``GET class.csv``
    The teacher's (a stored row that breaks the rules is left out of them, logged
    once; the summary's ``skipped`` counts them): JupyterHub OAuth, allowed only to holders of
    ``access:services!service=class`` (the teacher's role); a student
    gets 403. The page (``page/teacher.html``) asks for the summary every 2 s.
``GET api/health``
    ``{"ok": true}``, for the hub tests to wait on; no data.

The students listed are the hub's users who are not admins nor named in
``KIT_CLASS_STAFF`` (the teacher and admin, comma-separated; asked of the hub
with the service's own token: ``list:users``, ``read:users``), so a student who has
not started shows as "not started".

Settings (environment): ``KIT_CLASS_DB`` (a SQLAlchemy URL; default SQLite
``class.sqlite`` in ``KIT_CLASS_STATE``, the hub's state folder) and JupyterHub's own
``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``, ``JUPYTERHUB_API_URL``,
``JUPYTERHUB_API_TOKEN``.

Not covered: what the page shows (``kit.classroom.overview``, ``page/teacher.html``),
the store (``kit.classroom.eventstore``), sending (``kit.lessons.outbox``).
"""

from __future__ import annotations

import asyncio
import csv
import html
import io
import json
import logging
import os
import secrets
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from jupyterhub.services.auth import HubAuth, HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPRequest

from kit import i18n
from kit.classroom import overview
from kit.classroom.eventstore import Added, Store, TooBig, validate_seen

log = logging.getLogger("kit.classroom.service")
PAGE = Path(__file__).with_name("page") / "teacher.html"
#: Events a second each student may send, on average, and in a burst (a whole
#: lesson's events resent after an outage is a few hundred).
RATE, BURST = 20.0, 2000.0
#: The hub's list of students is asked again after this many seconds.
STUDENTS_AGE = 10.0
#: A request body larger than this is refused before it is read (500 events fit in 1 MB).
BODY_BYTES = 2 << 20


@dataclass
class Bucket:
    """A token bucket: ``take(n)`` is False when a student sends faster than RATE."""
    level: float = BURST
    when: float = field(default_factory=time.monotonic)

    def take(self, n: int) -> bool:
        now = time.monotonic()
        self.level = min(BURST, self.level + (now - self.when) * RATE)
        self.when = now
        if n > self.level:
            return False
        self.level -= n
        return True


class Classroom:
    """What the handlers share: the store, the hub's API, the rate buckets, the
    last summary (remade only when an event arrived or a second passed).

    Its summaries' cache key is its own: events are stored through :meth:`record`,
    which moves the key on, so no handler reaches into the cache."""

    def __init__(self, store: Store, api_url: str, api_token: str, staff: frozenset[str] = frozenset()) -> None:
        self.store, self.api_url, self.api_token = store, api_url, api_token
        self.staff = staff        # the teacher's and admin's names: not on the grid
        self.buckets: dict[str, Bucket] = {}
        self._students: tuple[float, list[str]] = (0.0, [])
        self._summary: dict[bool, tuple[tuple[int, float], dict[str, Any]]] = {}
        self._version = 0         # moved on by record() for every stored event: the summaries' cache key

    async def students(self) -> list[str]:
        """The hub's users who are neither admins nor staff; the last list if the hub
        does not answer."""
        asked, names = self._students
        if time.monotonic() - asked < STUDENTS_AGE:
            return names
        try:
            reply = await AsyncHTTPClient().fetch(HTTPRequest(
                url_path_join(self.api_url, "users"), request_timeout=5,
                headers={"Authorization": f"token {self.api_token}"}))
            names = sorted(u["name"] for u in json.loads(reply.body)
                           if not u.get("admin") and u["name"] not in self.staff)
        except Exception as exc:     # the page goes on with the students it knew
            log.warning("could not list the hub's users: %s", exc)
        self._students = (time.monotonic(), names)
        return names

    def record(self, user: str, sent: Any, seen: Any) -> Added:
        """Store ``user``'s events and seen map (the store's checks raise ValueError,
        TooBig); a summary made before new events were stored is not served again."""
        added = self.store.add(user, sent, seen)
        if added.received:
            self._version += 1
        return added

    async def summary(self, names: bool) -> dict[str, Any]:
        key = (self._version, time.monotonic() // 1)
        cached = self._summary.get(names)
        if cached and cached[0] == key:
            return cached[1]
        students = await self.students()
        made = overview.summary(self.store.events(), students, self.store.lessons(),
                                datetime.now(timezone.utc), names=names)
        # Rows of the store that break the rules are left out (the store logs each once);
        # how many, for the teacher (a number, so the projector may show it too).
        made["skipped"] = self.store.skipped_events + self.store.skipped_exercises
        self._summary[names] = (key, made)
        return made


def cost(sent: Any, seen: Any) -> int:
    """What a request takes from its student's bucket: one per event and one per exercise
    its ``seen`` map lists (at least 1). ``seen`` is counted too, so a student cannot
    send map after map with no event in them: every row stored is paid for."""
    events = len(sent) if isinstance(sent, list) else 1
    listed = sum(len(keys) for keys in seen.values() if isinstance(keys, list)) if isinstance(seen, dict) else 0
    return max(1, events + listed)


class JSONErrors(web.RequestHandler):
    """Errors as ``{"error": "..."}``: the lesson's sender logs that sentence."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None))[1]
        reason = exc.log_message if isinstance(exc, web.HTTPError) and exc.log_message else self._reason
        self.finish({"error": reason})


class EventsHandler(JSONErrors):
    def initialize(self, room: Classroom, hub_auth: HubAuth) -> None:
        self.room, self.hub_auth = room, hub_auth

    def check_xsrf_cookie(self) -> None:
        """No cookie is read here (a token header is), so there is nothing to forge."""

    async def post(self) -> None:
        header = self.request.headers.get("Authorization", "")
        token = header.split(None, 1)[1] if header.lower().startswith(("token ", "bearer ")) else ""
        if not token:
            raise web.HTTPError(401, "no token: events are taken only from a lesson on this hub")
        who = await self.hub_auth.user_for_token(token, sync=False)
        if not who or who.get("kind", "user") != "user":
            raise web.HTTPError(403, "the hub does not know this token: events are taken only "
                                     "from a lesson on this hub")
        user = who["name"]
        try:
            body = json.loads(self.request.body)
        except (ValueError, RecursionError) as exc:     # RecursionError: arrays nested too deep
            raise web.HTTPError(400, f"the body is not JSON: {str(exc)[:200]}") from None
        if not isinstance(body, dict):
            raise web.HTTPError(400, 'the body must be {"events": [...], "seen": {...}}')
        named = body.get("user")
        if named is not None and named != user:
            raise web.HTTPError(403, f"this token is {user}'s: events are recorded only as the "
                                     f"token's owner, not as {str(named)[:40]!r}")
        sent, seen = body.get("events", []), body.get("seen")
        bucket = self.room.buckets.setdefault(user, Bucket())
        try:
            # The map's caps first: one over them is 413 at any rate (a 429 would have
            # the lesson send it again, for ever).
            validate_seen(seen or {})
            if not bucket.take(cost(sent, seen)):
                raise web.HTTPError(429, f"more than {RATE:g} events a second: kept by the lesson, send later")
            added = self.room.record(user, sent, seen)
        except TooBig as exc:
            raise web.HTTPError(413, str(exc)) from None
        except ValueError as exc:
            raise web.HTTPError(400, str(exc)) from None
        self.finish({"received": added.received, "duplicates": added.duplicates})


class TeacherHandler(HubOAuthenticated, JSONErrors):  # type: ignore[misc]   # jupyterhub ships no types
    def initialize(self, room: Classroom, teacher_auth: HubOAuth) -> None:
        self.room, self.hub_auth = room, teacher_auth

    async def prepare(self) -> None:
        # Ask the hub who this is without blocking the loop (HubOAuthenticated's own,
        # synchronous ask would hold every lesson's events meanwhile); the answer
        # is kept on the handler, where get_current_user then finds it.
        await self.hub_auth.get_user(self, sync=False)

    @property
    def projector(self) -> bool:
        return self.get_argument("projector", "") not in ("", "0")


def page_messages(page: str, lang: str | None = None) -> dict[str, str]:
    """The teacher's page's messages (its ``t("...")`` and ``data-t`` text, as
    ``kit.catalogues`` extracts them) that ``lang`` (default: the service's
    language) translates: {English: translation}. Empty in English."""
    lang = lang or i18n.language()
    if lang == "en":
        return {}
    from kit.catalogues import extract_page   # Babel's side; only a translated page needs it
    catalogue = i18n.catalogue(lang)
    found = {}
    # The page's own words, and the lessons' titles (the record keeps the English
    # title: "iota/Making a play"; the page shows it translated).
    words = [message for _line, _function, message, _comments in
             extract_page(io.BytesIO(page.encode("utf-8")), None, None, None)]
    for message in [*words, *lesson_titles()]:
        translated = catalogue.gettext(message)
        if translated != message:
            found[message] = translated
    return found


def lesson_titles() -> list[str]:
    """Every registered course's lesson titles (their ``LESSON_TITLES``)."""
    from kit import games
    titles: list[str] = []
    for spec in games.all():
        module = spec.lesson_module() if spec.lesson else None
        titles += list(getattr(module, "LESSON_TITLES", ()))
    return titles


#: The teacher's page's slots, by name: the text the page ships with there
#: (teacher.html), and what the service puts in its place (``{}`` the value).
PAGE_SLOTS: dict[str, tuple[str, str]] = {
    "lang": ('<html lang="en">', '<html lang="{}">'),
    "xsrf": ('<meta name="kit-xsrf" content="">', '<meta name="kit-xsrf" content="{}">'),
    "messages": ('<script type="application/json" id="kit-messages">{}</script>',
                 '<script type="application/json" id="kit-messages">{}</script>'),
}


class MissingSlot(LookupError):
    """The page has no place (or more than one) for a value the service must fill in."""


def fill_slots(page: str, values: dict[str, str]) -> str:
    """``page`` with each named slot (:data:`PAGE_SLOTS`) holding its value, as given
    (escape it first). Raises :class:`MissingSlot` when a slot's text is not in the page
    exactly once, or a value names no slot: an edited page never goes out half filled."""
    unknown = sorted(set(values) - set(PAGE_SLOTS))
    if unknown:
        raise MissingSlot(f"the teacher's page has no slot named {unknown[0]!r}")
    for name, value in values.items():
        empty, filled = PAGE_SLOTS[name]
        found = page.count(empty)
        if found != 1:
            raise MissingSlot(f"the teacher's page has {found} places for its {name!r} slot "
                              f"(the text {empty!r}), not one")
        page = page.replace(empty, filled.replace("{}", value), 1)
    return page


def page_html(xsrf: str, lang: str | None = None) -> str:
    """The teacher's page as served: the xsrf token in its meta element, ``<html lang>``
    and its messages in the service's language (``KIT_LANG``; the page fills its text
    from them). The messages are JSON in a script element, read as text by the page:
    "<" is escaped so no text can end the element. Raises :class:`MissingSlot` if the
    page lost one of its slots."""
    lang = lang or i18n.language()
    page = PAGE.read_text(encoding="utf-8")
    messages = json.dumps(page_messages(page, lang), ensure_ascii=False).replace("<", "\\u003c")
    return fill_slots(page, {"xsrf": html.escape(xsrf), "lang": html.escape(lang),
                             "messages": messages})


class PageHandler(TeacherHandler):
    @web.authenticated
    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        raw: Any = self.xsrf_token
        token = raw.decode() if isinstance(raw, bytes) else str(raw)
        self.finish(page_html(token))


class SummaryHandler(TeacherHandler):
    @web.authenticated
    async def get(self) -> None:
        made = await self.room.summary(names=not self.projector)
        self.set_header("Cache-Control", "no-store")
        self.finish(made)


class CsvHandler(TeacherHandler):
    @web.authenticated
    async def get(self) -> None:
        out = io.StringIO()
        csv.writer(out).writerows(overview.csv_rows(await self.room.summary(names=True)))
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class.csv"')
        self.finish(out.getvalue())


class CallbackHandler(HubOAuthCallbackHandler):  # type: ignore[misc]   # jupyterhub ships no types
    """The end of the teacher's OAuth log-in, with the teacher's pages' own HubOAuth."""

    def initialize(self, teacher_auth: HubOAuth) -> None:
        self.hub_auth = teacher_auth


class HealthHandler(web.RequestHandler):
    def get(self) -> None:
        self.finish({"ok": True})


def cookie_secret(state: Path) -> bytes:
    """Kept in the state folder, so a restarted service keeps the teacher logged in."""
    where = state / "class_cookie_secret"
    try:
        return bytes.fromhex(where.read_text().strip())
    except (OSError, ValueError):
        secret = secrets.token_bytes(32)
        where.touch(mode=0o600)
        where.write_text(secret.hex())
        return secret


def make_app(store: Store, prefix: str, api_url: str, api_token: str, state: Path) -> web.Application:
    # The teacher is no admin (deploy/jupyterhub_config.py): the hub names its staff.
    staff = frozenset(filter(None, os.environ.get("KIT_CLASS_STAFF", "").split(",")))
    room = Classroom(store, api_url, api_token, staff)
    # Students' tokens: any token of the hub's names its owner (no scope needed).
    students_auth = HubAuth(api_url=api_url, api_token=api_token, cache_max_age=60)
    # The teacher's pages: only a holder of this service's access scope (the admin).
    # Set here, not left to $JUPYTERHUB_OAUTH_ACCESS_SCOPES: with no scope at all,
    # HubOAuthenticated would let in any user of the hub.
    name = os.environ.get("JUPYTERHUB_SERVICE_NAME", "class")
    teacher_auth = HubOAuth(api_url=api_url, api_token=api_token, cache_max_age=60,
                            access_scopes={f"access:services!service={name}"})
    teacher = {"room": room, "teacher_auth": teacher_auth}
    return web.Application([
        (prefix, PageHandler, teacher),
        (url_path_join(prefix, "api/summary"), SummaryHandler, teacher),
        (url_path_join(prefix, "class.csv"), CsvHandler, teacher),
        (url_path_join(prefix, "api/events"), EventsHandler, {"room": room, "hub_auth": students_auth}),
        (url_path_join(prefix, "api/health"), HealthHandler),
        (url_path_join(prefix, "oauth_callback"), CallbackHandler, {"teacher_auth": teacher_auth}),
    ], cookie_secret=cookie_secret(state), room=room)


def default_db(state: Path) -> str:
    return f"sqlite:///{state / 'class.sqlite'}"


async def serve() -> None:
    state = Path(os.environ.get("KIT_CLASS_STATE", ".")).resolve()
    store = Store(os.environ.get("KIT_CLASS_DB") or default_db(state))
    where = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    app = make_app(store, os.environ["JUPYTERHUB_SERVICE_PREFIX"], os.environ["JUPYTERHUB_API_URL"],
                   os.environ["JUPYTERHUB_API_TOKEN"], state)
    app.listen(where.port or 80, where.hostname or "127.0.0.1", max_body_size=BODY_BYTES)
    log.info("class service at %s, events in %s", where.geturl(), store.engine.url)
    await asyncio.Event().wait()


def main() -> None:
    # The database holds names and typed answers: files this service makes are its own
    # alone (the hub's state folder is 0700 too; a KIT_CLASS_STATE elsewhere may not be).
    os.umask(0o077)
    logging.basicConfig(level=logging.INFO, format="[%(levelname)1.1s %(asctime)s class] %(message)s")
    try:
        asyncio.run(serve())
    except KeyboardInterrupt:       # the hub stops its services with SIGINT: a stop, not an error
        log.info("class service stopped")


if __name__ == "__main__":
    main()
