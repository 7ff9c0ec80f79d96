"""Where `companion run` listens. `--simulate` (and so `make run`) used to listen on 0.0.0.0, so
anyone on the network could tap `/api/sim/tap`; now it listens on 127.0.0.1 unless `--host` says
otherwise, whichever front serves it. A port already in use is said plainly with nginx in front
too. (The listening socket is read from the kernel's /proc/net/tcp: no traffic leaves this machine.)
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.server_support import FRONTS, PIN, get, require_nginx
from tests.test_daemon import ROOT, free_port

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

LISTEN = "0A"  # the TCP state LISTEN in /proc/net/tcp


def listening_on(port: int) -> set[str]:
    """The addresses something listens on at this TCP port (IPv4), as dotted quads."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        address, at = fields[1].split(":")
        if fields[3] == LISTEN and int(at, 16) == port:
            found.add(socket.inet_ntoa(bytes.fromhex(address)[::-1]))
    return found


def run(tmp_path: Path, *options: str) -> tuple[subprocess.Popen[bytes], int, Path]:
    port = free_port()
    log = tmp_path / f"run-{port}.log"
    with open(log, "w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "run", "--simulate", "--port",
                                 str(port), "--data", str(tmp_path / f"data-{port}"), "--banker-pin", PIN,
                                 *options], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if get(port, "/api/state", timeout=2)[0] == 200:
                break
        except OSError:
            time.sleep(0.05)
    return proc, port, log


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads the kernel's sockets")
@pytest.mark.parametrize("front", FRONTS)
def test_simulate_listens_on_this_machine_alone_unless_host_says(tmp_path: Path, front: str) -> None:
    if front == "nginx":
        require_nginx()
    proc, port, log = run(tmp_path, "--front", front)
    try:
        assert listening_on(port) == {"127.0.0.1"}, log.read_text()
        assert f"http://127.0.0.1:{port}/" in log.read_text()
        # and where to start (issue 38): the Banker page, with the virtual table's banker's tag
        assert f"start here: the Banker page, http://127.0.0.1:{port}/banker (log in" in log.read_text()
        assert f"a button on the Virtual table, http://127.0.0.1:{port}/virtual" in log.read_text()
    finally:
        stop(proc)
    # The control: --host is obeyed, so the test can tell the two apart.
    proc, port, log = run(tmp_path, "--front", front, "--host", "0.0.0.0")
    try:
        assert listening_on(port) == {"0.0.0.0"}, log.read_text()
    finally:
        stop(proc)


def test_a_port_in_use_is_said_plainly_with_nginx_in_front(tmp_path: Path) -> None:
    require_nginx()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "companion.cli", "run", "--simulate", "--front", "nginx",
                               "--port", str(port), "--data", str(tmp_path / "data")],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert f"cannot serve on 127.0.0.1 port {port}" in done.stderr
    assert "Traceback" not in done.stderr
