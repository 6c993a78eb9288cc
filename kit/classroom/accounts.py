"""A Unix account per student on the class hub, and the limits each student runs under.

Covers what ``make hub`` run as root needs beyond JupyterHub's own classes:

* ``account_name``: the locked system account a log-in name maps to, one to
  one (``kit-`` + the name escaped as Zero to JupyterHub's kubespawner does:
  ``a-z0-9`` kept, every other byte ``-`` + two hex digits, ``-`` itself too),
  and ``owner_of``, the hub user an account was made for (kept in its GECOS
  beside the hub's mark);
* ``KitAuthenticator``: first-use passwords (each student picks one at the
  first log-in; The Littlest JupyterHub's default) plus an account per student,
  created on first log-in with a home of its own (mode 0700) on a disk of its
  own (kit.classroom.homedisk: ``home_size``, a full home is ENOSPC for that
  student alone); only names on
  the class list (``allowed_users``), and a name with too many wrong passwords
  is locked for a while (kit.classroom.throttle);
* ``KitSpawner``: JupyterHub's ``LocalProcessSpawner`` run as that account,
  from the read-only student runtime, under per-process limits (rlimits) and,
  where the machine has cgroup v1 controllers, a per-student memory total,
  task count and CPU share; on stop (and before a start) it kills whatever the
  student left running, so a fork bomb's orphans cannot outlive the server;
  it walls the account in on loopback (kit.classroom.walls) before the
  server starts, and routes nobody to the server's port until the socket
  listening there is that student's own (``own_listener``: another student
  squatting the port is refused, the start fails saying whose port it was);
  each server has /tmp, /var/tmp and /dev/shm of its own, gone when it stops
  (kit.classroom.privatetmp), and on stop whatever the account still owns in
  the machine's own ones is deleted;

Not covered: starting the hub (deploy/jupyterhub_config.py sets every value
used here), the runtime itself (kit.classroom.runtime) and cgroup v2 or
systemd (on such a machine use The Littlest JupyterHub: docs/teaching.md).
Everything here runs inside the hub, as root; nothing runs as a student but
the spawned server itself.
"""

from __future__ import annotations

import asyncio
import dbm
import math
import os
import pwd
import resource
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import bcrypt
from firstuseauthenticator import FirstUseAuthenticator
from jupyterhub.auth import LocalAuthenticator
from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from jupyterhub.utils import random_port
from tornado import web
from traitlets import Dict, Float, Integer, Unicode, default, validate

from kit.classroom import walls
from kit.classroom.names import account_name, escape, unescape
from kit.classroom.throttle import Throttle
from kit.i18n import _, ngettext, speaking
from kit.lessons import owners

from kit.classroom import homedisk, privatetmp

#: The hub's own copy of the kit (the teacher's, with the graded sets' answers).
KIT_TREE = Path(__file__).resolve().parents[2]
MARK = "kit class hub student"   # GECOS of every account the hub made: it runs no other
OWNER = " for "                   # then the hub user it was made for: MARK + OWNER + escaped name
CGROUPS = Path("/sys/fs/cgroup")
CONTROLLERS = ("memory", "pids", "cpu")


def gecos_for(login: str) -> str:
    """What the hub writes as the GECOS of ``login``'s account: the mark and the
    owner, escaped (a GECOS field may hold no ':' or newline, and commas split it)."""
    return MARK + OWNER + escape(login)


def is_ours(pw: pwd.struct_passwd) -> bool:
    """Made by a class hub: its mark (alone, as before owners were kept, or with one)."""
    return pw.pw_gecos == MARK or pw.pw_gecos.startswith(MARK + OWNER)


def owner_of(pw: pwd.struct_passwd) -> str | None:
    """The hub user the account was made for; None when none is stored (not the
    hub's, or made before owners were kept) or the stored one is not a name."""
    if not pw.pw_gecos.startswith(MARK + OWNER):
        return None
    try:
        return unescape(pw.pw_gecos[len(MARK + OWNER):])
    except (ValueError, UnicodeDecodeError):
        return None


def students(homes: Path) -> Iterator[pwd.struct_passwd]:
    """The accounts this hub made: our mark and a home under ``homes``."""
    homes = homes.resolve()
    for pw in pwd.getpwall():
        if is_ours(pw) and Path(pw.pw_dir).parent == homes:
            yield pw


