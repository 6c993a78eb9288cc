"""A Unix account per student on the class hub, and the limits each student runs under.

Covers what ``make hub`` run as root needs beyond JupyterHub's own classes:

* ``account_name``: the locked system account a log-in name maps to
  (``kit-`` + a safe name, a hash suffix when the name had to change);
* ``KitAuthenticator``: first-use passwords (each student picks one at the
  first log-in; The Littlest JupyterHub's default) plus an account per student,
  created on first log-in with a home of its own (mode 0700) on a disk of its
  own (kit.classroom.homedisk: ``home_size``, a full home is ENOSPC for that
  student alone);
* ``KitSpawner``: JupyterHub's ``LocalProcessSpawner`` run as that account,
  from the read-only student runtime, under per-process limits (rlimits) and,
  where the machine has cgroup v1 controllers, a per-student memory total,
  task count and CPU share; on stop (and before a start) it kills whatever the
  student left running, so a fork bomb's orphans cannot outlive the server;
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
import hashlib
import os
import pwd
import re
import resource
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from firstuseauthenticator import FirstUseAuthenticator
from jupyterhub.auth import LocalAuthenticator
from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from jupyterhub.utils import random_port
from tornado import web
from traitlets import Integer, Unicode, default

from kit.classroom import homedisk, privatetmp

MARK = "kit class hub student"   # GECOS of every account the hub made: it runs no other
PREFIX = "kit-"
CGROUPS = Path("/sys/fs/cgroup")
CONTROLLERS = ("memory", "pids", "cpu")


def account_name(login: str) -> str:
    """``kit-`` + the log-in name in [a-z0-9-]; if anything had to change, a hash
    suffix keeps two different names apart ("Ada Lovelace" -> kit-ada-lovelace-177f85).
    At most 32 characters (useradd's limit)."""
    safe = re.sub(r"[^a-z0-9]+", "-", login.lower()).strip("-")[:20]
    if safe != login or not safe:
        safe = f"{safe}-{hashlib.sha256(login.encode()).hexdigest()[:6]}".lstrip("-")
    return PREFIX + safe


def students(homes: Path) -> Iterator[pwd.struct_passwd]:
    """The accounts this hub made: our mark and a home under ``homes``."""
    homes = homes.resolve()
    for pw in pwd.getpwall():
        if pw.pw_gecos == MARK and Path(pw.pw_dir).parent == homes:
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


class KitAuthenticator(LocalAuthenticator, FirstUseAuthenticator):
    """First-use passwords; a locked Unix account for each name on its first log-in.

    The teacher's password comes from the hub's environment (``teacher_password``),
    so no student can claim the teacher's name by logging in first.
    """

    homes = Unicode("/home/kit-class", config=True,
                    help="Folder holding every student's home (root-owned, 0755)")
    max_accounts = Integer(100, config=True,
                           help="Accounts the hub makes at most: a student scripting "
                                "log-ins cannot fill the machine with accounts")
    teacher_password = Unicode("", config=True, help="The admin's password")
    home_size = Integer(homedisk.GiB, config=True,
                        help="Bytes of each student's own disk (their home); 0: homes on "
                             "the machine's disk, with no limit")
    disk_reserve = Integer(2 * homedisk.GiB, config=True,
                           help="Bytes the machine's disk keeps free: no new home past it")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # After a reboot the students' disks are not mounted: mount them before
        # anyone (a server, the teacher's collecting) looks into a home.
        for pw in students(Path(self.homes)):
            homedisk.mount(Path(pw.pw_dir))
        for admin in self.admin_users:
            if self.teacher_password:
                self.reset_password(self.normalize_username(admin), self.teacher_password)

    def refused(self, name: str) -> str:
        """Why ``name`` may not have an account here ("" if it may)."""
        homes = Path(self.homes).resolve()
        try:
            pw = pwd.getpwnam(account_name(name))
        except KeyError:
            if sum(1 for _ in students(homes)) >= self.max_accounts:
                return f"This class hub has made its {self.max_accounts} accounts: ask the teacher."
            return ""
        if pw.pw_gecos != MARK or Path(pw.pw_dir).parent != homes:
            # Never run a student's server as an account someone else made.
            return (f"The account {pw.pw_name} exists and was not made by this class hub: "
                    "ask the teacher.")
        return ""

    async def authenticate(self, handler: Any, data: dict[str, str]) -> Any:
        # Said on the log-in page itself (FirstUseAuthenticator's error line):
        # its log-in handler cannot render JupyterHub's error page.
        why = self.refused(self.normalize_username(data["username"]))
        if why:
            handler.custom_login_error = why
            self.log.warning("log-in of %r refused: %s", data["username"], why)
            return None
        return await super().authenticate(handler, data)

    def system_user_exists(self, user: Any) -> bool:
        why = self.refused(user.name)
        if why:                     # the admin page or the API adding a user: same rule
            raise web.HTTPError(403, why)
        try:
            pwd.getpwnam(account_name(user.name))
        except KeyError:
            return False
        return True

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
             "--home-dir", str(home), "--shell", "/usr/sbin/nologin", "--comment", MARK,
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

    def __init__(self, pick: Callable[[], int] = random_port):
        self.pick = pick
        self.held: dict[int, str] = {}      # port -> the student whose server has it

    def take(self, name: str) -> int:
        self.release(name)
        for _ in range(1000):
            port = self.pick()
            if port not in self.held:
                self.held[port] = name
                return port
        raise RuntimeError("no free port for a student's server after 1000 tries")

    def release(self, name: str) -> None:
        for port in [p for p, who in self.held.items() if who == name]:
            del self.held[port]


SERVER_PORTS = ServerPorts()


class KitSpawner(LocalProcessSpawner):
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
    * ``tasks``: RLIMIT_NPROC and the pids cgroup (threads count: a server is
      about 6, each kernel 13), so a fork bomb stops at it.
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
    tasks = Integer(96, config=True, help="Processes and threads per student")
    open_files = Integer(1024, config=True, help="RLIMIT_NOFILE")
    file_size = Integer(1 << 30, config=True, help="RLIMIT_FSIZE, bytes")
    class_memory = Integer(0, config=True,
                           help="Memory of all students together (the parent cgroup); 0: none")
    cgroup_name = Unicode("kit-class", config=True,
                          help="The parent cgroup (under the hub's own) of every student's")
    tmp_size = Integer(256 << 20, config=True,
                       help="Bytes of each of the server's own /tmp, /var/tmp and /dev/shm")
    tmp_files = Integer(16384, config=True, help="Files in each of them at most")

    @default("cmd")
    def _cmd(self) -> list[str]:
        return [str(Path(self.runtime) / "bin" / "jupyterhub-singleuser")]

    @property
    def account(self) -> pwd.struct_passwd:
        return pwd.getpwnam(account_name(self.user.name))

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
        for (controller, group), (_, mine) in zip(
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
        for _, mine in self.cgroup_dirs(self.account.pw_name):
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
        lessons repository and gitconfig, the Python the venv runs on) and the sockets."""
        runtime = Path(self.runtime)
        python = Path(os.path.realpath(runtime / "bin" / "python"))
        paths = [self.account.pw_dir, str(runtime.parent), str(runtime.resolve()),
                 str(python.parent.parent), self.sockets]
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
        self.port = SERVER_PORTS.take(self.user.name)
        try:
            return await super().start()
        except BaseException:
            SERVER_PORTS.release(self.user.name)
            raise

    async def stop(self, now: bool = False) -> None:
        await super().stop(now=now)
        SERVER_PORTS.release(self.user.name)
        await asyncio.to_thread(self.clean_up)
        await asyncio.to_thread(self.remove_leftovers)

    made_cgroups: list[Path] = []     # set by start(), read by make_preexec_fn()
