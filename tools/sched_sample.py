"""Where a session's time went, per group of processes, from the kernel's own counters
(/proc/PID/task/TID/schedstat: time on a CPU, time runnable but waiting for one, and how
many times the thread was put on a CPU). A sampler thread reads every task twice a
second (each read costs a few ms of a core); a task's figures count from when the session started (or it did). A task that ends
between two reads loses what it did since the last one: short-lived helpers (xdotool) are
undercounted, the app and the servers are not.
"""
import os
import threading
import time

# (group, test on the process's command name and command line), first match wins; the app
# the session runs is told by its pid (SchedSampler.app_pid).
GROUPS = (
    ("other xengine-sandbox processes", lambda comm, cmd: comm.startswith("xengine-sandbo")),
    ("wineserver", lambda comm, cmd: comm.startswith("wineserver")),
    ("other Wine processes", lambda comm, cmd: comm.endswith(".exe") or "wine" in comm or
     cmd.split(" ", 1)[0].endswith(".exe")),
    ("Xvfb", lambda comm, cmd: comm == "Xvfb"),
    ("openbox", lambda comm, cmd: comm == "openbox"),
    ("busy loops (the load)", lambda comm, cmd: cmd.startswith("sh -c while :; do :; done")),
)


def names_of(pid):
    """(comm, command line, parent pid), or None once the process is gone."""
    try:
        with open(f"/proc/{pid}/comm") as f:
            comm = f.read().strip()
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            cmd = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        with open(f"/proc/{pid}/stat") as f:
            ppid = int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return comm, cmd, ppid


def group_of(comm, cmd):
    for name, test in GROUPS:
        if test(comm, cmd):
            return name
    return None


def read_tasks():
    """{(pid, tid): (cpu_ns, wait_ns, runs)} for every task on the machine."""
    tasks = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                    cpu, wait, runs = (int(v) for v in f.read().split()[:3])
            except (OSError, ValueError):
                continue
            tasks[(int(pid), int(tid))] = (cpu, wait, runs)
    return tasks


class SchedSampler:
    def __init__(self, interval=0.5):
        self.interval = interval
        self._stop = threading.Event()
        self._base = {}
        self._last = {}
        self._names = {}  # pid: (comm, cmdline) when first seen
        self.app_pid = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self._base = read_tasks()
        self._started = time.monotonic()
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        self._read()
        self.wall = time.monotonic() - self._started

    def _read(self):
        for key, values in read_tasks().items():
            self._last[key] = values
            if key[0] not in self._names:
                self._names[key[0]] = names_of(key[0])

    def _run(self):
        while not self._stop.wait(self.interval):
            self._read()

    def _ours(self, pid):
        """Whether pid was started by this process, directly or not."""
        for _ in range(64):
            if pid == os.getpid():
                return True
            names = self._names.get(pid)
            if not names or names[2] <= 1:
                return False
            pid = names[2]
        return False

    def totals(self):
        """{group: [cpu_s, wait_s, runs]} since the session started."""
        out = {}
        for key, (cpu, wait, runs) in self._last.items():
            names = self._names.get(key[0])
            if names is None:
                continue
            group = "app" if key[0] == self.app_pid else group_of(*names[:2])
            if group is None:
                group = "the harness (python, xdotool)" if self._ours(key[0]) else "the rest of the machine"
            b = self._base.get(key, (0, 0, 0))
            if cpu < b[0]:  # a new task under a reused id
                b = (0, 0, 0)
            t = out.setdefault(group, [0.0, 0.0, 0])
            t[0] += (cpu - b[0]) / 1e9
            t[1] += (wait - b[1]) / 1e9
            t[2] += runs - b[2]
        return out

    def report(self):
        lines = [f"where the time went ({self.wall:.1f} s of wall time; CPU: on a core; waiting: runnable, no core free;"
                 " runs: times put on a core):"]
        for group, (cpu, wait, runs) in sorted(self.totals().items(), key=lambda kv: -kv[1][0]):
            if cpu < 0.05 and wait < 0.05:
                continue
            lines.append(f"  {group:32s} CPU {cpu:7.2f} s  waiting {wait:7.2f} s  runs {runs:8d}")
        return "\n".join(lines)