def remove_accounts(homes: Path) -> list[str]:
    """Delete every account this hub made under ``homes``, its home and disk, and
    what it left in the temporary folders; their names."""
    gone = []
    for pw in list(students(homes)):
        kill_everything_of(pw.pw_uid)
        homedisk.remove(Path(pw.pw_dir))
        privatetmp.remove_leftovers(pw.pw_uid, spare=[str(homes)])
        subprocess.run(["userdel", "--remove", pw.pw_name], capture_output=True, text=True)
        gone.append(pw.pw_name)
    return gone


def pids_of(uid: int) -> list[int]:
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    found.append(int(entry.name))
            except FileNotFoundError:
                pass
    return found


def kill_everything_of(uid: int, within: float = 10.0) -> int:
    """SIGKILL every process of ``uid`` until none is left (a fork bomb's children,
    setsid'd or not); the number of kill rounds. Never for root or the hub's user."""
    if uid in (0, os.getuid()):
        raise ValueError(f"refusing to kill every process of uid {uid}")
    deadline, rounds = time.monotonic() + within, 0
    while (pids := pids_of(uid)) and time.monotonic() < deadline:
        rounds += 1
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.05)
    return rounds


def _user_name(uid: int) -> str:
    try:
        return f"{pwd.getpwuid(uid).pw_name} (uid {uid})"
    except KeyError:
        return f"uid {uid}"


