# JupyterHub for one class on one machine: `sudo make hub` starts it with this file.
#
# Two modes:
# * As root (the class machine's admin): every student is walled off. Each gets
#   a locked Unix account (kit-<name>, home 0700) on the first log-in and a
#   password of their own, chosen at that first log-in; their server runs as
#   that account, from a read-only runtime that holds no teacher's files, under
#   the limits below. This is what the kit supports for a class.
# * KIT_HUB_DEMO=1 (any user): the old one-account mode for a one-person demo:
#   one class password, every server runs as the user who started the hub,
#   nothing is walled off, and the log-in page says so.
# Run as a normal user without KIT_HUB_DEMO=1, the hub refuses in one line.
#
# What a teacher sets (environment variables, so no password sits in a file):
#   KIT_TEACHER, KIT_TEACHER_PASSWORD  the teacher's everyday log-in (the
#                        password 8 characters or more): the teacher's page and
#                        their own server, not the admin (see "Who is who"). Optional.
#   KIT_ADMIN, KIT_ADMIN_PASSWORD  optional: the hub's admin, a separate account
#                        the teacher uses only for the admin page (deleting a
#                        student who forgot their password, stopping a server)
#   KIT_HUB_HOST         the hub's public address; each student's server gets an
#                        origin of its own under it (default http://localhost:PORT,
#                        students at http://<name>.localhost:PORT; a classroom
#                        network: https://hub.school.example with wildcard DNS and
#                        a wildcard certificate, docs/teaching.md)
#   KIT_CLASS_LIST       the class list: a file with one student name a line
#                        (as each student will type it, e.g. ana.garcia; blank
#                        lines and lines starting with # skipped). Only those
#                        names, the teacher's and the admin's may log in. Needed as root: the
#                        hub refuses to start without it unless KIT_OPEN_CLASS=1,
#                        which lets any name make an account (up to
#                        KIT_MAX_ACCOUNTS, default 100). A name takes at most 28
#                        letters a-z and digits (fewer with dots, dashes, capitals
#                        or other alphabets: its account's name is kit- + the name
#                        escaped, within useradd's 32 characters).
#   KIT_HUB_PORT         the port students open (default 8000)
#   KIT_IDLE_TIMEOUT     seconds before an idle server is stopped (default 3600)
#   KIT_WARM=1           with a class list: start every listed student's server
#                        when the hub starts (warm servers, kit/classroom/warm.py;
#                        or `sudo make hub-warm` later); KIT_WARM_WINDOW seconds
#                        they are kept up for the lesson (default 3600),
#                        KIT_WARM_LESSON the lesson whose kernel is started
#   KIT_HOME_SIZE        each student's own disk, their home (default 1G; e.g.
#                        512M, 2G; 0: homes on the machine's disk with no limit).
#                        Reserved on the machine's disk when the account is made
#                        (30 students at 1G: 30 GiB); an account is refused while
#                        the disk would keep less than 2 GiB free. deploy/sizing.md
#   KIT_CLASS_DB         where the teacher's view keeps the events: a SQLAlchemy URL
#                        (default SQLite, class.sqlite in the state folder)
#   KIT_CLASS_PORT       the class service's own port on 127.0.0.1 (default 802,
#                        below 1024 so no student can bind it; 8002 in the demo mode)
#   KIT_CLASS_PASSWORD   the class password of the demo mode only
#   KIT_LANG             the class's language: es or bg (default English): the
#                        kit's words, the teacher's view, JupyterLab's menus (es;
#                        JupyterLab has no Bulgarian pack)
#   KIT_STUDENT_LANG     optional, a student's own: "ana=es,boris=bg" (the kit's
#                        words for that student; Lab's menus follow the class,
#                        and a student can pick another in Settings > Language)
# and, for running several hubs on one machine (the tests do): KIT_HUB_API_PORT
# (default 881), KIT_PROXY_API_PORT (default 801), KIT_HUB_STATE (the hub's database and cookie secret,
# default build/hub/state), KIT_HUB_HOMES (students' homes, default
# /home/kit-class), KIT_HUB_SOCKETS (kernels' sockets, default /run/kit-class)
# and KIT_CLASS_HOME (the student runtime, default /opt/kit-class).
#
# A name with 5 wrong passwords in a row is locked for 30 s, then each further
# wrong one locks it twice as long, up to 15 min (kit/classroom/throttle.py).
#
# It listens on 127.0.0.1 only. For a classroom network, put the machine's
# address in KIT_HUB_IP *and* a TLS proxy in front (docs/teaching.md):
# passwords over plain HTTP on a shared network are readable by anyone.

