"""Debian's nginx in front of waitress (config `[server] front = "nginx"`, the installed table's):
the limits waitress cannot keep by itself, kept by the server made for them.

- Connections per client address: at most PER_ADDRESS open at once, counted from the moment
  they are accepted (nginx's stream module: an http `limit_conn` counts a connection only once
  its request head has arrived, so half-open ones would not count). One more is closed at once.
- Request heads have a deadline: the whole head within HEADER_DEADLINE seconds of connecting
  (one byte every few seconds does not extend it), bodies arrive within BODY_TIMEOUT between
  two reads, a client that takes nothing of an answer for SEND_TIMEOUT is dropped, an idle
  connection is closed after IDLE. A body is read whole by nginx (at most MAX_BODY) before
  waitress sees it, so no slow body holds a thread.
- Requests per address: at most RATE a second to /api/ (a burst of BURST at once), STREAM_RATE
  streams opened a second (STREAM_BURST at once), PIN_RATE banker logins a minute (PIN_BURST at
  once), and PINS_RATE banker logins a second from all addresses together (PINS_BURST at once):
  beyond, nginx answers 429 itself, so a flood costs the table's Python nothing
  (web/API.md, "Limits"). The Pi's own address is not limited.
- Strangers' requests on their way (every request but the event streams, from a screen without
  the table's own pass, own_pass.py): at most lanes.STRANGERS in all and lanes.PER_ADDRESS from
  one address; beyond, nginx answers 503 itself, so a flood from any number of addresses costs
  waitress's Python only the requests it serves.
- The event stream is passed on unbuffered (`proxy_buffering off`, and the app's
  `X-Accel-Buffering: no`), everything else buffered so that waitress's thread is free at once.
- The client's address reaches waitress as X-Forwarded-For (set by nginx, never the client's
  own), which waitress trusts only from its unix socket; the Host header is passed on as sent.

nginx runs as the daemon's child, in one process (`master_process off`: no worker outlives it),
with its configuration, sockets, temporary files and pid in the data folder's `front/`, its errors
to the daemon's stderr (the journal), and no PCRE JIT (MemoryDenyWriteExecute). It dies with the
daemon however the daemon ends: the kernel's PR_SET_PDEATHSIG (companion/lifetime.py).
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .. import i18n
from ..lifetime import dying_with_parent
from . import own_pass
from .app import MAX_BODY
from .errors import WebError
from .lanes import PER_ADDRESS as STRANGERS_PER_ADDRESS
from .lanes import STRANGERS
from .sessions import COOKIE

log = logging.getLogger(__name__)

PER_ADDRESS = 12  # open connections per client address (a browser opens at most 6 per host)
CONNECTIONS = 12288  # nginx's connections in all: 254 addresses of a /24 at PER_ADDRESS, x4 (below)
HEADER_DEADLINE = 10  # seconds for a whole request head (client_header_timeout)
BODY_TIMEOUT = 10  # seconds between two reads of a body (client_body_timeout)
SEND_TIMEOUT = 30  # seconds a client may take nothing of an answer (send_timeout)
IDLE = 30  # seconds a kept-alive connection may wait for its next request (keepalive_timeout)
RATE = 20  # /api/ requests a second per address (beyond a burst), paced by nginx beyond it
BURST = 60  # ... served at once (a page load and its reads)
# ... and beyond the burst held by nginx, to go on at RATE (held, a request costs nothing: refused
# at once, a flood asked again at once, 8,000 times a second, and nginx's refusals took the CPU the
# writer needed); only beyond this many held is a request refused (429).
HELD = 200
STREAM_RATE = 1  # event streams opened a second per address (a page's stream is opened once)
STREAM_BURST = 3  # (a phone opening a few tabs at once; a burst of opens queues every request behind it)
PIN_RATE = 1  # banker logins (PIN tries) a minute per address: a person's typing, not a machine's
PIN_BURST = 3
# ... and a second in all (each wrong PIN costs a slow hash: 34 ms here, ~100 ms on a Pi). 64
# addresses at PIN_RATE offer about 1 a second, within it; a whole /24 about 4, and the banker's
# own try then gets through one time in two (the physical way in is never limited).
PINS_RATE = 2
PINS_BURST = 10
STARTS_WITHIN = 10.0  # seconds nginx may take to listen

def _refusal(message: str, **extra: int) -> str:
    """nginx's own JSON answer (413, 429), in every language, as the API answers."""
    words = i18n.say_all(message)
    text = json.dumps({"error": words["en"], "words": words, **extra}, ensure_ascii=False)
    return text.replace("'", "\\u0027")  # JSON's own escape: nginx's return is in single quotes
SOCKET_PATH_MAX = 100  # a unix socket's path must fit sockaddr_un (108 bytes with its NUL)


class FrontError(WebError):
    """nginx cannot be started; the message says why and what to install."""


