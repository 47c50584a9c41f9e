"""The guide's picture of an HTML report (docs/guide/teaching.md): a real report, opened in
headless Chromium.

Runs ``tedeval score corpora_samples/study/test.conllu
corpora_samples/study/outputs/arc-eager.conllu -f html`` (the study's arc-eager parses
against the test gold), opens the report, clicks the first sentence of at most 12 words
whose labeled score is below 1 and saves the window as ``docs/images/report.png``.
Needs Selenium (the test extra) and Debian's ``chromium`` and ``chromium-driver``::

    python examples/report_screenshot.py [OUTPUT.png]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1280,1400"]  # fmt: skip


def main(argv: list[str]) -> int:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from nltk_tedeval.cli import main as tedeval

    out = Path(argv[1]) if len(argv) > 1 else ROOT / "docs" / "images" / "report.png"
    with tempfile.TemporaryDirectory() as tmp:
        html = Path(tmp) / "report.html"
        study = Path("corpora_samples") / "study"
        os.chdir(ROOT)  # the report names the files as given: relative to the repository
        status = tedeval(["score", str(study / "test.conllu"),
                          str(study / "outputs" / "arc-eager.conllu"),
                          "-f", "html", "--output", str(html)])  # fmt: skip
        if status:
            return status
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in [*FLAGS, f"--user-data-dir={Path(tmp) / 'profile'}"]:
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        try:
            driver.get(html.as_uri())
            while driver.execute_script("return document.body.dataset.ready") != "1":
                time.sleep(0.05)
            # A short sentence with an error: its trees fit the window.
            driver.execute_script(
                "const row = [...document.querySelectorAll('#sentence-table tbody tr')].find("
                " tr => +tr.children[3].textContent <= 12 && +tr.children[4].textContent < 1);"
                "row.click(); document.getElementById('sentence').scrollIntoView();"
            )
            time.sleep(0.5)
            out.parent.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(out))
        finally:
            driver.quit()
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
