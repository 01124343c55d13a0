"""Drives xengine-sandbox's real window the way a person does, for tests.

Each test gets its own X display (Xvfb + openbox), so tests can run side by side without
fighting over focus. Input goes through the X server with XTest (xdotool), windows close
through the window manager (wmctrl). Where to click comes from the app itself: it keeps a
UI map (--ui-map FILE) with every panel's and button's rectangle in window pixels, and the
window's position comes from the X server (xwininfo; xdotool's own geometry includes the
window manager's frame offset). Every wait has a timeout; on a timeout the test takes a
screenshot and the app's stacks (gdb) before it fails, so a hang explains itself.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time


class TestFailure(Exception):
    pass


# The suite's rule (cmake/xe_tests.cmake): vkd3d err:/fixme: lines and Vulkan validation
# messages fail a test whatever else it checks.
COMPLAINT = re.compile(r"(^|[^a-z])(err|fixme):|VUID-|Validation Error|Validation Warning")


def wait_for(what, predicate, timeout, interval=0.02):
    """Polls predicate until it returns a true value; raises TestFailure after timeout seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TestFailure(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


def lock_owner(n):
    """The pid in display n's lock file (the X server that holds the number), or None."""
    try:
        with open(f"/tmp/.X{n}-lock") as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return None


class Display:
    """A private Xvfb with openbox (fullscreen and minimise need a window manager)."""

    def __init__(self, width=1920, height=1080):
        self.size = (width, height)
        self.number = None
        self._procs = []

    def __enter__(self):
        # XE_DISPLAY_RANGE=71-74 keeps a session's tests on the numbers it was given.
        first, last = (int(v) for v in os.environ.get("XE_DISPLAY_RANGE", "140-239").split("-"))
        for n in range(first, last + 1):
            if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
                xvfb = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{self.size[0]}x{self.size[1]}x24",
                                         "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                # Tests started together race for the same number. The X server takes the
                # number by creating its lock file atomically, with its pid inside, before
                # it listens: the display is ours only if that pid is our server's. (The
                # socket alone may be the winner's while ours has not yet given up.)
                try:
                    wait_for("Xvfb", lambda: xvfb.poll() is not None or (
                        os.path.exists(f"/tmp/.X11-unix/X{n}") and lock_owner(n) is not None), 10)
                except TestFailure:
                    xvfb.kill()
                    xvfb.wait()
                    continue
                if xvfb.poll() is not None or lock_owner(n) != xvfb.pid:
                    xvfb.kill()  # lost the race for that number
                    xvfb.wait()
                    continue
                self.number = n
                self._procs.append(xvfb)
                break
        if self.number is None:
            raise TestFailure("no free X display number")
        self.env = dict(os.environ, DISPLAY=f":{self.number}")
        self._procs.append(subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL))
        time.sleep(0.5)
        return self

    def __exit__(self, *exc):
        for p in reversed(self._procs):
            p.terminate()
        for p in self._procs:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()

    def run(self, *args, check=True):
        return subprocess.run(list(args), env=self.env, check=check, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, timeout=30)

    def screenshot(self, path):
        self.run("import", "-window", "root", str(path), check=False)


