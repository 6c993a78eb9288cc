# JupyterHub for one class on one machine: `make hub` starts it with this file.
#
# What a teacher sets (environment variables, so no password sits in a file):
#   KIT_CLASS_PASSWORD   the class password, 8 characters or more (required)
#   KIT_CLASS_LIST       optional: a file with one student name a line; only
#                        those names may log in (otherwise any name may)
#   KIT_TEACHER          optional: the teacher's user name (an admin), who logs
#                        in with KIT_TEACHER_PASSWORD (32 characters or more)
#   KIT_HUB_PORT         the port students open (default 8000)
# and, for running several hubs on one machine (the tests do), the ports of the
# hub's API and the proxy's API (KIT_HUB_API_PORT, KIT_PROXY_API_PORT) and the
# folder for the hub's database, cookie secret and the students' homes
# (KIT_HUB_STATE, default build/hub/state).
#
# The choices, and why:
# * It listens on 127.0.0.1 only. For a classroom network, put the machine's
#   address in KIT_HUB_IP *and* a TLS proxy in front (docs/teaching.md); a
#   class password over plain HTTP on a shared network is readable by anyone.
# * Log-in: one shared class password (JupyterHub's own SharedPasswordAuthenticator).
#   Trade-off: nothing to set up per student and no "I forgot my password" at
#   9:00, but anyone with the password can log in under any name, so students'
#   work is not protected from each other. If that matters, use first-use
#   passwords instead (pip install jupyterhub-firstuseauthenticator; see the end
#   of this file): each student picks a password at the first log-in, and the
#   teacher resets forgotten ones.
# * Servers: SimpleLocalProcessSpawner runs every student's Jupyter server as
#   the hub's own system user, each in its own home folder under the state
#   folder. No system accounts are needed, but there is no isolation and no
#   memory limit between students: fine for a class on a lab machine, not for
#   strangers on the internet (use The Littlest JupyterHub or Zero to
#   JupyterHub for that: deploy/values.yaml).
# * The kit is installed for every user because every server runs from the
#   kit's own Python (.venv): its kernel imports kit, ipycanvas and ipywidgets.

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub provides it)

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent          # the .venv JupyterHub runs from
STATE = Path(os.environ.get("KIT_HUB_STATE", ROOT / "build" / "hub" / "state")).resolve()
STATE.mkdir(parents=True, exist_ok=True)


def port(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


# ---- Where students connect ---------------------------------------------------
c.JupyterHub.ip = os.environ.get("KIT_HUB_IP", "127.0.0.1")
c.JupyterHub.port = port("KIT_HUB_PORT", 8000)
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = port("KIT_HUB_API_PORT", 8081)
# The proxy (configurable-http-proxy, from npm, installed by `make hub` into build/hub).
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{port('KIT_PROXY_API_PORT', 8001)}"
c.ConfigurableHTTPProxy.command = [os.environ.get(
    "KIT_PROXY", str(ROOT / "build" / "hub" / "node_modules" / ".bin" / "configurable-http-proxy"))]

# The hub's own files: its database, its cookie secret, its PID file.
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")

# ---- Who may log in -----------------------------------------------------------
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ.get("KIT_CLASS_PASSWORD")
class_list = os.environ.get("KIT_CLASS_LIST")
if class_list:
    c.Authenticator.allowed_users = {
        line.strip() for line in Path(class_list).read_text().splitlines() if line.strip()}
else:
    c.Authenticator.allow_all = True      # any name, with the class password
if os.environ.get("KIT_TEACHER"):
    c.Authenticator.admin_users = {os.environ["KIT_TEACHER"]}
    c.SharedPasswordAuthenticator.admin_password = os.environ.get("KIT_TEACHER_PASSWORD")

# ---- Each student's server ----------------------------------------------------
c.JupyterHub.spawner_class = "simple"     # SimpleLocalProcessSpawner: see above
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "users" / "{username}")
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
# The kit's Python first on PATH: its kernel is the one with the kit. Kernels'
# Unix sockets (see args below) live in a short runtime folder: a socket path
# has at most 107 bytes, and one under the student's home was longer.
c.Spawner.environment = {
    "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
    "JUPYTER_RUNTIME_DIR": lambda spawner: f"/tmp/kit-hub-runtime/{spawner.user.name}",
}
# JupyterLab's news and update toast off (it asks to go online and covers the board).
# Kernels talk to their server over Unix sockets, not TCP ports: with 60 kernels
# starting at once, a TCP port chosen free was sometimes taken before the kernel
# bound it ("Address already in use"), and that student's kernel died (load test).
args = ["--LabApp.user_settings_dir=" + str(STATE / "lab-settings"),
        "--KernelManager.transport=ipc"]
if os.getuid() == 0:                       # a lab machine's admin may run it as root
    args.append("--allow-root")
c.Spawner.args = args
settings = STATE / "lab-settings" / "@jupyterlab" / "apputils-extension"
settings.mkdir(parents=True, exist_ok=True)
(settings / "notification.jupyterlab-settings").write_text(
    '{"fetchNews": "false", "checkForUpdates": false}')
# 30 students starting at once on 2 cores: give a slow start time, not an error.
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
# A server idle for the whole lesson is not stopped by the hub; stop them all
# after class with Ctrl-C on `make hub` (servers stop with the hub).
c.JupyterHub.cleanup_servers = True

# ---- First-use passwords instead of one class password ------------------------
# pip install jupyterhub-firstuseauthenticator, then replace the log-in block with:
#   c.JupyterHub.authenticator_class = "firstuseauthenticator.FirstUseAuthenticator"
#   c.FirstUseAuthenticator.create_users = True      # any name; or allowed_users
#   c.FirstUseAuthenticator.min_password_length = 8
