"""The hostile student's seven attacks (kit.classroom.attacks), against real limits, without a hub.

Makes two throwaway locked accounts (kit20t-a…, the attacker, and kit20t-v…, the
victim) with 0700 homes under a fresh /var/tmp/kit20t-… directory, a victim's
notebook, a teacher's tree closed to others (o-rwx, as the hub leaves ROOT) and a
root-only 0700 hub state directory. Each attack's code runs as the attacker, the
way a student's kernel would meet the hub's limits:

    setpriv --reuid=A --regid=A --clear-groups --inh-caps=-all
      prlimit --data=1GiB --nproc=64 --nofile=1024 --fsize=1GiB -- /usr/bin/python3 -c CODE

(prlimit is exec'd after setpriv, so the capabilities setpriv keeps until its own
exec are gone before the attack runs.) The fork bomb and the kill run only this
way: never as root, always under the NPROC limit. After every test every process
of the attacker is killed (`pkill -9 -u` until `pgrep -u` finds none); at the end
the accounts (userdel, only these two) and the directory are removed. Filling
the disk runs against a 48 MiB disk of the attacker's own and one of the
victim's (kit.classroom.homedisk, as the hub makes a home), removed after it.
Needs root; the hub tests' marker, since it is the hub's walls being tested.
"""

from __future__ import annotations

import os
import pwd
import secrets
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from kit.classroom import attacks, homedisk
from kit.classroom.attacks import Outcome, Targets

from system_tools import unavailable

pytestmark = pytest.mark.hub

GiB = 1 << 30
NOTEBOOK = b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n'


@dataclass
class Lab:
    base: Path
    attacker: pwd.struct_passwd
    victim: pwd.struct_passwd
    targets: Targets


def processes_of(uid: int) -> list[str]:
    found = subprocess.run(["pgrep", "-u", str(uid)], capture_output=True, text=True)
    return found.stdout.split()


def kill_all(uid: int, within: float = 30) -> int:
    """Kill every process of ``uid`` until none is left; returns the rounds it took."""
    deadline, rounds = time.monotonic() + within, 0
    while processes_of(uid):
        assert time.monotonic() < deadline, f"uid {uid} still has processes: {processes_of(uid)}"
        subprocess.run(["pkill", "-9", "-u", str(uid)], capture_output=True)
        rounds += 1
        time.sleep(0.05)
    return rounds


def make_account(name: str, home: Path) -> pwd.struct_passwd:
    subprocess.run(["useradd", "--system", "--no-create-home", "--home-dir", str(home),
                    "--shell", "/usr/sbin/nologin", "--user-group", "--comment", "kit20t throwaway", name],
                   check=True, capture_output=True, text=True)
    account = pwd.getpwnam(name)
    home.mkdir()
    os.chown(home, account.pw_uid, account.pw_gid)
    home.chmod(0o700)
    return account


def remove_account(name: str) -> None:
    subprocess.run(["userdel", name], capture_output=True)
    # userdel removes the user's own group where USERGROUPS_ENAB is on; make sure of it
    if subprocess.run(["getent", "group", name], capture_output=True).returncode == 0:
        subprocess.run(["groupdel", name], capture_output=True)