class KitAuthenticator(LocalAuthenticator, FirstUseAuthenticator):  # type: ignore[misc]   # untyped bases
    """First-use passwords; a locked Unix account for each name, made before its
    first server starts.

    The teacher's and the admin's passwords come from the hub's environment
    (``staff_passwords``), so no student can claim either name by logging in first.
    Only names JupyterHub allows log in (the class list, the teacher, users the
    admin adds on the admin page; everyone with ``allow_all``), and a name with too
    many wrong passwords is locked for a while (``throttle``, in memory: a restart
    forgets the locks).
    """

    homes = Unicode("/home/kit-class", config=True,
                    help="Folder holding every student's home (root-owned, 0755)")
    max_accounts = Integer(100, config=True,
                           help="Accounts the hub makes at most: a student scripting "
                                "log-ins cannot fill the machine with accounts")
    staff_passwords = Dict(Unicode(), config=True,
                           help="The teacher's and the admin's names and passwords (not first-use)")
    tries = Integer(5, config=True, help="Wrong passwords before a name is locked")
    first_lock = Float(30.0, config=True, help="Seconds of the first lock, doubled each next one")
    longest_lock = Float(900.0, config=True, help="Seconds of the longest lock")
    language = Unicode("en", config=True, help="The language of the log-in page's refusals")
    student_languages = Dict(config=True, help="A student's own language, by name")
    home_size = Integer(homedisk.GiB, config=True,
                        help="Bytes of each student's own disk (their home); 0: homes on "
                             "the machine's disk, with no limit")
    disk_reserve = Integer(2 * homedisk.GiB, config=True,
                           help="Bytes the machine's disk keeps free: no new home past it")
    # [decision] bcrypt's cost 10 (2**10 rounds), not the library's default 12: a first
    # log-in's hash was a tenth of the hub's CPU in a cold class, 0.24 CPU-s each at 12,
    # 0.06 at 10. 10 is the floor OWASP's password storage sheet names for bcrypt and
    # the least this accepts; guessing on line is throttled (5 tries, then locks), and
    # the hashes sit in the hub's root-only state folder (0700, the file 0600). A
    # stored hash keeps the cost it was made with, so older ones still check.
    password_rounds = Integer(10, config=True,
                              help="bcrypt's cost of a newly chosen password's hash (10 to 31)")

    @validate("password_rounds")
    def _password_rounds(self, proposal: Any) -> int:
        rounds = int(proposal["value"])
        if not 10 <= rounds <= 31:
            raise ValueError(f"password_rounds={rounds}: bcrypt's cost must be 10 to 31 "
                             "(below 10 a stolen password file is too quick to guess through)")
        return rounds

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.throttle = Throttle(tries=self.tries, first=self.first_lock,
                                 longest=self.longest_lock)
        # After a reboot the students' disks are not mounted: mount them before
        # anyone (a server, the teacher's collecting) looks into a home.
        for pw in students(Path(self.homes)):
            homedisk.mount(Path(pw.pw_dir))
        for name, password in self.staff_passwords.items():
            self.reset_password(self.normalize_username(name), password)

    def speaking(self, name: str) -> Any:
        return speaking(self.student_languages.get(name, self.language))

    def on_the_list(self, name: str) -> bool:
        return bool(self.allow_all or name in self.allowed_users or name in self.admin_users)

    def refused(self, name: str) -> str:
        """Why ``name`` may not log in here ("" if it may)."""
        if not self.on_the_list(name):
            with self.speaking(name):
                return _("This name is not on the class list: type it as the teacher "
                         "wrote it, or ask the teacher.")
        return self.account_refused(name)

    def account_refused(self, name: str, cap: bool = True) -> str:
        """Why ``name`` may not have an account here ("" if it may); with ``cap``
        False, a name with no account yet is not counted against ``max_accounts``."""
        homes = Path(self.homes).resolve()
        try:
            account = account_name(name)
        except ValueError:
            with self.speaking(name):
                return _("This name is too long for an account on this machine: "
                         "ask the teacher for a shorter one.")
        try:
            pw = pwd.getpwnam(account)
        except KeyError:
            if cap and sum(1 for _pw in students(homes)) >= self.max_accounts:
                return f"This class hub has made its {self.max_accounts} accounts: ask the teacher."
            return ""
        if not is_ours(pw) or Path(pw.pw_dir).parent != homes:
            # Never run a student's server as an account someone else made.
            return (f"The account {pw.pw_name} exists and was not made by this class hub: "
                    "ask the teacher.")
        if owner_of(pw) != name:
            # Made for someone else (or before owners were kept): never shared.
            with self.speaking(name):
                return _("The account {account} belongs to another name on this class hub: "
                         "ask the teacher.").format(account=pw.pw_name)
        return ""

    def locked(self, name: str, wait: float) -> str:
        """The log-in page's line for a name locked ``wait`` more seconds."""
        with self.speaking(name):
            if wait < 120:
                n = max(1, math.ceil(wait))
                return ngettext("Too many wrong passwords for this name: try again in {n} second.",
                                "Too many wrong passwords for this name: try again in {n} seconds.",
                                n).format(n=n)
            n = math.ceil(wait / 60)
            return ngettext("Too many wrong passwords for this name: try again in {n} minute.",
                            "Too many wrong passwords for this name: try again in {n} minutes.",
                            n).format(n=n)

    def has_password(self, name: str) -> bool:
        """Whether ``name`` chose a password already (a wrong one is then a guess;
        a first log-in's too-short password is not)."""
        with dbm.open(self.dbm_path, "c", 0o600) as db:
            return db.get(name.encode()) is not None

    async def authenticate(self, handler: Any, data: dict[str, str]) -> Any:
        # Said on the log-in page itself (FirstUseAuthenticator's error line):
        # its log-in handler cannot render JupyterHub's error page.
        name = self.normalize_username(data["username"])
        why = self.refused(name)
        if not why and (wait := self.throttle.wait(name)):
            # Locked: the password is not even checked, so a right one is refused too.
            why = self.locked(name, wait)
        if why:
            handler.custom_login_error = why
            self.log.warning("log-in of %r refused: %s", data["username"], why)
            return None
        guess = self.has_password(name)
        done = self.check_password(handler, name, data["password"])
        if done:
            self.throttle.succeeded(name)
        elif guess and (wait := self.throttle.failed(name)):
            handler.custom_login_error = self.locked(name, wait)
            self.log.warning("%r locked for %.0f s after wrong passwords", name, wait)
        return done

    def check_password(self, handler: Any, name: str, password: str) -> str | None:
        """FirstUseAuthenticator's own check, at ``password_rounds``: a name with a
        password must give it; a name without one makes the password given its own
        (``min_password_length`` at least). ``name`` when it may log in, else None."""
        if not self.create_users and not self._user_exists(name):
            return None
        with dbm.open(self.dbm_path, "c", 0o600) as db:
            stored = db.get(name.encode("utf8"))
            if stored is not None:
                return name if bcrypt.checkpw(password.encode("utf8"), stored) else None
            if not self._validate_password(password):
                handler.custom_login_error = self._too_short()
                self.log.error(handler.custom_login_error)
                return None
            db[name] = self._hash(password)
        return name

    def _hash(self, password: str) -> bytes:
        return bcrypt.hashpw(password.encode("utf8"), bcrypt.gensalt(self.password_rounds))

    def _too_short(self) -> str:
        return (f"Password too short! Please choose a password at least "
                f"{self.min_password_length} characters long.")

    def reset_password(self, username: str, new_password: str) -> str:
        """FirstUseAuthenticator's own (the teacher's and the admin's passwords at each
        start, a student's change of password), at ``password_rounds``."""
        if not self._validate_password(new_password):
            why = self._too_short()
            self.log.error(why)
            return why
        with dbm.open(self.dbm_path, "c", 0o600) as db:
            db[username] = self._hash(new_password)
        self.log.info("Your password has been changed successfully!")
        return "Your password has been changed successfully!"

    async def add_user(self, user: Any) -> None:
        # Called for every user in the database at the hub's start, at a first
        # log-in and when the admin adds one. The account is made only when its
        # first server starts (pre_spawn_start): a class list of 30 does not make
        # 30 accounts at start, and the account cap counts students who came.
        why = self.account_refused(user.name, cap=False)
        if why:
            raise web.HTTPError(403, why)        # the admin page or the API: same rule
        FirstUseAuthenticator.add_user(self, user)

    async def pre_spawn_start(self, user: Any, spawner: Any) -> None:
        why = self.account_refused(user.name)
        if why:
            raise web.HTTPError(403, why)
        try:
            pwd.getpwnam(account_name(user.name))
        except KeyError:
            await asyncio.to_thread(self.add_system_user, user)

    def add_system_user(self, user: Any) -> None:
        homes = Path(self.homes).resolve()
        homes.mkdir(parents=True, exist_ok=True)
        os.chown(homes, 0, 0)
        homes.chmod(0o755)
        name = account_name(user.name)
        home = homes / name
        self.log.info("Creating the account %s for %r", name, user.name)
        done = subprocess.run(
            ["useradd", "--system", "--create-home" if not self.home_size else "--no-create-home",
             "--home-dir", str(home), "--shell", "/usr/sbin/nologin", "--comment", gecos_for(user.name),
             "--user-group", name],
            capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"useradd {name} failed: {done.stderr.strip()}")
        if self.home_size:
            pw = pwd.getpwnam(name)
            try:
                homedisk.make(home, self.home_size, pw.pw_uid, pw.pw_gid, self.disk_reserve)
            except (OSError, RuntimeError) as exc:
                # No half-made account (make removed its own half): the next
                # log-in tries again from nothing.
                subprocess.run(["userdel", "--remove", name], capture_output=True)
                raise web.HTTPError(503, f"No home could be made for {user.name}: {exc}") from exc
            skeleton(home, pw.pw_uid, pw.pw_gid)
        home.chmod(0o700)        # useradd's default may be 0755: nobody else reads it


