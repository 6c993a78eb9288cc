"""CPU-seconds and memory of one student server start, in the class hub's runtime.

Starts ``jupyter server`` (the server jupyterhub-singleuser runs, with every
server extension the runtime enables) from the runtime's Python as an account
with no rights, waits until it answers, and reads the process's CPU time
(user + system, its children included) and PSS; then stops it. Repeated
``--runs`` times; the median is printed. ``--importtime`` prints the slowest
imports of such a start (python -X importtime).

    python benchmarks/server_start.py [--runtime /opt/kit-class/runtime] [--runs 5] [--importtime]
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

NOBODY = 65534


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def one_start(runtime: Path, extra_env: dict[str, str] | None = None,
              importtime: bool = False) -> tuple[float, float, float, str]:
    """(CPU-seconds until it answers, wall seconds, PSS MiB, stderr)."""
    port = free_port()
    home = Path(tempfile.mkdtemp(prefix="kit-start-"))
    os.chown(home, NOBODY, NOBODY)
    env = {"PATH": f"{runtime / 'bin'}:/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
           "JUPYTER_RUNTIME_DIR": str(home / "rt"), **(extra_env or {})}
    cmd = [str(runtime / "bin" / "python"), *(["-X", "importtime"] if importtime else []),
           "-m", "jupyter_server", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.open_browser=False",
           "--ServerApp.port_retries=0", f"--ServerApp.root_dir={home}"]
    t0 = time.monotonic()
    log = open(home / "stderr.log", "w+")     # a file: -X importtime fills a pipe's buffer
    proc = subprocess.Popen(["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                             *cmd], cwd=str(home), env=env, stdout=subprocess.DEVNULL,
                            stderr=log, text=True)
    try:
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None:
                    log.seek(0)
                    raise RuntimeError(log.read()[-2000:]) from None
                time.sleep(0.05)
        wall = time.monotonic() - t0
        p = psutil.Process(proc.pid)
        times = p.cpu_times()
        cpu = times.user + times.system + times.children_user + times.children_system
        pss = p.memory_full_info().pss / 2**20
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.seek(0)
        err = log.read()
        log.close()
        subprocess.run(["rm", "-rf", str(home)])
    return cpu, wall, pss, err


def slowest_imports(stderr: str, top: int = 25) -> list[tuple[int, str]]:
    """(cumulative microseconds, module) of the top-level imports (-X importtime)."""
    rows = []
    for line in stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
        if m:
            rows.append((int(m.group(2)), len(m.group(3)), m.group(4)))
    return sorted(((us, name) for us, depth, name in rows if depth <= 3), reverse=True)[:top]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runtime", type=Path, default=Path(os.environ.get(
        "KIT_CLASS_HOME", "/opt/kit-class")) / "runtime")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--importtime", action="store_true")
    args = ap.parse_args()
    if args.importtime:
        _, _, _, err = one_start(args.runtime, importtime=True)
        for us, name in slowest_imports(err):
            print(f"{us / 1e6:6.3f} s  {name}")
        return 0
    runs = [one_start(args.runtime)[:3] for _ in range(args.runs)]
    cpu, wall, pss = (statistics.median(r[i] for r in runs) for i in range(3))
    print(f"server start, median of {args.runs}: {cpu:.2f} CPU-s, {wall:.2f} s wall, "
          f"{pss:.0f} MiB PSS (load average {', '.join(f'{x:.1f}' for x in os.getloadavg())})")
    print("runs (CPU-s):", ", ".join(f"{r[0]:.2f}" for r in runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
