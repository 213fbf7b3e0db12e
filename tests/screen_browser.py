"""A headless Chromium driven through the DevTools protocol on a pipe (stdlib only), for
the tournament screen's tests: one page kept open, JavaScript run in it step by step (its
clock moved on, its buttons clicked), screenshots.

Chromium started with `--remote-debugging-pipe` reads commands on its file descriptor 3
and writes answers on 4, each a JSON message ended by a NUL byte: enough to open a page at
a chosen window size, run JavaScript in it and take a screenshot, with no driver package.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

CHROMIUM = next(
    (p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None
)


def _above_four(fd: int) -> int:
    """A copy of `fd` numbered 10 or more, clear of 3 and 4 (the original closed)."""
    copy = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return copy


class Browser:
    """One headless Chromium with one page; `close()` (or `with`) ends it."""

    def __init__(self, profile: Path) -> None:
        assert CHROMIUM is not None
        profile.mkdir(parents=True, exist_ok=True)
        to_chromium, self._commands = os.pipe()
        self._answers, from_chromium = os.pipe()
        # Chromium's ends moved above 4, so that putting one on 3 cannot overwrite the other
        to_chromium, from_chromium = (_above_four(fd) for fd in (to_chromium, from_chromium))
        flags = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--remote-debugging-pipe",
            "--autoplay-policy=no-user-gesture-required",
            f"--user-data-dir={profile}",
        ]

        def onto_three_and_four() -> None:
            # in the child, before Chromium starts: the pipes on the descriptors it uses
            # (dup2 makes them inheritable; Python's own descriptors close on exec)
            os.dup2(to_chromium, 3)
            os.dup2(from_chromium, 4)

        self.process = subprocess.Popen(
            [CHROMIUM, *flags],
            preexec_fn=onto_three_and_four,
            close_fds=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "HOME": str(profile)},
        )
        os.close(to_chromium)
        os.close(from_chromium)
        self._buffer = b""
        self._next = 0
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        """End Chromium and close the pipes."""
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        os.close(self._commands)
        os.close(self._answers)

    def send(self, method: str, *, in_page: bool = False, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer (the events in between are dropped)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if in_page:
            message["sessionId"] = self.session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise AssertionError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._answers, 1 << 16)
            if not chunk:
                raise AssertionError("Chromium stopped")
            self._buffer += chunk
        message, _nul, self._buffer = self._buffer.partition(b"\0")
        found: dict[str, Any] = json.loads(message)
        return found

    def size(self, width: int, height: int, *, mobile: bool) -> None:
        """The window's size in CSS pixels (a phone's when `mobile`)."""
        self.send(
            "Emulation.setDeviceMetricsOverride",
            in_page=True,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )

    def open(self, url: str, *, ready: str = "true") -> None:
        """Go to `url` and wait until the page is loaded and `ready` (JavaScript) is true."""
        self.send("Page.navigate", in_page=True, url=url)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.run(f"document.readyState === 'complete' && ({ready})") is True:
                return
            time.sleep(0.1)
        raise AssertionError(f"{url} did not load")

    def run(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        result = self.send(
            "Runtime.evaluate", in_page=True, expression=expression, returnByValue=True
        )["result"]
        return result.get("value")

    def click(self, element_id: str) -> None:
        """Click an element as a person does (a user gesture: fullscreen, sound allowed)."""
        self.send(
            "Runtime.evaluate",
            in_page=True,
            expression=f"document.getElementById({element_id!r}).click()",
            userGesture=True,
        )

    def screenshot(self, path: Path) -> bytes:
        """The page as PNG, written to `path`."""
        data = base64.b64decode(self.send("Page.captureScreenshot", in_page=True)["data"])
        path.write_bytes(data)
        return data