def skeleton(home: Path, uid: int, gid: int) -> None:
    """/etc/skel's files into a new home on its own disk (what useradd --create-home
    copies: a terminal's .bashrc and .profile), the student's own."""
    skel = Path("/etc/skel")
    if not skel.is_dir():
        return
    shutil.copytree(skel, home, symlinks=True, dirs_exist_ok=True)
    for folder, dirs, files in os.walk(home):
        for name in [*dirs, *files]:
            os.chown(os.path.join(folder, name), uid, gid, follow_symlinks=False)


class ServerPorts:
    """The ports this hub gave its students' servers, one each, none given twice.

    JupyterHub's own choice (``random_port``) finds a free port and lets it go;
    under a class's load a server binds it tens of seconds later, so two spawns
    could be given the same port. The second server then fails to bind, but the
    hub's readiness check takes any answer, even the first student's server's
    404, and routes the second student to the first one's server: seen once in
    180 simulated students (deploy/sizing.md), a 404 on the lesson link.
    """

    def __init__(self, pick: Callable[[], int] = random_port) -> None:
        self.pick = pick
        self.held: dict[int, str] = {}      # port -> the student whose server has it

    def take(self, name: str) -> int:
        self.release(name)
        for _try in range(1000):
            port = self.pick()
            if port not in self.held:
                self.held[port] = name
                return port
        raise RuntimeError("no free port for a student's server after 1000 tries")

    def release(self, name: str) -> None:
        for port in [p for p, who in self.held.items() if who == name]:
            del self.held[port]