class Sandbox:
    """One xengine-sandbox process in a window on a Display. launcher: a program that runs
    the exe (Wine for the Windows build); its windows are then found by name, not process."""

    def __init__(self, display, exe, args, workdir, launcher=None):
        self.display = display
        self.workdir = workdir
        self.map_file = os.path.join(workdir, "ui-map.json")
        self.stdout_path = os.path.join(workdir, "stdout.txt")
        self.stderr_path = os.path.join(workdir, "stderr.txt")
        runtime = tempfile.mkdtemp(prefix="xe-runtime-")
        os.chmod(runtime, 0o700)
        env = dict(display.env, XDG_RUNTIME_DIR=runtime, XDG_CONFIG_HOME=os.path.join(workdir, "config"),
                   XDG_DATA_HOME=os.path.join(workdir, "data"))  # a learner's exercise copies
        self._runtime = runtime
        self.launcher = launcher
        self.proc = subprocess.Popen(([launcher] if launcher else []) + [exe, "--ui-map", self.map_file] + list(args),
                                     cwd=workdir, env=env, stdout=open(self.stdout_path, "w"),
                                     stderr=open(self.stderr_path, "w"))
        self.window = None
        self.clicks_sent = []  # (button, x, y in the window) for the post-mortem
        self.keys_sent = 0

    # -- the window and its UI map -------------------------------------------------------
    def wait_window(self, timeout=30):
        def found():
            if self.proc.poll() is not None:
                raise TestFailure(f"the app exited ({self.proc.returncode}) before its window appeared:\n"
                                  + self.stderr())
            ids = self.windows(visible=True)
            return ids[0] if ids else None
        self.window = self.guard("the window", found, timeout)
        self.guard("the UI map", lambda: self.ui_map(), timeout)
        return self.window

    def ui_map(self):
        """The app's last UI map, or None before it writes one. Under Wine the replace that
        writes it can leave a moment with no file or half of one: read again for up to 0.2 s."""
        for attempt in range(10):
            try:
                with open(self.map_file) as f:
                    return json.load(f)
            except (OSError, ValueError):
                if attempt < 9:
                    time.sleep(0.02)
        return None

    def origin(self):
        """The window's client area on the screen (from the X server, frame excluded)."""
        out = self.display.run("xwininfo", "-id", self.window).stdout
        x = int(out.split("Absolute upper-left X:")[1].split()[0])
        y = int(out.split("Absolute upper-left Y:")[1].split()[0])
        return x, y

    def activate(self):
        """Brings the window to the front. One that was minimised gets the pause a person
        makes while it comes back (the window manager eats a click made at once)."""
        viewable = "IsViewable" in self.display.run("xwininfo", "-id", self.window, check=False).stdout
        self.display.run("xdotool", "windowactivate", "--sync", self.window, check=False)
        if not viewable:
            time.sleep(0.5)

    # -- input -----------------------------------------------------------------------------
    def click(self, button, timeout=10):
        """Moves the pointer onto a button the UI map names and clicks it, as a person does:
        where the button is once the panels have stopped moving (they size to content), and
        only once the app reports the pointer over that very button (the UI map's "hovered",
        ImGui's own judgement): a panel that moved after the map was read cannot take the
        click, however slow or loaded the machine."""
        self.activate()  # raises (and restores) the window first, as a person would
        def settled():
            m = self.ui_map() or {}
            first = m.get("buttons", {}).get(button)
            time.sleep(0.1)
            m2 = self.ui_map() or {}
            shown = m2.get("display", [0, 0])[0] > 0
            return first if shown and first and first == m2.get("buttons", {}).get(button) else None
        deadline = time.monotonic() + timeout
        hovered = None
        while True:
            rect = self.guard(f"button {button!r} in the UI map", settled, max(1, deadline - time.monotonic()))
            rect = self.scroll_into_view(button, rect, timeout)
            self.check_not_clipped(button, rect)
            ox, oy = self.origin()
            x, y = ox + (rect[0] + rect[2]) / 2, oy + (rect[1] + rect[3]) / 2
            # Through a pixel beside it: a pointer already there (the last click's place, under
            # a window that was resized since) makes no motion, and the app has not seen it.
            self.display.run("xdotool", "mousemove", str(int(x)), str(int(y) + 1))
            self.display.run("xdotool", "mousemove", str(int(x)), str(int(y)))
            at = (int(x) - ox, int(y) - oy)
            def over():  # a map drawn with the pointer here, naming this button under it
                m = self.ui_map() or {}
                if "hovered" not in m:
                    return True  # an app that does not say (older builds): as before
                pointer = m.get("pointer") or [-1e9, -1e9]
                return abs(pointer[0] - at[0]) <= 1 and abs(pointer[1] - at[1]) <= 1 and m["hovered"] == button
            try:
                wait_for(f"the app to report the pointer over {button!r}", over, 2)
                break
            except TestFailure:
                hovered = (self.ui_map() or {}).get("hovered")
                if time.monotonic() > deadline:
                    raise TestFailure(f"the pointer at {int(x) - ox},{int(y) - oy} is over {hovered!r}, not "
                                      f"{button!r}, after {timeout} s\n{self.post_mortem()}") from None
                # The button moved under the pointer: find it again.
        sent = time.monotonic()
        self.clicks_sent.append((button, int(x) - ox, int(y) - oy))
        self.display.run("xdotool", "click", "1")
        return sent  # when the click started (xdotool returns once the X server has it)

    def check_not_clipped(self, button, rect):
        """A button cut off by the right edge of its panel is a layout bug: a person cannot
        see it whole, and its middle may be outside the panel."""
        for x, y, w, h in (self.ui_map() or {}).get("windows", {}).values():
            if x <= rect[0] < x + w and y <= rect[1] < y + h and rect[2] > x + w:
                raise TestFailure(f"button {button!r} ({rect}) is cut off by its panel's right edge at x={x + w}")

    def scroll_into_view(self, button, rect, timeout=10):
        """A button below the bottom of its panel (a long lesson leaves the panels below it
        less room) is scrolled up with the mouse wheel over that panel, as a person does."""
        def panel_of(r):
            middle = (r[1] + r[3]) / 2
            m = self.ui_map() or {}
            windows = m.get("windows", {})
            # A term listed under the step's text scrolls with that text, in its own area; a
            # glossary entry's See links with the entry.
            area = "lesson:step-text" if button.startswith("lesson:term:") else "lesson:glossary-entry"
            text = m.get("buttons", {}).get(area)
            if button.startswith(("lesson:term:", "lesson:see:")) and text:
                return None if middle < text[3] - 2 else (text[0], text[1], text[2] - text[0], text[3] - text[1])
            # A lesson panel button cut off at its panel's bottom may lie over the panel
            # below it: look only at its own panel.
            if button.startswith("lesson:") and "Lesson" in windows:
                windows = {"Lesson": windows["Lesson"]}
            for x, y, w, h in windows.values():
                if x <= r[0] < x + w and y <= r[1] < y + h + 4000:
                    return None if middle < y + h - 4 else (x, y, w, h)  # its middle shows: clickable
            return None
        deadline = time.monotonic() + timeout
        while (panel := panel_of(rect)) is not None:
            if time.monotonic() > deadline:
                raise TestFailure(f"button {button!r} stays below its panel after scrolling")
            ox, oy = self.origin()
            x, y, w, h = panel
            # Near the panel's bottom edge, as a person reaching for what is below: its middle
            # may be a list or the lesson's text, which scroll on their own.
            self.display.run("xdotool", "mousemove", str(int(ox + x + w / 2)), str(int(oy + y + h - 14)), "click",
                             "--repeat", "3", "5")
            # Where the button is once the app has drawn the scrolled panel: a loaded machine
            # may take longer than a moment, and a stale rectangle sends the click to the
            # button that scrolled into its place.
            before = rect
            current = lambda: (self.ui_map() or {}).get("buttons", {}).get(button)
            try:
                wait_for(f"button {button!r} to move with the scroll", lambda: current() not in (None, before), 2)
            except TestFailure:
                pass  # the panel may not scroll further; the deadline above ends a stuck panel
            time.sleep(0.1)
            rect = current() or rect
        return rect

    def key(self, *names):
        """Presses keys in the window, then waits until the app has received them (the UI map
        counts key presses). Under Wine a key pressed just after the window came back can
        vanish before it reaches the app; a person then sees nothing happen and presses again,
        and so does this, once, saying so. A key the app received and ignored still fails."""
        self.activate()
        downs = sum(len(name.split("+")) for name in names)  # alt+Return: two presses
        before = self.keys_received()
        self.keys_sent += len(names)
        self.display.run("xdotool", "key", "--delay", "15", *names)
        if before is None:
            return  # no overlay, no count: nothing to check against
        received = lambda: (self.keys_received() or 0) - before
        try:
            wait_for("the app to receive the keys", lambda: received() >= downs, 10, 0.05)
        except TestFailure:
            missing = names[received():] if received() < len(names) else names[-1:]
            print(f"the window system lost {len(missing)} of {len(names)} key(s) {list(names)} before the app got them;"
                  f" pressing {list(missing)} again", flush=True)
            self.activate()
            self.display.run("xdotool", "key", "--delay", "15", *missing)
            self.guard("the app to receive the keys pressed again", lambda: received() >= downs, 10)

    def keys_received(self):
        """Key presses the app has received since it started, or None without a UI map count."""
        return (self.ui_map() or {}).get("input", {}).get("keys")

    def minimise(self):
        self.display.run("xdotool", "windowminimize", self.window, check=False)

    def restore(self):
        self.display.run("wmctrl", "-i", "-a", self.window, check=False)

    def windows(self, visible=False):
        """Every window of the app (minimised ones too, unless visible), lowest surface first.
        Only titled ones: a window is mapped before its surface names it. (xdotool joins its
        conditions with 'or' unless told --all.)"""
        by_process = [] if self.launcher else ["--all", "--pid", str(self.proc.pid)]
        r = self.display.run("xdotool", "search", *by_process, *(["--onlyvisible"] if visible else []),
                             "--name", "XEngine Sandbox - surface", check=False)
        ids = r.stdout.split()
        titles = {w: self.display.run("xdotool", "getwindowname", w, check=False).stdout for w in ids}
        return sorted(ids, key=lambda w: titles[w])

    def close(self):
        """Closes every window of the app through the window manager, as a person would."""
        for window in self.windows():
            self.display.run("wmctrl", "-i", "-c", window, check=False)
            time.sleep(0.2)

    # -- waiting and ending ----------------------------------------------------------------
    def guard(self, what, predicate, timeout):
        """wait_for, but a timeout leaves a screenshot and the app's stacks behind."""
        try:
            return wait_for(what, predicate, timeout)
        except TestFailure as failure:
            raise TestFailure(f"{failure}\n{self.post_mortem()}") from None

    def post_mortem(self):
        shot = os.path.join(self.workdir, "timeout.png")
        self.display.screenshot(shot)
        stacks = ""
        if self.proc.poll() is None and shutil.which("gdb"):
            r = subprocess.run(["gdb", "-p", str(self.proc.pid), "-batch", "-ex", "thread apply all bt 12"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60)
            stacks = "\n".join(l for l in r.stdout.splitlines() if l.startswith(("#", "Thread")))
            with open(os.path.join(self.workdir, "timeout-stacks.txt"), "w") as f:
                f.write(r.stdout)
        # A server grab by another client stalls every request of this one (seen as poll()
        # inside xcb): say whether the X server still answers a new client.
        try:
            answers = subprocess.run(["xdpyinfo"], env=self.display.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     timeout=5).returncode == 0
        except subprocess.TimeoutExpired:
            answers = False
        # Clicks sent against presses the app received and gave its UI: which side lost one.
        m = self.ui_map() or {}
        clicks = (f"display :{self.display.number}; clicks sent: {len(self.clicks_sent)}, the last {self.clicks_sent[-3:]}; "
                  f"keys sent: {self.keys_sent}; input the app received: {m.get('input')}; lesson: {m.get('lesson')}")
        return f"X server answers a new client: {'yes' if answers else 'no (grabbed or hung)'}\n{clicks}\nscreenshot: {shot}\napp stderr:\n{self.stderr()[-3000:]}\nstacks:\n{stacks[-6000:]}"

    def wait_exit(self, timeout):
        """The exit code; a runtime complaint in the app's output fails the test."""
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            report = self.post_mortem()
            self.proc.kill()
            self.proc.wait()
            raise TestFailure(f"the app did not exit within {timeout} s\n{report}") from None
        complaints = [line for line in self.stderr().splitlines() if COMPLAINT.search(line)]
        if complaints:
            raise TestFailure("the runtime complained:\n" + "\n".join(complaints[:20]))
        return code

    def stdout(self):
        with open(self.stdout_path, errors="replace") as f:
            return f.read()

    def close_expecting(self, code, what, timeout=15):
        """Closes every window as a person would; fails unless the app then exits with `code`
        within `timeout` seconds (with wait_exit's check for runtime complaints)."""
        self.close()
        got = self.wait_exit(timeout)
        if got != code:
            raise TestFailure(f"{what}: exit code {got} after closing the window, expected {code}:\n"
                              f"{self.stderr()[-3000:]}")

    def stderr(self):
        with open(self.stderr_path, errors="replace") as f:
            return f.read()

    def kill(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        shutil.rmtree(self._runtime, ignore_errors=True)
