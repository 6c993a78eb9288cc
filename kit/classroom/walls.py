"""Walls on loopback: a student's sockets reach only the hub's own endpoints on this machine.

Covers ``Walls``: one nftables table per hub (``inet kit_walls_<public port>``,
so several hubs on one machine, as in the tests, each have their own), made
when the hub starts (``up``) and deleted when it stops (``down``). Its one
chain hooks *output* and holds a set of student uids (``admit`` adds one when
the spawner starts that student's server). A packet is judged only when all of:

* it leaves through ``lo``: that is every packet to 127.0.0.0/8, ::1 *and* the
  machine's own addresses (the kernel routes those through loopback too);
* its socket belongs to a uid in the set (root's proxy and hub never match);
* it opens a TCP connection (SYN without ACK), or is not TCP at all.

Such a packet passes only to the hub's endpoints students need (``open_ports``:
the public proxy port, the hub API, the class service) and to a nameserver of
resolv.conf that is on this machine (port 53). Everything else is rejected at
once, a TCP reset or an ICMP error, so the connect fails with ECONNREFUSED /
EPERM, never a timeout. That closes another student's server port, their
kernels' iopub pipe (ipykernel binds it on 127.0.0.1 TCP even with the ipc
transport), a debugpy adapter, anything a kernel listens on. TCP packets
that are not a new connection pass: answers of a student's server to the
proxy (root connects to it), and traffic of connections the wall let open.

**[decision]** A student's own listeners are closed to that student too (nft
cannot match the listener's owner): a kernel's forked children
(``os.fork``, multiprocessing's "fork") lose their printed output, which
ipykernel sends to the parent over that TCP pipe. No lesson forks.

Not covered: Unix sockets (kernels' ipc sockets live in 0700 per-student
folders: kit.classroom.accounts), abstract Unix sockets, traffic to other
machines, and a machine where nftables is missing or refused (``problem``
says why; the hub refuses to start as root then). The ports themselves are
made unbindable elsewhere (ports below ip_unprivileged_port_start).
"""

from __future__ import annotations

import ipaddress
import os
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

PREFIX = "kit_walls_"
RESOLV = Path("/etc/resolv.conf")
UNPRIVILEGED = Path("/proc/sys/net/ipv4/ip_unprivileged_port_start")


class WallError(RuntimeError):
    """nft refused or is missing; the message says which command and why."""


def nft(script: str) -> str:
    """Run an nft script (``nft -f -``); its output, or WallError with nft's words."""
    tool = shutil.which("nft") or ("/usr/sbin/nft" if Path("/usr/sbin/nft").exists() else None)
    if tool is None:
        raise WallError("nft is not installed (Debian: apt-get install nftables)")
    done = subprocess.run([tool, "-f", "-"], input=script, capture_output=True, text=True)
    if done.returncode:
        raise WallError(f"nft refused: {done.stderr.strip()}\n{script}")
    return done.stdout


def loopback_nameservers(resolv: Path = RESOLV) -> list[str]:
    """The nameservers of ``resolv`` on this machine (127.0.0.0/8, ::1): DNS must reach them."""
    found = []
    try:
        lines = resolv.read_text().splitlines()
    except OSError:
        return []
    for line in lines:
        words = line.split()
        if len(words) >= 2 and words[0] == "nameserver":
            try:
                address = ipaddress.ip_address(words[1].split("%", 1)[0])
            except ValueError:
                continue
            if address.is_loopback:
                found.append(str(address))
    return found


def unprivileged_port_start(path: Path = UNPRIVILEGED) -> int:
    """The first port any account may bind (1024 unless the machine lowered it)."""
    try:
        return int(path.read_text().strip())
    except (OSError, ValueError):
        return 1024


def check_port(port: int) -> int:
    if not isinstance(port, int) or not 0 < port < 65536:
        raise ValueError(f"not a TCP port: {port!r}")
    return port


