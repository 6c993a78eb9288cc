"""An origin per student on the class hub, over plain HTTP (issue 35, same origin).

Covers: the hub is on its own host (localhost:PORT) and each student's server
on hers (<name>.localhost:PORT, JupyterHub's subdomain_host), the class
service on class--service.localhost:PORT; the hub's log-in and XSRF cookies
are host-only (no Domain), so no student's server receives them; a server's
own cookie is host-only on its host and path; a student's server answers only
on its own host; the lesson link goes through the hub's host to the student's
own; the teacher's everyday account holds only its listed scopes (no admin),
the admin account is separate. The browser's side (a student's page opened by
the teacher or a student) is tests/browser/test_hub_origin_browser.py.
"""

import re
from urllib.parse import urlparse

import pytest
import requests

from hub_fixtures import (ADMIN, ADMIN_PASSWORD, LESSON, PASSWORD, TEACHER, TEACHER_PASSWORD,
                          log_in_page, student)
from kit.classroom import hub

pytestmark = pytest.mark.hub


def set_cookies(response: requests.Response) -> dict[str, str]:
    """name -> the whole Set-Cookie line, for every redirect on the way too."""
    lines = {}
    for r in [*response.history, response]:
        for line in r.raw.headers.getlist("Set-Cookie"):
            lines[line.split("=", 1)[0]] = line
    return lines


def test_the_hub_and_each_server_and_the_class_page_have_hosts_of_their_own(class_hub):
    port = urlparse(class_hub.url).port
    assert class_hub.url == f"http://localhost:{port}"
    assert class_hub.teacher_page == f"http://class--service.localhost:{port}/services/class/"
    ivy = student(class_hub, "ivy")
    ivy.start_server()
    assert ivy.user_url("") == f"http://ivy.localhost:{port}/user/ivy/"


def test_the_hubs_cookies_are_host_only(class_hub):
    page = requests.Session()
    page.get(f"{class_hub.url}/hub/login", timeout=60)
    r = page.post(f"{class_hub.url}/hub/login", allow_redirects=False, timeout=120, data={
        "username": "jo", "password": PASSWORD, "_xsrf": page.cookies.get("_xsrf")})
    assert r.status_code == 302
    cookies = set_cookies(r)
    assert {"jupyterhub-hub-login", "_xsrf"} <= set(cookies), cookies
    for name, line in cookies.items():
        if name == "jupyterhub-session-id":
            # JupyterHub shares the session id with every server on purpose; it
            # logs nobody in, and no page's script can read it.
            assert "HttpOnly" in line, line
            continue
        assert "domain=" not in line.lower(), line          # host-only: localhost alone
    assert "HttpOnly" in cookies["jupyterhub-hub-login"]
    assert "Path=/hub/" in cookies["jupyterhub-hub-login"]


def test_a_servers_cookie_is_for_its_own_host_and_path(class_hub):
    kim = student(class_hub, "kim")
    kim.start_server()
    page, _ = log_in_page(class_hub.url, "kim", PASSWORD)
    # A page, not the API: a cookie-only API request needs the server's XSRF token.
    r = page.get(kim.user_url("lab"), timeout=120)
    assert r.status_code == 200 and r.url.startswith(kim.user_url("")), r.url
    cookies = set_cookies(r)
    line = cookies["jupyterhub-user-kim"]
    assert "domain=" not in line.lower() and "Path=/user/kim/" in line, line


def test_a_students_server_answers_only_on_its_own_host(class_hub):
    lou, max_ = student(class_hub, "lou"), student(class_hub, "max")
    lou.start_server()
    max_.start_server()
    port = urlparse(class_hub.url).port
    own = lou.user_url("api/status")
    auth = {"Authorization": f"token {lou.token}"}
    assert requests.get(own, headers=auth, timeout=60).status_code == 200
    for host in ("localhost", "max.localhost", "class--service.localhost"):
        r = requests.get(f"http://{host}:{port}/user/lou/api/status", headers=auth, timeout=60,
                         allow_redirects=False)
        # Not lou's server answering there: the hub (a redirect or a refusal).
        assert r.status_code != 200, (host, r.status_code, r.text[:200])
        assert "ServerApp" not in r.headers.get("Server", "")
        location = r.headers.get("Location", "")
        assert not location or location.startswith(("/hub/", f"http://localhost:{port}/")), location
    # max's host does not reach lou's server either, with max's token or lou's.
    r = requests.get(f"http://max.localhost:{port}/user/lou/api/contents", timeout=60,
                     headers={"Authorization": f"token {max_.token}"}, allow_redirects=False)
    assert r.status_code != 200


def test_the_lesson_link_leads_from_the_hubs_host_to_the_students_own(class_hub):
    page, r = log_in_page(class_hub.url, "nia", PASSWORD)
    assert r.status_code == 302
    link = hub.lesson_link(LESSON, class_hub.url)
    assert link.startswith(f"{class_hub.url}/hub/user-redirect/")
    port = urlparse(class_hub.url).port
    for _ in range(150):
        r = page.get(link, timeout=120)
        if r.url.startswith(f"http://nia.localhost:{port}/user/nia/git-pull"):
            break
    assert re.match(rf"http://nia\.localhost:{port}/user/nia/git-pull", r.url), r.url


def test_the_teachers_account_is_no_admin_and_holds_only_its_scopes(class_hub):
    teacher = student(class_hub, TEACHER, TEACHER_PASSWORD)
    me = teacher.http.get(f"{class_hub.url}/hub/api/user", timeout=60).json()
    assert me["admin"] is False
    scopes = set(me["scopes"])
    assert "access:services!service=class" in scopes
    assert not [s for s in scopes if s.startswith(("admin", "tokens", "users", "servers", "access:servers"))
                and not s.endswith(f"!user={TEACHER}")], scopes
    assert teacher.http.get(f"{class_hub.url}/hub/api/users", timeout=60).status_code == 403
    assert teacher.http.post(f"{class_hub.url}/hub/api/users/ivy/tokens", json={},
                             timeout=60).status_code in (403, 404)
    assert teacher.http.get(class_hub.teacher_page, timeout=60).status_code == 200
    admin = student(class_hub, ADMIN, ADMIN_PASSWORD)
    assert admin.http.get(f"{class_hub.url}/hub/api/users", timeout=60).status_code == 200
    # The class page lists students, not the teacher or the admin.
    summary = teacher.http.get(class_hub.teacher_page + "api/summary", timeout=60).json()
    assert TEACHER not in summary.get("students", []) and ADMIN not in summary.get("students", [])


def test_the_teachers_page_address_follows_the_hubs_host():
    assert hub.teacher_page() == "http://class--service.localhost:8000/services/class/"
    assert hub.teacher_page("https://hub.school.example/") == \
        "https://class--service.hub.school.example/services/class/"
    for bad in ("hub.school.example", "https://hub.school.example/jupyter"):
        with pytest.raises(ValueError, match="the hub's address"):
            hub.teacher_page(bad)
    assert hub.lesson_link(LESSON, repo="file:///r", branch="main").startswith(
        "http://localhost:8000/hub/user-redirect/git-pull?")
