"""A student-served page cannot act as whoever opens it (issue 35, same origin).

Eve writes an HTML page with a script into her own server's unauthenticated
static folder (~/.local/share/jupyter/labextensions/<x>/static/, from her own
kernel). The teacher, logged in in Chromium (the hub and the class page open),
opens eve's link; then adam, logged in with his own server open, does. The
script (origin_attack.html) tries to mint the teacher's and adam's tokens, list
the users, read and write adam's file through his server, read the class
service's page and summary, read the hub's token page in a frame and
document.cookie; it writes what it got into the page and, with eve's own token,
into a file on eve's server (her loot). Every try must fail (a network error, an
opaque answer or a refusal, each recorded); the controls on eve's own server
must work, so the test fails if the script did not run. On the hub, as the
admin: no token was made for the teacher or adam, and adam's file is unchanged.

What eve's server receives is recorded in the browser (Playwright's view of
every request to eve's host, with the headers Chromium sent): no hub log-in
cookie, no server cookie of the victim's, no token. JupyterHub's session id
cookie (``jupyterhub-session-id``, Domain=<hub host>, HttpOnly) is set for every
server's host by JupyterHub's design; it is no credential (it logs in nothing
and signs nothing), so the test allows it by name. (On localhost Chromium keeps
even it on the hub's host: Domain=localhost names a top-level name, which it
files as host-only. On a school's domain it would be shared.) Not covered: a classroom network's DNS and TLS (the same
walls, by the browser's origin rules; docs/teaching.md).
"""

import json
import re
from pathlib import Path

import pytest

from hub_fixtures import ADMIN, ADMIN_PASSWORD, PASSWORD, TEACHER, TEACHER_PASSWORD, kernel_of, student

pytestmark = pytest.mark.hub

PAGE = Path(__file__).with_name("origin_attack.html").read_text()
STATIC = "lab/extensions/kit-eve/static/page.html"
SECRET = "adam's own words"
# Only JupyterHub's session id may reach eve's server (see the docstring).
ALLOWED_COOKIES = {"jupyterhub-session-id"}


def log_in(page, hub_url: str, name: str, password: str, then: str) -> None:
    """Log in on the hub, then open ``then`` (on another host: the hub's log-in
    keeps only the path of a ``next`` on a subdomain, so it is opened after)."""
    page.goto(f"{hub_url}/hub/login?next=%2Fhub%2Fhome")
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")
    page.wait_for_url(re.compile(r"/hub/home"), timeout=120_000)
    page.goto(then)
    page.wait_for_url(re.compile("^" + re.escape(then)), timeout=120_000)


def tokens_of(admin, hub_url: str, name: str) -> set[str]:
    r = admin.http.get(f"{hub_url}/hub/api/users/{name}/tokens", timeout=60)
    r.raise_for_status()
    return {t["id"] for t in r.json()["api_tokens"]}


@pytest.fixture(scope="module")
def scene(class_hub):
    """Eve's page on her server, adam's file on his; the admin to check on the hub."""
    eve, adam = student(class_hub, "eve"), student(class_hub, "adam")
    eve.start_server()
    adam.start_server()
    r = adam.http.put(adam.user_url("api/contents/secret.txt"), timeout=60,
                      json={"type": "file", "format": "text", "content": SECRET})
    assert r.status_code in (200, 201), r.text
    admin = student(class_hub, ADMIN, ADMIN_PASSWORD)
    return {"eve": eve, "adam": adam, "admin": admin}


def plant(scene, class_hub, victim: str, loot: str) -> str:
    """Eve writes her page from her own kernel; the URL of her link."""
    eve, adam = scene["eve"], scene["adam"]
    html = PAGE
    for key, value in {"__HUB__": class_hub.url, "__VICTIM__": adam.user_url(""),
                       "__CLASS__": class_hub.teacher_page, "__VICTIM_NAME__": victim,
                       "__TEACHER__": TEACHER, "__EVE_SERVER__": eve.user_url(""),
                       "__EVE_TOKEN__": eve.token, "__LOOT__": loot}.items():
        html = html.replace(key, value)
    kernel = kernel_of(eve, another=True)
    try:
        _, error = kernel.run(
            "import os, pathlib\n"
            "p = pathlib.Path.home() / '.local/share/jupyter/labextensions/kit-eve/static'\n"
            "p.mkdir(parents=True, exist_ok=True)\n"
            f"(p / 'page.html').write_text({html!r})\n", wait=60)
    finally:
        kernel.close()
    assert not error, error
    return eve.user_url(STATIC)


