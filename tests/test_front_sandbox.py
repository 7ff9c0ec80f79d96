"""nginx as the service runs it: as a plain user, started through companion/lifetime.py's few
lines of Python, under the unit's SystemCallFilter. strace records every system call the wrapper
and nginx make while nginx starts, proxies a request and stops; each must be one the unit's
filter lets through (`@system-service`, less `@privileged @resources`, plus the unit's own
additions), or the service would fail on the Pi (util-linux's `setpriv --pdeathsig` did: capset).
"""

from __future__ import annotations

import contextlib
import http.server
import os
import re
import shutil
import signal
import socketserver
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

from companion.lifetime import EXEC
from companion.web.front import configuration, nginx_binary, stream_module
from tests.ports import free_port
from tests.server_support import get, require_nginx
from tests.test_systemd import settings

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

PLAIN_USER = "nobody"


def expand(group: str) -> set[str]:
    """The system calls a systemd group (or a single call) stands for, nested groups opened."""
    if not group.startswith("@"):
        return {group}
    listed = subprocess.run(["systemd-analyze", "syscall-filter", group], capture_output=True, text=True,
                            timeout=30, check=True).stdout.splitlines()[1:]
    found: set[str] = set()
    for line in listed:
        word = line.strip()
        if word and not word.startswith("#"):
            found |= expand(word)
    return found


def allowed_by_the_unit() -> set[str]:
    """The unit's SystemCallFilter= lines in order: an allow list, then denials and additions."""
    allowed: set[str] = set()
    for line in settings()["SystemCallFilter"]:
        deny = line.startswith("~")
        names = set().union(*(expand(word) for word in line.lstrip("~").split()))
        allowed = allowed - names if deny else allowed | names
    return allowed


class Upstream(http.server.BaseHTTPRequestHandler):
    """waitress's stand-in on the unix socket: 200 for anything."""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        body = b'{"ok": true}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def address_string(self) -> str:
        return "nginx"

    def log_message(self, *args: object) -> None:
        pass


def test_the_wrapper_and_nginx_make_only_system_calls_the_unit_allows() -> None:
    require_nginx()
    for tool in ("strace", "runuser", "systemd-analyze"):
        if shutil.which(tool) is None:
            if os.environ.get("COMPANION_REQUIRE_NGINX"):
                pytest.fail(f"{tool} is needed here (.ci/run installs it)")
            pytest.skip(f"no {tool}")
    if os.geteuid() != 0:
        pytest.skip("running nginx as a plain user needs root to start with (CI runs as root)")
    python = shutil.which("python3", path="/usr/bin:/bin")
    assert python is not None
    folder = Path(tempfile.mkdtemp(prefix="companion-sandbox-"))
    try:
        folder.chmod(0o755)
        for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (folder / "temp" / name).mkdir(parents=True)
        port = free_port()
        binary = nginx_binary()
        conf = configuration(folder, folder, "127.0.0.1", port, stream_module(binary))
        (folder / "nginx.conf").write_text(conf)
        subprocess.run(["chown", "-R", PLAIN_USER, str(folder)], check=True)
        upstream = socketserver.ThreadingUnixStreamServer(str(folder / "app.sock"), Upstream)
        (folder / "app.sock").chmod(0o777)
        threading.Thread(target=upstream.serve_forever, daemon=True).start()
        trace = folder / "trace"
        # sh execs the wrapper, so the wrapper's parent is runuser: sh's $PPID.
        command = ["strace", "-f", "-qq", "-o", str(trace), "runuser", "-u", PLAIN_USER, "--", "sh", "-c",
                   'exec "$0" -I -c "$1" "$PPID" "$2" -p "$3" -e stderr -c "$3/nginx.conf"',
                   python, EXEC, binary, str(folder)]
        nginx = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 20
            status = 0
            while time.monotonic() < deadline and nginx.poll() is None and status != 200:
                try:
                    status = get(port, "/api/state", "127.0.70.1", timeout=2)[0]
                except OSError:
                    time.sleep(0.1)
            assert status == 200, nginx.stderr.read().decode() if nginx.poll() is not None else status
        finally:
            with contextlib.suppress(OSError, ValueError):  # nginx itself (strace would only detach)
                os.kill(int((folder / "nginx.pid").read_text()), signal.SIGTERM)
            try:
                nginx.wait(20)
            except subprocess.TimeoutExpired:
                nginx.kill()
                nginx.wait(5)
            upstream.shutdown()
            upstream.server_close()
        lines = trace.read_text().splitlines()
        # From the exec of the wrapper on (before it, the same process was runuser's child).
        first = next(n for n, line in enumerate(lines) if re.search(rf'execve\("{re.escape(python)}"', line))
        pid = lines[first].split()[0]
        calls = {match.group(1) for line in lines[first:] if line.startswith(pid + " ")
                 if (match := re.match(r"\d+\s+([a-z_0-9]+)\(", line))}
        assert any(f'execve("{binary}"' in line for line in lines)  # the control: nginx really ran
        assert "prctl" in calls  # ... through the wrapper, which asked for PR_SET_PDEATHSIG
        refused = calls - allowed_by_the_unit()
        assert not refused, f"the unit's filter would refuse {sorted(refused)}"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