def write(path: Path, data: bytes, mode: int, owner: pwd.struct_passwd | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    path.chmod(mode)
    if owner:
        os.chown(path, owner.pw_uid, owner.pw_gid)
    return path


@pytest.fixture(scope="module")
def lab():
    if os.geteuid() != 0:
        unavailable("not root",
                    "needs root: makes throwaway accounts and runs each attack as one of them (setpriv)")
    for tool in ("setpriv", "prlimit", "useradd", "userdel", "pkill", "pgrep"):
        if not shutil.which(tool):
            unavailable(f"no {tool} on PATH", f"needs {tool} (util-linux, passwd, procps)")
    suffix = secrets.token_hex(3)
    base = Path(f"/var/tmp/kit20t-{suffix}")
    base.mkdir(mode=0o755)
    base.chmod(0o755)
    made: list[pwd.struct_passwd] = []
    try:
        attacker = make_account(f"kit20t-a{suffix}", base / f"kit20t-a{suffix}")
        made.append(attacker)
        victim = make_account(f"kit20t-v{suffix}", base / f"kit20t-v{suffix}")
        made.append(victim)
        victim_home = Path(victim.pw_dir)
        notebook = victim_home / "kit-lessons" / "notebooks" / "00_welcome.ipynb"
        write(notebook, NOTEBOOK, 0o644, victim)      # as git leaves it under umask 022
        for folder in (notebook.parent, notebook.parent.parent):
            os.chown(folder, victim.pw_uid, victim.pw_gid)
        # The teacher's checkout, o-rwx as the hub leaves it; the hub's state, root-only.
        teacher = base / "teacher"
        source = write(teacher / "grading" / "source" / "iota_puzzles" / "iota_puzzles.ipynb", NOTEBOOK, 0o644)
        handouts = teacher / "build" / "handouts" / "teacher"
        write(handouts / "answers.ipynb", NOTEBOOK, 0o644)
        teacher.chmod(0o750)
        state = base / "state"
        state.mkdir(mode=0o700)
        database = write(state / "jupyterhub.sqlite", b"SQLite format 3\x00", 0o600)
        cookie = write(state / "jupyterhub_cookie_secret", secrets.token_hex(32).encode(), 0o600)
        targets = Targets(str(victim_home), str(notebook), (str(source), str(handouts)),
                          (str(database), str(cookie)), ("kit20t-class-password", "kit20t-teacher-password"))
        yield Lab(base, attacker, victim, targets)
    finally:
        for account in made:
            kill_all(account.pw_uid)
            remove_account(account.pw_name)
        shutil.rmtree(base)


@pytest.fixture(autouse=True)
def nothing_left(request):
    """No attacker process outlives a test."""
    yield
    if "lab" in request.fixturenames:
        kill_all(request.getfixturevalue("lab").attacker.pw_uid)


def attack(lab: Lab, action: str, targets: Targets | None = None, env: dict[str, str] | None = None,
           timeout: float = 120, **options) -> Outcome:
    """Run one attack as the attacker, under the hub's rlimits, from /; its Outcome."""
    uid, gid = lab.attacker.pw_uid, lab.attacker.pw_gid
    assert uid != 0 and gid != 0, "the attacks run as the throwaway account only"
    command = ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups", "--inh-caps=-all",
               "prlimit", f"--data={GiB}", "--nproc=64", "--nofile=1024", f"--fsize={GiB}", "--",
               "/usr/bin/python3", "-c", attacks.code(action, targets or lab.targets, **options)]
    run = subprocess.run(command, cwd="/", env=env or {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
                         capture_output=True, text=True, timeout=timeout)
    assert run.returncode == 0, run.stderr
    result = attacks.outcome(run.stdout)
    assert result.action == action
    print(f"{action}: denied={result.denied}: {result.detail}")
    return result


def test_another_students_work_is_closed_and_unchanged(lab):
    notebook = Path(lab.targets.victim_notebook)
    before = notebook.stat()
    result = attack(lab, "read another student's work")
    assert result.denied, result.detail
    assert result.data == {"read": "EACCES", "write": "EACCES", "list": "EACCES"}
    assert notebook.read_bytes() == NOTEBOOK
    after = notebook.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)


def test_an_open_notebook_is_reported_with_the_damage_visible(lab):
    shared = lab.base / "open"
    shared.mkdir(mode=0o755, exist_ok=True)
    notebook = write(shared / "work.ipynb", NOTEBOOK, 0o666)
    result = attack(lab, "read another student's work", Targets(str(shared), str(notebook), (), ()))
    assert not result.denied
    assert result.data == {"read": f"{len(NOTEBOOK)} bytes", "write": "opened, marker line appended",
                           "list": "1 entries"}
    assert notebook.read_bytes() == NOTEBOOK + b"\nKIT-ATTACK: another student wrote here\n"


def test_hub_and_teacher_files_are_closed_and_the_env_clean(lab):
    result = attack(lab, "hub and teacher files")
    assert result.denied, result.detail
    assert set(result.data["files"].values()) == {"EACCES"}
    assert len(result.data["files"]) == 4
    assert result.data["env_holding_secrets"] == [] and result.data["env_suspicious_names"] == []


