"""Host processes as the sandbox checks (tests/flatpak-checks.py) see them
in /proc: this run's only, where they run, on what terminal."""
import os

from cairn_atspi import Failure


def pids():
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


def read(path, mode="rb"):
    try:
        with open(path, mode) as f:
            return f.read()
    except OSError:
        return None


def link(path):
    try:
        return os.readlink(path)
    except OSError:
        return None


def environ(pid):
    raw = read(f"/proc/{pid}/environ") or b""
    return dict(item.split("=", 1) for item in raw.decode(errors="replace").split("\0") if "=" in item)


def ours(pid):
    """Started in this run, not by another test on the machine: the runtime
    dir is this run's (the sandbox has the same path, /run/user/UID)."""
    return environ(pid).get("XDG_RUNTIME_DIR") == os.environ["XDG_RUNTIME_DIR"]


def cli_pids(cli):
    real = os.path.realpath(cli)
    return [p for p in pids() if link(f"/proc/{p}/exe") == real and ours(p)]


def named_pids(name):
    return [p for p in pids() if (read(f"/proc/{p}/comm", "r") or "").strip() == name and ours(p)]


def running(pid):
    """pid runs, or is stopped: a zombie (here init may never reap one) doesn't."""
    stat = read(f"/proc/{pid}/stat", "r") or ""
    state = stat.rsplit(")", 1)[1].split()[:1] if ")" in stat else []
    return state not in ([], ["Z"], ["X"])


def parent_of(pid):
    stat = read(f"/proc/{pid}/stat", "r") or ""
    return int(stat.rsplit(")", 1)[1].split()[1]) if ")" in stat else None


def pane_children(project):
    """Host processes on a terminal in project: cwd the project, stdin a
    /dev/pts, in the host's mount namespace."""
    host = link("/proc/self/ns/mnt")
    where = os.path.realpath(project)
    return [p for p in pids() if ours(p) and link(f"/proc/{p}/cwd") == where
            and (link(f"/proc/{p}/fd/0") or "").startswith("/dev/pts/")
            and link(f"/proc/{p}/ns/mnt") == host]


def controlling_tty(pid):
    """The controlling terminal's device number (/proc/PID/stat's tty_nr;
    0: none) and the terminal's foreground process group (tpgid)."""
    stat = read(f"/proc/{pid}/stat", "r") or ")"
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[4]), int(fields[5])) if len(fields) > 5 else (0, -1)


def on_a_terminal(pid, what):
    """pid's PTY is its controlling terminal (a shell has job control, ^C
    reaches it) and its group is in the foreground."""
    tty, foreground = controlling_tty(pid)
    if tty == 0 or foreground != os.getpgid(pid):
        raise Failure(f"{what} {pid} has no controlling terminal of its own: tty {tty}, "
                      f"foreground group {foreground}, its group {os.getpgid(pid)}")


def on_host(pid, what):
    """pid and its parent are the host's (not the sandbox's mount
    namespace, where flatpak-spawn runs): the parent is what flatpak-spawn
    asked, flatpak-session-helper."""
    host = link("/proc/self/ns/mnt")
    parent = parent_of(pid)
    if link(f"/proc/{pid}/ns/mnt") != host or parent is None or link(f"/proc/{parent}/ns/mnt") != host:
        raise Failure(f"{what} {pid} or its parent {parent} is not a host process")
    return (read(f"/proc/{parent}/comm", "r") or "").strip()


def resumed():
    """What runs with --resume: where, on what, in which namespace."""
    return [(p, (read(f"/proc/{p}/cmdline") or b"").replace(b"\0", b" ")[:120].decode(), link(f"/proc/{p}/cwd"),
             link(f"/proc/{p}/fd/0"), link(f"/proc/{p}/ns/mnt"), ours(p))
            for p in pids() if b"--resume=" in (read(f"/proc/{p}/cmdline") or b"")]
