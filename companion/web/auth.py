"""Who may do what: watchers, paired players, and the banker (a PIN, stored hashed).

Sessions are Flask's signed cookies (secret generated at first start, file mode 0600,
SameSite=Strict). The PIN is stored as a salted PBKDF2 hash (no memory-hungry scrypt on a Pi
Zero); five wrong tries lock logins for a while, which is what protects a short PIN.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..secretfile import secret_file

TRIES = 5
LOCKOUT = 60.0  # seconds after five wrong PINs; doubles each time it happens again
KEY_BYTES = 32  # the cookie-signing secret


def secret_key(folder: Path) -> bytes:
    """The cookie-signing secret, made once and kept readable by the companion alone.

    Never half-written (see secretfile): an empty key would let Flask sign no session at all.
    """
    return secret_file(folder / "secret.key", KEY_BYTES)


ROUNDS = 100_000


def _hash(pin: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, ROUNDS)


class BankerPin:
    """The banker's PIN on disk (salt and PBKDF2 hash, mode 0600) and the wrong-try counter."""

    def __init__(
        self, folder: Path, pin: str | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.path = folder / "banker-pin.json"
        self.clock = clock  # for the lockout's wait (tests turn it)
        self._lock = threading.Lock()
        self.failures = 0
        self.locked_until = 0.0
        self.lockouts = 0
        self._known: bytes | None = None  # a quick digest of the PIN last proven right
        if pin is not None:
            self.set(pin)

    @property
    def is_set(self) -> bool:
        return self.path.exists()

    @staticmethod
    def valid(pin: Any) -> bool:
        # ASCII digits only: str.isdigit() also takes "²" and "١", which no keypad types.
        return isinstance(pin, str) and pin.isascii() and pin.isdigit() and 4 <= len(pin) <= 12

    def set(self, pin: str) -> None:
        if not self.valid(pin):
            raise ValueError("The banker PIN is 4 to 12 digits")
        salt = secrets.token_bytes(16)
        record = {"salt": salt.hex(), "hash": _hash(pin, salt).hex()}
        self._known = None
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump(record, f)
        os.chmod(tmp, 0o600)  # a leftover .tmp keeps its mode through O_CREAT
        os.replace(tmp, self.path)

    def check(self, pin: Any, now: float | None = None) -> tuple[bool, float]:
        """(right, seconds to wait): wrong tries beyond five lock the PIN for a while."""
        now = self.clock() if now is None else now
        with self._lock:
            if now < self.locked_until:
                return False, self.locked_until - now
            if not isinstance(pin, str) or not self.is_set:
                return False, 0.0
            quick = hashlib.sha256(pin.encode()).digest()
            if self._known is not None and hmac.compare_digest(quick, self._known):
                return True, 0.0  # API clients send the PIN with every request: check it once
            record = json.loads(self.path.read_text())
            right = hmac.compare_digest(_hash(pin, bytes.fromhex(record["salt"])),
                                        bytes.fromhex(record["hash"]))
            if right:
                self.failures = 0
                self._known = quick
                return True, 0.0
            self.failures += 1
            if self.failures >= TRIES:
                self.failures = 0
                self.lockouts += 1
                self.locked_until = now + LOCKOUT * 2 ** (self.lockouts - 1)
                return False, self.locked_until - now
            return False, 0.0
