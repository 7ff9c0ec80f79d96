"""An installed table serves its pages: the project installed into a fresh virtualenv the way
systemd/install.sh does it (its own copy of the source, a non-editable install), then run from a
folder far from the checkout, answers 200 for every page and its static files. Before the pages
were package data, every page was a 404 there while /api/* answered."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .test_daemon import free_port

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = [pytest.mark.slow, pytest.mark.minutes]

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["/", "/player", "/banker", "/history", "/chart", "/virtual"]
STATIC = ["/static/css/app.css", "/static/js/api.js", "/i18n/en.ftl", "/i18n/ru.ftl"]


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, ""
    except OSError:
        return 0, ""  # not listening yet


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtualenv with the project installed as install.sh installs it; its `companion` program."""
    place = tmp_path_factory.mktemp("installed")
    src = place / "src"
    src.mkdir()
    # install.sh's own copy step, so that the test follows what it copies.
    copied = subprocess.run(["bash", "-c", f'source {ROOT / "systemd" / "install.sh"}; copy_source "$SRC"'],
                            env={**os.environ, "SRC": str(src)}, capture_output=True, text=True, timeout=120)
    assert copied.returncode == 0, copied.stderr
    venv = place / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    done = subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", str(src)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return venv / "bin" / "companion"


def test_an_installed_table_serves_every_page_and_its_static_files(installed: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # Not the checkout's package: the installed one, in the virtualenv's site-packages.
    where = subprocess.run([str(installed.parent / "python"), "-c",
                            "import companion.web.app as a; print(a.__file__); print(a.WEB_DIR)"],
                           cwd=elsewhere, capture_output=True, text=True, check=True,
                           timeout=60).stdout.split()
    assert "site-packages" in where[0] and not where[0].startswith(str(ROOT / "companion"))
    assert (Path(where[1]) / "templates" / "table.html").is_file()

    port = free_port()
    log = tmp_path / "daemon.log"
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    with open(log, "w") as err:
        proc = subprocess.Popen([str(installed), "run", "--simulate", "--host", "127.0.0.1",
                                 "--port", str(port), "--data", str(tmp_path / "data")],
                                cwd=elsewhere, env=env,
                                stdout=subprocess.DEVNULL, stderr=err)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while fetch(url + "/api/state")[0] != 200:
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        # The positive control: the API answers, as it did when the pages were 404s.
        assert fetch(url + "/api/state")[0] == 200
        for path in PAGES + STATIC:
            status, text = fetch(url + path)
            assert status == 200, (path, status, log.read_text()[-2000:])
            assert text.strip(), path
        assert fetch(url + "/static/js/no-such-file.js")[0] == 404  # a real lookup, not a catch-all
    finally:
        proc.terminate()
        proc.wait(20)