SERVER_PORTS = ServerPorts()


async def refused(ip: str, port: int, wait: float = 1.0) -> bool:
    """Whether a TCP connection to ``ip``:``port`` is refused (nothing listens there).
    The connection, when one is made, is closed at once without a byte sent."""
    loop = asyncio.get_running_loop()
    with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setblocking(False)
        try:
            await asyncio.wait_for(loop.sock_connect(probe, (ip, port)), wait)
        except ConnectionRefusedError:
            return True
        except (OSError, asyncio.TimeoutError):
            return False
    return False


class KitSpawner(LocalProcessSpawner):  # type: ignore[misc]   # jupyterhub ships no types
    """A student's server as their own account, from the student runtime, limited.

    The limits, each one setting (deploy/jupyterhub_config.py sets them; values
    measured in deploy/sizing.md):

    * ``mem_limit`` (JupyterHub's own setting, which LocalProcessSpawner does not
      enforce): the memory cgroup of the student's server and all its kernels.
      Past it the kernel inside that cgroup is killed and the server restarts it;
      the machine's OOM killer never chooses someone else.
    * ``process_memory``: RLIMIT_DATA of each process: an allocation past it is a
      ``MemoryError`` in the student's own cell (RLIMIT_AS would count thread
      stacks and refuse to import numpy long before the data is large).
    * ``tasks``: RLIMIT_NPROC and the pids cgroup (threads count: a lesson's
      kernel is about 15, so 10 lessons open are 155 of 256), so a fork bomb
      stops at it.
    * ``open_files`` (RLIMIT_NOFILE), ``file_size`` (RLIMIT_FSIZE: per file, not a quota).
    * ``cpu_limit`` (JupyterHub's own): cores at most, a CFS quota; every student
      has the same cpu.shares, so a busy loop in many sessions cannot starve the
      class (``nice`` would not: the kernel shares CPU per session).
    * ``tmp_size``, ``tmp_files``: the server's own /tmp, /var/tmp and /dev/shm
      (tmpfs in a mount namespace of its own, their pages in its memory cgroup),
      gone with its last process.
    """

    runtime = Unicode("/opt/kit-class/runtime", config=True,
                      help="The student runtime's venv (kit.classroom.runtime)")
    gitconfig = Unicode("", config=True, help="GIT_CONFIG_SYSTEM for students' git")
    sockets = Unicode("/run/kit-class", config=True,
                      help="Per-student folders for kernels' Unix sockets (short: 107 bytes)")
    process_memory = Integer(1 << 30, config=True, help="RLIMIT_DATA per process, bytes")
    tasks = Integer(256, config=True, help="Processes and threads per student")
    open_files = Integer(1024, config=True, help="RLIMIT_NOFILE")
    file_size = Integer(1 << 30, config=True, help="RLIMIT_FSIZE, bytes")
    class_memory = Integer(0, config=True,
                           help="Memory of all students together (the parent cgroup); 0: none")
    cgroup_name = Unicode("kit-class", config=True,
                          help="The parent cgroup (under the hub's own) of every student's")
    walls_table = Unicode("", config=True,
                          help="The hub's nftables table of loopback walls (kit.classroom.walls); "
                               "empty: no walls")
    tmp_size = Integer(256 << 20, config=True,
                       help="Bytes of each of the server's own /tmp, /var/tmp and /dev/shm")
    tmp_files = Integer(16384, config=True, help="Files in each of them at most")

    @default("cmd")
    def _cmd(self) -> list[str]:
        return [str(Path(self.runtime) / "bin" / "jupyterhub-singleuser")]

    @property
    def account(self) -> pwd.struct_passwd:
        """The user's account; never one whose stored owner is someone else."""
        pw = pwd.getpwnam(account_name(self.user.name))
        if owner_of(pw) != self.user.name:
            raise RuntimeError(f"the account {pw.pw_name} was made for {owner_of(pw)!r}, "
                               f"not {self.user.name!r}: no server runs as it")
        return pw

    # ---- cgroups (v1, where the hub can write them) -------------------------------
    def cgroup_dirs(self, leaf: str = "") -> list[tuple[str, Path]]:
        """(controller, folder) of the student's (or, with no leaf, the class's) cgroups
        that the hub can make: empty on cgroup v2-only or read-only machines."""
        found = []
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            _, names, path = line.split(":", 2)
            for controller in names.split(","):
                base = CGROUPS / controller
                if controller in CONTROLLERS and base.is_dir() and os.access(base, os.W_OK):
                    group = base / path.lstrip("/") / self.cgroup_name
                    found.append((controller, group / leaf if leaf else group))
        return found

    def make_cgroups(self) -> list[Path]:
        made = []
        limits = {"memory": {"memory.limit_in_bytes": self.mem_limit},
                  "pids": {"pids.max": self.tasks},
                  "cpu": {"cpu.shares": 1024, "cpu.cfs_period_us": 100_000,
                          "cpu.cfs_quota_us": int(self.cpu_limit * 100_000) if self.cpu_limit
                          else -1}}
        parent = {"memory": {"memory.limit_in_bytes": self.class_memory}}
        for (controller, group), (_controller, mine) in zip(
                self.cgroup_dirs(), self.cgroup_dirs(self.account.pw_name), strict=True):
            try:
                group.mkdir(exist_ok=True)
                for key, value in parent.get(controller, {}).items():
                    if value:
                        (group / key).write_text(str(value))
                mine.mkdir(exist_ok=True)
                for key, value in limits[controller].items():
                    if value:
                        (mine / key).write_text(str(value))
                made.append(mine)
            except OSError as exc:
                self.log.warning("no %s cgroup for %s (%s): rlimits only", controller,
                                 self.user.name, exc)
        return made

    def remove_cgroups(self) -> None:
        for _controller, mine in self.cgroup_dirs(self.account.pw_name):
            try:
                mine.rmdir()
            except OSError:
                pass

    # ---- the server's process --------------------------------------------------------
    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """After fork, before exec, still root: join the cgroups, set the limits, then
        JupyterHub's own drop to the account (setgid, setgroups, setuid, chdir home)."""
        join = [str(g / "cgroup.procs") for g in self.made_cgroups]
        limits = [(resource.RLIMIT_DATA, self.process_memory),
                  (resource.RLIMIT_NPROC, self.tasks),
                  (resource.RLIMIT_NOFILE, self.open_files),
                  (resource.RLIMIT_FSIZE, self.file_size)]
        drop = set_user_setuid(self.account.pw_name)
        own_tmp = privatetmp.private_tmp(self.visible(), self.tmp_size, self.tmp_files)

        def preexec() -> None:
            for procs in join:
                with open(procs, "w") as f:
                    f.write(str(os.getpid()))
            for which, value in limits:
                resource.setrlimit(which, (value, value))
            own_tmp()       # still root: mounts need it
            drop()
        return preexec

    def visible(self) -> list[str]:
        """What the server must still see where it is, should it lie in /tmp or
        /var/tmp (a test hub's): its home, the runtime (the class home with the
        lessons repository and gitconfig, the Python the venv runs on), the sockets,
        and the hub's own copy of the kit (a clone in /var/tmp, as CI's): it is closed
        to students by its permissions (o-rwx), which must be what refuses them, not
        a namespace that happens to hide it (then a moved copy would be open)."""
        runtime = Path(self.runtime)
        python = Path(os.path.realpath(runtime / "bin" / "python"))
        paths = [self.account.pw_dir, str(runtime.parent), str(runtime.resolve()),
                 str(python.parent.parent), self.sockets, str(KIT_TREE)]
        return paths + ([str(Path(self.gitconfig).parent)] if self.gitconfig else [])

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        pw = self.account
        env.update(USER=pw.pw_name, LOGNAME=pw.pw_name, HOME=pw.pw_dir,
                   SHELL="/bin/bash",            # the account's own is nologin: terminals need one
                   PATH=f"{Path(self.runtime) / 'bin'}:/usr/local/bin:/usr/bin:/bin",
                   JUPYTER_RUNTIME_DIR=str(Path(self.sockets) / pw.pw_name))
        if self.gitconfig:
            env["GIT_CONFIG_SYSTEM"] = self.gitconfig    # git trusts the root-owned lessons repo
        return env

    def socket_dir(self) -> None:
        """Root-owned 0755 parent, the student's own 0700 folder: kernels' connection
        files hold their keys, and the first student must not own everyone's parent."""
        pw, parent = self.account, Path(self.sockets)
        parent.mkdir(mode=0o755, parents=True, exist_ok=True)
        os.chown(parent, 0, 0)
        parent.chmod(0o755)
        mine = parent / pw.pw_name
        mine.mkdir(mode=0o700, exist_ok=True)
        os.chown(mine, pw.pw_uid, pw.pw_gid)
        mine.chmod(0o700)

    def clean_up(self) -> None:
        """Kill what the student left running (setsid'd children survive their server)."""
        rounds = kill_everything_of(self.account.pw_uid)
        if rounds:
            self.log.info("killed %s's leftover processes (%d rounds)", self.user.name, rounds)
        self.remove_cgroups()

    def remove_leftovers(self) -> None:
        """What the account still owns in the machine's /tmp, /var/tmp, /dev/shm."""
        pw = self.account
        gone = privatetmp.remove_leftovers(pw.pw_uid, spare=[str(Path(pw.pw_dir).parent),
                                                             *self.visible()])
        if gone:
            self.log.info("removed %d temporary files %s left", len(gone), self.user.name)

    async def start(self) -> Any:
        # Leftovers at the task limit would make the server's exec fail (EAGAIN).
        await asyncio.to_thread(self.clean_up)      # a thread: the hub keeps answering
        # Its own disk, mounted (after a reboot it is not): never a server writing
        # through the bare mount point to the machine's disk.
        await asyncio.to_thread(homedisk.mount, Path(self.account.pw_dir))
        self.socket_dir()
        self.made_cgroups = self.make_cgroups()
        if self.walls_table:        # before any process of the student runs
            walls.admit(self.walls_table, self.account.pw_uid)
        self.port = SERVER_PORTS.take(self.user.name)
        try:
            url = await super().start()
            await self.own_listener(self.ip or "127.0.0.1", self.port)
            return url
        except BaseException:
            SERVER_PORTS.release(self.user.name)
            raise

    async def own_listener(self, ip: str, port: int) -> None:
        """Wait until something listens on ``ip``:``port``; every such socket must be the
        student's own account's. A student who bound another's next port first would
        otherwise get that student's traffic (the hub routes to the port, not the process)."""
        uid, deadline = self.account.pw_uid, time.monotonic() + self.http_timeout
        # [decision] The socket table is read only once a connection to the port is not
        # refused: reading /proc/net/tcp (the kernel writes out every socket of the
        # machine, thousands in a class) five times a second per starting server was
        # half the hub's CPU in a cold class (deploy/sizing.md). A refused connection is
        # the kernel's word that nothing listens there, so nothing is skipped that the
        # table would have shown; anything else (accepted, a full queue's timeout) reads it.
        while await refused(ip, port) or not (found := owners.listeners(ip, port)):
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"{self.user.name}'s server exited (code {self.proc.returncode}) "
                                   f"before listening on {ip}:{port}")
            if time.monotonic() > deadline:
                return          # JupyterHub's own wait (http_timeout) says it never came up
            await asyncio.sleep(0.2)
        strangers = sorted({s.uid for s in found if s.uid != uid})
        if strangers:
            names = ", ".join(_user_name(u) for u in strangers)
            raise RuntimeError(f"{ip}:{port}, the port of {self.user.name}'s server, is held by "
                               f"{names}, not by {self.account.pw_name}: not routing "
                               f"{self.user.name} there")

    async def stop(self, now: bool = False) -> None:
        await super().stop(now=now)
        SERVER_PORTS.release(self.user.name)
        await asyncio.to_thread(self.clean_up)
        await asyncio.to_thread(self.remove_leftovers)

    made_cgroups: list[Path] = []     # set by start(), read by make_preexec_fn()