class Walls:
    """The loopback walls of one hub (see the module docstring)."""

    def __init__(self, hub_port: int, open_ports: Iterable[int], nameservers: Iterable[str] | None = None) -> None:
        self.table = f"{PREFIX}{check_port(hub_port)}"
        self.open_ports = sorted({check_port(p) for p in open_ports})
        if not self.open_ports:
            raise ValueError("walls with no open port would cut students off the hub itself")
        self.nameservers = list(loopback_nameservers() if nameservers is None else nameservers)

    def script(self) -> str:
        ports = ", ".join(map(str, self.open_ports))
        dns4 = [a for a in self.nameservers if ipaddress.ip_address(a).version == 4]
        dns6 = [a for a in self.nameservers if ipaddress.ip_address(a).version == 6]
        dns = "".join(f"\t\tip{'' if v == 4 else '6'} daddr {{ {', '.join(addrs)} }} meta l4proto {{ tcp, udp }} "
                      "th dport 53 accept\n" for v, addrs in ((4, dns4), (6, dns6)) if addrs)
        # The table is replaced whole: an old one of the same name (a hub killed
        # without its stop) goes with its uids, which may belong to new accounts now.
        return (f"table inet {self.table}\ndelete table inet {self.table}\n"
                f"table inet {self.table} {{\n"
                f"\tcomment \"kit class hub, pid {os.getpid()}\"\n"
                "\tset students { type uid; }\n"
                "\tchain output {\n"
                "\t\ttype filter hook output priority filter; policy accept;\n"
                "\t\toif != \"lo\" accept\n"
                "\t\tmeta skuid != @students accept\n"
                # Not a new connection: answers to root's proxy, or a connection let open.
                "\t\ttcp flags & (syn | ack) != syn accept\n"
                f"\t\ttcp dport {{ {ports} }} accept\n"
                f"{dns}"
                "\t\tmeta l4proto tcp reject with tcp reset\n"
                "\t\treject with icmpx type admin-prohibited\n"
                "\t}\n}\n")

    def up(self) -> Walls:
        nft(self.script())
        return self

    def admit(self, uid: int) -> None:
        admit(self.table, uid)

    def students(self) -> list[int]:
        out = nft(f"list set inet {self.table} students\n")
        inside = out.split("elements = {", 1)[1].split("}", 1)[0] if "elements" in out else ""
        return sorted(int(word) for word in inside.replace(",", " ").split())

    def down(self) -> None:
        """Delete the table (nothing if it is gone already)."""
        nft(f"table inet {self.table}\ndelete table inet {self.table}\n")


def admit(table: str, uid: int) -> None:
    """Wall ``uid``'s sockets in, in the hub's ``table`` (a student's account; never root)."""
    if not isinstance(uid, int) or isinstance(uid, bool) or uid <= 0:
        raise ValueError(f"refusing to wall in uid {uid!r}: root's sockets are the hub's own")
    if not table.startswith(PREFIX) or not table[len(PREFIX):].isdigit():
        raise ValueError(f"not a table of these walls: {table!r}")
    nft(f"add element inet {table} students {{ {uid} }}\n")


def remove_stale() -> list[str]:
    """Delete the walls of hubs that died without their stop (their pid, in the table's
    comment, is gone); the tables deleted. Another live hub's walls are left alone."""
    gone: list[str] = []
    try:
        listing = nft("list tables inet\n")
    except WallError:
        return gone
    for line in listing.splitlines():
        name = line.split()[-1] if line.startswith("table inet ") else ""
        if not name.startswith(PREFIX):
            continue
        try:
            comment = nft(f"list table inet {name}\n").split('comment "', 1)[1].split('"', 1)[0]
            pid = int(comment.rsplit("pid ", 1)[1])
        except (WallError, IndexError, ValueError):
            continue
        if not Path(f"/proc/{pid}").exists():
            nft(f"delete table inet {name}\n")
            gone.append(name)
    return gone


def problem() -> str:
    """Why walls cannot be made on this machine ('' when they can): tried on a throwaway table."""
    probe = f"{PREFIX}probe_{os.getpid()}"
    try:
        nft(f"table inet {probe} {{\n\tset s {{ type uid; }}\n}}\ndelete table inet {probe}\n")
    except WallError as error:
        return str(error).splitlines()[0]
    return ""
