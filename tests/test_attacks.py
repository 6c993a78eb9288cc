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

import dataclasses
import logging
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from kit.classroom import attacks, homedisk, runtime, walls
from kit.classroom.attacks import Outcome, Targets
from kit.classroom.loadtest import free_privileged_port
from kit.lessons import outbox, owners

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


# ---- loopback between students: the walls (kit.classroom.walls) ---------------------

@dataclass
class Walled:
    walls: walls.Walls
    hub_port: int                    # root's, open to students: stands in for the hub's endpoints
    closed_root_port: int            # root's, not open: stands in for the proxy's API
    unused_port: int                 # below 1024, nobody listens: the class service while it is down
    victim_port: int                 # a plain listener of the victim's
    kernel_ports: list[int]          # the TCP listeners of the victim's real kernel (its iopub pipe)
    kernel_file: Path                # the kernel's connection file
    targets: Targets


def root_listener(port: int = 0, address: str = "127.0.0.1") -> socket.socket:
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((address, port))
    s.listen(16)
    return s


def as_account(account: pwd.struct_passwd, *command: str, **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ["setpriv", f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}", "--clear-groups",
         "--inh-caps=-all", *command], cwd="/", stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": account.pw_dir, **env})


def listening_ports(uid: int) -> set[int]:
    return {s.local[1] for s in owners.sockets() if s.state == owners.LISTEN and s.uid == uid}


@pytest.fixture(scope="module")
def walled(lab):
    """The walls up for both accounts; root's hub port open; the victim listening on a plain
    port and running a real kernel of the student runtime (ipc transport, as the hub starts it)."""
    why = walls.problem()
    if why:
        unavailable(why, "the loopback walls need nftables (apt-get install nftables) and root")
    rt = runtime.build(Path(os.environ.get("KIT_CLASS_HOME", "/var/tmp/kit-class-test")), runtime.ROOT,
                       log=lambda line: None)
    open_socket, closed_socket = root_listener(free_privileged_port()), root_listener(free_privileged_port())
    hub_port, closed_port = open_socket.getsockname()[1], closed_socket.getsockname()[1]
    unused = free_privileged_port({hub_port, closed_port})
    wall = walls.Walls(hub_port, [hub_port]).up()
    children: list[subprocess.Popen[str]] = []

    def started(child: subprocess.Popen[str]) -> subprocess.Popen[str]:
        children.append(child)
        return child

    try:
        wall.admit(lab.attacker.pw_uid)
        wall.admit(lab.victim.pw_uid)
        home = Path(lab.victim.pw_dir)
        plain = started(as_account(lab.victim, "/usr/bin/python3", "-c",
                           "import socket, time\ns = socket.socket()\ns.bind(('127.0.0.1', 0))\n"
                           "s.listen()\nprint(s.getsockname()[1], flush=True)\ntime.sleep(3600)"))
        victim_port = int(plain.stdout.readline())
        kernel_file = home / "kernel-kit20t.json"
        started(as_account(lab.victim, str(rt.python), "-m", "ipykernel_launcher", "-f", str(kernel_file),
                           "--transport=ipc", f"--ip={home / 'kernel'}",
                           JUPYTER_RUNTIME_DIR=str(home / ".runtime")))
        deadline = time.monotonic() + 120
        while not (kernel_ports := sorted(listening_ports(lab.victim.pw_uid) - {victim_port})):
            assert time.monotonic() < deadline, "the victim's kernel opened no TCP listener within 120 s"
            time.sleep(0.2)
        targets = dataclasses.replace(lab.targets, open_ports=(hub_port,), internal_ports=(closed_port, unused))
        yield Walled(wall, hub_port, closed_port, unused, victim_port, kernel_ports, kernel_file, targets)
    finally:
        for child in children:      # ours: killed and reaped, or they linger as zombies of the victim's
            child.kill()
            child.wait()
        kill_all(lab.victim.pw_uid)
        wall.down()
        open_socket.close()
        closed_socket.close()


