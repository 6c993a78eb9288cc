"""The hostile class, small: 3 honest students and 1 hostile one doing all nine attacks.

The same path as `python -m kit.classroom.loadtest --students 30 --hostile 3`
(kit.classroom.hostile): the honest students run the welcome lesson alone, then
again while the hostile student sends the class service poison events (each
refused), spins every core, holds memory, reads and tries
to overwrite another's notebook, reads the teacher's and the hub's files,
connects to every port another account listens on (other students' servers,
their kernels' pipes: the loopback walls must refuse them), tries to bind
the hub's internal ports, fills its home's disk (256 MiB here) while the honest
ones save, kill -9s every process it sees and starts a fork bomb. Needs root (an account
per student): CI runs as root. The hub has a module of its own: the busy loop and
the bomb stay until it stops, and stopping it must kill them.
"""

import pytest

from kit.classroom import accounts, attacks, hub, walls
from kit.classroom.hostile import describe, hostile_class
from kit.classroom.loadtest import as_root, crowd_names, local_hub, warm_class

from hub_fixtures import LESSON, PASSWORD, TEACHER, TEACHER_PASSWORD, hub_place, install_proxy

pytestmark = [pytest.mark.hub,
              pytest.mark.skipif(not as_root(), reason="accounts per student need root "
                                 "(CI and `make hub` on a class machine run as root)")]


# warm: the hub warms every listed student's server first (kit.classroom.warm,
# KIT_WARM=1), the hostile one's too: a warm server is walled off as a cold one.
@pytest.mark.parametrize("warmed", [False, True], ids=["cold", "warm"])
def test_one_hostile_student_is_denied_everything_and_three_honest_ones_reach_their_board(
        tmp_path_factory, warmed):
    install_proxy()
    teacher = {"KIT_TEACHER": TEACHER, "KIT_TEACHER_PASSWORD": TEACHER_PASSWORD,
               "KIT_HOME_SIZE": "256M",
               **({"KIT_WARM": "1", "KIT_WARM_LESSON": LESSON} if warmed else {})}
    names = crowd_names(3) + crowd_names(1, "hostile")
    with hub_place(tmp_path_factory) as place, local_hub(place, PASSWORD, env=teacher,
                                                         names=names) as h:
        if warmed:
            warm_class(h, names, LESSON, 600)
        report = hostile_class(h, 3, 1, PASSWORD, LESSON, repo=hub.default_repo(),
                               branch=hub.default_branch(), timeout=400,
                               secrets=(PASSWORD, TEACHER_PASSWORD))
        hostile_uid = accounts.pwd.getpwnam(accounts.account_name("hostile01")).pw_uid
        bomb_at_its_height = len(accounts.pids_of(hostile_uid))
        homes = h.homes
        table = f"{walls.PREFIX}{h.ports['KIT_HUB_PORT']}"
        walled_in = walls.Walls(h.ports["KIT_HUB_PORT"], [h.ports["KIT_HUB_PORT"]]).students()
        class_uids = {accounts.pwd.getpwnam(accounts.account_name(name)).pw_uid
                      for name in ("student01", "student02", "student03", "hostile01")}
    # The hub stopped: the bomb, the busy loop and the held memory went with the
    # hostile student's server, and the load test removed the accounts it made.
    assert accounts.pids_of(hostile_uid) == []
    assert list(accounts.students(homes)) == [] and not place.exists()
    # Every student was walled in, and the walls went with the hub.
    assert class_uids <= set(walled_in), walled_in
    assert table not in walls.nft("list tables\n")
    print(describe(report))
    assert report["alone"]["succeeded"] == report["with_hostile"]["succeeded"] == 3, report
    done = {a["action"]: a for a in report["actions"]}
    assert sorted(done) == sorted(attacks.ACTIONS)       # each once
    assert all(a["denied"] for a in done.values()), report["actions"]
    assert "EACCES" in done["read another student's work"]["detail"] or \
        "PermissionError" in done["read another student's work"]["detail"]
    assert "MemoryError" in done["memory"]["detail"]
    assert done["poison events"]["data"]["answers"]["seen 2000 x 50"] == 413
    assert "EAGAIN" in done["fork bomb"]["detail"]
    assert done["fill the disk"]["data"]["error"] == "ENOSPC"
    assert 128 <= done["fill the disk"]["data"]["mib"] < 256       # its own disk, full; nobody else's
    assert report["survived"] == {"hub": True, "proxy": True, "honest_kernels": 3,
                                  "honest_kernels_of": 3, "honest_notebooks_unchanged": 3,
                                  "honest_notebooks_of": 3}
    assert report["passed"]
    assert bomb_at_its_height > 10           # the bomb was still running beside the class
