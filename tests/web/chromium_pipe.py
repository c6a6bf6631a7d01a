"""Headless Chromium driven over the DevTools protocol through a pipe (--remote-debugging-pipe):
Chromium reads commands from its fd 3 and writes answers and events to its fd 4, each one JSON
message ended by a NUL byte. Only the Python standard library: no websocket client, no npm."""

import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


class ChromiumError(RuntimeError):
    pass


def find_chromium():
    """Debian's chromium (scripts/install-deps.sh installs it), else None."""
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def _fd_from_10(fd):
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class Chromium:
    """One headless browser. call() sends a command and waits for its answer; the events that
    arrive meanwhile (or during pump()) go to on_event(session, method, params)."""

    def __init__(self, executable, width, height, on_event=None, timeout_s=60):
        self.timeout_s = timeout_s
        self.on_event = on_event or (lambda session, method, params: None)
        self._profile = tempfile.mkdtemp(prefix="sortscope-chromium-")
        # Chromium's ends moved to 10 and up, so that putting them on 3 and 4 overwrites neither.
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()
        to_browser_read, from_browser_write = (_fd_from_10(to_browser_read),
                                               _fd_from_10(from_browser_write))
        # Everything that would reach the network on its own (updates, sync, metrics, safe
        # browsing) off: a request the test sees must be the page's.
        flags = [
            "--headless", "--remote-debugging-pipe", "--user-data-dir=" + self._profile,
            "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-extensions",
            "--disable-default-apps", "--metrics-recording-only", "--mute-audio",
            "--window-size=%d,%d" % (width, height), "--force-device-scale-factor=1",
            "--hide-scrollbars", "--disable-dev-shm-usage", "about:blank",
        ]
        if os.geteuid() == 0:  # Chromium refuses to run as root with its sandbox (CI's container)
            flags.insert(0, "--no-sandbox")
        # bash (dash takes only fds 0 to 9) puts the pipe's ends on the fds Chromium expects.
        script = 'exec "$0" "$@" 3<&%d 4>&%d %d<&- %d>&-' % (
            to_browser_read, from_browser_write, to_browser_read, from_browser_write)
        # Its log (D-Bus complaints, mostly) to a file: a pipe nobody reads would fill and stop it.
        self._log_path = os.path.join(self._profile, "chromium.log")
        with open(self._log_path, "wb") as log:
            self._process = subprocess.Popen(
                ["bash", "-c", script, executable] + flags,
                pass_fds=(to_browser_read, from_browser_write), stdin=subprocess.DEVNULL,
                stdout=log, stderr=subprocess.STDOUT)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self._answers = {}

    def close(self):
        if self._process.poll() is None:
            try:
                self.call("Browser.close", timeout_s=10)
            except (ChromiumError, OSError):
                pass
            try:
                self._process.wait(10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self._profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def call(self, method, params=None, session=None, timeout_s=None):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + (timeout_s or self.timeout_s)
        while self._next_id not in self._answers:
            self._read_one(deadline, method)
        answer = self._answers.pop(self._next_id)
        if "error" in answer:
            error = answer["error"]
            raise ChromiumError("%s: %s" % (method, error.get("message", error)))
        return answer.get("result", {})

    def pump(self, seconds):
        """Handles the events that arrive within `seconds`."""
        deadline = time.monotonic() + seconds
        try:
            while True:
                self._read_one(deadline, None)
        except TimeoutError:
            pass

    def _read_one(self, deadline, waiting_for):
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_browser], [], [], left)[0]:
                if waiting_for is None:
                    raise TimeoutError()
                raise ChromiumError("no answer to %s from Chromium in time" % waiting_for)
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                with open(self._log_path, "rb") as log:
                    tail = log.read().decode(errors="replace")[-2000:]
                raise ChromiumError("Chromium closed its pipe (exit %s); its log ends:\n%s" % (
                    self._process.poll(), tail))
            self._buffer += chunk
        text, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(text)
        if "id" in message:
            self._answers[message["id"]] = message
        else:
            self.on_event(message.get("sessionId"), message["method"], message.get("params", {}))