import atexit
import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub provides it)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))              # the kit, when the hub runs from elsewhere
from kit.classroom.hub import class_languages, lab_locale, open_class_refusal, refusal  # noqa: E402
from kit.classroom.names import read_class_list  # noqa: E402

DEMO = os.environ.get("KIT_HUB_DEMO") == "1"
if refusal(os.getuid(), DEMO):
    sys.exit(refusal(os.getuid(), DEMO))
# [decision] The class mode (root) needs a class list or KIT_OPEN_CLASS=1; the
# demo (one class password, nothing walled off, no accounts) does not.
if not DEMO and open_class_refusal(os.environ):
    sys.exit(open_class_refusal(os.environ))

BIN = Path(sys.executable).parent          # the .venv JupyterHub runs from
STATE = Path(os.environ.get("KIT_HUB_STATE", ROOT / "build" / "hub" / "state")).resolve()
STATE.mkdir(parents=True, exist_ok=True)
STATE.chmod(0o700)      # the database (users, hashed tokens) and the cookie secret: the hub's only


def port(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def seconds(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


# ---- Where students connect ---------------------------------------------------
c.JupyterHub.ip = os.environ.get("KIT_HUB_IP", "127.0.0.1")
c.JupyterHub.port = port("KIT_HUB_PORT", 8000)
c.JupyterHub.hub_ip = "127.0.0.1"
# The hub's internal endpoints. As root they default to ports below 1024, which
# no student can bind (ip_unprivileged_port_start, checked below): when one of
# them is down, a student's kernel listening on its port would otherwise get the
# tokens sent there. The demo mode, not root, cannot bind those.
INTERNAL = {"KIT_HUB_API_PORT": 8081, "KIT_PROXY_API_PORT": 8001, "KIT_CLASS_PORT": 8002} if DEMO else \
    {"KIT_HUB_API_PORT": 881, "KIT_PROXY_API_PORT": 801, "KIT_CLASS_PORT": 802}
INTERNAL = {name: port(name, default) for name, default in INTERNAL.items()}
c.JupyterHub.hub_port = INTERNAL["KIT_HUB_API_PORT"]
# The proxy (configurable-http-proxy, from npm, installed by `make hub` into build/hub).
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{INTERNAL['KIT_PROXY_API_PORT']}"
c.ConfigurableHTTPProxy.command = [os.environ.get(
    "KIT_PROXY", str(ROOT / "build" / "hub" / "node_modules" / ".bin" / "configurable-http-proxy"))]
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")

# ---- An origin per student (issue 35) -----------------------------------------
# A student's server is wholly hers: she can serve any page from it (a file in
# ~/.local/share/jupyter/labextensions/ is served without log-in). On the hub's
# own origin that page's script would act as whoever opened it: mint the
# teacher's tokens, read another student's files. So every server gets a host
# of its own (JupyterHub's subdomain_host): eve at eve.localhost:PORT, the class
# service at class--service.localhost:PORT, the hub alone at localhost:PORT.
# The browser keeps them apart (cookies, storage, scripts); headers set by a
# student's server could not, since she controls them. Chromium and Firefox
# resolve *.localhost to loopback themselves; a classroom network needs wildcard
# DNS and a wildcard certificate for KIT_HUB_HOST (docs/teaching.md).
c.JupyterHub.subdomain_host = os.environ.get("KIT_HUB_HOST") or f"http://localhost:{c.JupyterHub.port}"

# ---- Who may log in -----------------------------------------------------------
class_list = os.environ.get("KIT_CLASS_LIST")
TEACHER = os.environ.get("KIT_TEACHER", "")
ADMIN = os.environ.get("KIT_ADMIN", "")
STAFF = {}                # name -> password, set from the environment, never by a first log-in
for who, name in (("KIT_TEACHER", TEACHER), ("KIT_ADMIN", ADMIN)):
    if name:
        STAFF[name] = os.environ.get(f"{who}_PASSWORD", "")
        if len(STAFF[name]) < 8:
            sys.exit(f"{who} needs {who}_PASSWORD (8 characters or more) in the hub's "
                     "environment, so no student can take that name first.")
if TEACHER and TEACHER == ADMIN:
    sys.exit("KIT_ADMIN must be an account of its own, not KIT_TEACHER: the teacher's "
             "everyday account opens students' links, and must not be the admin.")
if class_list:
    try:
        c.Authenticator.allowed_users = read_class_list(Path(class_list)) | {
            name.lower() for name in STAFF}
    except (OSError, ValueError) as bad:
        sys.exit(f"KIT_CLASS_LIST: {bad}")
else:
    c.Authenticator.allow_all = True        # the demo, or KIT_OPEN_CLASS=1
# ---- Who is who: roles (issue 35) ----
# A student reaches only their own server and user (the `self` scope): not the
# list of students, not the admin page, not another's server.
# The teacher's everyday account is *not* the admin: it opens students' links
# and pages, and anything a page could do with it must stay small. Its scopes:
#   self                            their own user and server (a lesson link, as a student's)
#   access:services!service=class   the teacher's page (/services/class/) and its CSV
# The admin page's work (deleting a student who forgot their password, stopping
# a stuck server) is done as KIT_ADMIN, an account kept for that page alone.
c.JupyterHub.load_roles = [{"name": "user", "description": "a student", "scopes": ["self"]}]
if TEACHER:
    c.JupyterHub.load_roles.append({
        "name": "teacher", "description": "the teacher's everyday account", "users": [TEACHER],
        "scopes": ["self", "access:services!service=class"]})
if ADMIN:
    c.Authenticator.admin_users = {ADMIN}

# ---- Each student's server ----------------------------------------------------
c.Spawner.default_url = "/lab"
# The environment a server gets is only what is listed here and JupyterHub's
# own per-server token: no class or teacher password, no hub secret.
c.Spawner.env_keep = ["LANG", "LC_ALL"]
# 30 students starting at once on 2 cores: give a slow start time, not an error.
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
c.JupyterHub.cleanup_servers = True        # Ctrl-C on `make hub` stops every server

# ---- The teacher's live view: the `class` service (kit/classroom/service.py) ---
# Each lesson sends its exercise events there (kit/lessons/outbox.py), signed
# with its server's own hub token; the teacher (the only holder of
# access:services!service=class) watches them at /services/class/ on the
# service's own host (class--service.<hub host>), an origin no student serves. Events are kept in
# KIT_CLASS_DB (a SQLAlchemy URL), by default SQLite in the state folder.
CLASS_URL = f"http://127.0.0.1:{INTERNAL['KIT_CLASS_PORT']}"
CLASS_LANG, STUDENT_LANGS = class_languages(os.environ)
c.JupyterHub.services = [{
    "name": "class", "url": CLASS_URL, "oauth_no_confirm": True, "cwd": str(ROOT),
    "command": [sys.executable, "-m", "kit.classroom.service"],
    "environment": {"KIT_CLASS_STATE": str(STATE), "KIT_CLASS_DB": os.environ.get("KIT_CLASS_DB", ""),
                    "KIT_LANG": CLASS_LANG,
                    # not students: left off the grid (the teacher is no admin now)
                    "KIT_CLASS_STAFF": ",".join(STAFF)}}]
c.JupyterHub.load_roles.append({
    "name": "class-service", "services": ["class"], "scopes": ["list:users", "read:users"]})
# The KIT_ variables a server gets (no secret): where its lessons send events,
# and the language its kit speaks (the student's own, else the class's; a
# translated lesson names its own in its first cell).
EVENTS = {"KIT_CLASS_EVENTS": f"{CLASS_URL}/services/class/api/events",
          "KIT_LANG": lambda spawner: STUDENT_LANGS.get(spawner.user.name, CLASS_LANG)}

if DEMO:
    # One class password; every server as this user, homes under the state folder.
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = os.environ.get("KIT_CLASS_PASSWORD")
    if STAFF:
        # The shared-password authenticator knows one other password, the admins':
        # in a one-person demo (nothing walled off anyway) the teacher and the
        # admin both log in with it, so no student's class password opens the
        # teacher's page.
        c.Authenticator.admin_users = set(STAFF)
        c.SharedPasswordAuthenticator.admin_password = next(iter(STAFF.values()))
    c.JupyterHub.spawner_class = "simple"
    c.SimpleLocalProcessSpawner.home_dir_template = str(STATE.parent / "demo-homes" / "{username}")
    c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
    c.Spawner.environment = {**EVENTS, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
                             "JUPYTER_RUNTIME_DIR": lambda s: f"/tmp/kit-hub-demo/{s.user.name}"}
    c.Spawner.args = ["--KernelManager.transport=ipc"] + (
        ["--allow-root"] if os.getuid() == 0 else [])
    c.JupyterHub.template_vars = {"announcement_login": (
        "Demo mode: every student's server runs as the user who started this hub, so "
        "students can read each other's work. For a class, start it as root.")}
else:
    from kit.classroom import walls
    from kit.classroom.runtime import CLASS_HOME, build

    # ---- Walls: the hub's endpoints students cannot take, loopback closed between them
    lowest = walls.unprivileged_port_start()
    takeable = {name: p for name, p in INTERNAL.items() if p >= lowest}
    if takeable:
        sys.exit(f"kit hub: {', '.join(f'{n}={p}' for n, p in takeable.items())}: any account may bind "
                 f"ports from {lowest} up on this machine (net.ipv4.ip_unprivileged_port_start), so a "
                 "student could take such a port while its endpoint is down. Use ports below "
                 f"{lowest}, or set the sysctl back to 1024.")
    why = walls.problem()
    if why:
        sys.exit(f"kit hub: cannot close loopback between students ({why}). The hub runs as root "
                 "with nftables (Debian: apt-get install nftables).")
    walls.remove_stale()
    # A student's sockets reach on this machine only what students need: the public
    # port (the proxy), the hub's API (their server talks to it) and the class service
    # (their lessons' events); every other student's ports, kernels' pipes and
    # debuggers are refused (kit/classroom/walls.py).
    WALLS = walls.Walls(c.JupyterHub.port, [c.JupyterHub.port, INTERNAL["KIT_HUB_API_PORT"],
                                            INTERNAL["KIT_CLASS_PORT"]]).up()
    atexit.register(WALLS.down)          # the hub's stop (SIGTERM, Ctrl-C) removes them

    # The student runtime: a root-owned venv with the kit installed (not
    # editable), and a lessons-only git repository for nbgitpuller. Built, or
    # reused when nothing changed, before the first student logs in.
    runtime = build(Path(os.environ.get("KIT_CLASS_HOME", CLASS_HOME)), ROOT)
    # JupyterLab's menus in the class's language (a default: a student's own
    # choice in Settings > Language wins).
    runtime.lab_language(lab_locale(CLASS_LANG))
    # The teacher's copy of the kit holds the answers (grading/source, teacher
    # handouts): closed to every other account.
    if ROOT.stat().st_mode & 0o007:
        print(f"kit hub: closing {ROOT} to other accounts (chmod o-rwx): it holds "
              "the graded sets' answers", file=sys.stderr)
        ROOT.chmod(ROOT.stat().st_mode & ~0o007)

    c.JupyterHub.authenticator_class = "kit.classroom.accounts.KitAuthenticator"
    # Accounts are made by KitAuthenticator.pre_spawn_start, before a first server.
    c.KitAuthenticator.homes = os.environ.get("KIT_HUB_HOMES", "/home/kit-class")
    c.KitAuthenticator.max_accounts = int(os.environ.get("KIT_MAX_ACCOUNTS", 100))
    c.KitAuthenticator.staff_passwords = STAFF
    # Wrong passwords: 5 in a row lock the name 30 s, doubling up to 15 min.
    c.KitAuthenticator.tries, c.KitAuthenticator.first_lock = 5, 30
    c.KitAuthenticator.longest_lock = 15 * 60
    c.KitAuthenticator.language, c.KitAuthenticator.student_languages = CLASS_LANG, STUDENT_LANGS
    from kit.classroom.homedisk import parse_size
    c.KitAuthenticator.home_size = parse_size(os.environ.get("KIT_HOME_SIZE", "1G"))
    c.FirstUseAuthenticator.dbm_path = str(STATE / "passwords.dbm")
    c.FirstUseAuthenticator.min_password_length = 8
    # A student at 9:00 has no password yet: the log-in page says how to get one.
    c.JupyterHub.template_vars = {"announcement_login": (
        "First time here? Type your name and choose a password (8 characters or more): "
        "it becomes yours. Next time, use the same name and password. "
        "Forgotten it? Ask the teacher.")}

    c.JupyterHub.spawner_class = "kit.classroom.accounts.KitSpawner"
    c.Spawner.environment = EVENTS
    c.KitSpawner.runtime = str(runtime.python.parent.parent)
    c.KitSpawner.gitconfig = str(runtime.gitconfig)
    c.KitSpawner.sockets = os.environ.get("KIT_HUB_SOCKETS", "/run/kit-class")
    c.KitSpawner.walls_table = WALLS.table
    # Kernels talk to their server over Unix sockets: with 60 kernels starting
    # at once, a TCP port chosen free was sometimes taken first (deploy/sizing.md).
    c.Spawner.args = ["--KernelManager.transport=ipc"]

    # ---- Limits per student (sized in deploy/sizing.md) -----------------------
    GiB = 1 << 30
    c.KitSpawner.mem_limit = int(1.5 * GiB)     # server + kernels, a memory cgroup: kernel restarted past it
    c.KitSpawner.process_memory = 1 * GiB       # each process: MemoryError past it (RLIMIT_DATA)
    c.KitSpawner.class_memory = 18 * GiB        # every student together (the class's cgroup)
    c.KitSpawner.tasks = 256                    # processes + threads: 10 lessons open use ~150; a fork bomb stops here
    c.KitSpawner.open_files = 1024
    c.KitSpawner.file_size = 1 * GiB            # per file; the home's own disk (KIT_HOME_SIZE) caps them all
    c.KitSpawner.tmp_size = 256 << 20           # its own /tmp, /var/tmp, /dev/shm each (tmpfs, in its memory)
    c.KitSpawner.cpu_limit = 1.0                # one core at most; equal shares under load

    # ---- Idle servers stopped (their files stay; the next visit restarts them) -
    # SIGINT is the hub's "stop" to a service; a hub started in the background
    # (nohup, &) passes SIGINT on as ignored, and the culler then held the
    # hub's shutdown for 33 s: restore it before the culler runs.
    culler = ("import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
              "runpy.run_module('jupyterhub_idle_culler', run_name='__main__')")
    c.JupyterHub.services.append({
        "name": "idle-culler",
        "command": [sys.executable, "-c", culler,
                    f"--timeout={seconds('KIT_IDLE_TIMEOUT', 3600)}",
                    f"--cull-every={seconds('KIT_IDLE_EVERY', 300)}"]})
    c.JupyterHub.load_roles.append({
        "name": "idle-culler", "services": ["idle-culler"],
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"]})

    # ---- Warm servers before class (kit/classroom/warm.py) ----------------------
    # The `warm` service starts each listed student's server ahead of the lesson
    # (KIT_WARM=1: at the hub's start; `sudo make hub-warm` about 10 minutes before
    # class): the account made, the lessons pulled, the lesson's kernel running its
    # imports. Its token's role holds only servers!user=<name> and
    # access:servers!user=<name> for the students on the class list: never the
    # teacher's or the admin's servers, never an admin scope. The token is kept in
    # the state folder (0700, file 0600) for `make hub-warm`.
    if class_list:
        from kit.classroom import warm
        students = sorted(c.Authenticator.allowed_users - {name.lower() for name in STAFF})
        warm_service = {"name": warm.SERVICE, "api_token": warm.service_token(STATE)}
        if os.environ.get("KIT_WARM") == "1":
            warm_service.update({
                "cwd": str(ROOT), "command": [sys.executable, "-m", "kit.classroom.warm", "--service"],
                "environment": {
                    "KIT_CLASS_HOME": os.environ.get("KIT_CLASS_HOME", str(CLASS_HOME)),
                    "KIT_WARM_PROXY": f"http://{c.JupyterHub.ip}:{c.JupyterHub.port}",
                    "KIT_IDLE_TIMEOUT": str(seconds("KIT_IDLE_TIMEOUT", 3600)),
                    **{k: os.environ[k] for k in ("KIT_WARM_WINDOW", "KIT_WARM_LESSON",
                                                  "KIT_WARM_PARALLEL") if os.environ.get(k)}}})
        c.JupyterHub.services.append(warm_service)
        c.JupyterHub.load_roles.append(warm.role(students))