def nginx_binary() -> str:
    found = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None)
    if found is None:
        raise FrontError("nginx is not installed: sudo apt install nginx-light libnginx-mod-stream "
                         "(or set [server] front = \"none\")")
    return found


def stream_module(binary: str) -> str:
    """The load_module line the stream module needs ("" when built in); FrontError without it."""
    built = subprocess.run([binary, "-V"], capture_output=True, text=True, timeout=10).stderr
    if re.search(r"--with-stream(\s|$)", built):
        return ""
    if "--with-stream=dynamic" in built:
        match = re.search(r"--modules-path=(\S+)", built)
        folder = Path(match.group(1) if match else "/usr/lib/nginx/modules")
        module = folder / "ngx_stream_module.so"
        if module.exists():
            return f"load_module {module};"
    raise FrontError("nginx's stream module is missing (it caps connections per address): "
                     "sudo apt install libnginx-mod-stream")


def listen_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def configuration(folder: Path, sockets: Path, host: str, port: int, load: str = "",
                  shared: str = "") -> str:
    """nginx.conf for the table: listening on host:port, proxying to waitress on `sockets`/app.sock.

    Every connection crosses nginx twice: the stream server (counting it per address) hands it
    with the PROXY protocol to the http server on a unix socket, which reads the request and
    passes it on to waitress. Each client connection thus costs up to four of CONNECTIONS.
    `shared`: the secret of the table's own pass (own_pass.py), with which nginx tells the table's
    own screens from strangers, whose requests it counts and sheds.
    """
    too_large, too_many = _refusal("server-too_large"), _refusal("server-too_many", retry_after=1)
    busy = _refusal("server-busy", retry_after=1)
    front = sockets / "http.sock"
    app = sockets / "app.sock"
    temp = folder / "temp"
    return f"""# Written by the companion at every start (companion/web/front.py): edits are lost.
{load}
master_process off;
daemon off;
worker_processes 1;
pcre_jit off;
error_log stderr error;
pid {folder / "nginx.pid"};
lock_file {folder / "nginx.lock"};

events {{
    worker_connections {CONNECTIONS};
}}

stream {{
    limit_conn_zone $binary_remote_addr zone=per_address:1m;
    limit_conn_log_level info;
    server {{
        listen {listen_address(host, port)};
        limit_conn per_address {PER_ADDRESS};
        proxy_pass unix:{front};
        proxy_protocol on;
        proxy_connect_timeout 2s;
        proxy_timeout 10m;
    }}
}}

http {{
    access_log off;
    server_tokens off;
    client_body_temp_path {temp / "body"};
    proxy_temp_path {temp / "proxy"};
    fastcgi_temp_path {temp / "fastcgi"};
    uwsgi_temp_path {temp / "uwsgi"};
    scgi_temp_path {temp / "scgi"};

    client_header_timeout {HEADER_DEADLINE}s;
    client_body_timeout {BODY_TIMEOUT}s;
    send_timeout {SEND_TIMEOUT}s;
    keepalive_timeout {IDLE}s;
    reset_timedout_connection on;
    client_header_buffer_size 1k;
    large_client_header_buffers 4 8k;
    client_max_body_size {MAX_BODY};
    client_body_buffer_size {MAX_BODY};
    proxy_max_temp_file_size 0;

    # The Pi's own address is never limited (its own browser, `companion doctor`, the tests'
    # controls); any other is, by its address.
    geo $limited {{
        default 1;
        127.0.0.1 0;
        ::1 0;
    }}
    map $limited $per_address {{
        0 "";
        1 $binary_remote_addr;
    }}
    map $limited $everyone {{
        0 "";
        1 "everyone";
    }}
    limit_req_zone $per_address zone=requests:2m rate={RATE}r/s;
    limit_req_zone $per_address zone=streams:1m rate={STREAM_RATE}r/s;
    limit_req_zone $per_address zone=pin:1m rate={PIN_RATE}r/m;
    limit_req_zone $everyone zone=pins:64k rate={PINS_RATE}r/s;
    limit_req_status 429;
    limit_req_log_level info;

    # The table's own screens show a pass the server gave them (own_pass.py: the hash of its
    # time and their session id under a secret of the server's and nginx's); anyone else is a
    # stranger, whose requests are counted here, {STRANGERS} on their way at once in all and
    # {STRANGERS_PER_ADDRESS} from one address (as the lanes count them), and shed here beyond
    # that: a flood from any number of addresses costs waitress's Python only what it serves.
    secure_link $cookie_{own_pass.PASS},$cookie_{own_pass.UNTIL};
    secure_link_md5 "$secure_link_expires$cookie_{COOKIE} {shared}";
    map $secure_link $own {{
        "1" 1;
        default 0;
    }}
    map $limited$own $stranger {{
        "10" "stranger";
        default "";
    }}
    map $limited$own $stranger_address {{
        "10" $binary_remote_addr;
        default "";
    }}
    limit_conn_zone $stranger zone=strangers:64k;
    limit_conn_zone $stranger_address zone=stranger_address:1m;
    limit_conn_status 503;
    limit_conn_log_level info;

    upstream waitress {{
        server unix:{app};
        keepalive 16;
    }}

    server {{
        listen unix:{front} proxy_protocol;
        set_real_ip_from unix:;
        real_ip_header proxy_protocol;

        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto "";
        proxy_set_header X-Forwarded-Host "";
        proxy_read_timeout 30s;
        proxy_send_timeout {SEND_TIMEOUT}s;
        error_page 413 = @too_large;
        error_page 429 = @too_many;
        error_page 503 = @busy;

        location / {{
            limit_conn strangers {STRANGERS};
            limit_conn stranger_address {STRANGERS_PER_ADDRESS};
            proxy_pass http://waitress;
        }}
        location /api/ {{
            limit_req zone=requests burst={BURST + HELD} delay={BURST};
            limit_conn strangers {STRANGERS};
            limit_conn stranger_address {STRANGERS_PER_ADDRESS};
            proxy_pass http://waitress;
        }}
        location = /api/banker/login {{
            limit_req zone=pin burst={PIN_BURST} nodelay;
            limit_req zone=pins burst={PINS_BURST} nodelay;
            limit_req zone=requests burst={BURST + HELD} delay={BURST};
            limit_conn strangers {STRANGERS};
            limit_conn stranger_address {STRANGERS_PER_ADDRESS};
            proxy_pass http://waitress;
        }}
        location = /api/events {{
            limit_req zone=streams burst={STREAM_BURST} nodelay;
            limit_req zone=requests burst={BURST + HELD} delay={BURST};
            proxy_pass http://waitress;
            proxy_buffering off;
            proxy_read_timeout 60s;
        }}
        location @too_large {{
            default_type application/json;
            return 413 '{too_large}';
        }}
        location @busy {{
            default_type application/json;
            add_header Retry-After 1 always;
            return 503 '{busy}';
        }}
        location @too_many {{
            default_type application/json;
            add_header Retry-After 1 always;
            return 429 '{too_many}';
        }}
    }}
}}
"""


