"""The class hub's accounts without a hub: names map one to one onto valid Unix
account names, the class list is read and required, and wrong passwords lock a
name (a fake clock). The same rules on a real hub: tests/test_hub.py."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.classroom import hub
from kit.classroom.names import (ESCAPED_LIMIT, NAME_LIMIT, account_name, escape,
                                 read_class_list, unescape)
from kit.classroom.throttle import Throttle

# shadow's useradd (is_valid_user_name, without --badname): a lowercase letter or
# underscore first, then lowercase letters, digits, '_' and '-'; 32 at most.
USERADD = re.compile(r"[a-z_][a-z0-9_-]*\$?")


def test_the_issues_colliding_names_get_different_accounts():
    assert account_name("rt.dora") == "kit-rt-2edora"
    assert account_name("rt-dora-aa38c6") == "kit-rt-2ddora-2daa38c6"
    assert account_name("ada") == "kit-ada" and account_name("student01") == "kit-student01"
    assert account_name("Ada") != account_name("ada")           # the hub lowercases first anyway
    assert account_name("иван") == "kit-" + "".join(f"-{b:02x}" for b in "иван".encode())


def test_a_name_too_long_for_useradd_is_refused_not_cut():
    assert account_name("a" * ESCAPED_LIMIT) == "kit-" + "a" * 28
    assert len(account_name("a" * ESCAPED_LIMIT)) == NAME_LIMIT == 32
    with pytest.raises(ValueError, match="too long.*at most 28 letters"):
        account_name("a" * (ESCAPED_LIMIT + 1))
    with pytest.raises(ValueError, match="too long"):
        account_name("александра")                 # 10 Cyrillic letters: 60 characters escaped
    with pytest.raises(ValueError, match="empty"):
        account_name("")


NAMES = st.text(min_size=1, max_size=30)


@settings(max_examples=2000)
@given(NAMES, NAMES)
def test_different_names_never_share_an_account(a, b):
    try:
        ours, theirs = account_name(a), account_name(b)
    except ValueError:
        return                                      # refused: no account at all
    assert (ours == theirs) == (a == b)


@settings(max_examples=2000)
@given(NAMES)
def test_every_account_name_is_one_useradd_takes_and_gives_the_name_back(login):
    try:
        name = account_name(login)
    except ValueError as refused:
        assert len(escape(login)) > ESCAPED_LIMIT and "too long" in str(refused)
        return
    assert USERADD.fullmatch(name) and len(name) <= NAME_LIMIT, name
    assert unescape(name.removeprefix("kit-")) == login


def test_unescape_refuses_what_escape_never_makes():
    for bad in ("a-2", "a-zz", "A", "a_b", "a-2E"):
        with pytest.raises(ValueError, match="not an escaped name"):
            unescape(bad)


# ---- the class list -----------------------------------------------------------
def test_the_class_list_skips_blanks_and_comments_and_lowercases(tmp_path):
    path = tmp_path / "class.txt"
    path.write_text("# 7B, Monday\nAna.Garcia\n\n  boris  \nrt-dora-aa38c6\n", encoding="utf-8")
    assert read_class_list(path) == {"ana.garcia", "boris", "rt-dora-aa38c6"}


@pytest.mark.parametrize(("line", "why"), [
    ("ana garcia", "space or a comma"), ("ana,garcia", "space or a comma"),
    ("a" * 29, "too long")])
def test_a_class_list_name_that_cannot_log_in_is_named_with_its_line(tmp_path, line, why):
    path = tmp_path / "class.txt"
    path.write_text(f"ana\n{line}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=rf"class.txt, line 2: .*{why}"):
        read_class_list(path)


def test_a_class_hub_without_a_class_list_refuses_in_one_line():
    said = hub.open_class_refusal({})
    assert "KIT_CLASS_LIST=class.txt" in said and "KIT_OPEN_CLASS=1" in said
    assert "\n" not in said
    assert hub.open_class_refusal({"KIT_CLASS_LIST": "class.txt"}) == ""
    assert hub.open_class_refusal({"KIT_OPEN_CLASS": "1"}) == ""
    assert hub.open_class_refusal({"KIT_OPEN_CLASS": "yes"}) == said


def test_make_hub_as_root_without_a_class_list_refuses_in_one_line_before_installing():
    env = {k: v for k, v in os.environ.items()
           if k not in ("KIT_CLASS_LIST", "KIT_OPEN_CLASS", "KIT_HUB_DEMO")}
    done = subprocess.run(["make", "-s", "hub", "HUB_UID=0"], cwd=hub.ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    said = [line for line in (done.stdout + done.stderr).splitlines()
            if line.strip() and not re.match(r"make(\[\d+\])?: ", line)]    # make's own "Error"
    assert said == [hub.open_class_refusal({})]


def config_exit(env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """deploy/jupyterhub_config.py's start as the hub runs it, up to its first refusal
    (it exits before building the runtime or touching the machine)."""
    run = ("import runpy, sys; from traitlets.config import Config; sys.argv = ['jupyterhub']; "
           f"runpy.run_path({str(hub.CONFIG)!r}, {{'get_config': Config}})")
    base = {k: v for k, v in os.environ.items()
            if k not in ("KIT_CLASS_LIST", "KIT_OPEN_CLASS", "KIT_HUB_DEMO")}
    return subprocess.run([sys.executable, "-c", run], capture_output=True, text=True, timeout=60,
                          env={**base, "KIT_HUB_STATE": str(tmp_path / "state"), **env})


@pytest.mark.skipif(os.geteuid() != 0, reason="the class mode starts only as root")
def test_the_hub_config_stops_without_a_class_list_and_on_a_bad_one(tmp_path):
    done = config_exit({}, tmp_path)
    assert done.returncode != 0 and done.stderr.strip() == hub.open_class_refusal({})
    bad = tmp_path / "class.txt"
    bad.write_text("ana\nana garcia\n")
    done = config_exit({"KIT_CLASS_LIST": str(bad)}, tmp_path)
    assert done.returncode != 0
    assert done.stderr.strip().startswith("KIT_CLASS_LIST: ") and "line 2" in done.stderr


# ---- wrong passwords ------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_five_wrong_passwords_lock_a_name_for_30_s_then_doubling_up_to_15_min():
    clock = Clock()
    t = Throttle(clock=clock)
    assert [t.failed("dora") for _ in range(4)] == [0, 0, 0, 0] and t.wait("dora") == 0
    assert t.failed("dora") == 30
    assert t.wait("eve") == 0                       # per name: nobody else is locked
    clock.now += 10
    assert t.wait("dora") == 20
    locks = []
    for _ in range(8):                              # after each lock, one try, wrong again
        clock.now += t.wait("dora")
        assert t.wait("dora") == 0
        locks.append(t.failed("dora"))
    assert locks == [60, 120, 240, 480, 900, 900, 900, 900]


def test_a_right_password_clears_the_count_and_a_lock_is_its_own():
    clock = Clock()
    t = Throttle(clock=clock)
    for _ in range(4):
        t.failed("dora")
    t.succeeded("dora")
    assert [t.failed("dora") for _ in range(4)] == [0, 0, 0, 0]      # five again, not one
    assert t.failed("dora") == 30
    clock.now += 31
    t.succeeded("dora")
    assert t.wait("dora") == 0 and t.failed("dora") == 0


def test_quiet_names_are_forgotten_past_the_bound_and_the_settings_are_checked():
    clock = Clock()
    t = Throttle(clock=clock, names=3)
    for name in "abcd":
        t.failed(name)
    clock.now += 2000
    t.failed("e")
    assert set(t.records) == {"e"}
    with pytest.raises(ValueError, match="tries >= 1"):
        Throttle(tries=0)
    with pytest.raises(ValueError, match="first <= longest"):
        Throttle(first=60, longest=30)


# ---- the authenticator's words and the spawner's account, without a hub -------------
def authenticator(tmp_path, **settings):
    from kit.classroom.accounts import KitAuthenticator
    return KitAuthenticator(dbm_path=str(tmp_path / "passwords.dbm"),
                            homes=str(tmp_path / "homes"), **settings)


def test_the_lock_says_when_to_try_again_in_the_students_language(tmp_path):
    auth = authenticator(tmp_path, language="es", student_languages={"boris": "bg", "carl": "en"},
                         allowed_users={"ana", "boris", "carl"})
    assert auth.locked("carl", 30) == ("Too many wrong passwords for this name: "
                                       "try again in 30 seconds.")
    assert auth.locked("carl", 0.2) == ("Too many wrong passwords for this name: "
                                        "try again in 1 second.")
    assert auth.locked("carl", 900) == ("Too many wrong passwords for this name: "
                                        "try again in 15 minutes.")
    assert auth.locked("ana", 30).endswith("vuelve a intentarlo dentro de 30 segundos.")
    assert auth.locked("boris", 240).endswith("опитай отново след 4 минути.")
    assert "lista de la clase" in auth.refused("stranger")
    assert "not on the class list" in authenticator(tmp_path, allowed_users={"ana"}).refused("x")
    assert authenticator(tmp_path).refused("stranger") == ""    # no list: FirstUse's allow_all


def test_the_authenticator_refuses_a_name_too_long_and_takes_one_on_the_list(tmp_path):
    auth = authenticator(tmp_path, allowed_users={"ada", "a" * 29})
    assert auth.refused("ada") == ""
    assert "too long for an account" in auth.refused("a" * 29)


def test_the_spawner_never_runs_a_server_as_an_account_made_for_another(monkeypatch):
    from types import SimpleNamespace

    from kit.classroom import accounts
    made = {"kit-ada": accounts.gecos_for("ada"), "kit-ben": accounts.gecos_for("cy"),
            "kit-dan": accounts.MARK}
    monkeypatch.setattr(accounts.pwd, "getpwnam", lambda name: SimpleNamespace(
        pw_name=name, pw_gecos=made[name], pw_dir=f"/home/kit-class/{name}"))
    for name, allowed in (("ada", True), ("ben", False), ("dan", False)):
        spawner = accounts.KitSpawner(user=SimpleNamespace(name=name))
        if allowed:
            assert spawner.account.pw_name == "kit-ada"
        else:
            with pytest.raises(RuntimeError, match="no server runs as it"):
                assert spawner.account is None
    assert accounts.owner_of(SimpleNamespace(pw_gecos=accounts.gecos_for("rt.dora"))) == "rt.dora"
    assert accounts.gecos_for("rt.dora") == "kit class hub student for rt-2edora"


def test_a_first_password_is_hashed_at_cost_10_and_a_stored_one_at_its_own_cost_still_checks(tmp_path):
    import asyncio
    import dbm
    from types import SimpleNamespace

    import bcrypt

    auth = authenticator(tmp_path, allowed_users={"ada", "ben"}, min_password_length=8)
    page = SimpleNamespace(custom_login_error="")
    login = lambda name, password: asyncio.run(auth.authenticate(page, {"username": name, "password": password}))  # noqa: E731
    assert login("ada", "first-one") == "ada"               # chosen at the first log-in
    assert login("ada", "first-one") == "ada" and login("ada", "another1") is None
    with dbm.open(auth.dbm_path, "w") as db:
        assert db[b"ada"].startswith(b"$2b$10$")
        db[b"ben"] = bcrypt.hashpw(b"older-hash", bcrypt.gensalt(12))   # made before, at 12
    assert login("ben", "older-hash") == "ben" and login("ben", "older-hasH") is None
    assert login("cy", "whatever1") is None                  # not on the list: no password made
    auth.reset_password("ada", "changed-1")
    assert login("ada", "changed-1") == "ada" and login("ada", "first-one") is None


def test_the_bcrypt_cost_cannot_be_set_below_10(tmp_path):
    assert authenticator(tmp_path, password_rounds=12).password_rounds == 12
    with pytest.raises(ValueError, match="password_rounds=9: bcrypt's cost must be 10 to 31"):
        authenticator(tmp_path, password_rounds=9)
