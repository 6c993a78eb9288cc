"""Warm servers (kit.classroom.warm): a hub started with KIT_WARM=1 and a class list.

Every listed student's server is up, the lessons pulled and the lesson's kernel
running before anyone logs in; the warm service's token reaches only those
students' servers (not the teacher's, not a name off the list); a student's
first log-in into a warm server still chooses their password and reaches their
own server only. Not timed (the load test measures the first board:
deploy/sizing.md). Needs root (an account per student) and runs under
`flock /tmp/kit-hub-tests.lock`, as every hub test.
"""

import pwd

import pytest
import requests

from kit.classroom import accounts, hub, warm
from kit.classroom.loadtest import as_root, local_hub

from hub_fixtures import (ADMIN, ADMIN_PASSWORD, LESSON, TEACHER, TEACHER_PASSWORD, hub_place,
                          install_proxy, log_in_page, student)

pytestmark = [pytest.mark.hub,
              pytest.mark.skipif(not as_root(), reason="accounts per student need root "
                                 "(CI and `make hub` on a class machine run as root)")]

WARM = ["wana", "wbob", "wcid"]
OFF_THE_LIST = "wzed"


@pytest.fixture(scope="module")
def warm_hub(tmp_path_factory):
    install_proxy()
    with hub_place(tmp_path_factory) as place, local_hub(place, "unused-password-1", env={
            "KIT_TEACHER": TEACHER, "KIT_TEACHER_PASSWORD": TEACHER_PASSWORD,
            "KIT_ADMIN": ADMIN, "KIT_ADMIN_PASSWORD": ADMIN_PASSWORD,
            "KIT_WARM": "1", "KIT_WARM_LESSON": LESSON, "KIT_WARM_PARALLEL": "3",
            "KIT_HOME_SIZE": "256M"}, names=WARM) as h:
        token = (h.state / warm.TOKEN_FILE).read_text().strip()
        warmer = warm.Warmer(f"http://127.0.0.1:{h.ports['KIT_HUB_API_PORT']}/hub/api", token,
                             f"http://127.0.0.1:{h.ports['KIT_HUB_PORT']}", lesson=LESSON)
        warmer.wait_warm(WARM, within=600)
        yield h, warmer


def sessions(warmer, name):
    server = warmer.server(name)
    r = warmer.get(server["url"], "api/sessions")
    r.raise_for_status()
    return {s["path"]: s["kernel"]["id"] for s in r.json()}


def test_every_listed_student_is_warm_before_logging_in(warm_hub):
    h, warmer = warm_hub
    admin = student(h, ADMIN, ADMIN_PASSWORD)
    users = admin.http.get(f"{h.url}/hub/api/users", timeout=60).json()
    running = {u["name"] for u in users if u.get("servers")}
    # Only the listed students' servers: not the teacher's, not the admin's.
    assert running == set(WARM), users
    for name in WARM:
        assert f"{hub.TARGET}/{LESSON}" in sessions(warmer, name)        # the lesson's kernel
        account = pwd.getpwnam(accounts.account_name(name))
        lesson = h.home(name) / hub.TARGET / LESSON
        assert lesson.is_file() and lesson.stat().st_uid == account.pw_uid   # pulled, as theirs
    # Nobody chose a password yet: the warming did not log anyone in.
    assert not any(warm_auth_has_password(h, name) for name in WARM)


def warm_auth_has_password(h, name):
    import dbm
    with dbm.open(str(h.state / "passwords.dbm"), "c") as db:
        return db.get(name.encode()) is not None


def test_the_warm_token_reaches_only_the_listed_students(warm_hub):
    h, warmer = warm_hub
    scopes = set(warmer.hub("GET", "/user").json()["scopes"])
    assert scopes, "the warm service has no scopes"
    assert all(any(s.endswith(f"!user={n}") for n in WARM) for s in scopes), scopes
    assert {f"servers!user={n}" for n in WARM} | {f"access:servers!user={n}" for n in WARM} <= scopes
    assert warm.names_in(scopes) == sorted(WARM)
    for other in (TEACHER, ADMIN, OFF_THE_LIST):
        assert warmer.hub("POST", f"/users/{other}/server").status_code in (403, 404), other
        assert warmer.hub("GET", f"/users/{other}").status_code in (403, 404), other
    assert warmer.hub("GET", "/users").status_code == 403
    # Not the teacher's page either.
    assert warmer.get(h.teacher_page, "api/summary").status_code in (302, 403, 404)


def test_a_name_off_the_list_gets_no_server_and_no_account(warm_hub):
    h, warmer = warm_hub
    _, r = log_in_page(h.url, OFF_THE_LIST, "a-password-123")
    assert r.status_code != 302
    with pytest.raises(KeyError):
        pwd.getpwnam(accounts.account_name(OFF_THE_LIST))
    admin = student(h, ADMIN, ADMIN_PASSWORD)
    assert admin.http.get(f"{h.url}/hub/api/users/{OFF_THE_LIST}", timeout=60).status_code == 404


def test_the_first_log_in_sets_the_password_and_reaches_only_their_own_warm_server(warm_hub):
    h, warmer = warm_hub
    name, neighbour = WARM[0], WARM[1]
    kernel_before = sessions(warmer, name)[f"{hub.TARGET}/{LESSON}"]
    ana = student(h, name, "anas-own-password")       # the first log-in: it chooses the password
    assert warm_auth_has_password(h, name)
    # The same server, ready at once, and the lesson's session is the warm kernel.
    r = ana.http.post(f"{h.url}/hub/api/users/{name}/server", timeout=60)
    assert r.status_code == 400                       # already running: nothing to start
    ana.start_server()
    session = ana.http.post(ana.user_url("api/sessions"), timeout=60, json={
        "path": f"{hub.TARGET}/{LESSON}", "type": "notebook", "name": "",
        "kernel": {"name": "python3"}})
    session.raise_for_status()
    assert session.json()["kernel"]["id"] == kernel_before
    # Her password is hers now: another one is refused.
    _, wrong = log_in_page(h.url, name, "someone-elses-guess")
    assert wrong.status_code != 302
    # Her own server answers her; her neighbour's warm server does not.
    assert ana.http.get(ana.user_url("api/status"), timeout=60).status_code == 200
    other = warmer.server(neighbour)["url"]
    r = ana.http.get(other.rstrip("/") + "/api/status", timeout=60, allow_redirects=False)
    assert r.status_code in (302, 403), r.status_code
    r = requests.get(other.rstrip("/") + "/api/contents", timeout=60, allow_redirects=False,
                     headers={"Authorization": f"token {ana.token}"})
    assert r.status_code in (302, 403), r.status_code


def test_keep_touches_only_while_the_culler_would_stop_a_warm_server_before_the_window_ends(warm_hub):
    import time
    _, warmer = warm_hub
    # The culler's timeout outlasts the window: nothing to keep.
    assert warmer.keep(WARM, until=time.time() + 600, idle_timeout=3600) == 0
    # A short culler timeout: each warm server touched (through the proxy) until the
    # window's end minus the timeout, then no more.
    t0 = time.monotonic()
    touches = warmer.keep(WARM, until=time.time() + 62, idle_timeout=60, every=0.5)
    assert touches >= len(WARM)
    assert time.monotonic() - t0 < 30