def socket_folder(folder: Path) -> Path:
    """Where the unix sockets go: the data folder's front/, or a private temporary folder when
    that path is too long for a socket's address."""
    if len(str(folder / "http.sock")) <= SOCKET_PATH_MAX:
        return folder
    return Path(tempfile.mkdtemp(prefix="companion-front-"))


@dataclass
class Front:
    """nginx, running as the daemon's child in front of waitress."""

    host: str
    port: int
    data_dir: Path
    folder: Path = field(init=False)
    sockets: Path = field(init=False)
    process: subprocess.Popen[bytes] | None = None

    def __post_init__(self) -> None:
        self.folder = self.data_dir / "front"
        self.folder.mkdir(mode=0o700, exist_ok=True)
        self.sockets = socket_folder(self.folder)

    @property
    def app_socket(self) -> Path:
        """Where waitress listens, for nginx alone."""
        return self.sockets / "app.sock"

    def start(self) -> None:
        """Write the configuration and start nginx; return once it listens (FrontError if not)."""
        binary = nginx_binary()
        load = stream_module(binary)
        for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.folder / "temp" / name).mkdir(mode=0o700, parents=True, exist_ok=True)
        (self.sockets / "http.sock").unlink(missing_ok=True)  # left by a daemon that was killed
        conf = self.folder / "nginx.conf"
        text = configuration(self.folder, self.sockets, self.host, self.port, load,
                             shared=own_pass.secret(self.data_dir))
        temporary = conf.with_name(conf.name + ".new")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(conf)
        command = dying_with_parent([binary, "-p", str(self.folder), "-e", "stderr", "-c", str(conf)])
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + STARTS_WITHIN
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise FrontError(f"nginx stopped at once (exit status {self.process.returncode}; "
                                 "its reason is in the lines above)")
            if self._answers():
                log.info("nginx in front: at most %d connections per address, request heads within %d s",
                         PER_ADDRESS, HEADER_DEADLINE)
                return
            time.sleep(0.05)
        self.stop()
        raise FrontError(f"nginx did not listen on {listen_address(self.host, self.port)} "
                         f"within {STARTS_WITHIN:.0f} s")

    def _answers(self) -> bool:
        host = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(self.host, self.host)
        try:
            with socket.create_connection((host, self.port), timeout=0.5):
                return True
        except OSError:
            return False

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout: float = 5.0) -> None:
        """Fast shutdown (SIGTERM: open streams are cut, their pages reconnect), then SIGKILL."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self.sockets != self.folder:
            shutil.rmtree(self.sockets, ignore_errors=True)