def test_open_files_a_leaked_secret_and_absent_files_are_told_apart(lab):
    shared = lab.base / "open"
    shared.mkdir(mode=0o755, exist_ok=True)
    readable = write(shared / "handout.ipynb", NOTEBOOK, 0o644)
    listable_only = lab.base / "listless"          # searchable, not listable: a missing file there is hidden
    listable_only.mkdir(mode=0o711, exist_ok=True)
    listable_only.chmod(0o711)
    targets = Targets(lab.targets.victim_home, lab.targets.victim_notebook,
                      (str(readable), str(shared / "missing.ipynb")), (str(listable_only / "missing.sqlite"),),
                      ("kit20t-class-password",))
    env = {"PATH": "/usr/bin:/bin", "KIT20T_WHATEVER": "x kit20t-class-password x", "HUB_SECRET_NAME": "1"}
    result = attack(lab, "hub and teacher files", targets, env=env)
    assert not result.denied
    files = result.data["files"]
    assert files[str(readable)] == f"read {len(NOTEBOOK)} bytes"
    assert files[str(shared / "missing.ipynb")] == "absent (ENOENT) under open directories"
    assert files[str(listable_only / "missing.sqlite")] == f"absent (ENOENT), {listable_only} closed to us"
    assert result.data["env_holding_secrets"] == ["KIT20T_WHATEVER"]
    assert result.data["env_suspicious_names"] == ["HUB_SECRET_NAME"]


def test_memory_stops_at_the_data_limit(lab):
    result = attack(lab, "memory")
    assert result.denied, result.detail
    assert result.data["error"] == "MemoryError"
    assert 0 < result.data["mib"] < 1024
    assert result.data["rss_mib"] >= result.data["mib"]        # the pages were touched, not only reserved


def test_memory_without_a_limit_stops_at_the_cap_and_frees(lab):
    result = attack(lab, "memory", cap_mib=128)
    assert not result.denied and result.data["mib"] == 128, result.detail


def test_busy_loops_spin_for_their_seconds_then_end(lab):
    result = attack(lab, "busy loop", seconds=2, sample=0.5)
    assert not result.denied     # never refused: containment is judged by honest students' times
    cores = os.cpu_count() or 1
    assert len(result.data["pids"]) == cores and len(result.data["spinning"]) == cores, result.detail
    assert all(seconds > 0 for seconds in result.data["cpu_seconds"].values()), result.detail
    deadline = time.monotonic() + 15
    while processes_of(lab.attacker.pw_uid):
        assert time.monotonic() < deadline, "the bounded busy loops did not end"
        time.sleep(0.2)


@pytest.fixture
def disks(lab):
    """A 48 MiB disk for the attacker and one for the victim, as the hub makes homes."""
    for tool in ("mkfs.ext4", "mount", "umount"):
        if not shutil.which(tool):
            unavailable(f"no {tool} on PATH", f"needs {tool} (e2fsprogs, util-linux)")
    homes = lab.base / "disks"
    homes.mkdir()
    made = []
    try:
        for account in (lab.attacker, lab.victim):
            made.append(homes / account.pw_name)
            homedisk.make(made[-1], 48 << 20, account.pw_uid, account.pw_gid, reserve=0)
        yield made
    finally:
        for home in made:
            homedisk.remove(home)
        shutil.rmtree(homes)


def test_filling_the_disk_stops_at_the_students_own_and_the_others_still_write(lab, disks):
    mine, theirs = disks
    result = attack(lab, "fill the disk", folder=str(mine), chunk_mib=4)
    assert result.denied and result.data["error"] == "ENOSPC", result.detail
    assert 24 <= result.data["mib"] < 48                   # ext4's journal and tables take the rest
    assert sum(f.stat().st_size for f in (mine / "kit-attack-fill").iterdir()) >= 24 << 20   # kept
    victim = lab.victim
    wrote = subprocess.run(
        ["setpriv", f"--reuid={victim.pw_uid}", f"--regid={victim.pw_gid}", "--clear-groups",
         "--inh-caps=-all", "/usr/bin/python3", "-c",
         f"open({str(theirs / 'work.ipynb')!r}, 'wb').write(bytes(16 << 20))"],
        capture_output=True, text=True)
    assert wrote.returncode == 0, wrote.stderr
    assert (theirs / "work.ipynb").stat().st_size == 16 << 20


