"""What a hostile student's kernel tries on the class machine, as Python source, and what it printed.

Covers: ``code(action, targets, **options)``, the source of one attack for a
student's kernel (the load test's hostile students send it as an
execute_request), which prints exactly one line ``KIT-ATTACK <json>``, and
``outcome``, which reads that line back as an ``Outcome``. ``ACTIONS`` runs in
this order (the fork bomb last: once it holds the uid's task limit the kernel
cannot even start a thread, so nothing may come after it):

1. "read another student's work": read the victim's notebook, open it for
   writing (O_APPEND: the same permission check as an overwrite; if it opens, a
   marker line is appended so the damage shows without destroying the work),
   list the victim's home. Denied when all three raise PermissionError.
2. "hub and teacher files": read each teacher file and hub secret (list it if it
   is a directory) and look through the kernel's environment for the secret
   values and for names with PASSWORD, SECRET or CONFIGPROXY. The rule for a
   path: PermissionError is denied; FileNotFoundError is "absent" and counts as
   denied only when an ancestor directory is closed to us (not readable and
   searchable), since then the file could not be found under another name
   either; a read that works or any other error is not denied.
3. "poison events": to the class service, with the kernel's own token (as its
   lessons send), an event with an empty exercise, one at year 1 +05:00, one
   with a right-to-left override in its lesson, and a ``seen`` map of 2,000
   lessons x 50 exercises (issue 35: each made every summary fail, or held the
   service for minutes). Denied when each is answered 400 or 413.
4. "memory": the kernel itself appends 64 MiB bytearrays (zero-filled, so the
   pages are touched) until MemoryError and keeps them (``_kit_attack_hoard``)
   for the rest of the run. At ``cap_mib`` (default 8 GiB) without MemoryError it
   stops, frees what it took and reports not denied.
5. "busy loop": ``os.cpu_count()`` processes, each in its own session, spin
   forever (or ``seconds``). It is never refused, only contained, and only the
   honest students' times show that: ``denied`` is False once one spins.
6. "reach another student's ports": every TCP socket listening on this machine
   that is not ours (from /proc/net/tcp and tcp6: another student's server, their
   kernels' iopub pipes, a debugpy adapter, root's proxy API) is connected to, except
   the hub's ``open_ports``; then each of ``open_ports`` (a control: they must
   connect, so a wall that closes everything is no pass), and a bind of each of
   the hub's ``internal_ports`` (it must fail with EACCES: below 1024). Denied
   when at least one foreign listener was found, every connect to one was
   refused at once (ECONNREFUSED, EPERM, EACCES, EHOSTUNREACH; a timeout is not
   refused), every open port connected and every bind got EACCES.
7. "fill the disk": write 64 MiB chunks of zeros (real blocks) into files of
   at most 512 MiB each (under the per-file limit, so only the disk can stop
   it) in ``folder`` (default: our home) until the write is refused. Denied on
   ENOSPC or EDQUOT (the home's own disk or a quota), the files kept, so the
   home stays full for the rest of the run; at ``cap_mib`` (default 8 GiB)
   without a refusal it deletes what it wrote and reports not denied.
8. "kill": SIGKILL to every process in /proc that is not ours. Denied when none
   was killed. Not attempted at all by root or with CAP_KILL. Our uid's processes
   that do not descend from our server (the kernel's parent) are counted, not
   killed: under a shared account they would be another student's.
9. "fork bomb": a separate process (own session) where every process forks
   forever and sleeps after a refusal. The first one reports its first refusal
   (errno name) and the tasks of our uid at that moment; the kernel prints that
   and returns, the bomb stays. Without a refusal within ``timeout`` (30 s) or
   ``max_forks`` (512) forks, the first one kills the bomb's process group and
   reports not denied, so a machine without limits is never swamped.

The attacks are the ``_kit_attack_*`` functions below, sent as their own source
(inspect.getsource), so ruff and mypy check the code the kernels run. Each
imports what it uses and calls nothing here but ``_kit_attack_errno``, which is
sent with it; their names are prefixed so a kernel's own names are left alone.

Not covered: sending the code (kit.classroom.loadtest), judging containment of
the busy loop, and stopping what the attacks leave running (the memory held,
the spinning processes, the bomb): the hub must stop a student's processes,
as it must for a real hostile student.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PREFIX = "KIT-ATTACK "


@dataclass(frozen=True)
class Targets:
    """What a hostile student aims at (paths as seen on the class machine)."""

    victim_home: str                 # another student's home, e.g. /home/kit-class/kit-student01
    victim_notebook: str             # a notebook in it
    teacher_files: tuple[str, ...]   # the teacher's handouts and nbgrader source
    hub_secrets: tuple[str, ...]     # the hub's database and cookie secret
    secret_values: tuple[str, ...] = ()   # must not appear in the kernel's environment
    open_ports: tuple[int, ...] = ()      # the hub's ports a student must reach (public, hub API, class)
    internal_ports: tuple[int, ...] = ()  # the hub's ports no student may bind (hub API, proxy API, class)


@dataclass
class Outcome:
    action: str
    denied: bool           # refused or contained
    detail: str            # what happened, one line (errno names, counts)
    data: dict[str, Any]


# ---- the attacks: each function's source is what a kernel runs ------------------

def _kit_attack_errno(error: BaseException) -> str:
    import errno

    number = getattr(error, "errno", None)
    if isinstance(number, int):
        return errno.errorcode.get(number, str(number))
    return type(error).__name__


def _kit_attack_run(action: str, attack: Callable[[dict[str, Any]], tuple[bool, str, dict[str, Any]]],
                    args: dict[str, Any]) -> None:
    import json

    try:
        denied, detail, data = attack(args)
    except Exception as error:     # an attack that broke says so in its one line, not as a cell error
        denied, detail, data = False, f"the attack itself failed: {type(error).__name__}: {error}", {}
    print("KIT-ATTACK " + json.dumps({"action": action, "denied": denied, "detail": detail, "data": data}),
          flush=True)


def _kit_attack_read_work(args: dict[str, Any]) -> tuple[bool, str, dict[str, Any]]:
    import os

    tried: dict[str, str] = {}
    refused: list[str] = []
    try:
        with open(args["victim_notebook"], "rb") as notebook:
            tried["read"] = f"{len(notebook.read())} bytes"
    except PermissionError as error:
        tried["read"] = _kit_attack_errno(error)
        refused.append("read")
    except OSError as error:
        tried["read"] = _kit_attack_errno(error)
    try:
        # O_APPEND asks for the same write permission as an overwrite; if it is
        # granted, a marker line makes the damage visible without destroying the work.
        fd = os.open(args["victim_notebook"], os.O_WRONLY | os.O_APPEND)
    except PermissionError as error:
        tried["write"] = _kit_attack_errno(error)
        refused.append("write")
    except OSError as error:
        tried["write"] = _kit_attack_errno(error)
    else:
        with os.fdopen(fd, "ab") as notebook:
            notebook.write(b"\nKIT-ATTACK: another student wrote here\n")
        tried["write"] = "opened, marker line appended"
    try:
        tried["list"] = f"{len(os.listdir(args['victim_home']))} entries"
    except PermissionError as error:
        tried["list"] = _kit_attack_errno(error)
        refused.append("list")
    except OSError as error:
        tried["list"] = _kit_attack_errno(error)
    detail = ", ".join(f"{what}: {result}" for what, result in tried.items())
    return len(refused) == 3, detail, tried


def _kit_attack_hub_files(args: dict[str, Any]) -> tuple[bool, str, dict[str, Any]]:
    import os

    def closed_ancestor(path: str) -> str:
        """The first directory above ``path`` we may not list, or ''."""
        folder = os.path.dirname(os.path.abspath(path))
        while True:
            if not os.access(folder, os.R_OK | os.X_OK):
                return folder
            if folder == os.path.dirname(folder):
                return ""
            folder = os.path.dirname(folder)

    files: dict[str, str] = {}
    denied = True
    for path in [*args["teacher_files"], *args["hub_secrets"]]:
        try:
            if os.path.isdir(path):
                files[path] = f"listed {len(os.listdir(path))} entries"
            else:
                with open(path, "rb") as file:
                    files[path] = f"read {len(file.read(1 << 20))} bytes"
            denied = False
        except PermissionError as error:
            files[path] = _kit_attack_errno(error)
        except FileNotFoundError:
            closed = closed_ancestor(path)
            if closed:
                files[path] = f"absent (ENOENT), {closed} closed to us"
            else:
                files[path] = "absent (ENOENT) under open directories"
                denied = False
        except OSError as error:
            files[path] = _kit_attack_errno(error)
            denied = False
    secrets = [value for value in args["secret_values"] if value]
    holding = sorted(key for key, value in os.environ.items() if any(secret in value for secret in secrets))
    named = sorted(key for key in os.environ
                   if any(word in key.upper() for word in ("PASSWORD", "SECRET", "CONFIGPROXY")))
    denied = denied and not holding and not named
    detail = "; ".join(f"{path}: {result}" for path, result in files.items())
    detail += (f"; env: secret values in {', '.join(holding) or 'none'}, "
               f"suspicious names {', '.join(named) or 'none'}")
    return denied, detail, {"files": files, "env_holding_secrets": holding, "env_suspicious_names": named}


def _kit_attack_poison_events(args: dict[str, Any]) -> tuple[bool, str, dict[str, Any]]:
    import json
    import os
    import urllib.error
    import urllib.request
    import uuid

    url, token = os.environ.get("KIT_CLASS_EVENTS", ""), os.environ.get("JUPYTERHUB_API_TOKEN", "")
    if not url or not token:
        return False, "no class service in this kernel's environment (KIT_CLASS_EVENTS, its token)", {}

    def an_event(**change: str) -> dict[str, str]:
        return {"id": uuid.uuid4().hex, "time": "2026-12-01T15:04:05Z", "lesson": "iota/Making a play",
                "exercise": "legal play", "event": "wrong", **change}

    # The map is built as text: a dict of 100,000 names would cost the kernel far more.
    lessons = ", ".join(f'"poison {i}": [' + ", ".join(f'"x{j}"' for j in range(args["seen_exercises"])) + "]"
                        for i in range(args["seen_lessons"]))
    bodies = {"an empty exercise": json.dumps({"events": [an_event(exercise="")]}),
              "year 1 at +05:00": json.dumps({"events": [an_event(time="0001-01-01T00:00:00+05:00")]}),
              "a control character": json.dumps({"events": [an_event(lesson="iota/\u202eMaking")]}),
              f"seen {args['seen_lessons']} x {args['seen_exercises']}": '{"events": [], "seen": {' + lessons + "}}"}
    answers: dict[str, int] = {}
    for name, body in bodies.items():
        request = urllib.request.Request(url, data=body.encode(), method="POST", headers={
            "Authorization": f"token {token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=args["timeout"]) as reply:
                answers[name] = reply.status
        except urllib.error.HTTPError as error:
            answers[name] = error.code
    # Denied: each refused as the client's fault (400 malformed, 413 too big), nothing stored;
    # a 200 stored the poison, a 5xx is the service failing, a 429 only slowed it.
    denied = all(status in (400, 413) for status in answers.values())
    return denied, "; ".join(f"{name}: {status}" for name, status in answers.items()), {"answers": answers}


def _kit_attack_memory(args: dict[str, Any]) -> tuple[bool, str, dict[str, Any]]:
    # Kept in the kernel's globals: the memory stays held for the rest of the run.
    hoard: list[bytearray] = globals().setdefault("_kit_attack_hoard", [])
    before, chunk_mib, cap_mib = len(hoard), args["chunk_mib"], args["cap_mib"]
    taken = 0

    def rss_mib() -> int:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) // 1024
        return -1

    try:
        while taken + chunk_mib <= cap_mib:
            hoard.append(bytearray(chunk_mib << 20))    # zero-filled: every page is touched
            taken += chunk_mib
    except MemoryError:
        return True, f"MemoryError after {taken} MiB (RSS {rss_mib()} MiB, kept)", {
            "mib": taken, "rss_mib": rss_mib(), "error": "MemoryError"}
    rss = rss_mib()
    del hoard[before:]      # no limit here: do not keep the machine's memory
    return False, f"no MemoryError up to the cap of {cap_mib} MiB (RSS {rss} MiB); freed", {
        "mib": taken, "rss_mib": rss, "error": ""}


def _kit_attack_fill_disk(args: dict[str, Any]) -> tuple[bool, str, dict[str, Any]]:
    import errno
    import os

    folder = os.path.join(args["folder"] or os.path.expanduser("~"), "kit-attack-fill")
    os.makedirs(folder, exist_ok=True)
    block = bytes(1 << 20)       # 1 MiB written over and over: the memory attack may hold the rest
    per_file = 512 // args["chunk_mib"]          # chunks a file holds: under RLIMIT_FSIZE (1 GiB)
    written, files, refused = 0, 0, ""
    try:
        while written + args["chunk_mib"] <= args["cap_mib"]:
            with open(os.path.join(folder, f"fill-{files}.bin"), "wb") as out:
                files += 1
                for _ in range(per_file):
                    if written + args["chunk_mib"] > args["cap_mib"]:
                        break
                    for _ in range(args["chunk_mib"]):
                        out.write(block)
                    out.flush()
                    written += args["chunk_mib"]
    except OSError as error:
        refused = _kit_attack_errno(error)
    if refused in (errno.errorcode[errno.ENOSPC], errno.errorcode[errno.EDQUOT]):
        return True, f"{refused} after {written} MiB in {files} files (kept: the home stays full)", {
            "mib": written, "files": files, "error": refused, "folder": folder}
    for name in os.listdir(folder):            # not refused by the disk: give the space back
        os.unlink(os.path.join(folder, name))
    os.rmdir(folder)
    why = (f"refused with {refused}, not by the disk" if refused
           else f"no refusal up to the cap of {args['cap_mib']} MiB")
    return False, f"{why} after {written} MiB; deleted", {
        "mib": written, "files": files, "error": refused, "folder": folder}


def _kit_attack_busy_loop(args: dict[str, Any]) -> tuple[bool, str, dict[str, Any]]:
    import os
    import subprocess
    import sys
    import time

    count = args["processes"] or os.cpu_count() or 1
    seconds = args["seconds"]
    spin = ("while True: pass" if seconds is None else
            f"import time\nend = time.monotonic() + {float(seconds)!r}\nwhile time.monotonic() < end: pass")
    started: list[subprocess.Popen[bytes]] = []
    refused = ""
    for _ in range(count):
        try:      # each in its own session, as a student who wants more CPU shares would
            started.append(subprocess.Popen([sys.executable, "-c", spin], start_new_session=True,
                                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL))
        except OSError as error:
            refused = _kit_attack_errno(error)
            break
    globals().setdefault("_kit_attack_busy", []).extend(started)
    time.sleep(args["sample"])
    cpu: dict[str, float] = {}
    for process in started:
        try:
            with open(f"/proc/{process.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            cpu[str(process.pid)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError):
            cpu[str(process.pid)] = -1.0
    spinning = [process.pid for process in started if process.poll() is None]
    detail = (f"{len(started)} of {count} busy processes started"
              f"{f' ({refused} for the rest)' if refused else ''}, {len(spinning)} spinning after "
              f"{args['sample']:g} s with {sum(max(t, 0) for t in cpu.values()):.2f} CPU s; "
              f"{'forever' if seconds is None else f'for {seconds:g} s'}")
    return not started, detail, {"pids": [process.pid for process in started], "spinning": spinning,
                                 "cpu_seconds": cpu, "refused": refused}


def _kit_attack_ports(args: dict[str, Any]) -> tuple[bool, str, dict[str, Any]]:
    import os
    import socket
    import struct
    import time

    me, open_ports = os.getuid(), set(args["open_ports"])
    foreign: dict[tuple[str, int], int] = {}       # (address, port) -> the listener's uid
    for table, family in (("/proc/net/tcp", socket.AF_INET), ("/proc/net/tcp6", socket.AF_INET6)):
        try:
            with open(table) as listing:
                rows = listing.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if len(fields) < 8 or fields[3] != "0A" or int(fields[7]) == me:
                continue
            hexaddress, hexport = fields[1].split(":")
            raw = b"".join(struct.pack("=I", int(hexaddress[i:i + 8], 16)) for i in range(0, len(hexaddress), 8))
            address, port = socket.inet_ntop(family, raw), int(hexport, 16)
            if port in open_ports:
                continue
            if address in ("0.0.0.0", "::"):      # a wildcard listener: reached through loopback
                address = "127.0.0.1" if family == socket.AF_INET else "::1"
            foreign[(address, port)] = int(fields[7])

    def connect(address: str, port: int) -> tuple[str, float]:
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        started = time.monotonic()
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.settimeout(3.0)
            try:
                probe.connect((address, port))
                result = "connected"
            except TimeoutError:
                result = "timed out"
            except OSError as error:
                result = _kit_attack_errno(error)
        return result, time.monotonic() - started

    refusals = {"ECONNREFUSED", "EPERM", "EACCES", "EHOSTUNREACH"}
    reached: dict[str, str] = {}
    slowest = 0.0
    for (address, port), uid in sorted(foreign.items())[:200]:
        result, took = connect(address, port)
        reached[f"{address}:{port} (uid {uid})"] = result
        slowest = max(slowest, took)
    controls = {str(port): connect("127.0.0.1", port)[0] for port in sorted(open_ports)}
    binds: dict[str, str] = {}
    for port in args["internal_ports"]:
        with socket.socket() as squat:
            try:
                squat.bind(("127.0.0.1", port))
                binds[str(port)] = "bound"
            except OSError as error:
                binds[str(port)] = _kit_attack_errno(error)
    refused = [target for target, result in reached.items() if result in refusals]
    denied = (bool(reached) and len(refused) == len(reached)
              and all(result == "connected" for result in controls.values())
              and all(result == "EACCES" for result in binds.values()))
    let_in = [f"{target}: {result}" for target, result in reached.items() if result not in refusals]
    detail = (f"{len(refused)} of {len(reached)} listeners of other accounts refused (slowest "
              f"{slowest:.2f} s){'; reached: ' + ', '.join(let_in[:5]) if let_in else ''}"
              f"{'; no listener of another account found: nothing proven' if not reached else ''}; "
              f"hub ports {', '.join(f'{p} {r}' for p, r in controls.items()) or 'none given'}; "
              f"binding the hub's internal ports: {', '.join(f'{p} {r}' for p, r in binds.items()) or 'none given'}")
    return denied, detail, {"reached": reached, "open_ports": controls, "binds": binds,
                            "slowest_s": round(slowest, 3)}


def _kit_attack_kill(args: dict[str, Any]) -> tuple[bool, str, dict[str, Any]]:
    import os
    import signal

    with open("/proc/self/status") as status:
        effective = next(line for line in status if line.startswith("CapEff:"))
    if os.geteuid() == 0 or int(effective.split()[1], 16) & (1 << 5):
        # CAP_KILL is capability 5: such a process may kill anything, so do not even try
        return False, "not attempted: running as root or with CAP_KILL, every kill would succeed", {
            "killed": [], "refused": 0, "vanished": 0, "errors": {}, "our_uid_outside_our_server": []}
    ours = {os.getuid(), os.geteuid()}
    killed: list[int] = []
    errors: dict[str, int] = {}
    refused = vanished = 0
    parents: dict[int, int] = {}
    same_uid: list[int] = []       # our uid's processes: skipped, but some may not be our own
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/status") as status:
                line = next(line for line in status if line.startswith("Uid:"))
        except (OSError, StopIteration, IndexError, ValueError):
            vanished += 1
            continue
        real, _, saved, _ = (int(uid) for uid in line.split()[1:5])
        if ours & {real, saved}:
            same_uid.append(int(entry))
            continue        # ours: the kernel lets us kill it, and it is our own
        try:
            os.kill(int(entry), signal.SIGKILL)
            killed.append(int(entry))
        except ProcessLookupError:
            vanished += 1
        except OSError as error:
            refused += 1
            errors[_kit_attack_errno(error)] = errors.get(_kit_attack_errno(error), 0) + 1

    def under_our_server(pid: int) -> bool:
        # Our server is the kernel's parent; under one account per student, all our
        # uid's processes descend from it. Others (a shared account, or leftovers of an
        # earlier server) were not attacked but would be killable: reported.
        seen: set[int] = set()
        while pid not in seen and pid > 1:
            if pid == os.getppid():
                return True
            seen.add(pid)
            pid = parents.get(pid, 0)
        return False

    strangers = [pid for pid in same_uid if not under_our_server(pid)]
    how = ", ".join(f"{name} {n}" for name, n in sorted(errors.items()))
    detail = (f"{len(killed)} killed, {refused} refused ({how or 'none'}), {vanished} vanished; "
              f"{len(strangers)} processes of our uid outside our server, not attacked")
    return not killed, detail, {"killed": killed, "refused": refused, "vanished": vanished, "errors": errors,
                                "our_uid_outside_our_server": strangers}


def _kit_attack_fork_bomb(args: dict[str, Any]) -> tuple[bool, str, dict[str, Any]]:
    import json
    import os
    import select
    import signal
    import subprocess
    import sys
    import time

    read_end, write_end = os.pipe()
    try:
        bomb = subprocess.Popen(
            [sys.executable, "-c", args["bomb"], str(write_end), str(args["timeout"]), str(args["max_forks"])],
            pass_fds=(write_end,), start_new_session=True,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError as error:
        os.close(read_end)
        return True, f"the bomb could not even start: {_kit_attack_errno(error)}", {
            "refused": _kit_attack_errno(error), "tasks": -1}
    finally:
        os.close(write_end)
    globals().setdefault("_kit_attack_bombs", []).append(bomb)     # not waited for: it stays
    # The bomb reports within its timeout; the slack is for counting the uid's tasks.
    deadline, got = time.monotonic() + args["timeout"] + 15, b""
    while b"\n" not in got and time.monotonic() < deadline:
        ready, _, _ = select.select([read_end], [], [], max(deadline - time.monotonic(), 0))
        if not ready:
            break
        chunk = os.read(read_end, 4096)
        if not chunk:
            break
        got += chunk
    os.close(read_end)
    if b"\n" not in got:
        try:
            os.killpg(bomb.pid, signal.SIGKILL)
        except OSError:
            pass
        return False, f"the bomb did not report within {args['timeout'] + 15:g} s; its group was killed", {
            "refused": "", "tasks": -1}
    report: dict[str, Any] = json.loads(got.split(b"\n", 1)[0])
    if report["refused"]:
        return True, (f"fork refused with {report['refused']} after {report['seconds']:.2f} s at "
                      f"{report['tasks']} tasks of uid {report['uid']} ({report['processes']} processes); "
                      "the bomb keeps running"), report
    return False, f"{report['why']}: {report['tasks']} tasks of uid {report['uid']}; the bomb was killed", report


def _kit_attack_bomb() -> None:
    """The bomb itself (run by ``python -c``): every process forks forever, sleeping after a refusal."""
    import errno
    import json
    import os
    import signal
    import sys
    import time

    report_fd, timeout, max_forks = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    first, start = os.getpid(), time.monotonic()
    # The budget: one byte per fork. Reads from a pipe are atomic, so no two
    # processes take the same byte, and without any limit the bomb stops at
    # max_forks processes instead of taking the machine.
    take, give = os.pipe()
    os.write(give, b"f" * max_forks)
    os.set_blocking(take, False)

    def tasks_of_uid() -> tuple[int, int]:
        uid, processes, tasks = str(os.getuid()), 0, 0
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/status") as status:
                    fields = dict(line.split(":", 1) for line in status if ":" in line)
            except OSError:
                continue
            if fields.get("Uid", "").split()[:1] == [uid]:
                processes += 1
                tasks += int(fields.get("Threads", "1"))
        return processes, tasks

    def report(refused: str, why: str) -> None:
        processes, tasks = tasks_of_uid()
        os.write(report_fd, (json.dumps({
            "refused": refused, "why": why, "uid": os.getuid(), "tasks": tasks, "processes": processes,
            "forks": forks, "seconds": time.monotonic() - start}) + "\n").encode())
        os.close(report_fd)

    forks, reported = 0, False
    while True:
        mine = os.getpid() == first
        if mine and not reported and time.monotonic() - start > timeout:
            report("", f"no fork refused within {timeout:g} s")
            os.killpg(os.getpgrp(), signal.SIGKILL)
        try:
            os.read(take, 1)
        except BlockingIOError:        # the budget is spent: nothing limits this uid
            if mine and not reported:
                report("", f"no fork refused after {max_forks} forks")
                os.killpg(os.getpgrp(), signal.SIGKILL)
            time.sleep(0.5)
            continue
        try:
            child = os.fork()
        except OSError as error:
            os.write(give, b"f")
            if mine and not reported:
                report(errno.errorcode.get(error.errno or 0, str(error.errno)), "")
                reported = True
            time.sleep(0.5)
            continue
        if child == 0 and mine and not reported:
            os.close(report_fd)        # only the first process reports
        elif child and mine:
            forks += 1


# ---- the API ---------------------------------------------------------------------

ACTIONS: tuple[str, ...] = ("read another student's work", "hub and teacher files", "poison events",
                            "memory", "busy loop", "reach another student's ports", "fill the disk",
                            "kill", "fork bomb")

_ATTACKS: dict[str, Callable[[dict[str, Any]], tuple[bool, str, dict[str, Any]]]] = {
    "read another student's work": _kit_attack_read_work,
    "hub and teacher files": _kit_attack_hub_files,
    "poison events": _kit_attack_poison_events,
    "memory": _kit_attack_memory,
    "busy loop": _kit_attack_busy_loop,
    "reach another student's ports": _kit_attack_ports,
    "fill the disk": _kit_attack_fill_disk,
    "kill": _kit_attack_kill,
    "fork bomb": _kit_attack_fork_bomb,
}
_OPTIONS: dict[str, dict[str, Any]] = {
    "poison events": {"seen_lessons": 2000, "seen_exercises": 50, "timeout": 60.0},
    "memory": {"cap_mib": 8192, "chunk_mib": 64},
    "busy loop": {"seconds": None, "processes": None, "sample": 1.0},
    "fill the disk": {"folder": "", "cap_mib": 8192, "chunk_mib": 64},
    "fork bomb": {"timeout": 30.0, "max_forks": 512},
}


def code(action: str, targets: Targets, **options: Any) -> str:
    """Python source that runs ``action`` in a kernel and prints one line ``KIT-ATTACK <json>``.

    Options: poison events ``seen_lessons`` (2000), ``seen_exercises`` (50), ``timeout``
    (60 s a request); memory ``cap_mib`` (8192), ``chunk_mib`` (64); busy loop ``seconds``
    (None: forever), ``processes`` (None: os.cpu_count()), ``sample`` (1.0 s
    before reading their CPU time); fill the disk ``folder`` ("": our home),
    ``cap_mib`` (8192), ``chunk_mib`` (64, at most 512); fork bomb ``timeout`` (30 s), ``max_forks`` (512).
    """
    if action not in _ATTACKS:
        raise ValueError(f"no attack {action!r}; the attacks: {', '.join(ACTIONS)}")
    known = _OPTIONS.get(action, {})
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise TypeError(f"{action!r} has no option {', '.join(unknown)}; its options: "
                        f"{', '.join(known) or 'none'}")
    if action == "fill the disk" and not 0 < options.get("chunk_mib", 64) <= 512:
        raise ValueError("chunk_mib must be between 1 and 512 (a file holds 512 MiB at most)")
    if action == "fork bomb" and not 0 < options.get("max_forks", 512) < 60000:
        raise ValueError("max_forks must be between 1 and 59999 (the budget is a pipe of that many bytes)")
    args: dict[str, Any] = json.loads(json.dumps({**dataclasses.asdict(targets), **known, **options}))
    sources: list[Callable[..., Any]] = [_kit_attack_errno, _kit_attack_run, _ATTACKS[action]]
    if action == "fork bomb":
        args["bomb"] = f"{inspect.getsource(_kit_attack_bomb)}\n_kit_attack_bomb()\n"
    attack = _ATTACKS[action].__name__
    return ("from collections.abc import Callable\nfrom typing import Any\n\n\n"
            + "\n\n".join(inspect.getsource(function) for function in sources)
            + f"\n\n_kit_attack_run({action!r}, {attack}, {args!r})\n")


def outcome(stdout: str) -> Outcome:
    """The ``Outcome`` in a kernel's output (ValueError naming the problem if there is none)."""
    lines = [line for line in stdout.splitlines() if line.startswith(PREFIX)]
    if len(lines) != 1:
        raise ValueError(f"expected one {PREFIX.strip()} line in the output, found {len(lines)}: "
                         f"{stdout[-400:]!r}")
    try:
        record = json.loads(lines[0][len(PREFIX):])
    except json.JSONDecodeError as error:
        raise ValueError(f"the {PREFIX.strip()} line is not JSON ({error}): {lines[0][:400]!r}") from error
    if not (isinstance(record, dict) and record.get("action") in ACTIONS and isinstance(record.get("denied"), bool)
            and isinstance(record.get("detail"), str) and isinstance(record.get("data"), dict)):
        raise ValueError(f"the {PREFIX.strip()} line lacks action, denied, detail or data: {lines[0][:400]!r}")
    return Outcome(record["action"], record["denied"], record["detail"], record["data"])