def test_another_students_ports_and_kernel_pipe_are_refused_and_the_hub_port_is_not(lab, walled):
    assert walled.kernel_ports, "the victim's kernel should listen on TCP (its iopub pipe)"
    result = attack(lab, "reach another student's ports", walled.targets)
    assert result.denied, result.detail
    reached = {key.split(" ")[0]: value for key, value in result.data["reached"].items()}
    victim = [f"127.0.0.1:{walled.victim_port}"] + [f"127.0.0.1:{port}" for port in walled.kernel_ports]
    assert {target: reached.get(target) for target in victim} == dict.fromkeys(victim, "ECONNREFUSED")
    assert reached[f"127.0.0.1:{walled.closed_root_port}"] == "ECONNREFUSED"     # root's, but not open
    assert result.data["slowest_s"] < 1.0                 # refused at once, not a timeout
    assert result.data["open_ports"] == {str(walled.hub_port): "connected"}
    assert result.data["binds"] == {str(walled.closed_root_port): "EACCES", str(walled.unused_port): "EACCES"}


def test_the_walls_cover_the_machines_own_addresses_and_ipv6(lab, walled):
    six = socket.socket(socket.AF_INET6)
    six.bind(("::", 0))
    six.listen()
    try:
        port = six.getsockname()[1]
        hosts = ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1", *own_addresses()]
        done = as_account(lab.attacker, "/usr/bin/python3", "-c", CONNECT_EACH, str(port), *hosts)
        out, _ = done.communicate(timeout=60)
        lines = out.split("\n")[:-1]
        assert len(lines) >= 4 and all(line.endswith("ConnectionRefusedError") for line in lines), out
    finally:
        six.close()


CONNECT_EACH = """
import socket, sys
for host in sys.argv[2:]:
    s = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    s.settimeout(3)
    try:
        s.connect((host, int(sys.argv[1])))
        print(host, "connected")
    except OSError as error:
        print(host, type(error).__name__)
"""


def own_addresses() -> list[str]:
    """The machine's own addresses but loopback (``ip -o addr``), link-local ones left out."""
    out = subprocess.run(["ip", "-o", "addr"], capture_output=True, text=True).stdout if shutil.which("ip") else ""
    found = []
    for line in out.splitlines():
        words = line.split()
        if len(words) > 3 and words[2] in ("inet", "inet6") and words[1] != "lo":
            address = words[3].split("/")[0]
            if not address.startswith("fe80"):
                found.append(address)
    return found


def test_without_the_walls_the_same_attack_reaches_the_victim(lab, walled):
    """The control: the attack can fail; with the walls down the victim's ports answer."""
    walled.walls.down()
    try:
        result = attack(lab, "reach another student's ports", walled.targets)
    finally:
        walled.walls.up()
        walled.walls.admit(lab.attacker.pw_uid)
        walled.walls.admit(lab.victim.pw_uid)
    assert not result.denied
    reached = {key.split(" ")[0]: value for key, value in result.data["reached"].items()}
    assert reached[f"127.0.0.1:{walled.victim_port}"] == "connected"
    assert all(reached[f"127.0.0.1:{port}"] == "connected" for port in walled.kernel_ports)
    assert walled.walls.students() == sorted([lab.attacker.pw_uid, lab.victim.pw_uid])


def test_the_victims_kernel_runs_without_debugpy_and_offers_no_debugger(lab, walled):
    from jupyter_client import BlockingKernelClient

    client = BlockingKernelClient(connection_file=str(walled.kernel_file))
    client.load_connection_file()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        info = client.kernel_info(reply=True, timeout=30)["content"]
        # ipykernel names "debugger" among its features (and answers debug requests) only with debugpy
        assert info["status"] == "ok" and "debugger" not in info.get("supported_features", []), info
        assert not info.get("debugger"), info
        printed: list[str] = []
        client.execute_interactive(
            "import importlib.util; print(6 * 7, importlib.util.find_spec('debugpy'))", timeout=60,
            output_hook=lambda msg: printed.append(msg["content"].get("text", "")))
        assert "".join(printed).strip() == "42 None"
    finally:
        client.stop_channels()


