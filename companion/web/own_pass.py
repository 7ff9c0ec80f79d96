"""The table's own pass: a cookie nginx can check, so that strangers are counted and shed in nginx.

The lanes (lanes.py) serve the table's own screens first and bound strangers' requests, but every
stranger's request still reaches Python before it is refused: a flood from many addresses that
answers each refusal with the next request keeps waitress's loop and the GIL busy, and the
writer waits for them (issue 36's read flood). nginx can count and refuse in C, but it cannot ask
the session store who is the table's own. So the server tells it, in a way nobody can forge: a
screen that is the table's own (priority.table_own) gets a pass with its answers, two cookies,
`companion_own_until` (when it runs out) and `companion_own`, nginx's secure_link hash of that
time and the screen's session id under a secret only the server and nginx know (made from the
table's secret key). nginx lets a request with a pass that checks through without counting it;
anyone else is a stranger there too, STRANGERS at once in all and PER_ADDRESS from one address,
and beyond those nginx answers 503 itself (front.py). A pass says nothing the session store does
not: a screen that stops being the table's own (unpaired, revoked) has its pass taken back with
its next answer, and until it runs out (LIFETIME) it only gets past nginx's count; waitress's
lanes still ask the session store, as for everyone.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from pathlib import Path

from flask import Request, Response

from .auth import secret_key

PASS = "companion_own"  # nginx: $cookie_companion_own
UNTIL = "companion_own_until"  # nginx: $cookie_companion_own_until (seconds since the epoch)
LIFETIME = 3600  # seconds a pass is good for
RENEW = 1800  # a pass with less than this left is renewed with the next answer


def secret(data_dir: Path) -> str:
    """The secret the pass is hashed with, made from the table's secret key (never the key itself:
    it is written into nginx's configuration, readable by the companion alone)."""
    derived = hmac.new(secret_key(data_dir), b"companion own pass", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(derived).decode().rstrip("=")


def pass_for(shared: str, sid: str, until: int) -> str:
    """The hash nginx works out for `secure_link_md5 "$secure_link_expires$cookie_session <secret>"`:
    binary MD5, base64url without padding (nginx's secure_link module)."""
    digest = hashlib.md5(f"{until}{sid} {shared}".encode(), usedforsecurity=True).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def give_or_take(shared: str, request: Request, response: Response, sid: str, own: bool,
                 now: float | None = None) -> None:
    """On this answer: a pass for the table's own screen (when it has none, or its session id
    changed, or it runs out within RENEW), and none for anyone else who shows one."""
    now = time.time() if now is None else now
    shown, until = request.cookies.get(PASS), request.cookies.get(UNTIL, "")
    if own:
        good = until.isdigit() and int(until) - now >= RENEW and shown == pass_for(shared, sid, int(until))
        if not good:  # none yet, running out, or for the id this screen had before (sessions.renew)
            expires = int(now) + LIFETIME
            for name, value in ((UNTIL, str(expires)), (PASS, pass_for(shared, sid, expires))):
                response.set_cookie(name, value, max_age=LIFETIME, path="/", httponly=True,
                                    samesite="Strict", secure=False)
    elif shown is not None or until:
        response.delete_cookie(PASS, path="/", samesite="Strict", httponly=True)
        response.delete_cookie(UNTIL, path="/", samesite="Strict", httponly=True)