def open_eves_link(page, link: str, eve_host: str) -> tuple[dict, list[dict[str, str]]]:
    """Open the link; what the script got, and the headers of every request to eve's host."""
    to_eve = []
    page.on("request", lambda request: to_eve.append(request)
            if request.url.startswith(eve_host) else None)
    page.goto(link)
    page.wait_for_function("window.done === true", timeout=90_000)
    got = json.loads(page.locator("#out").inner_text())
    return got, [request.all_headers() for request in to_eve]


def assert_walled_off(got: dict, headers: list[dict[str, str]], victim_token: str,
                      eve_token: str, browser_cookies: list[dict]) -> None:
    """Every try refused, the control answered, and nothing of the victim's
    (a token, or any cookie the browser holds for a host not eve's, but the
    session id) in what the script got or in what reached eve's server."""
    # The controls: the script ran and eve's own server answered it.
    assert got["control: eve's own page"]["status"] == 200, got
    for name, what in got.items():
        if name.startswith("control") or name == "document.cookie":
            continue
        failed = ("error" in what or what.get("type") == "opaque"
                  or what.get("status") in (401, 403, 404, 405))
        assert failed, (name, what)
        assert SECRET not in json.dumps(what), (name, what)
        assert '"token"' not in what.get("body", ""), (name, what)
    print("every try refused:", json.dumps(got, indent=1)[:4000])
    assert headers, "no request reached eve's server"
    sent = "\n".join(json.dumps(h) for h in headers)
    theirs = [c for c in browser_cookies
              if not c["domain"].startswith("eve.") and c["name"] not in ALLOWED_COOKIES]
    assert [c["name"] for c in theirs], "the browser holds no cookie of the victim's: nothing tested"
    for c in theirs:
        assert c["value"] not in sent, (c["name"], "reached eve's server")
        assert c["value"] not in json.dumps(got), (c["name"], "reached eve's script")
    assert victim_token not in sent and victim_token not in json.dumps(got)
    for h in headers:
        # The only token eve's server sees is the one eve put in her own page.
        assert h.get("authorization") in (None, f"token {eve_token}"), h
    print("cookies the browser held for other hosts, none of which reached eve:",
          sorted(f"{c['name']}@{c['domain']}" for c in theirs))


def test_the_teacher_opening_a_students_page_gives_her_nothing(class_hub, scene, page):
    eve, adam, admin = scene["eve"], scene["adam"], scene["admin"]
    link = plant(scene, class_hub, "adam", "loot-teacher.json")
    # The teacher as on a class day: logged in, the class page open.
    log_in(page, class_hub.url, TEACHER, TEACHER_PASSWORD, class_hub.teacher_page)
    before = {n: tokens_of(admin, class_hub.url, n) for n in (TEACHER, "adam")}
    got, headers = open_eves_link(page, link, eve.user_url("").split("/user/")[0])
    assert_walled_off(got, headers, adam.token, eve.token, page.context.cookies())
    # Eve took her loot home (the exfiltration path works), and it holds nothing.
    r = eve.http.get(eve.user_url("api/contents/loot-teacher.json"), timeout=60)
    assert r.status_code == 200 and SECRET not in r.text
    after = {n: tokens_of(admin, class_hub.url, n) for n in (TEACHER, "adam")}
    assert after == before, "a token was minted from eve's page"
    r = adam.http.get(adam.user_url("api/contents/secret.txt"), timeout=60)
    assert r.json()["content"] == SECRET
    assert adam.http.get(adam.user_url("api/contents/pwned.txt"), timeout=60).status_code == 404
    assert adam.http.get(adam.user_url("api/contents/pwned2.txt"), timeout=60).status_code == 404


def test_a_student_opening_it_sends_eve_no_token_or_cookie_of_his(class_hub, scene, browser):
    eve, adam, admin = scene["eve"], scene["adam"], scene["admin"]
    link = plant(scene, class_hub, "adam", "loot-adam.json")
    context = browser.new_context()
    try:
        page = context.new_page()
        # Adam with his own server open in this browser (its cookie is set).
        log_in(page, class_hub.url, "adam", PASSWORD, adam.user_url("lab"))
        before = tokens_of(admin, class_hub.url, "adam")
        got, headers = open_eves_link(page, link, eve.user_url("").split("/user/")[0])
        assert_walled_off(got, headers, adam.token, eve.token, context.cookies())
        assert tokens_of(admin, class_hub.url, "adam") == before
        server_cookies = [c for c in context.cookies() if c["name"].startswith("jupyterhub-user-")]
        assert server_cookies, "adam's browser holds no cookie of his server: the test proves nothing"
        for c in server_cookies:
            assert all(c["value"] not in json.dumps(h) for h in headers)
    finally:
        context.close()
    r = eve.http.get(eve.user_url("api/contents/loot-adam.json"), timeout=60)
    assert r.status_code == 200 and SECRET not in r.text
    assert adam.http.get(adam.user_url("api/contents/pwned.txt"), timeout=60).status_code == 404