class FakeStore:
    """One unsent event for an outbox (kit.lessons.outbox.Store), and whether it was marked sent."""

    def __init__(self, where: Path):
        self.where, self.marked = where, False
        event = {"id": "e1", "lesson": "sums", "exercise": "Seven", "kind": "check", "ok": True}
        self.store = outbox.Store(path=lambda: self.where, outgoing=self.outgoing, acknowledge=self.acknowledge)
        self.event = event

    def outgoing(self, where: Path, most: int) -> outbox.Outgoing:
        if self.marked:
            return outbox.Outgoing(1, 1, [], [], {}, 0)
        return outbox.Outgoing(0, 1, ["e1"], [self.event][:most or 1], {}, 1)

    def acknowledge(self, where: Path, start: int, end: int, ids: list[str]) -> bool:
        self.marked = True
        return True


SQUATTER = """
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen()
print(s.getsockname()[1], flush=True)
s.settimeout(float(sys.argv[1]))
got = b""
end = time.monotonic() + float(sys.argv[1])
try:
    while time.monotonic() < end:
        conn, _ = s.accept()
        conn.settimeout(1.0)
        try:
            while chunk := conn.recv(65536):
                got += chunk
        except OSError:
            pass
        conn.close()
except OSError:
    pass
print(repr(got), flush=True)
"""


def test_an_outbox_sends_no_token_to_a_squatted_port_and_keeps_the_event(lab, monkeypatch, tmp_path, caplog):
    # The squatter is another account on an unprivileged port: what a machine with
    # ip_unprivileged_port_start lowered, or a hub on a high port, would allow.
    token = f"kit20t-token-{secrets.token_hex(8)}"
    squatter = as_account(lab.attacker, "/usr/bin/python3", "-c", SQUATTER, "6")
    port = int(squatter.stdout.readline())
    monkeypatch.setenv(outbox.URL_VARIABLE, f"http://127.0.0.1:{port}/services/class/api/events")
    monkeypatch.setenv(outbox.TOKEN_VARIABLE, token)
    fake = FakeStore(tmp_path / "progress.json")
    sender = outbox.Outbox(fake.store)
    with caplog.at_level(logging.DEBUG, logger=outbox.__name__):
        assert not sender.flush(timeout=2.0)
    assert not fake.marked and sender.pending() == 1
    got = squatter.communicate(timeout=30)[0].splitlines()[-1]
    assert token not in got and got == "b''", got         # not even the request line
    assert f"a socket of uid {lab.attacker.pw_uid}, not the hub's service" in caplog.text


def test_an_outbox_sends_its_token_to_roots_service(monkeypatch, tmp_path):
    """The control: the same outbox to a service of root's (as the hub's is) sends."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    seen: list[str] = []

    class Service(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            seen.append(self.headers["Authorization"])
            body = b'{"received": 1, "duplicates": 0}'
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    if os.geteuid() != 0:
        unavailable("not root", "the service stands in for the hub's, which runs as root")
    server = ThreadingHTTPServer(("127.0.0.1", 0), Service)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    try:
        monkeypatch.setenv(outbox.URL_VARIABLE, f"http://127.0.0.1:{server.server_address[1]}/x")
        monkeypatch.setenv(outbox.TOKEN_VARIABLE, "root-service-token")
        fake = FakeStore(tmp_path / "progress.json")
        assert outbox.Outbox(fake.store).flush(timeout=5.0)
        assert fake.marked and seen == ["token root-service-token"]
    finally:
        server.shutdown()
        server.server_close()
