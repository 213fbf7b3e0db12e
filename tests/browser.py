"""A real headless Chromium, driven through its DevTools protocol on a pipe (no extra
package): open a page as a phone or a desktop screen shows it, and read values from it.

Headless Chromium will not make a window narrower than 500 px, so a phone is emulated the
way its DevTools do (`Emulation.setDeviceMetricsOverride`, mobile: the page's viewport
meta counts). Tests skip where Chromium is missing, except in CI, which installs it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = next(
    (p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None
)
IN_CI = os.environ.get("CI") == "true"
NEEDS_CHROMIUM = pytest.mark.skipif(
    CHROMIUM is None and not IN_CI, reason="Chromium is not installed (CI installs it)"
)
PHONE = (390, 844, True)  # an iPhone 12-15's CSS pixels
DESKTOP = (1280, 900, False)


class Browser:
    """One headless Chromium; `measure` opens a page at a screen size and evaluates
    JavaScript expressions in it once it has loaded."""

    def __init__(self, home: Path) -> None:
        assert CHROMIUM is not None, "CI must have Chromium (.ci/run installs it)"
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()
        # the protocol's pipe: the browser reads commands on fd 3 and answers on fd 4
        self._process = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
                f"--user-data-dir={home / 'chromium'}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(3, 4),
            preexec_fn=_pipes_as_3_and_4(to_browser_read, from_browser_write),
            env={**os.environ, "HOME": str(home)},
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._next_id = 0
        self._buffer = b""
        self._events: list[dict[str, Any]] = []

    def close(self) -> None:
        os.close(self._to_browser)
        os.close(self._from_browser)
        self._process.terminate()
        self._process.wait(timeout=20)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _send(self, method: str, params: dict[str, Any], session: str | None = None) -> Any:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._receive()
            if answer.get("id") == self._next_id:
                assert "error" not in answer, answer
                return answer["result"]
            self._events.append(answer)

    def _receive(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_browser, 65536)
            assert chunk, "Chromium stopped"
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return dict(json.loads(message))

    def measure(
        self, url: str, expressions: list[str], *, screen: tuple[int, int, bool] = PHONE
    ) -> list[Any]:
        """Open `url` on a screen (width, height, mobile) and give each expression's value."""
        target = self._send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self._send("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]
        width, height, mobile = screen
        self._send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
            session,
        )
        self._send("Page.enable", {}, session)
        self._events.clear()
        self._send("Page.navigate", {"url": url}, session)
        deadline = time.monotonic() + 60
        while not any(
            e.get("method") == "Page.loadEventFired" and e.get("sessionId") == session
            for e in self._events
        ):
            assert time.monotonic() < deadline, f"{url} did not load"
            self._events.append(self._receive())
        values = [
            self._send("Runtime.evaluate", {"expression": text, "returnByValue": True}, session)[
                "result"
            ].get("value")
            for text in expressions
        ]
        self._send("Target.closeTarget", {"targetId": target})
        return values


def _pipes_as_3_and_4(read_end: int, write_end: int) -> Any:
    def place() -> None:
        # through free numbers first: either end may itself be 3 or 4
        high_read, high_write = os.dup(read_end), os.dup(write_end)
        os.dup2(high_read, 3)
        os.dup2(high_write, 4)

    return place


WIDTH = "document.documentElement.scrollWidth"
TEXT = "document.body.innerText"
LANG = "document.documentElement.lang"