def test_filling_a_folder_without_a_limit_stops_at_the_cap_and_deletes(lab):
    folder = lab.base / "unlimited"
    folder.mkdir()
    os.chown(folder, lab.attacker.pw_uid, lab.attacker.pw_gid)
    result = attack(lab, "fill the disk", folder=str(folder), cap_mib=96, chunk_mib=32)
    assert not result.denied and result.data["mib"] == 96 and result.data["files"] == 1, result.detail
    assert "no refusal up to the cap of 96 MiB" in result.detail
    assert os.listdir(folder) == []


def test_kill_reaches_no_other_users_process(lab):
    bystanders = [
        subprocess.Popen(["sleep", "300"]),    # root's, like the hub and its proxy
        subprocess.Popen(["setpriv", f"--reuid={lab.victim.pw_uid}", f"--regid={lab.victim.pw_gid}",
                          "--clear-groups", "--inh-caps=-all", "sleep", "300"]),   # another student's
    ]
    # the attacker's own uid, but not under the attack's parent (as under a shared account): counted, not killed
    stranger = int(subprocess.run(
        ["setpriv", f"--reuid={lab.attacker.pw_uid}", f"--regid={lab.attacker.pw_gid}", "--clear-groups",
         "--inh-caps=-all", "sh", "-c", "sleep 300 >/dev/null 2>&1 & echo $!"],
        cwd="/", capture_output=True, text=True, check=True).stdout)
    try:
        time.sleep(0.2)
        result = attack(lab, "kill")
        assert result.denied, result.detail
        assert result.data["killed"] == [] and result.data["refused"] >= 2
        assert set(result.data["errors"]) == {"EPERM"}
        assert result.data["our_uid_outside_our_server"] == [stranger]
        assert all(process.poll() is None for process in bystanders)
        assert Path(f"/proc/{stranger}").exists()
    finally:
        for process in bystanders:
            process.kill()
            process.wait()


def test_fork_bomb_is_refused_at_the_task_limit_and_cleaned_up(lab):
    uid = lab.attacker.pw_uid
    result = attack(lab, "fork bomb")
    assert result.denied, result.detail
    assert result.data["refused"] == "EAGAIN"
    assert 0 < result.data["tasks"] <= 64 and result.data["uid"] == uid
    left = len(processes_of(uid))
    assert left > 1, "the bomb should still be running until its processes are killed"
    started = time.monotonic()
    rounds = kill_all(uid)
    print(f"{left} bomb processes killed in {rounds} rounds, {time.monotonic() - started:.2f} s")
    assert processes_of(uid) == []


def test_fork_bomb_without_a_refusal_kills_itself(lab):
    # A budget below the task limit stands in for a machine without limits.
    result = attack(lab, "fork bomb", max_forks=16)
    assert not result.denied and result.data["refused"] == "", result.detail
    assert "no fork refused after 16 forks" in result.detail
    deadline = time.monotonic() + 10
    while processes_of(lab.attacker.pw_uid):       # its own killpg, no pkill
        assert time.monotonic() < deadline, "the bomb did not kill its own group"
        time.sleep(0.1)


def test_outcome_needs_its_line():
    with pytest.raises(ValueError, match="expected one KIT-ATTACK line"):
        attacks.outcome("Traceback (most recent call last):\nMemoryError\n")
    with pytest.raises(ValueError, match="not JSON"):
        attacks.outcome("KIT-ATTACK {oops\n")
    line = 'KIT-ATTACK {"action": "memory", "denied": true, "detail": "d", "data": {}}'
    assert attacks.outcome(f"noise\n{line}\n") == Outcome("memory", True, "d", {})


def test_code_names_wrong_actions_and_options():
    targets = Targets("/h", "/h/n.ipynb", (), ())
    with pytest.raises(ValueError, match="no attack"):
        attacks.code("format the disk", targets)
    with pytest.raises(TypeError, match="no option seconds"):
        attacks.code("memory", targets, seconds=2)
    for action in attacks.ACTIONS:
        compile(attacks.code(action, targets), action, "exec")
    with pytest.raises(ValueError, match="chunk_mib must be between 1 and 512"):
        attacks.code("fill the disk", targets, chunk_mib=1024)
    assert attacks.ACTIONS[-1] == "fork bomb"
