"""Headless Chromium for the HTML report's tests, from the Debian packages only.

``chromium`` and ``chromium-driver`` (``apt-get install chromium
chromium-driver``) put the browser at /usr/bin/chromium and its driver at
/usr/bin/chromedriver. Both paths are given to Selenium explicitly, so
Selenium Manager never looks for (or downloads) a browser. The browser
starts with an empty profile in a temporary folder and the flags of issue 29;
its performance log records every network request the page makes, and its
browser log every console message.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("TEDEVAL_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("TEDEVAL_CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1400,1000",
]
HOW_TO_GET_IT = (
    "headless Chromium not found: apt-get install chromium chromium-driver "
    f"(expects {CHROMIUM} and {CHROMEDRIVER}) and pip install selenium"
)


def missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return HOW_TO_GET_IT
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        return HOW_TO_GET_IT
    return None


@contextmanager
def chromium(profile: Path) -> Iterator[Any]:
    """A Selenium driver of headless Chromium with the empty profile folder ``profile``."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in [*FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()


def open_report(driver: Any, path: Path, timeout: float = 60.0) -> float:
    """Open ``path`` and wait until report.js has built the table; the seconds that took."""
    start = time.perf_counter()
    driver.get(path.resolve().as_uri())
    while driver.execute_script("return document.body && document.body.dataset.ready") != "1":
        if time.perf_counter() - start > timeout:
            raise TimeoutError(f"{path} was not ready after {timeout} s")
        time.sleep(0.02)
    return time.perf_counter() - start


def network_requests(driver: Any) -> list[str]:
    """The URL of every request a file: page sent since the last call, in order.

    Opening a report from disk makes exactly one: its own file: URL. Anything
    else (http, https, ws, data:, another file) is a request the report must
    not make. Requests of the browser's own pages (its new tab page, at start:
    chrome:// documents) are not the report's and are left out.
    """
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            params = message["params"]
            if str(params.get("documentURL", "")).startswith("file:"):
                urls.append(params["request"]["url"])
    return urls


def console_errors(driver: Any) -> list[str]:
    """Console messages of level SEVERE (errors, failed loads, CSP violations)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
